#!/usr/bin/env python3
"""Validates the output of `echo-run --memory-stats=json` read from stdin.

The output must hold exactly one JSON object (other lines, e.g. `iter N loss
X`, are ignored) with an integer `peak_bytes` > 0 and an object
`by_category` of non-negative integers whose sum is `peak_bytes` (the bytes
of each category live at the peak). If present, `max_by_category` must have
the same keys, each at least its `by_category` value, and `capacity_bytes`
and `allocations` must be non-negative integers.

Optional expectations (repeatable): --expect CATEGORY=BYTES requires
by_category[CATEGORY] == BYTES, --expect-min CATEGORY=BYTES requires
by_category[CATEGORY] >= BYTES.

Prints `memory stats ok: peak_bytes P, categories C1 C2 ...` and exits 0, or
prints `memory stats FAILED: reason` and exits 1.
"""
import json
import sys


def fail(message):
    print("memory stats FAILED: " + message)
    sys.exit(1)


def is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def main(argv):
    expect, expect_min = {}, {}
    args = argv[1:]
    while args:
        if args[0] not in ("--expect", "--expect-min") or len(args) < 2 or "=" not in args[1]:
            print("usage: check_memory_stats.py [--expect[-min] CATEGORY=BYTES]...")
            return 2
        name, value = args[1].split("=", 1)
        (expect if args[0] == "--expect" else expect_min)[name] = int(value)
        args = args[2:]

    objects = []
    for line in sys.stdin:
        text = line.strip()
        if text.startswith("{"):
            try:
                objects.append(json.loads(text))
            except json.JSONDecodeError as e:
                fail("invalid JSON (%s): %s" % (e, text))
    if len(objects) != 1:
        fail("expected one JSON object, got %d" % len(objects))
    stats = objects[0]
    if not isinstance(stats, dict):
        fail("not a JSON object")
    peak = stats.get("peak_bytes")
    if not is_count(peak) or peak == 0:
        fail("peak_bytes is %r" % (peak,))
    cats = stats.get("by_category")
    if not isinstance(cats, dict) or not cats:
        fail("by_category is %r" % (cats,))
    for name, value in cats.items():
        if not is_count(value):
            fail("by_category[%s] is %r" % (name, value))
    if sum(cats.values()) != peak:
        fail("by_category sums to %d, peak_bytes is %d" % (sum(cats.values()), peak))
    if "max_by_category" in stats:
        maxes = stats["max_by_category"]
        if not isinstance(maxes, dict) or set(maxes) != set(cats):
            fail("max_by_category keys differ from by_category")
        for name, value in maxes.items():
            if not is_count(value) or value < cats[name]:
                fail("max_by_category[%s] = %r is below by_category %d"
                     % (name, value, cats[name]))
    for key in ("capacity_bytes", "allocations"):
        if key in stats and not is_count(stats[key]):
            fail("%s is %r" % (key, stats[key]))
    for name, value in expect.items():
        if name not in cats:
            fail("no category %s" % name)
        if cats[name] != value:
            fail("by_category[%s] is %d, expected %d" % (name, cats[name], value))
    for name, value in expect_min.items():
        if name not in cats:
            fail("no category %s" % name)
        if cats[name] < value:
            fail("by_category[%s] is %d, expected at least %d" % (name, cats[name], value))
    print("memory stats ok: peak_bytes %d, categories %s" % (peak, " ".join(sorted(cats))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
