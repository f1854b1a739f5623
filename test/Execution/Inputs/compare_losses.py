#!/usr/bin/env python3
"""Compares two `echo-run --print-loss` logs step by step: a reference (f32)
and a run in reduced precision.

  compare_losses.py REFERENCE OTHER --steps N --bound B

Both logs must hold `iter I loss X` for I = 0 .. N-1, finite. For each step
the relative difference |other - ref| / |ref| must be at most B. Prints
`losses within B of the reference over N steps (largest relative difference
D at step I)` and exits 0, or says which step is off and exits 1.
"""
import argparse
import math
import re
import sys


def losses(path, steps):
    pattern = re.compile(r"^iter (\d+) loss (\S+)$")
    out = []
    for line in open(path):
        m = pattern.match(line.strip())
        if m and int(m.group(1)) == len(out) and len(out) < steps:
            out.append(float(m.group(2)))
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("reference")
    p.add_argument("other")
    p.add_argument("--steps", type=int, required=True)
    p.add_argument("--bound", type=float, required=True)
    a = p.parse_args()
    ref, other = losses(a.reference, a.steps), losses(a.other, a.steps)
    if len(ref) != a.steps or len(other) != a.steps:
        print("loss comparison FAILED: %d and %d loss lines, expected %d" % (len(ref), len(other), a.steps))
        return 1
    worst, at = 0.0, 0
    for i, (r, o) in enumerate(zip(ref, other)):
        if not (math.isfinite(r) and math.isfinite(o)):
            print("loss comparison FAILED: step %d: %r vs %r" % (i, r, o))
            return 1
        d = abs(o - r) / abs(r)
        if d > worst:
            worst, at = d, i
    if worst > a.bound:
        print("loss comparison FAILED: step %d: %r vs reference %r, relative difference %.3g > %g"
              % (at, other[at], ref[at], worst, a.bound))
        return 1
    print("losses within %g of the reference over %d steps (largest relative difference %.3g at step %d)"
          % (a.bound, a.steps, worst, at))
    return 0


if __name__ == "__main__":
    sys.exit(main())
