#!/usr/bin/env python3
"""Wall time of data-parallel steps with and without gradient buckets.

  bench/distributed/bucket-time.py [--bin build/bin] [--ranks 2]
      [--mpirun "mpirun --oversubscribe"] [--iterations 50] [--repeats 5]
      [--dir DIR] [MODEL ...]

For each model (default: the MLP at 8 samples per rank, ResNet-32 at 2
images per rank), builds one rank's SGD step with echo-data-parallel
bucket-bytes=0 (one echo.all_reduce per gradient) and with the default
buckets (25 MiB), compiles both (echo-compile --shared), and runs them
under `mpirun -np RANKS echo-step --time` alternately, REPEATS times each,
ITERATIONS steps a run. Prints the collectives of each step and the median
over the runs of rank 0's mean step time (echo-step --time: the first step
excluded).
"""

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

MODELS = {
    "mlp": ["mlp", "--batch", "8"],
    "resnet32": ["resnet-cifar", "--depth", "32", "--batch", "2"],
}


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, **kw)
    if p.returncode != 0:
        sys.exit("%s exited %d: %s" % (cmd if isinstance(cmd, str)
                                       else " ".join(cmd), p.returncode,
                                       p.stderr.strip()[-2000:]))
    return p


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="build/bin")
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--mpirun", default="mpirun --oversubscribe")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--dir", default=None)
    parser.add_argument("models", nargs="*", default=list(MODELS))
    o = parser.parse_args()
    tool = lambda name: os.path.join(o.bin, name)
    work = o.dir or tempfile.mkdtemp(prefix="bucket-time.")
    os.makedirs(work, exist_ok=True)

    print("| model | ranks | bucket-bytes | all-reduces | ms per step (median of %d runs of %d steps) |"
          % (o.repeats, o.iterations))
    print("|---|---|---|---|---|")
    for model in o.models:
        forward = run([tool("echo-models")] + MODELS[model]).stdout
        variants = [("0", "bucket-bytes=0"), ("default", "")]
        steps, counts = {}, {}
        for name, option in variants:
            mlir = os.path.join(work, "%s-%s.mlir" % (model, name))
            run([tool("echo-opt"), "--echo-autodiff=optimizer=sgd lr=0.01",
                 "--echo-data-parallel=ranks=%d %s" % (o.ranks, option),
                 "-o", mlir], input=forward)
            counts[name] = open(mlir).read().count("echo.all_reduce ")
            steps[name] = os.path.join(work, "%s-%s.so" % (model, name))
            run([tool("echo-compile"), mlir, "--shared", "-o", steps[name]])
        times = {name: [] for name, _ in variants}
        for _ in range(o.repeats):
            for name, _ in variants:
                out = run("%s -np %d %s %s --iterations %d --time" % (
                    o.mpirun, o.ranks, shlex.quote(tool("echo-step")),
                    shlex.quote(steps[name]), o.iterations), shell=True)
                found = re.findall(r"([0-9.]+) ms", out.stdout + out.stderr)
                if not found:
                    sys.exit("no step time in: " + out.stdout + out.stderr)
                times[name].append(float(found[0]))
        for name, _ in variants:
            print("| %s | %d | %s | %d | %.3f |" % (
                model, o.ranks, "0" if name == "0" else "25 MiB (default)",
                counts[name], statistics.median(times[name])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
