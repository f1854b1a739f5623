#!/usr/bin/env python3
"""Adds measured figures, or a second report, to an HTML memory report.

echo-opt's `--echo-memory-report=format=html` writes one self-contained page
with the planned data in it. This script writes a copy of that page with, in
its embedded data blocks (docs/memory.md, "format=html"):

  --measured FILE          echo-run's --memory-stats=json output for the
                           report (other lines of the file, such as
                           --print-loss's, are skipped): planned vs measured
  --compare OTHER.html     a second format=html report, drawn beside the
                           first (two policies, two models, before/after)
  --compare-measured FILE  echo-run's measured figures for the second one
  --labels A,B             names of the two reports (default: their files)

  scripts/memory-report-html.py echo.html --compare baseline.html \\
      --labels Echo,Baseline -o echo-vs-baseline.html

Nothing but the standard library; the page stays free of network access.
"""

import argparse
import json
import re
import sys

BLOCKS = ["echo-report", "echo-measured", "echo-compare",
          "echo-compare-measured", "echo-labels"]


def block_re(name):
    return re.compile(r'(<script type="application/json" id="%s">)(.*?)(</script>)'
                      % re.escape(name), re.S)


def read_block(page, name, path):
    match = block_re(name).search(page)
    if not match:
        sys.exit(f"memory-report-html: {path} is not an echo memory report "
                 f"page (no #{name} block)")
    return match.group(2)


def embed(value):
    # '<' escaped: no string in the data can close the <script> element.
    return json.dumps(value, sort_keys=True,
                      separators=(",", ":")).replace("<", "\\u003c")


def read_measured(path):
    """The last JSON object with peak_bytes in echo-run's output."""
    found = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                obj = json.loads(line)
                if isinstance(obj, dict) and "peak_bytes" in obj:
                    found = obj
    if found is None:
        sys.exit(f"memory-report-html: {path} has no echo-run "
                 f"--memory-stats=json object")
    return found


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="a format=html report")
    parser.add_argument("--measured")
    parser.add_argument("--compare")
    parser.add_argument("--compare-measured")
    parser.add_argument("--labels")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    if args.compare_measured and not args.compare:
        parser.error("--compare-measured needs --compare")

    with open(args.report, encoding="utf-8") as f:
        page = f.read()
    json.loads(read_block(page, "echo-report", args.report))
    values = {}
    if args.measured:
        values["echo-measured"] = read_measured(args.measured)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            other = f.read()
        values["echo-compare"] = json.loads(
            read_block(other, "echo-report", args.compare))
        if args.compare_measured:
            values["echo-compare-measured"] = read_measured(
                args.compare_measured)
        labels = (args.labels.split(",") if args.labels else
                  [args.report.rsplit("/", 1)[-1],
                   args.compare.rsplit("/", 1)[-1]])
        if len(labels) != 2:
            parser.error("--labels takes two names: A,B")
        values["echo-labels"] = labels
    for name, value in values.items():
        read_block(page, name, args.report)
        text = embed(value)
        page = block_re(name).sub(lambda m: m.group(1) + text + m.group(3),
                                  page, count=1)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
