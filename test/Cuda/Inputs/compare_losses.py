#!/usr/bin/env python3
"""Compares the 'iter N loss X' lines of two echo-run --print-loss logs:
same iterations, losses within a relative tolerance. Prints a summary line;
exits 1 on any difference.

usage: compare_losses.py TOLERANCE LOG_A LOG_B
"""
import re
import sys

def losses(path):
    pattern = re.compile(r"^iter (\d+) loss (\S+)$")
    with open(path) as f:
        return [(int(m.group(1)), float(m.group(2)))
                for m in map(pattern.match, f.read().splitlines()) if m]

tol = float(sys.argv[1])
a, b = losses(sys.argv[2]), losses(sys.argv[3])
if not a or len(a) != len(b):
    print("loss comparison FAILED: %d vs %d loss lines" % (len(a), len(b)))
    sys.exit(1)
for (ia, la), (ib, lb) in zip(a, b):
    if ia != ib or not abs(la - lb) <= tol * max(abs(la), abs(lb), 1e-30):
        print("loss comparison FAILED at iter %d: %r vs %r" % (ia, la, lb))
        sys.exit(1)
print("%d losses agree within %g" % (len(a), tol))
