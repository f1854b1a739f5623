#!/usr/bin/env python3
"""Compare the planned and the measured peak of a training step.

  compare_peak.py REPORT STATS [--function NAME]

REPORT is the output of --echo-memory-report=format=json (one object per
function), STATS the output of echo-run --memory-stats=json (one object,
the last line). The planned_peak_bytes of @NAME (default train_step) must
equal the measured peak_bytes byte for byte. Prints 'peak agrees: N bytes'
or what differs, and exits 1 on a mismatch.
"""

import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("stats")
    parser.add_argument("--function", default="train_step")
    args = parser.parse_args()
    planned = None
    for line in open(args.report):
        if line.strip():
            d = json.loads(line)
            if d.get("function") == args.function:
                planned = d
    if planned is None:
        print(f"no report for @{args.function}")
        return 1
    lines = [l for l in open(args.stats) if l.strip()]
    stats = json.loads(lines[-1])
    measured = stats["peak_bytes"]
    if measured != planned["planned_peak_bytes"]:
        print(f"peak differs: measured {measured} bytes, planned "
              f"{planned['planned_peak_bytes']} bytes (persistent "
              f"{planned['persistent_bytes']}, arena {planned['arena_bytes']}); "
              f"measured by category: {stats.get('by_category')}")
        return 1
    print(f"peak agrees: {measured} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
