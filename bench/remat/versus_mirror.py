#!/usr/bin/env python3
"""Echo against Mirror (prior work) on every shipped model at its default
size, side by side in one run: planned peak bytes and recompute FLOPs of the
training step under remat=none|mirror|echo, from
  echo-opt MODEL.mlir --echo-training-pipeline=remat=R \
           --echo-memory-report=format=json -o /dev/null
Prints one row per model (ratios echo/mirror: < 1 means Echo is better) and
a summary. Memory and FLOPs are exact counts, not timings, so the machine's
load does not matter.

  bench/remat/versus_mirror.py [--bin DIR] [--jobs N] [model ...]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "../../build/bin"))
ap.add_argument("--jobs", type=int, default=2)
ap.add_argument("models", nargs="*")
args = ap.parse_args()
echo_opt = os.path.join(args.bin, "echo-opt")
echo_models = os.path.join(args.bin, "echo-models")
if not args.models:
    out = subprocess.run([echo_models, "--list"], check=True, capture_output=True, text=True).stdout
    args.models = [l.split()[0] for l in out.splitlines() if l and not l[0].isspace()]
work = tempfile.mkdtemp(prefix="versus-mirror-")


def report(path, remat):
    p = subprocess.run([echo_opt, path, "--echo-training-pipeline=remat=" + remat,
                        "--echo-memory-report=format=json", "-o", os.devnull],
                       capture_output=True, text=True)
    if p.returncode:
        sys.exit("echo-opt failed on %s remat=%s:\n%s" % (path, remat, p.stderr[-2000:]))
    reports = [json.loads(l) for l in p.stderr.splitlines() if l.startswith("{")]
    return max(reports, key=lambda r: r.get("ops", 0))


def row(model):
    path = os.path.join(work, model + ".mlir")
    with open(path, "w") as f:
        subprocess.run([echo_models, model], check=True, stdout=f)
    r = {p: report(path, p) for p in ("none", "mirror", "echo")}
    step = r["none"]["flops"]["forward"] + r["none"]["flops"]["backward"]
    return (model, r["none"]["planned_peak_bytes"],
            r["mirror"]["planned_peak_bytes"], r["echo"]["planned_peak_bytes"],
            r["mirror"]["flops"]["recompute"], r["echo"]["flops"]["recompute"], step)


print("%-13s %14s %14s %14s %8s | %9s %9s %8s" % (
    "model", "baseline_B", "mirror_B", "echo_B", "e/m", "mirror_%", "echo_%", "e/m"))
peak_wins = flops_wins = peak_ties = 0
with ThreadPoolExecutor(args.jobs) as pool:
    for model, base, pm, pe, fm, fe, step in pool.map(row, args.models):
        print("%-13s %14d %14d %14d %8.4f | %9.4f %9.4f %8s" % (
            model, base, pm, pe, pe / pm, 100.0 * fm / step, 100.0 * fe / step,
            "%.4f" % (fe / fm) if fm else "-"), flush=True)
        peak_wins += pe < pm
        peak_ties += pe == pm
        flops_wins += fe < fm
n = len(args.models)
print("echo below mirror: footprint %d/%d (equal %d), recompute FLOPs %d/%d" % (
    peak_wins, n, peak_ties, flops_wins, n))
