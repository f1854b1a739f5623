#!/usr/bin/env python3
"""Marks the lit tests that take long with `REQUIRES: slow`.

`make check` runs every test (lit.cfg.py sets the feature `slow`);
`make check-fast` passes `--param fast=1`, so the marked tests are
UNSUPPORTED there. A test is slow when it took at least THRESHOLD seconds
in the last full run, as lit recorded in BUILD/test/.lit_test_times.txt.
Run after a full `make check` (a check-fast run records the left-out tests
as instant) when tests were added or got slower: it adds the line to newly
slow tests, so the quick subset stays under its time (docs/testing.md).
With --unmark it also removes the line from tests now under the threshold.

Usage: mark-slow-tests.py [--unmark] SOURCE_ROOT BUILD_DIR [THRESHOLD=3]
"""
import os
import sys

MARK = "REQUIRES: slow"


def is_mark(line):
    return line.lstrip("/#; ").startswith(MARK)


def comment_for(path):
    return "//" if path.endswith((".mlir", ".c", ".cpp")) else "#"


def main():
    args = sys.argv[1:]
    unmark = "--unmark" in args
    args = [a for a in args if a != "--unmark"]
    if len(args) not in (2, 3):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root, build = args[0], args[1]
    threshold = float(args[2]) if len(args) == 3 else 3.0
    times = {}
    with open(os.path.join(build, "test", ".lit_test_times.txt")) as f:
        for line in f:
            seconds, name = line.split(maxsplit=1)
            times[name.strip()] = abs(float(seconds))
    changed = 0
    for name, seconds in sorted(times.items()):
        path = os.path.join(root, "test", name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            lines = f.readlines()
        marked = any(is_mark(l) for l in lines)
        if seconds >= threshold and not marked:
            # At the end: no line number the test checks moves.
            if lines and not lines[-1].endswith("\n"):
                lines[-1] += "\n"
            # lit reads the whole line as the feature expression.
            lines.append(f"{comment_for(path)} {MARK}\n")
        elif unmark and seconds < threshold and marked:
            lines = [l for l in lines if not is_mark(l)]
        else:
            continue
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.writelines(lines)
        changed += 1
    print(f"{changed} tests changed; threshold {threshold} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
