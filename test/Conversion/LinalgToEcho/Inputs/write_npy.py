#!/usr/bin/env python3
"""Writes a float32 .npy file (format 1.0) whose elements all equal VALUE.

usage: write_npy.py FILE VALUE DIM...
"""
import struct
import sys

path, value, dims = sys.argv[1], float(sys.argv[2]), [int(d) for d in sys.argv[3:]]
shape = "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
count = 1
for d in dims:
    count *= d
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%df" % count, *([value] * count)))
