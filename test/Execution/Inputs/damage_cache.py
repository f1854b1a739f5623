"""Damages every entry of an echo-run step cache directory, one way:
truncate (cut each entry in half), flip (change one byte of its code, same
length), swap (exchange the contents of two entries) or garbage (replace
each with text that is no entry)."""

import glob
import os
import sys

mode, directory = sys.argv[1], sys.argv[2]
entries = sorted(glob.glob(os.path.join(directory, "*.step")))
if not entries:
    sys.exit(f"damage_cache.py: no entries in {directory}")
contents = [open(p, "rb").read() for p in entries]
if mode == "swap":
    if len(entries) < 2:
        sys.exit("damage_cache.py: swap needs two entries")
    contents = contents[1:] + contents[:1]
for path, data in zip(entries, contents):
    if mode == "truncate":
        data = data[: len(data) // 2]
    elif mode == "flip":
        data = data[:-100] + bytes([data[-100] ^ 0xFF]) + data[-99:]
    elif mode == "garbage":
        data = b"not a cache entry\n"
    elif mode != "swap":
        sys.exit(f"damage_cache.py: unknown mode {mode}")
    open(path, "wb").write(data)
print(f"damaged {len(entries)}")
