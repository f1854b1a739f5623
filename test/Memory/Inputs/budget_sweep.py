#!/usr/bin/env python3
"""Check echo-budget-plan's promises on one model over a budget sweep.

  budget_sweep.py --bin BIN [--budgets 100%,75%,50%,35%,min]
                  [--allow-lossy fp8] [--no-run] DIR MODEL [ECHO-MODELS OPTIONS...]

Builds the model's training step (echo-models | echo-opt
--echo-autodiff=optimizer=sgd), plans it under each fixed policy (Baseline,
mirror, Echo, Echo + lossless Gist, Echo + Gist at the allowed precision,
offload=dymem; echo-training-pipeline with simulate, the memory report's
planned peak and simulated step), then under each budget with
echo-budget-plan, and checks:
  - the chosen step, planned again, has the peak the plan recorded, at most
    the budget (a budget nothing fits must be an error, and then the
    smallest peak it names must be above the budget);
  - two runs of the pass give byte-identical output;
  - the simulated step is non-increasing as the budget grows, and never
    slower than a fixed policy whose planned peak fits the same budget;
  - no fixed policy and no chosen step simulates faster than the plan's
    step_lower_bound;
  - the step runs (echo-run, 2 SGD steps) with a measured peak at most the
    plan, and, when no lossy encoding was chosen, results bit-identical to
    the Baseline's (cmp of --dump-results); --no-run leaves these out (a
    model too large to run here).
Prints one line per budget and per check; exits 1 if a check fails.
"""

import argparse
import filecmp
import json
import os
import re
import subprocess
import sys


def run(cmd, ok=True, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if ok and r.returncode != 0:
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd), r.returncode,
                                               r.stderr[-2000:]))
    return r


def report(tool, step, pipeline):
    """@train_step's planned peak and simulated step, the recorded step
    lower bound (None without a budget plan) and the simulated steps of
    all functions summed, which the bound covers."""
    r = run([tool("echo-opt"), step, "--echo-training-pipeline=" + pipeline,
             "--echo-memory-report=format=json", "-o", os.devnull])
    found, total = None, 0.0
    for line in r.stderr.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            total += d["simulated_step"]["step_seconds"]
            if d["function"] == "train_step":
                bound = d.get("budget_plan", {}).get("step_lower_bound_seconds")
                found = (d["planned_peak_bytes"],
                         d["simulated_step"]["step_seconds"], bound)
    if found is None:
        raise RuntimeError("no report for @train_step")
    return found + (total,)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--budgets", default="100%,75%,50%,35%,min")
    p.add_argument("--allow-lossy", default="fp8")
    p.add_argument("--no-run", action="store_true")
    p.add_argument("dir")
    p.add_argument("model", nargs=argparse.REMAINDER)
    o = p.parse_args()
    tool = lambda name: os.path.join(o.bin, name)
    os.makedirs(o.dir, exist_ok=True)
    name = o.model[0]
    path = lambda tag: os.path.join(o.dir, "%s.%s" % (name, tag))
    forward = run([tool("echo-models")] + o.model).stdout
    step = path("step.mlir")
    run([tool("echo-opt"), "--echo-autodiff=optimizer=sgd lr=0.01", "-o",
         step], input=forward)

    failures = []
    def check(ok, what):
        print("%s: %s: %s" % (name, "ok" if ok else "FAILED", what))
        if not ok:
            failures.append(what)

    fixed = {
        "baseline": "simulate=1",
        "mirror": "remat=mirror simulate=1",
        "echo": "remat=echo simulate=1",
        "echo+lossless": "remat=echo gist=lossless simulate=1",
        "offload=dymem": "offload=dymem",
    }
    if o.allow_lossy != "none":
        fixed["echo+" + o.allow_lossy] = "remat=echo gist=%s simulate=1" % o.allow_lossy
    points = {k: report(tool, step, v) for k, v in fixed.items()}
    baseline_peak = points["baseline"][0]

    # Baseline's results after 2 steps, the reference of lossless plans.
    if not o.no_run:
        run([tool("echo-run"), step, "--no-cache", "--iterations=2",
             "--dump-results=" + path("baseline.bin")])

    results = []  # (limit, seconds)
    for budget in o.budgets.split(","):
        out = path("budget-%s.mlir" % budget.replace("%", "pct"))
        cmd = [tool("echo-opt"), step,
               "--echo-budget-plan=budget=%s allow-lossy=%s" % (budget, o.allow_lossy)]
        first = run(cmd + ["-o", out], ok=False)
        if budget.endswith("%"):
            limit = int(baseline_peak * float(budget[:-1]) / 100)
        elif budget == "min":
            limit = None
        else:
            limit = int(budget)
        if first.returncode != 0:
            # The smallest peak planned, or the persistent bytes every
            # plan holds.
            m = re.search(r"(?:smallest planned peak is|alone take) (\d+) bytes",
                          first.stderr)
            check(m is not None and limit is not None and int(m.group(1)) > limit,
                  "budget %s: nothing fits (%s)" % (budget,
                  m.group(0) if m else first.stderr.strip()[-300:]))
            continue
        second = run(cmd + ["-o", out + ".again"])
        check(filecmp.cmp(out, out + ".again", shallow=False),
              "budget %s: two runs byte-identical" % budget)
        remark = re.search(r"remark: echo-budget-plan: (.*)", first.stderr).group(1)
        choice = re.search(r"remat=\S+ gist=\S+ offload=[a-z]+", remark).group(0)
        mix = re.search(r"taking back \d+ of its \d+ stash decisions \([a-z-]+ mix\)", remark)
        if mix:
            choice += ", " + mix.group(0)
        recorded = int(re.search(r"planned peak (\d+) bytes", remark).group(1))
        peak, seconds, bound, total = report(tool, out, "simulate=1")
        if limit is None:
            limit = peak
        print("%s: budget %s (%d bytes): %s, peak %d, step %.3f us" %
              (name, budget, limit, choice, peak, seconds * 1e6))
        check(peak == recorded and peak <= limit,
              "budget %s: replanned peak %d == recorded %d <= budget %d" %
              (budget, peak, recorded, limit))
        check("below the lower bound" not in first.stderr,
              "budget %s: no candidate below the step's lower bound" % budget)
        check(bound is not None and
              all(bound <= t * (1 + 1e-9)
                  for t in [total] + [f[3] for f in points.values()]),
              "budget %s: step lower bound %s us <= every plan's steps, "
              "each summed over all its functions" %
              (budget, "%.3f" % (bound * 1e6) if bound is not None else None))
        for policy, (fpeak, fseconds, _, _) in points.items():
            if fpeak <= limit:
                check(seconds <= fseconds * (1 + 1e-9),
                      "budget %s: not slower than %s (%.3f <= %.3f us)" %
                      (budget, policy, seconds * 1e6, fseconds * 1e6))
        results.append((limit, seconds))
        if o.no_run:
            continue
        stats = run([tool("echo-run"), out, "--no-cache", "--iterations=2",
                     "--memory-stats=json", "--dump-results=" + out + ".bin"])
        lines = [l for l in stats.stdout.splitlines() if l.startswith("{")]
        measured = json.loads(lines[-1])["peak_bytes"]
        check(measured <= peak, "budget %s: measured peak %d <= planned %d" %
              (budget, measured, peak))
        if "gist=fp" not in choice:
            check(filecmp.cmp(out + ".bin", path("baseline.bin"), shallow=False),
                  "budget %s: results bit-identical to the Baseline's" % budget)

    results.sort()
    monotonic = all(a[1] >= b[1] * (1 - 1e-9)
                    for a, b in zip(results, results[1:]))
    check(monotonic, "simulated step non-increasing as the budget grows")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
