#!/usr/bin/env python3
"""Parses an `echo-run --dump-results FILE` file (per result: the text line
`result I DTYPE [D0, D1, ...] BYTES`, then BYTES raw bytes, then a newline)
and prints each header line followed by ` ok` if its byte count matches the
dtype and shape. For f32 results it also prints whether all values are
finite. Exits 1 on a malformed file.

usage: dump_headers.py FILE
"""
import math
import re
import struct
import sys

SIZES = {"f32": 4, "i32": 4, "i64": 8, "i1": 1}
data = open(sys.argv[1], "rb").read()
pos, index = 0, 0
header = re.compile(rb"result (\d+) (\w+) \[([0-9, ]*)\] (\d+)\n")
while pos < len(data):
    m = header.match(data, pos)
    if not m or int(m.group(1)) != index or m.group(2).decode() not in SIZES:
        print("malformed dump at byte %d" % pos)
        sys.exit(1)
    dtype = m.group(2).decode()
    shape = [int(d) for d in m.group(3).decode().split(",") if d.strip()]
    nbytes = int(m.group(4))
    numel = 1
    for d in shape:
        numel *= d
    body = data[m.end():m.end() + nbytes]
    if nbytes != numel * SIZES[dtype] or len(body) != nbytes or data[m.end() + nbytes:m.end() + nbytes + 1] != b"\n":
        print("malformed dump: result %d has %d bytes for %s %s" % (index, nbytes, dtype, shape))
        sys.exit(1)
    line = m.group(0).decode().strip() + " ok"
    if dtype == "f32":
        values = struct.unpack("<%df" % numel, body)
        line += " finite" if all(math.isfinite(v) for v in values) else " NOT FINITE"
    print(line)
    pos = m.end() + nbytes + 1
    index += 1
if index == 0:
    print("empty dump")
    sys.exit(1)
