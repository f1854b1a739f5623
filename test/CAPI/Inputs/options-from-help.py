"""The options of the given pipelines and passes, as echo-opt --help lists
them, in the form of echoMlirDescribePipelineOptions():

  <pipeline> <option>[=<value>|<value>...]

one line per option. A pass given as NAME:OPTION,OPTION keeps only those
options (the C API takes the memory report's `format`, not its `output`).

  echo-opt --help | python3 options-from-help.py echo-training-pipeline \
      echo-memory-report:format

Values are sorted (the C enums number them in the order they were added).
Aliases (an option or value whose help starts with "alias of": an old
spelling kept for one release) are left out: the C API has one name each.
With --table, reads such lines (echoMlirDescribePipelineOptions()) instead
and prints them sorted the same way.
"""

import re
import sys


def emit(options):
    for (pipeline, name), values in sorted(options.items()):
        print(f"{pipeline} {name}" + ("=" + "|".join(sorted(values)) if values else ""))


if sys.argv[1:] == ["--table"]:
    table = {}
    for line in sys.stdin:
        head, _, values = line.strip().partition("=")
        pipeline, name = head.split(" ")
        table[(pipeline, name)] = values.split("|") if values else []
    emit(table)
    sys.exit(0)

wanted = {}
for arg in sys.argv[1:]:
    name, _, only = arg.partition(":")
    wanted[name] = set(only.split(",")) if only else None

options = {}  # (pipeline, option) -> [values]
current = None
last = None
for line in sys.stdin:
    section = re.match(r"^      --([\w-]+)\s", line)
    option = re.match(r"^        --([\w-]+)", line)
    value = re.match(r"^    =([\w.+-]+)\s", line)
    alias = re.search(r"\s- +alias of ", line, re.IGNORECASE)
    if section:
        current = section.group(1) if section.group(1) in wanted else None
        last = None
    elif option and current:
        keep = wanted[current]
        name = option.group(1)
        last = (current, name) if (keep is None or name in keep) and not alias else None
        if last:
            options[last] = []
    elif value and last:
        if not alias:
            options[last].append(value.group(1))
    elif not line.startswith("    "):
        current = last = None

missing = set(wanted) - {pipeline for pipeline, _ in options}
if missing:
    sys.exit("no options found for " + ", ".join(sorted(missing)))
emit(options)
