"""Every echo.* attribute name in the given IR files is one the dialect
declares (the `discardableAttrs` of EchoDialect.td).

Usage: attr_names_declared.py OPS_TD DIALECT_TD -- IR_FILE...
OPS_TD (EchoOps.td) names the ops: the memory report's per-op-kind
dictionaries (inside echo.step_stats) have op names as keys.
Prints `declared: N names; used: M names in K files` and exits 0, or lists
each undeclared name with the file it appears in and exits 1.
"""
import re
import sys

# A discardable attribute in an attribute dictionary: `echo.name = ...` or
# a unit attribute `echo.name` followed by `,` or `}`; not an op
# (`= echo.relu %x`), a type (`!echo.encoded`) or an attribute alias
# (`#echo.encoding`).
USE = re.compile(r"(?<![!#\w.\"])(echo\.[a-z_][a-z0-9_]*)(?=\s*(=|,|\}))")


def declared_names(dialect_td):
    """The names in the dialect's `discardableAttrs = (ins ...)`."""
    with open(dialect_td) as f:
        text = f.read()
    block = re.search(r"discardableAttrs\s*=\s*\(ins(.*?)\);", text, re.S)
    if not block:
        return set()
    body = re.sub(r"//[^\n]*", "", block.group(1))
    return {"echo." + n for n in re.findall(r'"[^"]+"\s*:\s*\$([a-z_0-9]+)', body)}


def main():
    args = sys.argv[1:]
    split = args.index("--")
    ops_td, dialect_tds, files = args[0], args[1:split], args[split + 1:]
    with open(ops_td) as f:
        ops = {"echo." + n for n in re.findall(r'Op<"([a-z0-9_]+)"', f.read())}
    declared = set()
    for td in dialect_tds:
        declared |= declared_names(td)
    used = {}
    for path in files:
        with open(path, errors="replace") as f:
            for line in f:
                # Only attribute dictionaries: skip string contents.
                line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
                for m in USE.finditer(line):
                    used.setdefault(m.group(1), path)
    used = {n: p for n, p in used.items() if n not in ops}
    bad = sorted(n for n in used if n not in declared)
    for n in bad:
        print(f"undeclared: {n} (in {used[n]})")
    print(f"declared: {len(declared)} names; used: {len(used)} names in "
          f"{len(files)} files")
    return 1 if bad or not declared or not used else 0


if __name__ == "__main__":
    sys.exit(main())
