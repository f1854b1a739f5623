#!/usr/bin/env python3
"""Reference forward pass of gen_torch_style.py's small_cnn, in plain Python.

usage: small_cnn_reference.py write DIR       writes DIR/x.npy, DIR/labels.npy
       small_cnn_reference.py check DIR < LOG  compares `iter 0 loss X` in LOG
                                               with the reference loss
The weights are read from the .npy files echo-import-linalg's weights-dir
wrote (arguments 1..6), after checking that they hold the values the
generator put into the linalg constants.
"""
import math
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_torch_style  # noqa: E402

SHAPES = [[4, 3, 3, 3], [4], [8, 4, 3, 3], [8], [4, 32], [4]]
N, C, H, W = 2, 3, 8, 8
LABELS = [1, 3]


def write_npy(path, descr, fmt, shape, values):
    dims = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, dims)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def read_npy_f32(path):
    data = open(path, "rb").read()
    hlen = struct.unpack("<H", data[8:10])[0]
    body = data[10 + hlen:]
    return list(struct.unpack("<%df" % (len(body) // 4), body))


def inputs():
    return [((i * 37) % 17) / 17.0 - 0.5 for i in range(N * C * H * W)]


def conv(x, shape, w, wshape, b, stride, pad):
    n, c, h, wd = shape
    o, _, kh, kw = wshape
    oh, ow = (h + 2 * pad - kh) // stride + 1, (wd + 2 * pad - kw) // stride + 1
    y = []
    for ni in range(n):
        for oi in range(o):
            for yi in range(oh):
                for xi in range(ow):
                    acc = b[oi]
                    for ci in range(c):
                        for ky in range(kh):
                            for kx in range(kw):
                                iy, ix = yi * stride - pad + ky, xi * stride - pad + kx
                                if 0 <= iy < h and 0 <= ix < wd:
                                    acc += (x[((ni * c + ci) * h + iy) * wd + ix]
                                            * w[((oi * c + ci) * kh + ky) * kw + kx])
                    y.append(acc)
    return y, [n, o, oh, ow]


def max_pool2(x, shape):
    n, c, h, w = shape
    y = []
    for p in range(n * c):
        for yi in range(h // 2):
            for xi in range(w // 2):
                y.append(max(x[p * h * w + (2 * yi + dy) * w + 2 * xi + dx]
                             for dy in range(2) for dx in range(2)))
    return y, [n, c, h // 2, w // 2]


def loss(weights):
    w1, b1, w2, b2, fw, fb = weights
    x, s = conv(inputs(), [N, C, H, W], w1, SHAPES[0], b1, 1, 1)
    x = [max(v, 0.0) for v in x]
    x, s = max_pool2(x, s)
    x, s = conv(x, s, w2, SHAPES[2], b2, 2, 1)
    x = [max(v, 0.0) for v in x]
    k = len(x) // N
    total = 0.0
    for ni in range(N):
        logits = [fb[j] + sum(x[ni * k + i] * fw[j * k + i] for i in range(k)) for j in range(4)]
        m = max(logits)
        lse = m + math.log(sum(math.exp(v - m) for v in logits))
        total += lse - logits[LABELS[ni]]
    return total / N


def main(argv):
    if len(argv) != 3 or argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    directory = argv[2]
    if argv[1] == "write":
        write_npy(os.path.join(directory, "x.npy"), "<f4", "f", [N, C, H, W], inputs())
        write_npy(os.path.join(directory, "labels.npy"), "<i4", "i", [N], LABELS)
        return 0
    expected = []
    for shape in SHAPES:
        expected.append(gen_torch_style.lcg_values(shape))
    weights = [read_npy_f32(os.path.join(directory, "w", "arg%d.npy" % (i + 1)))
               for i in range(len(SHAPES))]
    for i, (got, want) in enumerate(zip(weights, expected)):
        if len(got) != len(want) or any(abs(a - b) > 1e-6 for a, b in zip(got, want)):
            print("reference check FAILED: arg%d.npy does not hold the constant's values" % (i + 1))
            return 1
    reference = loss(weights)
    for line in sys.stdin:
        m = re.match(r"^iter 0 loss (\S+)$", line.strip())
        if m:
            got = float(m.group(1))
            ok = abs(got - reference) <= 1e-4 * max(1.0, abs(reference))
            print("%s: echo %.6f, reference %.6f" % ("matches the reference" if ok else
                                                     "reference check FAILED", got, reference))
            return 0 if ok else 1
    print("reference check FAILED: no 'iter 0 loss' line")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
