#!/usr/bin/env python3
"""echo.cast against PyTorch, bit for bit (torch only; no NumPy needed).

  check_casts.py make DIR     writes DIR/x.npy (4096 f32 values: random bit
                              patterns of every exponent, ties, denormals,
                              overflow, +-Inf, NaNs), DIR/h.npy (all 65536
                              f16 patterns, <f2) and DIR/b.npy (all 65536
                              bf16 patterns, as <u2)
  check_casts.py check DIR DUMP
                              compares the six results of cast-rne.mlir in an
                              `echo-run --dump-results` file with torch's
                              conversions and prints one line per result

Every result must equal torch's bits, except where the input is NaN: torch
1.13's bf16 NaN depends on its code path (0x7fc0 scalar, 0xffff vectorized,
whatever the sign), so there a 16-bit result must be echo's quiet NaN of the
input's sign (f16 0x7e00 | sign, which is torch's too; bf16 0x7fc0 | sign),
and an f32 result a NaN of the input's sign.
"""
import random
import re
import struct
import sys

import torch

N = 4096


def save_npy(path, descr, shape, raw):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + raw)


def load_npy_raw(path):
    data = open(path, "rb").read()
    n = struct.unpack("<H", data[8:10])[0]
    return data[10 + n:]


def make(d):
    rng = random.Random(7)
    special = []
    for sign in (0, 0x80000000):
        for u in (
            0x00000000, 0x00000001, 0x007FFFFF, 0x00008000, 0x00018000,  # zero, f32 denormals, bf16 denormal ties
            0x00800000, 0x3F800000, 0x3F808000, 0x3F818000,  # bf16 ties: to even (down), to even (up)
            0x3F807FFF, 0x3F808001,  # just below / above a bf16 tie
            0x3F801000, 0x3F803000,  # f16 ties: 1 + 2^-11 (down), 1 + 3 * 2^-11 (up)
            0x7F7FFFFF, 0x7F7F8000, 0x7F7F7FFF,  # max f32 -> bf16 Inf; a tie to even (Inf); below it
            0x477FE000, 0x477FEFFF, 0x477FF000,  # 65504, below 65520, 65520 -> f16 Inf
            0x33800000, 0x33000000, 0x33000001, 0x33C00000,  # 2^-24, 2^-25 (tie to 0), just above, 1.5 * 2^-24
            0x387FC000, 0x38800000,  # f16 denormal / smallest normal
            0x7F800000, 0x7FC00000, 0x7F800001, 0x7FFFFFFF, 0x7FA00000,  # Inf, NaNs
        ):
            special.append(sign | u)
    x = special + [rng.getrandbits(32) for _ in range(N - len(special))]
    save_npy(d + "/x.npy", "<f4", N, struct.pack("<%dI" % N, *x))
    all16 = struct.pack("<65536H", *range(65536))
    save_npy(d + "/h.npy", "<f2", 65536, all16)
    save_npy(d + "/b.npy", "<u2", 65536, all16)


def read_dump(path):
    data = open(path, "rb").read()
    header = re.compile(rb"result (\d+) (\w+) \[([0-9, ]*)\] (\d+)\n")
    pos, out = 0, []
    while pos < len(data):
        m = header.match(data, pos)
        assert m, "malformed dump at byte %d" % pos
        n = int(m.group(4))
        out.append((m.group(2).decode(), data[m.end():m.end() + n]))
        pos = m.end() + n + 1
    return out


def bits(t):
    """The bit patterns of a 16- or 32-bit float tensor, as Python ints."""
    if t.dtype in (torch.float16, torch.bfloat16):
        return [v & 0xFFFF for v in t.view(torch.int16).tolist()]
    return [v & 0xFFFFFFFF for v in t.view(torch.int32).tolist()]


def tensor(raw, fmt, dtype):
    n = len(raw) // struct.calcsize(fmt)
    ints = list(struct.unpack("<%d%s" % (n, fmt), raw))
    if fmt == "I":
        return torch.tensor([v - (1 << 32) if v >= 1 << 31 else v for v in ints], dtype=torch.int32).view(dtype)
    return torch.tensor([v - (1 << 16) if v >= 1 << 15 else v for v in ints], dtype=torch.int16).view(dtype)


def check(d, dump):
    x = tensor(load_npy_raw(d + "/x.npy"), "I", torch.float32)
    h = tensor(load_npy_raw(d + "/h.npy"), "H", torch.float16)
    b = tensor(load_npy_raw(d + "/b.npy"), "H", torch.bfloat16)
    xs = [(v >> 16) & 0x8000 for v in bits(x)]
    hs = [v & 0x8000 for v in bits(h)]
    bs = [v & 0x8000 for v in bits(b)]
    expected = [
        ("x f32->bf16", "bf16", x.to(torch.bfloat16), torch.isnan(x), xs, 0x7FC0),
        ("x f32->f16", "f16", x.half(), torch.isnan(x), xs, 0x7E00),
        ("h f16->f32", "f32", h.float(), torch.isnan(h.float()), None, None),
        ("b bf16->f32", "f32", b.float(), torch.isnan(b.float()), None, None),
        ("h f16->bf16", "bf16", h.float().to(torch.bfloat16), torch.isnan(h.float()), hs, 0x7FC0),
        ("b bf16->f16", "f16", b.float().half(), torch.isnan(b.float()), bs, 0x7E00),
    ]
    results = read_dump(dump)
    if len(results) != len(expected):
        print("FAILED: %d results, expected %d" % (len(results), len(expected)))
        return 1
    failed = 0
    for (name, dtype, want_t, nan, sign, qnan), (got_dtype, raw) in zip(expected, results):
        want = bits(want_t)
        got = list(struct.unpack("<%d%s" % (len(raw) // (4 if dtype == "f32" else 2), "I" if dtype == "f32" else "H"), raw))
        if got_dtype != dtype or len(got) != len(want):
            print("%s: FAILED: %s[%d], expected %s[%d]" % (name, got_dtype, len(got), dtype, len(want)))
            failed += 1
            continue
        nan = nan.tolist()
        bad = []
        for i, (g, w) in enumerate(zip(got, want)):
            if nan[i]:
                ok = ((g & 0x7F800000) == 0x7F800000 and (g & 0x7FFFFF) != 0 and (g >> 31) == (w >> 31)) \
                    if dtype == "f32" else g == (sign[i] | qnan)
            else:
                ok = g == w
            if not ok:
                bad.append(i)
        if bad:
            i = bad[0]
            print("%s: FAILED at %d of %d: element %d got 0x%x, torch 0x%x" % (name, len(bad), len(got), i, got[i], want[i]))
            failed += 1
        else:
            print("%s: %d values bit-identical to torch (%d NaN inputs)" % (name, len(got), sum(nan)))
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
        sys.exit(0)
    sys.exit(check(sys.argv[2], sys.argv[3]))
