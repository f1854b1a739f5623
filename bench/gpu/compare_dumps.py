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

With --lossy LOSSLESS (the same step without its lossy encodings, on the
same implementation as GOLDEN), GOLDEN is a lossy step (Gist fp16/fp10/fp8)
and the tolerance grows by twice the encodings' own effect, the difference
between GOLDEN and LOSSLESS. Two implementations whose stashed maps differ
in the last bits round them to different codes, so each lands about that
far from the lossless result, in its own direction:

    tol = max(rtol, 2 * (spread + |GOLDEN - LOSSLESS|))   (normwise, per result)

usage: compare_dumps.py GOLDEN CANDIDATE [--rtol R] [--spread OTHER]
                        [--lossy LOSSLESS]
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


def max_diff(g, other_bytes, n):
    o = struct.unpack("<%df" % n, other_bytes)
    return max((abs(x - y) for x, y in zip(g, o)), default=0.0)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("golden")
    p.add_argument("candidate")
    p.add_argument("--rtol", type=float, default=1e-3)
    p.add_argument("--spread")
    p.add_argument("--lossy")
    a = p.parse_args()
    golden, cand = read_dump(a.golden), read_dump(a.candidate)
    other = read_dump(a.spread) if a.spread else None
    lossless = read_dump(a.lossy) if a.lossy else None
    for extra in (other, lossless):
        if extra is not None and len(extra) != len(golden):
            print("result counts differ: %d vs %d" % (len(golden), len(extra)))
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
        spread = effect = 0.0
        if other is not None:
            spread = max_diff(g, other[i][2], n)
        if lossless is not None:
            effect = max_diff(g, lossless[i][2], n)
        tol = max(a.rtol, 2.0 * (spread + effect) / scale)
        if rel > tol:
            print("%s: relative difference %.3e > %.1e" % (gh, rel, tol))
            ok = False
    widened = [w for w, on in (("the CPU spread", other), ("the lossy effect",
                                                            lossless)) if on]
    print("worst relative difference %.3e (tolerance %.1e%s): %s"
          % (worst, a.rtol,
             ", or twice " + " + ".join(widened) if widened else "",
             "ok" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
