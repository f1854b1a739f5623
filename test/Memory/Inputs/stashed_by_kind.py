#!/usr/bin/env python3
"""Stashed bytes by producing op kind of two memory reports' @train_step.

  stashed_by_kind.py REFERENCE OTHER

REPORT files are --echo-memory-report=format=json outputs. Prints, for each
op kind other than echo.cast that stashes in either step, `KIND: A -> B
bytes (Rx)`, then `activations: A -> B bytes (Rx)` (their sum) and `casts
(echo.cast): A -> B bytes`. Exits 1 when a report has no
@train_step.
"""
import json
import sys


def by_kind(path):
    for line in open(path):
        if line.strip():
            d = json.loads(line)
            if d.get("function") == "train_step":
                return d["by_op_kind"]
    print("no @train_step in %s" % path)
    sys.exit(1)


a, b = by_kind(sys.argv[1]), by_kind(sys.argv[2])
kinds = sorted(k for k in set(a) | set(b) if k != "echo.cast")
for k in kinds:
    x, y = a.get(k, 0), b.get(k, 0)
    print("%s: %d -> %d bytes (%sx)" % (k, x, y, ("%.3g" % (y / x)) if x else "-"))
x, y = sum(a.get(k, 0) for k in kinds), sum(b.get(k, 0) for k in kinds)
print("activations: %d -> %d bytes (%sx)" % (x, y, ("%.3g" % (y / x)) if x else "-"))
print("casts (echo.cast): %d -> %d bytes" % (a.get("echo.cast", 0), b.get("echo.cast", 0)))
