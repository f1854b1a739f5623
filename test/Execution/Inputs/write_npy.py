#!/usr/bin/env python3
"""Writes a small .npy file (format 1.0, little endian) without numpy.

usage: write_npy.py OUT.npy DTYPE SHAPE VALUES
  DTYPE  i4 | i8 | f4;  SHAPE  comma-separated dims ("" for a scalar);
  VALUES comma-separated numbers (row-major).
"""
import struct
import sys

out, dtype, shape, values = sys.argv[1:5]
dims = [int(d) for d in shape.split(",") if d]
fmt = {"i4": "i", "i8": "q", "f4": "f"}[dtype]
cast = float if dtype == "f4" else int
data = [cast(v) for v in values.split(",") if v]
shape_text = "(" + "".join("%d," % d for d in dims) + ")" if len(dims) == 1 else "(" + ", ".join(str(d) for d in dims) + ")"
header = "{'descr': '<%s', 'fortran_order': False, 'shape': %s, }" % (dtype, shape_text)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%d%s" % (len(data), fmt), *data))
