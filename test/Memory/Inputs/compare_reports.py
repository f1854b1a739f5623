#!/usr/bin/env python3
"""Check that a change lowered the planned peak of a training step.

  compare_reports.py BEFORE AFTER [--function NAME]

BEFORE and AFTER are outputs of --echo-memory-report=format=json. Prints
'lower: B -> A bytes' when AFTER's planned_peak_bytes of @NAME (default
train_step) is strictly below BEFORE's, and exits 1 otherwise.
"""

import argparse
import json
import sys


def planned(path, function):
    for line in open(path):
        if line.strip().startswith("{"):
            d = json.loads(line)
            if d.get("function") == function:
                return d["planned_peak_bytes"]
    sys.exit(f"{path}: no report of @{function}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--function", default="train_step")
    args = parser.parse_args()
    b = planned(args.before, args.function)
    a = planned(args.after, args.function)
    if a >= b:
        print(f"not lower: {b} -> {a} bytes")
        return 1
    print(f"lower: {b} -> {a} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
