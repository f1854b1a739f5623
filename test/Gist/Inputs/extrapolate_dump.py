#!/usr/bin/env python3
"""Writes a result dump A + K * (B - A) (f32 results; others as in A): a
candidate K times as far from A as B is, to check that a tolerance built
from |A - B| has a limit.

usage: extrapolate_dump.py A B K OUT
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "bench", "gpu"))
from compare_dumps import read_dump  # noqa: E402


def main():
    a, b, k, out = read_dump(sys.argv[1]), read_dump(sys.argv[2]), \
        float(sys.argv[3]), sys.argv[4]
    with open(out, "wb") as f:
        for (header, dtype, pa), (_, _, pb) in zip(a, b):
            if dtype == "f32":
                n = len(pa) // 4
                va = struct.unpack("<%df" % n, pa)
                vb = struct.unpack("<%df" % n, pb)
                pa = struct.pack("<%df" % n, *(x + k * (y - x)
                                                for x, y in zip(va, vb)))
            f.write(header.encode() + b"\n" + pa + b"\n")


if __name__ == "__main__":
    main()
