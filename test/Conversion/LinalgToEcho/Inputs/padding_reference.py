#!/usr/bin/env python3
"""Reference values for padding-values.mlir, in plain Python.

usage: padding_reference.py write DIR      writes DIR/x.npy (1x1x6x6) and
                                           DIR/w.npy (1x1x2x2), not splats
       padding_reference.py check KIND FILE
                                           compares the echo-run
                                           --dump-results FILE with KIND:
                                           ceil-pool (3x3 max pooling,
                                           stride 2, ceil mode) or same-conv
                                           (2x2 kernel, zero padding 0 low,
                                           1 high); prints 'match' or the
                                           first difference and exits 1
"""
import math
import struct
import sys

N = 6


def x_value(i, j):
    return math.sin(1.3 * i + 0.7 * j) + 0.1 * i * j


W = [[0.5, -1.25], [2.0, 0.75]]


def write_npy(path, values, dims):
    shape = "(" + ", ".join(str(d) for d in dims) + ")"
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def x_grid():
    return [[f32(x_value(i, j)) for j in range(N)] for i in range(N)]


def ceil_pool():
    # PyTorch max_pool2d(kernel 3, stride 2, ceil_mode=True) on 6x6: 3x3,
    # the last window clipped at the border.
    x = x_grid()
    out = []
    for oi in range(3):
        for oj in range(3):
            out.append(max(x[i][j] for i in range(2 * oi, min(2 * oi + 3, N))
                           for j in range(2 * oj, min(2 * oj + 3, N))))
    return out


def same_conv():
    # 2x2 cross-correlation over x padded with one zero row and column at
    # the high end: 6x6.
    x = x_grid()
    get = lambda i, j: x[i][j] if i < N and j < N else 0.0
    return [sum(W[a][b] * get(i + a, j + b) for a in range(2) for b in range(2))
            for i in range(N) for j in range(N)]


def read_dump(path):
    data = open(path, "rb").read()
    header, rest = data.split(b"\n", 1)
    count = int(header.split()[-1]) // 4
    return list(struct.unpack("<%df" % count, rest[:4 * count]))


def main(argv):
    if len(argv) == 3 and argv[1] == "write":
        write_npy(argv[2] + "/x.npy", [v for row in x_grid() for v in row], [1, 1, N, N])
        write_npy(argv[2] + "/w.npy", [v for row in W for v in row], [1, 1, 2, 2])
        return 0
    if len(argv) == 4 and argv[1] == "check":
        want = {"ceil-pool": ceil_pool, "same-conv": same_conv}[argv[2]]()
        got = read_dump(argv[3])
        if len(got) != len(want):
            print("size differs: %d vs %d" % (len(got), len(want)))
            return 1
        for k, (g, w) in enumerate(zip(got, want)):
            if abs(g - w) > 1e-5 * max(1.0, abs(w)):
                print("element %d differs: %r vs %r" % (k, g, w))
                return 1
        print("match")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
