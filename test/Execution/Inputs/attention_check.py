#!/usr/bin/env python3
"""Inputs and checks of test/Execution/attention-vs-unfused.mlir (pure
Python: no numpy, so the test runs wherever lit does).

  attention_check.py inputs DIR
      writes DIR/<variant>_<name>.npy for every variant (seeded values).
  attention_check.py compare DIR VARIANT
      reads DIR/VARIANT_fused.dump and DIR/VARIANT_unfused.dump (echo-run
      --dump-results of the two training steps: loss, dq, dk, dv, dr = out),
      computes out, dq, dk, dv in float64 from the same inputs, and prints
      for each tensor the normwise errors max|x - ref| / max|ref| of the
      fused and of the unfused step, in units of f32 epsilon (2^-23), and
      their difference. Exits 1 if the fused step's error exceeds FUSED_BOUND
      or fused and unfused differ by more than AGREE_BOUND.

The step's loss is sum(out * r) with r trainable, so its gradient dr is the
attention output itself and dout = r.
"""
import math
import os
import random
import re
import struct
import sys

EPS = 2.0 ** -23
FUSED_BOUND = 4.0   # fused vs float64, in eps (normwise)
AGREE_BOUND = 8.0   # fused vs unfused (batch_matmul + softmax), in eps

# name: (B, H, Lq, Lk, D, scale, causal, mask, (dropout, seed) or None)
VARIANTS = {
    "plain": (2, 3, 33, 33, 20, None, False, None, None),
    "causal": (2, 3, 33, 33, 20, None, True, None, None),
    # Lq != Lk, a [B, 1, 1, Lk] padding mask with -inf and finite entries.
    "padmask": (2, 3, 17, 33, 20, 0.25, False, "pad", None),
    # Causal with 20% of the probabilities dropped (seed 11).
    "dropout": (2, 3, 33, 33, 20, None, True, None, (0.2, 11)),
}

M64 = (1 << 64) - 1


def uniform(seed, i):
    """echo/dropout.h's counter hash (SplitMix64, top 24 bits)."""
    z = (seed + (i + 1) * 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    z ^= z >> 31
    return (z >> 40) * 2.0 ** -24


def write_npy(path, shape, values):
    shape_text = "(" + "".join("%d," % d for d in shape) + ")" if len(shape) == 1 \
        else "(" + ", ".join(str(d) for d in shape) + ")"
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape_text
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def tensors(variant):
    """The inputs of a variant, as lists of f32-representable floats."""
    b, h, lq, lk, d, scale, causal, mask, _ = VARIANTS[variant]
    rng = random.Random(sum(map(ord, variant)))
    t = {
        "q": ([b, h, lq, d], [f32(rng.uniform(-2, 2)) for _ in range(b * h * lq * d)]),
        "k": ([b, h, lk, d], [f32(rng.uniform(-2, 2)) for _ in range(b * h * lk * d)]),
        "v": ([b, h, lk, d], [f32(rng.uniform(-1, 1)) for _ in range(b * h * lk * d)]),
        "r": ([b, h, lq, d], [f32(rng.uniform(-1, 1)) for _ in range(b * h * lq * d)]),
    }
    s = scale if scale is not None else 1.0 / math.sqrt(d)
    t["scale"] = ([1], [f32(s)])
    if causal:
        # The unfused step's equivalent of `causal`: -inf above the diagonal.
        t["causal"] = ([lq, lk], [(-math.inf if j > i else 0.0)
                                  for i in range(lq) for j in range(lk)])
    if mask == "pad":
        vals = []
        for bb in range(b):
            for j in range(lk):
                hidden = j >= lk - 3 - 4 * bb  # the last 3 and 7 keys
                vals.append(-math.inf if hidden else f32(rng.uniform(-1, 1)))
        t["pad"] = ([b, 1, 1, lk], vals)
    return t


def reference(variant):
    """out, dq, dk, dv in float64 for dout = r."""
    b, h, lq, lk, d, scale, causal, mask, drop = VARIANTS[variant]
    t = tensors(variant)
    s = scale if scale is not None else 1.0 / math.sqrt(d)
    q, k, v, r = (t[n][1] for n in "qkvr")
    out = [0.0] * (b * h * lq * d)
    dq = [0.0] * (b * h * lq * d)
    dk = [0.0] * (b * h * lk * d)
    dv = [0.0] * (b * h * lk * d)
    for bb in range(b):
        for hh in range(h):
            bh = bb * h + hh
            Q = lambda i, c: q[(bh * lq + i) * d + c]
            K = lambda j, c: k[(bh * lk + j) * d + c]
            V = lambda j, c: v[(bh * lk + j) * d + c]
            R = lambda i, c: r[(bh * lq + i) * d + c]
            for i in range(lq):
                sc = []
                for j in range(lk):
                    x = s * math.fsum(Q(i, c) * K(j, c) for c in range(d))
                    if mask == "pad":
                        x += t["pad"][1][bb * lk + j]
                    if causal and j > i:
                        x = -math.inf
                    sc.append(x)
                m = max(sc)
                e = [math.exp(x - m) for x in sc]
                z = math.fsum(e)
                p = [x / z for x in e]
                # Dropout factors: 0 or the kept scale (f32), echo.dropout's.
                f = [1.0] * lk
                if drop:
                    kept = f32(1.0 / (1.0 - drop[0]))
                    f = [kept if uniform(drop[1], (bh * lq + i) * lk + j) >= drop[0] else 0.0
                         for j in range(lk)]
                pd = [p[j] * f[j] for j in range(lk)]
                o = [math.fsum(pd[j] * V(j, c) for j in range(lk)) for c in range(d)]
                for c in range(d):
                    out[(bh * lq + i) * d + c] = o[c]
                dp = [f[j] * math.fsum(R(i, c) * V(j, c) for c in range(d)) for j in range(lk)]
                delta = math.fsum(p[j] * dp[j] for j in range(lk))
                ds = [p[j] * (dp[j] - delta) for j in range(lk)]
                for c in range(d):
                    dq[(bh * lq + i) * d + c] = s * math.fsum(ds[j] * K(j, c) for j in range(lk))
                for j in range(lk):
                    for c in range(d):
                        dv[(bh * lk + j) * d + c] += pd[j] * R(i, c)
                        dk[(bh * lk + j) * d + c] += s * ds[j] * Q(i, c)
    return {"out": out, "dq": dq, "dk": dk, "dv": dv}


def read_dump(path):
    data = open(path, "rb").read()
    header = re.compile(rb"result (\d+) (\w+) \[([0-9, ]*)\] (\d+)\n")
    pos, results = 0, []
    while pos < len(data):
        m = header.match(data, pos)
        if not m or m.group(2) != b"f32":
            sys.exit("malformed dump %s at byte %d" % (path, pos))
        n = int(m.group(4))
        results.append(list(struct.unpack("<%df" % (n // 4), data[m.end():m.end() + n])))
        pos = m.end() + n + 1
    # loss, dq, dk, dv, dr (= out)
    return {"dq": results[1], "dk": results[2], "dv": results[3], "out": results[4]}


def normwise(x, ref):
    scale = max(abs(v) for v in ref)
    return max(abs(a - b) for a, b in zip(x, ref)) / scale / EPS


def main():
    if sys.argv[1] == "inputs":
        for variant in VARIANTS:
            for name, (shape, values) in tensors(variant).items():
                write_npy(os.path.join(sys.argv[2], "%s_%s.npy" % (variant, name)), shape, values)
        return 0
    directory, variant = sys.argv[2], sys.argv[3]
    ref = reference(variant)
    fused = read_dump(os.path.join(directory, variant + "_fused.dump"))
    unfused = read_dump(os.path.join(directory, variant + "_unfused.dump"))
    ok = True
    for name in ("out", "dq", "dk", "dv"):
        ef = normwise(fused[name], ref[name])
        eu = normwise(unfused[name], ref[name])
        agree = normwise(fused[name], unfused[name])
        good = ef <= FUSED_BOUND and agree <= AGREE_BOUND
        ok = ok and good
        print("%s %s: fused %.2f eps, unfused %.2f eps, fused vs unfused %.2f eps %s"
              % (variant, name, ef, eu, agree, "ok" if good else "FAIL"))
    print("%s: %s" % (variant, "within bounds" if ok else "OUT OF BOUNDS"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
