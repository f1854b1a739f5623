#!/usr/bin/env python3
"""Transformer activation memory under Megatron's and echo's policies.

For GPT-2 124M / 355M at s 1024 (b 1 and 8) and ViT-B/16 (224x224, b 1 and
8), all with dropout 0.1 and bf16 autocast (issue #36's table), plans the
training step with echo-opt under

  unfused attention: none, selective, full-layer (layer-stride=2: one
                     checkpoint per block), echo, optimal
  fused attention:   none, echo, Gist fp8, echo + Gist fp8

and prints, per row, the most bytes stashed + encoded at any point of the
step (the memory report's `activations.largest_bytes`: the activation
memory, wherever the planned peak falls), the planned peak, the recompute
FLOPs as a share of the step's, the simulated step on the pcie4 profile
(an A100 PCIe: bf16 products at its tensor-core rate, everything else
at FP32's or memory-bound; echo-simulate) and its increase over the same
attention's `none` row, and Korthikanti et al.'s formula for the
same shape (16-bit activations of the layers: s*b*h*(34 + 5*a*s/h) without
recomputation, 34*s*b*h selective, 2*s*b*h full-layer, times the layers)
plus the f32 logits the loss's backward reads (4 bytes per logit: 4*s*b*v
for a language model, 4*b*classes for ViT), which the per-layer formula
leaves out and every policy keeps.

Usage: megatron.py [--bin DIR] [--models gpt2,gpt2-medium,vit] [--batches 1,8]
                   [--optimal-time-limit S]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

MIB = 1 << 20

# name -> (echo-models name, layers, hidden, heads, sequence length,
#          logits per sample: s * vocabulary, or the classes)
MODELS = {
    "gpt2": ("gpt2", 12, 768, 12, 1024, 1024 * 50257),
    "gpt2-medium": ("gpt2-medium", 24, 1024, 16, 1024, 1024 * 50257),
    "vit": ("vit", 12, 768, 12, 197, 1000),
}

UNFUSED = [
    ("none", "remat=none", "none"),
    ("selective (Megatron)", "remat=selective", "selective"),
    ("full-layer (Megatron)", "remat=full-layer remat-layer-stride=2", "full"),
    ("Echo", "remat=echo", None),
    ("optimal", "remat=optimal", None),
]
FUSED = [
    ("none", "remat=none", None),
    ("Echo", "remat=echo", None),
    ("Gist fp8", "remat=none gist=fp8", None),
    ("Echo + Gist fp8", "remat=echo gist=fp8", None),
]


def formula_bytes(kind, layers, h, a, s, b, logits):
    sbh = s * b * h
    per_layer = {
        "none": sbh * (34 + 5 * a * s / h),
        "selective": 34 * sbh,
        "full": 2 * sbh,
    }[kind]
    return layers * per_layer + 4 * b * logits


def plan(echo_opt, mlir, options, time_limit):
    if "remat=optimal" in options:
        options += " remat-time-limit=%g" % time_limit
    start = time.monotonic()
    proc = subprocess.run(
        [echo_opt, mlir, "--echo-training-pipeline=" + options +
         " autocast=bf16 simulate=1 device-profile=pcie4",
         "--echo-memory-report=format=json", "-o", os.devnull],
        capture_output=True, text=True)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit("echo-opt failed (%s):\n%s" % (options, proc.stderr[-2000:]))
    for line in proc.stderr.splitlines():
        line = line.strip()
        if line.startswith("{"):
            report = json.loads(line)
            if report.get("function") == "train_step":
                return report, seconds, "warning" in proc.stderr
    sys.exit("no train_step report for " + options)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin"))
    parser.add_argument("--models", default="gpt2,gpt2-medium,vit")
    parser.add_argument("--batches", default="1,8")
    parser.add_argument("--optimal-time-limit", type=float, default=120)
    args = parser.parse_args()
    echo_models = os.path.join(args.bin, "echo-models")
    echo_opt = os.path.join(args.bin, "echo-opt")

    print("| model | b | attention | policy | largest stashed + encoded (MiB) "
          "| planned peak (MiB) | recompute FLOPs "
          "| simulated step, pcie4 (ms) "
          "| formula, 16-bit layers + f32 logits (MiB) |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.models.split(","):
            model, layers, h, a, s, logits = MODELS[name]
            for b in [int(x) for x in args.batches.split(",")]:
                for attention, rows in (("unfused", UNFUSED), ("fused", FUSED)):
                    base_step = None
                    mlir = os.path.join(tmp, "%s-%d-%s.mlir" % (name, b, attention))
                    with open(mlir, "w") as out:
                        subprocess.run([echo_models, model, "--batch", str(b),
                                        "--dropout", "0.1",
                                        "--attention", attention],
                                       stdout=out, check=True)
                    for label, options, formula in rows:
                        report, seconds, warned = plan(
                            echo_opt, mlir, options, args.optimal_time_limit)
                        flops = report["flops"]
                        kept = report["activations"]["largest_bytes"]
                        share = flops["recompute"] / (
                            flops["forward"] + flops["backward"])
                        form = ("%.1f" % (formula_bytes(formula, layers, h, a, s, b,
                                                        logits) / MIB)
                                if formula else "")
                        note = " (solver stopped: Echo's plan)" if warned else ""
                        step = report["simulated_step"]["step_seconds"]
                        if base_step is None:
                            base_step = step  # the `none` row comes first
                        step_text = "%.2f" % (step * 1e3) + (
                            "" if step == base_step
                            else " (+%.1f%%)" % (100 * (step / base_step - 1)))
                        print("| %s | %d | %s | %s%s | %.1f | %.1f | %.2f%% | %s | %s |" % (
                            name, b, attention, label, note, kept / MIB,
                            report["planned_peak_bytes"] / MIB, 100 * share,
                            step_text, form),
                            flush=True)
                        print("  %s b%d %s %s: %.1f s" % (name, b, attention, label,
                                                          seconds), file=sys.stderr)
                    os.remove(mlir)


if __name__ == "__main__":
    main()
