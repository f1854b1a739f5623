#!/usr/bin/env python3
"""planned_peak_bytes of @train_step in two memory reports: the first must be
strictly below the second. Prints 'peak falls: A < B bytes' or what is wrong,
and exits 1 otherwise.

  peak_below.py REPORT_LOWER REPORT_HIGHER
"""

import json
import sys


def peak(path):
    for line in open(path):
        if line.startswith("{"):
            d = json.loads(line)
            if d.get("function") == "train_step":
                return d["planned_peak_bytes"]
    sys.exit(f"no @train_step report in {path}")


def main():
    low, high = peak(sys.argv[1]), peak(sys.argv[2])
    if low < high:
        print(f"peak falls: {low} < {high} bytes")
        return 0
    print(f"peak does not fall: {low} >= {high} bytes")
    return 1


if __name__ == "__main__":
    sys.exit(main())
