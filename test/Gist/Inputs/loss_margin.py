#!/usr/bin/env python3
"""Compares two `echo-run --print-loss` logs (lines `iter N loss X`).
Prints the first and final losses and final(other) / final(ref); with
--ratio R, prints `margin ok` if the final loss of OTHER is at most R times
the final loss of REF (and the reference loss dropped at least 100x, so the
run did train), else `margin EXCEEDED` and exits 1.

usage: loss_margin.py REF.log OTHER.log [--ratio R]
"""
import sys


def losses(path):
    return [float(l.split()[3]) for l in open(path) if l.startswith("iter ")]


args = sys.argv[1:]
ratio = None
if "--ratio" in args:
    i = args.index("--ratio")
    ratio = float(args[i + 1])
    del args[i:i + 2]
ref, other = losses(args[0]), losses(args[1])
r = other[-1] / ref[-1]
print("steps %d first %.6g final ref %.6g other %.6g ratio %.4f"
      % (len(other), other[0], ref[-1], other[-1], r))
if ratio is not None:
    ok = len(ref) == len(other) and r <= ratio and ref[-1] * 100 <= ref[0]
    print("margin ok" if ok else "margin EXCEEDED")
    sys.exit(0 if ok else 1)
