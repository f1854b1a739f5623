#!/usr/bin/env python3
"""Checks the layering of the compiler's sources and the README's layout table.

Every source under include/EchoDialect/ and lib/ belongs to one layer (the
folder below include/EchoDialect/ or lib/); a file may include headers of
its own layer and of lower ones, never of a higher one. The layers, lowest
first, are LAYERS below; runtime/include/echo (the declarations the compiler
shares with the runtime: abi.def, codecs.h, ...) sits below all of them.
Core is IR-free: it includes no MLIR header.

The README's layout table must name every folder of include/EchoDialect/
and lib/ and nothing that does not exist.

Usage: check-layers.py SOURCE_ROOT   (prints each violation; exit 1 if any)
"""
import os
import re
import sys

# Lowest first. Models sits beside Transforms: both build on IR and the
# analyses, neither uses the other.
LAYERS = [
    ("Core",),
    ("IR",),
    ("Analysis",),
    ("RuntimeAbi",),
    ("Transforms", "Models"),
    ("Conversion",),
    ("Pipelines",),
    ("CAPI",),
]
# Headers at include/EchoDialect/'s root: what a driver includes to get
# everything (InitAllEcho.h), above every layer.
TOP = len(LAYERS)

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(component):
    for level, names in enumerate(LAYERS):
        if component in names:
            return level
    return None


def component_of(rel):
    """The layer component of a path relative to the source root, or None."""
    parts = rel.split("/")
    if parts[0] == "include" and len(parts) > 2 and parts[1] == "EchoDialect":
        return parts[2] if len(parts) > 3 else "<root>"
    if parts[0] == "lib" and len(parts) > 2:
        return parts[1]
    return None


def level_of_component(component):
    if component == "<root>":
        return TOP
    return layer_of(component)


def check_includes(root):
    errors = []
    for top in ("include/EchoDialect", "lib"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp", ".td", ".def", ".inc")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                comp = component_of(rel)
                level = level_of_component(comp)
                if level is None:
                    errors.append(f"{rel}: folder '{comp}' is in no layer "
                                  f"(scripts/check-layers.py LAYERS)")
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    for lineno, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        tdm = re.match(r'^\s*include\s+"([^"]+)"', line)
                        target = m.group(1) if m else (
                            tdm.group(1) if tdm and name.endswith(".td") else None)
                        if target is None:
                            continue
                        if comp == "Core" and target.startswith("mlir/"):
                            errors.append(f"{rel}:{lineno}: Core is IR-free but "
                                          f"includes {target}")
                        if not target.startswith("EchoDialect/"):
                            continue
                        tparts = target.split("/")
                        tcomp = tparts[1] if len(tparts) > 2 else "<root>"
                        tlevel = level_of_component(tcomp)
                        if tlevel is None:
                            errors.append(f"{rel}:{lineno}: includes {target}, "
                                          f"in no layer")
                        elif tlevel > level:
                            errors.append(f"{rel}:{lineno}: {comp} includes "
                                          f"{target} from a higher layer "
                                          f"({tcomp})")
    return errors


def check_readme(root):
    errors = []
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## Layout\n(.*?)^## ", text, re.S | re.M)
    if not m:
        return ["README.md: no '## Layout' section"]
    named = set()
    for row in re.findall(r"^\|([^|]*)\|", m.group(1), re.M):
        for path in re.findall(r"`([^`]+)`", row):
            named.add(path.rstrip("/"))
    for path in sorted(named):
        if not os.path.exists(os.path.join(root, path)):
            errors.append(f"README.md layout table: `{path}` does not exist")
    for top in ("include/EchoDialect", "lib"):
        for name in sorted(os.listdir(os.path.join(root, top))):
            rel = f"{top}/{name}"
            if os.path.isdir(os.path.join(root, rel)) and rel not in named:
                errors.append(f"README.md layout table: `{rel}/` is missing")
    return errors


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = sys.argv[1]
    errors = check_includes(root) + check_readme(root)
    for e in errors:
        print(e)
    if errors:
        return 1
    print("layers: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
