#!/usr/bin/env python3
"""The largest batch that fits a device's capacity, Baseline against the
budget plan (Echo's throughput argument).

  fit.py --bin BIN --capacity BYTES[KiB|MiB|GiB] [--allow-lossy fp8]
         [--max-doublings N] MODEL [ECHO-MODELS OPTIONS WITHOUT --batch...]

For each batch size tried, plans the model's forward function with
--echo-training-pipeline: the Baseline ("optimizer=sgd simulate=1") fits when
its planned peak is at most the capacity; the budget plan ("optimizer=sgd
budget=CAPACITY allow-lossy=...") fits when echo-budget-plan finds a plan.
The search doubles the batch from 1 until it no longer fits (at most
--max-doublings times, so it ends on a count), then bisects between the last
batch that fits and the first that does not; it assumes that a batch that
fits means every smaller one fits. Prints each batch tried, then the largest
batch of each with its planned peak, simulated step (the simulator's
estimate on the pcie4 profile, not a measurement) and samples/s, and the
ratios budget plan / Baseline. Exits 1 if not even batch 1 fits the budget
plan.
"""

import argparse
import os
import re
import sys
import tempfile

import echo_tools

UNITS = {"": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def parse_bytes(text):
    m = re.fullmatch(r"(\d+)\s*(KiB|MiB|GiB)?", text)
    if not m:
        raise argparse.ArgumentTypeError("not BYTES[KiB|MiB|GiB]: %r" % text)
    return int(m.group(1)) * UNITS[m.group(2) or ""]


def largest(fits, max_doublings):
    """Largest batch with fits(batch) (None if not 1), and whether the
    doubling stopped on its count (the answer is then a lower bound)."""
    if not fits(1):
        return None, False
    lo, doublings = 1, 0
    while doublings < max_doublings and fits(2 * lo):
        lo, doublings = 2 * lo, doublings + 1
    if doublings == max_doublings:
        return lo, True
    hi = 2 * lo  # fits(lo), not fits(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo, False


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", required=True, help="directory of echo-models and echo-opt")
    p.add_argument("--capacity", required=True, type=parse_bytes,
                   help="device bytes the step must fit")
    p.add_argument("--allow-lossy", default="fp8", choices=["none", "fp16", "fp10", "fp8"])
    p.add_argument("--max-doublings", type=int, default=10,
                   help="stop doubling the batch after this many (default %(default)s)")
    p.add_argument("model", nargs=argparse.REMAINDER, help="MODEL [echo-models options]")
    o = p.parse_args()
    if not o.model:
        p.error("no model")
    if any(a.startswith("--batch") for a in o.model):
        p.error("the batch is what fit.py chooses: drop --batch")

    work = tempfile.mkdtemp(prefix="fit.")
    name = " ".join(o.model)
    policies = {
        "Baseline": "optimizer=sgd simulate=1",
        "budget plan": "optimizer=sgd budget=%d allow-lossy=%s" % (o.capacity, o.allow_lossy),
    }
    plans = {}  # (policy, batch) -> Plan, or None when it does not fit

    def plan(policy, batch):
        if (policy, batch) not in plans:
            source = os.path.join(work, "forward-%d.mlir" % batch)
            if not os.path.exists(source):
                with open(source, "w") as f:
                    f.write(echo_tools.forward(o.bin, o.model + ["--batch=%d" % batch]))
            try:
                result = echo_tools.plan(o.bin, source, policies[policy])
                if result.peak > o.capacity:
                    result = None
            except echo_tools.NoFit:
                result = None
            plans[policy, batch] = result
            print("%s: batch %d: %s" % (policy, batch, "over the capacity" if result is None
                  else "fits, peak %d B, step %.3f us%s" % (
                      result.peak, result.seconds * 1e6,
                      ", " + result.choice if result.choice else "")), flush=True)
        return plans[policy, batch]

    print("%s: capacity %d bytes, allow-lossy=%s" % (name, o.capacity, o.allow_lossy))
    best = {}
    for policy in policies:
        batch, capped = largest(lambda b: plan(policy, b) is not None, o.max_doublings)
        best[policy] = (batch, capped)

    print("\n| plan | largest batch | planned peak (B) | simulated step (us) | samples/s |")
    print("|---|---|---|---|---|")
    rates = {}
    for policy, (batch, capped) in best.items():
        if batch is None:
            print("| %s | none fits | | | |" % policy)
            continue
        pl = plans[policy, batch]
        rates[policy] = batch / pl.seconds
        print("| %s%s | %s%d | %d | %.3f | %.0f |" % (
            policy, " (%s)" % pl.choice if pl.choice else "",
            ">= " if capped else "", batch, pl.peak, pl.seconds * 1e6, rates[policy]))
    if len(rates) == 2:
        print("\nbudget plan / Baseline: batch %.2fx, samples/s %.2fx" % (
            best["budget plan"][0] / best["Baseline"][0],
            rates["budget plan"] / rates["Baseline"]))
    return 0 if "budget plan" in rates else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:  # a tool failed: its command and stderr
        sys.exit("%s: %s" % (os.path.basename(sys.argv[0]), e))
