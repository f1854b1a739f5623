#!/usr/bin/env python3
"""Pareto sweep of echo-budget-plan on one model.

  budget-pareto.py --bin BIN [--budgets 100,90,...] [--allow-lossy fp8]
                   [--svg OUT.svg] MODEL [ECHO-MODELS OPTIONS...]

Builds the model's SGD training step, plans it under each fixed policy
(Baseline, mirror, Echo, Echo + lossless Gist, Echo + Gist at --allow-lossy,
offload=dymem, offload=greedy) and under echo-budget-plan at each budget
(percent of the Baseline's planned peak, then `min`), each a point (planned
peak, simulated step of @train_step from the memory report; the simulator's
estimate on the pcie4 profile, not a measurement). Prints the fixed points
and one row per budget: the choice, its peak and step, and per fixed policy
`ok` (the budget plan is no slower), `SLOWER`, or `-` (the policy does not
fit the budget). Exits 1 if the curve is not monotonic (a larger budget
gives a slower step) or a plan is slower than a fixed policy that fits its
budget. --svg writes the plot (pareto_svg.py).
"""

import argparse
import os
import sys
import tempfile

import echo_tools
import pareto_svg

TOLERANCE = 1e-9  # relative, for comparing simulated seconds


def fixed_policies(allow_lossy):
    """(name, echo-training-pipeline options) of the fixed policies."""
    policies = [("Baseline", "simulate=1"),
                ("mirror", "remat=mirror simulate=1"),
                ("Echo", "remat=echo simulate=1"),
                ("Echo+lossless", "remat=echo gist=lossless simulate=1")]
    if allow_lossy != "none":
        policies.append(("Echo+" + allow_lossy,
                         "remat=echo gist=%s simulate=1" % allow_lossy))
    policies += [("offload=dymem", "offload=dymem"),
                 ("offload=greedy", "offload=greedy")]
    return policies


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", required=True, help="directory of echo-models and echo-opt")
    p.add_argument("--budgets", default="100,90,80,70,60,50",
                   help="percent of the Baseline's planned peak, comma separated (min is always added)")
    p.add_argument("--allow-lossy", default="fp8", choices=["none", "fp16", "fp10", "fp8"])
    p.add_argument("--svg", help="write the plot here")
    p.add_argument("model", nargs=argparse.REMAINDER, help="MODEL [echo-models options]")
    o = p.parse_args()
    if not o.model:
        p.error("no model")

    work = tempfile.mkdtemp(prefix="budget-pareto.")
    step = echo_tools.training_step(o.bin, o.model, os.path.join(work, "step.mlir"))
    name = " ".join(o.model)

    points = {}
    print("%s: fixed policies" % name)
    print("| policy | planned peak (B) | % of Baseline | simulated step (us) |")
    print("|---|---|---|---|")
    for policy, options in fixed_policies(o.allow_lossy):
        plan = echo_tools.plan(o.bin, step, options)
        points[policy] = (plan.peak, plan.seconds)
        print("| %s | %d | %.1f%% | %.3f |" % (
            policy, plan.peak, 100.0 * plan.peak / points["Baseline"][0],
            plan.seconds * 1e6))

    budgets = ["%s%%" % b.strip() for b in o.budgets.split(",")] + ["min"]
    print("\n%s: budget sweep (allow-lossy=%s)" % (name, o.allow_lossy))
    print("| budget | budget (B) | choice | planned peak (B) | simulated step (us) | %s |"
          % " | ".join(points))
    print("|---|---|---|---|---|%s" % ("---|" * len(points)))
    curve, failures = [], []
    for budget in budgets:
        try:
            plan = echo_tools.plan(o.bin, step, "budget=%s allow-lossy=%s"
                                   % (budget, o.allow_lossy))
        except echo_tools.NoFit as e:
            print("| %s | %d | nothing fits (smallest %d: %s) | | |%s"
                  % (budget, e.budget_bytes, e.smallest_bytes, e.smallest_choice,
                     " |" * len(points)))
            continue
        # min has no byte budget: the plan's own peak is its limit.
        limit = plan.peak if budget == "min" else plan.budget_bytes
        marks = []
        for policy, (peak, seconds) in points.items():
            if peak > limit:
                marks.append("-")
            elif plan.seconds <= seconds * (1 + TOLERANCE):
                marks.append("ok")
            else:
                marks.append("SLOWER")
                failures.append("budget %s slower than %s" % (budget, policy))
        print("| %s | %s | %s | %d | %.3f | %s |" % (
            budget, "-" if budget == "min" else "%d" % limit, plan.choice,
            plan.peak, plan.seconds * 1e6, " | ".join(marks)))
        curve.append((limit, plan.peak, plan.seconds, budget))

    curve.sort()
    for (la, _, sa, ba), (lb, _, sb, bb) in zip(curve, curve[1:]):
        if sb > sa * (1 + TOLERANCE):
            failures.append("budget %s (%d B) slower than %s (%d B)" % (bb, lb, ba, la))
    print("\n%s: %s" % (name, "monotonic, never slower than a fixed policy that fits"
                        if not failures else "FAILED: " + "; ".join(failures)))

    if o.svg:
        pareto_svg.write(o.svg, "%s (simulated, pcie4)" % name,
                         [(peak, seconds, budget) for _, peak, seconds, budget in curve],
                         points)
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:  # a tool failed: its command and stderr
        sys.exit("%s: %s" % (os.path.basename(sys.argv[0]), e))
