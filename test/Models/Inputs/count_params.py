#!/usr/bin/env python3
"""Reads a model (echo-models output) on stdin and prints the number of
elements of its trainable arguments: `trainable parameters: N`."""
import re
import sys

text = sys.stdin.read()
signature = re.search(r"func\.func @\S+\((.*?)\) ->", text, re.S)
if not signature:
    sys.exit("count_params.py: no function signature")
total = 0
for shape, attrs in re.findall(r"tensor<((?:\d+x)*)f32>( \{echo\.trainable\})?",
                               signature.group(1)):
    if attrs:
        n = 1
        for d in shape.rstrip("x").split("x"):
            n *= int(d) if d else 1
        total += n
print("trainable parameters: %d" % total)
