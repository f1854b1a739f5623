#!/usr/bin/env python3
"""Gist footprint table: for each CNN of echo-models, the planned memory of
the training step under each Gist encoding (and combined with remat=echo),
from `echo-opt --echo-training-pipeline=... --echo-memory-report=format=json`.

  arena ratio = Baseline arena_bytes / optimized arena_bytes   (Gist's metric:
                feature maps + gradient maps + workspace, what the encodings
                shrink)
  total ratio = Baseline planned_peak_bytes / optimized planned_peak_bytes
                (includes weights, weight gradients and inputs)

usage: footprint.py [--bin DIR] [--batch N] [--models a,b,...] [--json FILE]
Prints a markdown table; the last lines are the fp8 arena ratio on AlexNet
and its mean over the ImageNet CNNs.
"""
import argparse
import json
import os
import subprocess
import sys
import time


def run(cmd, **kw):
    """subprocess.run, retried while a binary is briefly missing (rebuilt)."""
    for attempt in range(60):
        try:
            return subprocess.run(cmd, **kw)
        except (PermissionError, FileNotFoundError, OSError):
            if attempt == 59:
                raise
            time.sleep(5)

IMAGENET = ["alexnet", "overfeat", "nin", "vgg16", "resnet50", "resnet152",
            "inception-v4"]
OTHER = ["resnet-cifar"]
CONFIGS = [("none", "none")] + [(g, r) for r in ("none", "echo")
                                for g in ("lossless", "fp16", "fp10", "fp8")] \
          + [("none", "echo")]


def models_available(bindir):
    out = run([os.path.join(bindir, "echo-models"), "--list"],
                         capture_output=True, text=True, check=True).stdout
    return {l.split()[0] for l in out.splitlines() if l and not l[0].isspace()}


def report(bindir, model_ir, gist, remat):
    p = run(
        [os.path.join(bindir, "echo-opt"), "-",
         "--echo-training-pipeline=gist=%s remat=%s" % (gist, remat),
         "--echo-memory-report=format=json", "-o", "/dev/null"],
        input=model_ir, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("echo-opt failed (gist=%s remat=%s): %s"
                           % (gist, remat, p.stderr[-2000:]))
    for line in p.stderr.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            if d.get("function") == "train_step":
                return d
    raise RuntimeError("no train_step report")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "bin"))
    ap.add_argument("--batch", type=int, default=0,
                    help="batch size (0: each model's default)")
    ap.add_argument("--models", default="")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    avail = models_available(args.bin)
    models = [m for m in (args.models.split(",") if args.models
                          else IMAGENET + OTHER) if m in avail]
    rows, raw = [], {}
    cols = ["%s%s" % (g, "+echo" if r == "echo" else "") for g, r in CONFIGS[1:]]
    print("| model | batch | Baseline arena MiB | Baseline total MiB | "
          + " | ".join("%s arena / total" % c for c in cols) + " |")
    print("|---|---|---|---|" + "---|" * len(cols))
    fp8_arena = {}
    for m in models:
        cmd = [os.path.join(args.bin, "echo-models"), m]
        if args.batch:
            cmd.append("--batch=%d" % args.batch)
        ir = run(cmd, capture_output=True, text=True,
                            check=True).stdout
        batch = ir.split("tensor<", 1)[1].split("x", 1)[0]
        reps = {}
        for g, r in CONFIGS:
            reps[(g, r)] = report(args.bin, ir, g, r)
        base = reps[("none", "none")]
        cells = []
        for g, r in CONFIGS[1:]:
            d = reps[(g, r)]
            ar = base["arena_bytes"] / d["arena_bytes"]
            tr = base["planned_peak_bytes"] / d["planned_peak_bytes"]
            cells.append("%.2f / %.2f" % (ar, tr))
            if (g, r) == ("fp8", "none"):
                fp8_arena[m] = ar
        raw[m] = {"%s/%s" % k: {"arena_bytes": v["arena_bytes"],
                                "planned_peak_bytes": v["planned_peak_bytes"],
                                "encoded": v["breakdown"]["encoded"],
                                "stashed": v["breakdown"]["stashed"]}
                  for k, v in reps.items()}
        print("| %s | %s | %.1f | %.1f | %s |" % (
            m, batch, base["arena_bytes"] / 2**20,
            base["planned_peak_bytes"] / 2**20, " | ".join(cells)))
        sys.stdout.flush()
    inet = [fp8_arena[m] for m in IMAGENET if m in fp8_arena]
    if "alexnet" in fp8_arena:
        print("fp8 arena ratio alexnet %.3f" % fp8_arena["alexnet"])
    if inet:
        print("fp8 arena ratio imagenet mean %.3f over %d models"
              % (sum(inet) / len(inet), len(inet)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
