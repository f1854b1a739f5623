"""Writes a little-endian .npy file (format 1.0) without numpy.

usage: write_npy.py OUT.npy f4|i4 SHAPE VALUES
  SHAPE: comma-separated sizes ("" for a scalar); VALUES: comma-separated.
"""
import struct
import sys

out, dtype, shape_text, values_text = sys.argv[1:5]
shape = tuple(int(s) for s in shape_text.split(",") if s)
values = [v for v in values_text.split(",") if v]
count = 1
for s in shape:
    count *= s
if len(values) != count:
    sys.exit(f"write_npy: {len(values)} values for shape {shape}")
descr, fmt, conv = {"f4": ("<f4", "<f", float), "i4": ("<i4", "<i", int)}[dtype]
shape_repr = "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_repr}, }}"
# Magic (6) + version (2) + length (2) + header + newline, padded to 64.
pad = 64 - (10 + len(header) + 1) % 64
header = header + " " * (pad % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode("latin1"))
    for v in values:
        f.write(struct.pack(fmt, conv(v)))
