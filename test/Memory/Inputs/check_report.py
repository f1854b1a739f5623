#!/usr/bin/env python3
"""Check the JSON contract of --echo-memory-report=format=json.

Reads the report (one JSON object per planned function, one per line; other
lines, such as diagnostics, are an error) from the file given or stdin, and
checks for every object:
  * every contract key is present with the right type (docs/memory.md);
  * the totals are consistent: planned = persistent + arena, lower bound =
    persistent + arena lower bound, lower bound <= planned, the persistent
    categories of the breakdown sum to at least persistent_bytes (results
    kept in the arena, grad-results=arena, add their bytes live at the peak
    to weight_gradients), and the whole breakdown to persistent_bytes plus
    at most arena_lower_bound_bytes (bytes live in the arena at the peak),
    and activations.largest_bytes is at least the stashed + encoded bytes
    of the breakdown;
  * with --max-ratio R: planned_peak_bytes / lower_bound_bytes <= R;
  * with --function NAME (repeatable): a report for that function exists.
Prints one line per function, 'report ok: @NAME ...', or the failures and
exits 1.
"""

import argparse
import json
import sys

PERSISTENT = ["weights", "weight_gradients", "optimizer_state", "inputs"]
ARENA = ["stashed", "encoded", "weight_copies", "immediate", "gradient_maps",
         "workspace", "host"]
CONTRACT_BREAKDOWN = ["weights", "weight_gradients", "optimizer_state",
                      "stashed", "encoded", "weight_copies", "immediate",
                      "gradient_maps",
                      "workspace", "host"]
INT_KEYS = ["ops", "planned_peak_bytes", "persistent_bytes", "arena_bytes",
            "lower_bound_bytes", "arena_lower_bound_bytes"]


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check(d, max_ratio):
    errors = []
    if not isinstance(d.get("function"), str) or not d["function"]:
        errors.append("'function' is missing or not a non-empty string")
    for key in INT_KEYS:
        if not is_int(d.get(key)) or d[key] < 0:
            errors.append(f"'{key}' is missing or not a non-negative integer")
    if not isinstance(d.get("fragmentation"), (int, float)):
        errors.append("'fragmentation' is missing or not a number")
    if not isinstance(d.get("planner"), str):
        errors.append("'planner' is missing or not a string")
    breakdown = d.get("breakdown")
    if not isinstance(breakdown, dict):
        errors.append("'breakdown' is missing or not an object")
        breakdown = {}
    for key in CONTRACT_BREAKDOWN + ["inputs"]:
        if not is_int(breakdown.get(key)) or breakdown[key] < 0:
            errors.append(f"'breakdown.{key}' is missing or not a non-negative integer")
    by_kind = d.get("by_op_kind")
    if not isinstance(by_kind, dict) or not all(
            is_int(v) and v >= 0 for v in by_kind.values()):
        errors.append("'by_op_kind' is missing or not an object of byte counts")
    activations = d.get("activations")
    if not isinstance(activations, dict) or not all(
            is_int(activations.get(k)) and activations[k] >= 0
            for k in ("largest_bytes", "point")):
        errors.append("'activations' is missing or not {largest_bytes, point}")
    flops = d.get("flops")
    if not isinstance(flops, dict):
        errors.append("'flops' is missing or not an object")
        flops = {}
    for key in ["forward", "backward", "recompute"]:
        if not is_int(flops.get(key)) or flops[key] < 0:
            errors.append(f"'flops.{key}' is missing or not a non-negative integer")
    if errors:
        return errors

    if d["planned_peak_bytes"] != d["persistent_bytes"] + d["arena_bytes"]:
        errors.append("planned_peak_bytes != persistent_bytes + arena_bytes")
    if d["lower_bound_bytes"] != d["persistent_bytes"] + d["arena_lower_bound_bytes"]:
        errors.append("lower_bound_bytes != persistent_bytes + arena_lower_bound_bytes")
    if d["lower_bound_bytes"] > d["planned_peak_bytes"]:
        errors.append("lower_bound_bytes > planned_peak_bytes")
    if sum(breakdown[c] for c in PERSISTENT) < d["persistent_bytes"]:
        errors.append("persistent categories of the breakdown sum to less "
                      "than persistent_bytes")
    live = sum(breakdown[c] for c in PERSISTENT + ARENA) - d["persistent_bytes"]
    if live > d["arena_lower_bound_bytes"]:
        errors.append(f"arena categories of the breakdown ({live}) exceed "
                      f"arena_lower_bound_bytes ({d['arena_lower_bound_bytes']})")
    at_peak = breakdown["stashed"] + breakdown["encoded"]
    if d["activations"]["largest_bytes"] < at_peak:
        errors.append(f"activations.largest_bytes ({d['activations']['largest_bytes']}) "
                      f"is below the stashed + encoded bytes at the peak ({at_peak})")
    if d["ops"] <= 0:
        errors.append("ops is not positive")
    ratio = d["planned_peak_bytes"] / d["lower_bound_bytes"] if d["lower_bound_bytes"] else 1.0
    if abs(ratio - d["fragmentation"]) > 1e-9:
        errors.append(f"fragmentation {d['fragmentation']} != planned / lower bound {ratio}")
    if max_ratio is not None and ratio > max_ratio:
        errors.append(
            f"planned_peak_bytes / lower_bound_bytes = {d['planned_peak_bytes']} / "
            f"{d['lower_bound_bytes']} = {ratio:.4f} > {max_ratio} (arena {d['arena_bytes']}, "
            f"arena lower bound {d['arena_lower_bound_bytes']})")
    return errors


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report", nargs="?", default="-")
    parser.add_argument("--max-ratio", type=float)
    parser.add_argument("--function", action="append", default=[])
    args = parser.parse_args()
    text = sys.stdin.read() if args.report == "-" else open(args.report).read()
    failed = False
    seen = []
    lines = [l for l in text.splitlines() if l.strip()]
    if not lines:
        print("no report")
        return 1
    for line in lines:
        try:
            d = json.loads(line)
        except ValueError as e:
            print(f"not a JSON object: {line!r}: {e}")
            failed = True
            continue
        if not isinstance(d, dict):
            print(f"not a JSON object: {line!r}")
            failed = True
            continue
        errors = check(d, args.max_ratio)
        name = d.get("function", "?")
        seen.append(name)
        if errors:
            failed = True
            for e in errors:
                print(f"@{name}: {e}")
        else:
            ratio = (d["planned_peak_bytes"] / d["lower_bound_bytes"]
                     if d["lower_bound_bytes"] else 1.0)
            print(f"report ok: @{name} planned {d['planned_peak_bytes']} "
                  f"lower bound {d['lower_bound_bytes']} ratio {ratio:.4f}")
    for name in args.function:
        if name not in seen:
            print(f"no report for @{name}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
