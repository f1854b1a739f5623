#!/usr/bin/env python3
"""Lowering time of two builds side by side: --echo-lower-to-cpu on steps.

For each model, builds the SGD training step with the new build
(echo-models, then echo-opt --echo-autodiff="optimizer=sgd lr=0.1") and
lowers it to the LLVM dialect (--echo-lower-to-cpu: what echo-run and
echo-compile run before code generation) with the old and the new echo-opt
alternately, `rounds` times each. Prints per run the wall time of all
passes (--mlir-timing, threading off; parsing and printing excluded), the
slowest pass and the CPU time of the whole process, then the new/old
ratio of the medians (a run past --timeout counts as the timeout).

Usage: lowering.py --old OLD_BUILD [--new NEW_BUILD] [--rounds N]
                   [--timeout S] [MODEL[:ARGS] ...]
       (default models: mlp lstm-lm resnet-cifar nmt:--batch=2)
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from scaling import ROOT, slowest_pass, timing  # noqa: E402


def run(echo_opt, step, timeout):
    result = timing(echo_opt, step, ["--echo-lower-to-cpu"], timeout)
    if result is None:
        return None
    rows, passes, cpu = result
    slowest = slowest_pass(rows)
    return passes, cpu, slowest, rows[slowest]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds before a lowering is given up")
    parser.add_argument("models", nargs="*",
                        default=["mlp", "lstm-lm", "resnet-cifar", "nmt:--batch=2"])
    args = parser.parse_args()
    opt = {k: os.path.join(b, "bin", "echo-opt")
           for k, b in (("old", args.old), ("new", args.new))}
    models = os.path.join(args.new, "bin", "echo-models")
    for tool in (*opt.values(), models):
        if not os.access(tool, os.X_OK):
            sys.exit(f"lowering.py: {tool} not found")
    with tempfile.TemporaryDirectory() as work:
        for spec in args.models:
            name, _, extra = spec.partition(":")
            forward = os.path.join(work, "forward.mlir")
            step = os.path.join(work, "step.mlir")
            with open(forward, "w") as f:
                subprocess.run([models, name, *extra.split()], stdout=f, check=True)
            subprocess.run([opt["new"], forward,
                            "--echo-autodiff=optimizer=sgd lr=0.1", "-o", step],
                           check=True)
            walls = {"old": [], "new": []}
            cpus = {"old": [], "new": []}
            print(f"{spec}: --echo-lower-to-cpu on the SGD training step")
            for r in range(args.rounds):
                for which in ("old", "new"):
                    got = run(opt[which], step, args.timeout)
                    if got is None:
                        print(f"  round {r + 1} {which}: did not finish in "
                              f"{args.timeout:g} s")
                        walls[which].append(args.timeout)
                        cpus[which].append(args.timeout)
                        continue
                    passes, cpu, slowest, slow = got
                    print(f"  round {r + 1} {which}: passes {passes:8.3f} s wall "
                          f"(slowest {slowest} {slow:.3f} s), echo-opt "
                          f"{cpu:8.3f} s CPU")
                    walls[which].append(passes)
                    cpus[which].append(cpu)
            mw = {k: statistics.median(v) for k, v in walls.items()}
            mc = {k: statistics.median(v) for k, v in cpus.items()}
            print(f"  medians: passes old {mw['old']:.3f} s, new {mw['new']:.3f} s, "
                  f"new/old {mw['new'] / mw['old']:.3f}; CPU old {mc['old']:.3f} s, "
                  f"new {mc['new']:.3f} s, new/old {mc['new'] / mc['old']:.3f}")


if __name__ == "__main__":
    main()
