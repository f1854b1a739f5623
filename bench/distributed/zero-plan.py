#!/usr/bin/env python3
"""Per-rank planned memory of data-parallel steps under ZeRO's stages.

  bench/distributed/zero-plan.py [--bin build/bin] [--ranks 1,8,64]
                                 [--check 0.05] [MODEL ...]

For each model (default: ResNet-50 at 8 images per rank, GPT-2 124M at one
1024-token sequence per rank), each rank count and each stage (none,
optimizer, gradients, parameters), plans the training step with Adam
(echo-opt --echo-training-pipeline="optimizer=adam ranks=N shard=S") and
prints one rank's planned peak and persistent bytes next to the ZeRO
accounting of the same step: inputs + parameters (the arguments and the
new parameters, 2 x 4 bytes per element) + Adam's state (m and v, in and
out, 4 x 4 bytes per element), the parameters divided by N from stage 3,
the state from stage 1. Gradients are not persistent here: each is freed
right after its update (eager updates), so stage 2 plans what stage 1 does.
Nothing runs: the plan needs no devices. With --check, exits 1 when a
persistent figure is not within that fraction of the accounting.
"""

import argparse
import json
import os
import re
import subprocess
import sys

MODELS = {
    "resnet50": ["resnet50", "--batch", "8"],
    "gpt2": ["gpt2", "--batch", "1", "--dropout", "0"],
}
STAGES = ["none", "optimizer", "gradients", "parameters"]


def trainable_elements(forward):
    total = 0
    for m in re.finditer(r"tensor<([0-9x]+)xf32> \{echo\.trainable\}", forward):
        n = 1
        for d in m.group(1).split("x"):
            n *= int(d)
        total += n
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="build/bin")
    parser.add_argument("--ranks", default="1,8,64")
    parser.add_argument("--check", type=float, default=None)
    parser.add_argument("models", nargs="*", default=list(MODELS))
    o = parser.parse_args()
    tool = lambda name: os.path.join(o.bin, name)
    failed = False
    for model in o.models:
        forward = subprocess.run([tool("echo-models")] + MODELS[model],
                                 capture_output=True, text=True,
                                 check=True).stdout
        psi = trainable_elements(forward)
        print("%s (%s), %.1fM parameters, Adam, f32" %
              (model, " ".join(MODELS[model][1:]), psi / 1e6))
        print("| ranks | shard | planned peak MiB | persistent MiB | "
              "ZeRO accounting MiB | ratio | weights MiB | optimizer state MiB |")
        print("|---|---|---|---|---|---|---|---|")
        for ranks in [int(r) for r in o.ranks.split(",")]:
            for stage in STAGES:
                pipeline = ("--echo-training-pipeline=optimizer=adam ranks=%d "
                            "shard=%s" % (ranks, stage))
                p = subprocess.run([tool("echo-opt"), "-", pipeline,
                                    "--echo-memory-report=format=json",
                                    "-o", os.devnull], input=forward,
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    print("| %d | %s | error: %s |" %
                          (ranks, stage, p.stderr.strip().splitlines()[0]))
                    failed = True
                    continue
                report = next(json.loads(l) for l in p.stderr.splitlines()
                              if '"train_step"' in l)
                b = report["breakdown"]
                weights = 8 * psi / (ranks if stage == "parameters" else 1)
                state = 16 * psi / (1 if stage == "none" else ranks)
                expected = b["inputs"] + weights + state
                ratio = report["persistent_bytes"] / expected
                if o.check is not None and abs(ratio - 1) > o.check:
                    failed = True
                mib = lambda v: "%.1f" % (v / 2**20)
                print("| %d | %s | %s | %s | %s | %.4f | %s | %s |" % (
                    ranks, stage, mib(report["planned_peak_bytes"]),
                    mib(report["persistent_bytes"]), mib(expected), ratio,
                    mib(b["weights"]), mib(b["optimizer_state"])))
        print()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
