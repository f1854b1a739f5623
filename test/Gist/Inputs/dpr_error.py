#!/usr/bin/env python3
"""Relative L2 error of every f32 result of an `echo-run --dump-results`
file against a reference dump (same step, FP32 stashes):

    rel(i) = ||other_i - ref_i||_2 / ||ref_i||_2     (0 if both are zero)

Prints `result I rel E` per result and `max rel E`; with --bound B, prints
`bound ok` if every rel <= B and otherwise `bound EXCEEDED` and exits 1.

usage: dpr_error.py REF OTHER [--bound B]
"""
import math
import re
import struct
import sys

HEADER = re.compile(rb"result (\d+) (\w+) \[([0-9, ]*)\] (\d+)\n")


def load(path):
    data, pos, out = open(path, "rb").read(), 0, []
    while pos < len(data):
        m = HEADER.match(data, pos)
        if not m:
            sys.exit("malformed dump %s at byte %d" % (path, pos))
        n = int(m.group(4))
        body = data[m.end():m.end() + n]
        out.append(struct.unpack("<%df" % (n // 4), body)
                   if m.group(2) == b"f32" else None)
        pos = m.end() + n + 1
    return out


args = sys.argv[1:]
bound = None
if "--bound" in args:
    i = args.index("--bound")
    bound = float(args[i + 1])
    del args[i:i + 2]
ref, other = load(args[0]), load(args[1])
if len(ref) != len(other):
    sys.exit("different result counts")
worst = 0.0
for i, (a, b) in enumerate(zip(ref, other)):
    if a is None:
        continue
    num = math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))
    den = math.sqrt(sum(x * x for x in a))
    rel = num / den if den else (0.0 if num == 0 else math.inf)
    worst = max(worst, rel)
    print("result %d rel %.3e" % (i, rel))
print("max rel %.3e" % worst)
if bound is not None:
    print("bound ok" if worst <= bound else "bound EXCEEDED")
    sys.exit(0 if worst <= bound else 1)
