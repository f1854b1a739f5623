#!/usr/bin/env python3
"""Reads `echo-run --dump-results` files of a step built with
echo-autodiff's loss-scale=dynamic.

  loss_scale_results.py state DUMP
      prints `scale S good G`: the loss-scale state, the last result of
      shape [2] f32 ([scale, good steps]; the step returns it after the
      optimizer state).
  loss_scale_results.py same DUMP_A DUMP_B [--skip-first]
      exits 0 and prints `results identical: N` when every result but the
      loss-scale state (and, with --skip-first, the loss) is byte for byte
      the same in both dumps; otherwise names the first one that differs and
      exits 1.
  loss_scale_results.py differ DUMP_A DUMP_B
      the converse: exits 0 and prints `parameters changed: K of N` when
      at least one result but the loss and the state differs.
"""
import re
import struct
import sys


def read(path):
    data = open(path, "rb").read()
    out, pos = [], 0
    header = re.compile(rb"result (\d+) (\S+) \[([0-9, ]*)\] (\d+)\n")
    while pos < len(data):
        m = header.match(data, pos)
        if not m:
            sys.exit("%s: bad dump at byte %d" % (path, pos))
        n = int(m.group(4))
        shape = [int(s) for s in m.group(3).split(b",") if s.strip()]
        start = m.end()
        out.append((m.group(2).decode(), shape, data[start:start + n]))
        pos = start + n + 1
    return out


def state_index(results):
    for i in range(len(results) - 1, -1, -1):
        dtype, shape, _ = results[i]
        if dtype == "f32" and shape == [2]:
            return i
    sys.exit("no [2] f32 result: not a loss-scaled step")


def main():
    mode = sys.argv[1]
    if mode == "state":
        r = read(sys.argv[2])
        scale, good = struct.unpack("<2f", r[state_index(r)][2])
        print("scale %r good %r" % (scale, good))
        return 0
    a, b = read(sys.argv[2]), read(sys.argv[3])
    if len(a) != len(b):
        print("FAILED: %d and %d results" % (len(a), len(b)))
        return 1
    skip = {state_index(a)}
    if mode == "differ" or "--skip-first" in sys.argv:
        skip.add(0)
    changed = [i for i in range(len(a)) if i not in skip and a[i] != b[i]]
    if mode == "same":
        if changed:
            print("FAILED: result %d differs" % changed[0])
            return 1
        print("results identical: %d" % (len(a) - len(skip)))
        return 0
    if not changed:
        print("FAILED: no parameter changed")
        return 1
    print("parameters changed: %d of %d" % (len(changed), len(a) - len(skip)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
