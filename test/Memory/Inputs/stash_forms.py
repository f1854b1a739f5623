#!/usr/bin/env python3
"""Counts, in the @train_step of an echo-opt output, the stashed maps kept
in each form: encoded (per encoding) and read back on the device, encoded
and offloaded, and plain and offloaded. Prints one line per form."""
import re
import sys


def main():
    text = open(sys.argv[1]).read()
    match = re.search(r"func\.func @train_step\b.*?\n  }\n", text, re.S)
    if not match:
        sys.exit("stash_forms.py: no @train_step in " + sys.argv[1])
    body = match.group(0)
    encodes = dict(re.findall(r"(%[\w.]+) = echo\.encode .* as #echo\.encoding<(\w+)>", body))
    offloaded = re.findall(r"= echo\.offload (%[\w.]+) :", body)
    counts = {}
    for value, encoding in encodes.items():
        where = "offloaded" if value in offloaded else "on the device"
        key = "%s %s" % (encoding, where)
        counts[key] = counts.get(key, 0) + 1
    plain = sum(1 for v in offloaded if v not in encodes)
    for key in sorted(counts):
        print("%s: %d" % (key, counts[key]))
    print("plain offloaded: %d" % plain)


if __name__ == "__main__":
    main()
