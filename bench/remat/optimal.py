#!/usr/bin/env python3
"""Planned peak of the training step under remat=none (Baseline), echo and
optimal (the MILP, echo-remat policy=optimal), side by side, with the
recompute FLOPs as a share of the step's FLOPs and the solver's remark.

Usage: optimal.py [--bin DIR] [--models nmt,lstm-lm] [--time-limit S]
                  [--budget min|BYTES] [--MODEL-OPT=VALUE ...]
Default sizes are the models' own (NMT: batch 128)."""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "Remat", "Inputs"))
import echo_tool  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
ap.add_argument("--models", default="nmt,lstm-lm")
ap.add_argument("--time-limit", default="60")
ap.add_argument("--budget", default="min")
args, model_opts = ap.parse_known_args()
echo_opt = os.path.join(args.bin, "echo-opt")


def run(ir, remat):
    extra = []
    if remat == "optimal":
        extra = ["--echo-remat=policy=optimal remarks=true budget=%s time-limit=%s"
                 % (args.budget, args.time_limit)]
    # echo-autodiff, then echo-remat with remarks, then the plan's report.
    passes = ["--echo-autodiff"]
    if remat == "echo":
        passes.append("--echo-remat=policy=echo")
    passes += extra
    t0 = time.perf_counter()
    p = subprocess.run([echo_opt, "-"] + passes + ["--echo-training-pipeline=remat=none",
                        "--echo-memory-report=format=json", "-o", os.devnull],
                       input=ir, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit("echo-opt failed (%s):\n%s" % (remat, p.stderr[-3000:]))
    reports = [json.loads(l) for l in p.stderr.splitlines() if l.startswith("{")]
    steps = [r for r in reports if r.get("function") == "train_step"] or reports
    # The solve, the MILP's bound, and the floor at the plan's peak point.
    remarks = [l for l in p.stderr.splitlines() if "echo-remat: optimal" in l
               or "lower bound" in l or "no recomputation goes below" in l]
    return max(steps, key=lambda r: r.get("ops", 0)), remarks, seconds


print("%-8s %-9s %15s %8s %11s %8s" % ("model", "policy", "planned_peak", "vs_base",
                                       "recompute%", "seconds"))
for model in args.models.split(","):
    cmd = [os.path.join(args.bin, "echo-models"), model] + model_opts
    ir = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    base = None
    for remat in ("none", "echo", "optimal"):
        rep, remarks, seconds = run(ir, remat)
        peak = rep["planned_peak_bytes"]
        base = base or peak
        f = rep["flops"]
        step = f["forward"] + f["backward"] + f["recompute"]
        print("%-8s %-9s %15d %7.3fx %10.3f%% %8.1f" % (
            model, remat, peak, base / peak, 100.0 * f["recompute"] / step, seconds))
        for r in remarks:
            print("    " + re.sub(r"^.*remark: ", "", r))
