#!/usr/bin/env python3
"""Compares two result dumps of echo-run/echo-step (--dump-results): per
result a header line "result I DTYPE [SHAPE] BYTES", the raw bytes and a
newline. f32 results must agree within a normwise relative tolerance,
||a - b||_inf <= rtol * max(||b||_inf, 1e-30), and integer results
exactly. Prints one line per result and exits 1 if one differs.

With --spread OTHER (a second golden, made by another correct CPU
implementation: ECHO_CPU_KERNELS=reference), a result's tolerance is also
at least twice the difference between the two goldens: results such as a
batch norm's shift, a sum whose terms nearly cancel, differ between correct
implementations far more than rtol, and a candidate is held to that spread.

usage: compare_dumps.py GOLDEN CANDIDATE [--rtol R] [--spread OTHER]
"""
import argparse
import struct
import sys


def read_dump(path):
    results = []
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        header = data[pos:end].decode()
        parts = header.split(" ")
        if parts[0] != "result":
            raise ValueError("%s: bad header %r" % (path, header))
        nbytes = int(parts[-1])
        dtype = parts[2]
        payload = data[end + 1:end + 1 + nbytes]
        if len(payload) != nbytes:
            raise ValueError("%s: truncated result %s" % (path, parts[1]))
        results.append((header, dtype, payload))
        pos = end + 1 + nbytes + 1
    return results


def main():
    p = argparse.ArgumentParser()
    p.add_argument("golden")
    p.add_argument("candidate")
    p.add_argument("--rtol", type=float, default=1e-3)
    p.add_argument("--spread")
    a = p.parse_args()
    golden, cand = read_dump(a.golden), read_dump(a.candidate)
    other = read_dump(a.spread) if a.spread else None
    if other is not None and len(other) != len(golden):
        print("result counts differ: %d vs %d" % (len(golden), len(other)))
        return 1
    if len(golden) != len(cand):
        print("result counts differ: %d vs %d" % (len(golden), len(cand)))
        return 1
    ok = True
    worst = 0.0
    for i, ((gh, dtype, gb), (ch, _, cb)) in enumerate(zip(golden, cand)):
        if gh != ch:
            print("headers differ: %r vs %r" % (gh, ch))
            ok = False
            continue
        if dtype != "f32":
            same = gb == cb
            ok &= same
            if not same:
                print("%s: integer values differ" % gh)
            continue
        n = len(gb) // 4
        g = struct.unpack("<%df" % n, gb)
        c = struct.unpack("<%df" % n, cb)
        scale = max(max((abs(x) for x in g), default=0.0), 1e-30)
        diff = max((abs(x - y) for x, y in zip(g, c)), default=0.0)
        if any(y != y for y in c):
            diff = float("inf")
        rel = diff / scale
        worst = max(worst, rel)
        tol = a.rtol
        if other is not None:
            o = struct.unpack("<%df" % n, other[i][2])
            spread = max((abs(x - y) for x, y in zip(g, o)), default=0.0)
            tol = max(tol, 2.0 * spread / scale)
        if rel > tol:
            print("%s: relative difference %.3e > %.1e" % (gh, rel, tol))
            ok = False
    print("worst relative difference %.3e (tolerance %.1e%s): %s"
          % (worst, a.rtol, ", or twice the CPU spread" if other else "",
             "ok" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
