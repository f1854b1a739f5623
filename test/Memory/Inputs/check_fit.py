#!/usr/bin/env python3
"""Checks echo-fit's answer with echo-models and echo-opt, one batch at a
time, as a user would: for each search, the largest batch it names fits the
capacity and the next batch does not (unless the doublings ran out, shown
as ">= N"), and the peak and step it prints for that batch are the memory
report's.

  check_fit.py BINDIR FIT-OUTPUT CAPACITY PIPELINE MODEL [ECHO-MODELS OPTIONS]

Prints one line per check; exits 1 on the first that fails.
"""

import json
import os
import re
import subprocess
import sys


def report(bindir, model, batch, pipeline):
    """@train_step's memory report and the largest planned peak, or None
    (and the error) when echo-budget-plan refuses the budget."""
    forward = subprocess.run([os.path.join(bindir, "echo-models")] + model +
                             ["--batch=%d" % batch], capture_output=True,
                             text=True, check=True).stdout
    r = subprocess.run([os.path.join(bindir, "echo-opt"),
                        "--echo-training-pipeline=" + pipeline,
                        "--echo-memory-report=format=json", "-o", os.devnull],
                       input=forward, capture_output=True, text=True)
    if r.returncode != 0:
        if "no plan fits the budget" in r.stderr:
            return None, None
        sys.exit("echo-opt failed at batch %d:\n%s" % (batch, r.stderr[-2000:]))
    reports = [json.loads(l) for l in r.stderr.splitlines() if l.startswith("{")]
    step = next(d for d in reports if d["function"] == "train_step")
    return step, max(d["planned_peak_bytes"] for d in reports)


def main():
    bindir, output, capacity, pipeline = sys.argv[1:5]
    model = sys.argv[5:]
    capacity = int(capacity)
    rows = {}
    for line in open(output):
        m = re.match(r"\| (without budget|budget plan)[^|]* \| (>= )?(\d+) \| "
                     r"(\d+) \| ([\d.]+) \|", line)
        if m:
            rows[m.group(1)] = (bool(m.group(2)), int(m.group(3)),
                                int(m.group(4)), float(m.group(5)))
    if len(rows) != 2:
        sys.exit("expected two result rows in %s, found %d" % (output, len(rows)))
    # The Baseline is one of echo-budget-plan's candidates.
    if rows["budget plan"][1] < rows["without budget"][1]:
        sys.exit("the budget plan fits a smaller batch than without a budget")
    searches = {"without budget": pipeline + " simulate=1",
                "budget plan": pipeline + " budget=%d" % capacity}
    for label in ("without budget", "budget plan"):
        capped, batch, peak, step_us = rows[label]
        step, largest = report(bindir, model, batch, searches[label])
        if step is None or largest > capacity:
            sys.exit("%s: batch %d does not fit" % (label, batch))
        if largest != peak or abs(step["simulated_step"]["step_seconds"] * 1e6
                                  - step_us) > 5e-4:
            sys.exit("%s: batch %d: echo-fit says %d B, %.3f us; the report "
                     "%d B, %.3f us" % (label, batch, peak, step_us, largest,
                                       step["simulated_step"]["step_seconds"] * 1e6))
        print("%s: batch %d fits, %d B" % (label, batch, largest))
        if capped:
            continue
        step, largest = report(bindir, model, batch + 1, searches[label])
        if step is not None and largest <= capacity:
            sys.exit("%s: batch %d fits too" % (label, batch + 1))
        print("%s: batch %d does not fit" % (label, batch + 1))


if __name__ == "__main__":
    main()
