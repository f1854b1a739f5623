#!/usr/bin/env python3
"""Mixed-precision training curves of a small GPT-2 on the CPU.

Trains the same small GPT-2 (2 layers, hidden 128, 4 heads, sequence 64,
batch 2, vocabulary 512, Adam lr 0.001, seed 0) in f32, under
`echo-autocast=bf16`, and under `echo-autocast=f16` with dynamic loss
scaling, and prints the loss every `--every` steps side by side with each
16-bit run's relative difference to f32, then the largest difference.

Usage: curves.py [--bin DIR] [--steps N] [--every K] [--attention fused|unfused]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

VARIANTS = [
    ("f32", [], "optimizer=adam lr=0.001"),
    ("bf16", ["--echo-autocast=compute=bf16"], "optimizer=adam lr=0.001"),
    ("f16 + loss scaling", ["--echo-autocast=compute=f16"],
     "optimizer=adam lr=0.001 loss-scale=dynamic"),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin"))
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--attention", default="fused")
    args = parser.parse_args()
    models = os.path.join(args.bin, "echo-models")
    opt = os.path.join(args.bin, "echo-opt")
    run = os.path.join(args.bin, "echo-run")
    curves = {}
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "gpt2.mlir")
        with open(model, "w") as out:
            subprocess.run([models, "gpt2", "--layers", "2", "--hidden", "128",
                            "--heads", "4", "--seq-len", "64", "--batch", "2",
                            "--vocab", "512", "--attention", args.attention],
                           stdout=out, check=True)
        for name, autocast, autodiff in VARIANTS:
            step = os.path.join(tmp, "step.mlir")
            subprocess.run([opt, model, *autocast, "--echo-autodiff=" + autodiff,
                            "-o", step], check=True)
            log = subprocess.run([run, step, "--iterations", str(args.steps),
                                  "--print-loss", "--seed", "0"],
                                 capture_output=True, text=True, check=True).stdout
            curves[name] = [float(m.group(1)) for m in
                            re.finditer(r"loss (\S+)", log)]
            if len(curves[name]) != args.steps:
                sys.exit("%s: %d losses" % (name, len(curves[name])))
    names = [n for n, _, _ in VARIANTS]
    print("| step | " + " | ".join(names) + " | bf16 vs f32 | f16 vs f32 |")
    print("|---" * (len(names) + 3) + "|")
    ref = curves["f32"]
    rel = lambda name, i: abs(curves[name][i] - ref[i]) / abs(ref[i])
    for i in list(range(0, args.steps, args.every)) + [args.steps - 1]:
        print("| %d | %s | %.3f%% | %.3f%% |" % (
            i, " | ".join("%.6f" % curves[n][i] for n in names),
            100 * rel("bf16", i), 100 * rel("f16 + loss scaling", i)))
    for name in names[1:]:
        worst = max(range(args.steps), key=lambda i: rel(name, i))
        print("largest relative difference to f32, %s: %.3f%% (step %d)" % (
            name, 100 * rel(name, worst), worst))


if __name__ == "__main__":
    main()
