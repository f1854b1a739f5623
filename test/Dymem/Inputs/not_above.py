#!/usr/bin/env python3
"""Compare two memory reports of the same step.

  not_above.py BASE CANDIDATE [--function NAME]

BASE and CANDIDATE are outputs of --echo-memory-report=format=json (one
object per function). Prints 'lower: A -> B', 'equal: A' or 'above: A -> B'
for the planned_peak_bytes of @NAME (default train_step), and exits 1 when
the candidate is above the base or a report lacks the function.
"""

import argparse
import json
import sys


def peak(path, function):
    for line in open(path):
        if line.startswith("{"):
            d = json.loads(line)
            if d.get("function") == function:
                return d["planned_peak_bytes"]
    sys.exit(f"{path}: no report for @{function}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("candidate")
    parser.add_argument("--function", default="train_step")
    args = parser.parse_args()
    a, b = peak(args.base, args.function), peak(args.candidate, args.function)
    if b < a:
        print(f"lower: {a} -> {b}")
    elif b == a:
        print(f"equal: {a}")
    else:
        print(f"above: {a} -> {b}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
