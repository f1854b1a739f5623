"""Every attribute the dialect declares (discardableAttrs in EchoDialect.td)
has a short name in EchoAttrNames.h and a rule in the attribute verifier,
and EchoAttrNames.h names nothing the dialect does not declare.

Usage: attr_names_covered.py DIALECT_TD NAMES_H VERIFIER_CPP
Prints `covered: N attributes` and exits 0, or lists each gap and exits 1.
"""
import re
import sys

from attr_names_declared import declared_names


def helper_of(name):
    """echo.arena_plan -> ArenaPlanAttrHelper (ODS's generated class)."""
    return "".join(w.capitalize() for w in name[len("echo."):].split("_")) + "AttrHelper"


def main():
    dialect_td, names_h, verifier = sys.argv[1:4]
    declared = declared_names(dialect_td)
    with open(names_h) as f:
        named = dict(re.findall(r"ECHO_ATTR_NAME\((k[A-Za-z]+Attr),\s*([A-Za-z]+)\)", f.read()))
    with open(verifier) as f:
        checked = set(re.findall(r"\bk[A-Za-z]+Attr\b", f.read()))
    helpers = {helper_of(n): n for n in declared}
    gaps = []
    for helper, name in sorted(helpers.items()):
        if helper not in named.values():
            gaps.append(f"no short name: {name} ({helper})")
    for constant, helper in sorted(named.items()):
        if helper not in helpers:
            gaps.append(f"not declared: {constant} ({helper})")
        if constant not in checked:
            gaps.append(f"no verifier rule: {constant}")
    for g in gaps:
        print(g)
    print(f"covered: {len(declared) if not gaps else 0} attributes")
    return 1 if gaps or not declared else 0


if __name__ == "__main__":
    sys.exit(main())
