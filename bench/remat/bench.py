#!/usr/bin/env python3
"""CPU step time of Baseline / Mirror / Echo with echo-run, interleaved.

For each model: build the forward function with echo-models, differentiate
it once (echo-autodiff), apply echo-remat (policy=mirror, policy=echo), then
run `echo-run --iterations N` on the three steps in rotation for R rounds
(the order rotates each round), take the median per-step wall time of each
policy, and print ratios against Baseline together with the memory report
(planned peak, stashed bytes, recompute FLOPs share)."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "Remat", "Inputs"))
import echo_tool  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
ap.add_argument("--iterations", type=int, default=20)
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("--models", default="mlp,lstm-lm,nmt")
args = ap.parse_args()
echo_opt = os.path.join(args.bin, "echo-opt")
echo_run = os.path.join(args.bin, "echo-run")

# Reduced sizes (CPU): override per model.
SIZES = {
    "mlp": {"batch": "32", "hidden": "256"},
    "lstm-lm": {"batch": "8", "seq-len": "8", "hidden": "32", "layers": "2", "vocab": "100"},
    "nmt": {"batch": "8", "seq-len": "8", "src-len": "8", "tgt-len": "8", "hidden": "64",
            "layers": "1", "vocab": "100"},
}
available = dict(echo_tool.list_models(echo_opt))
tmp = tempfile.mkdtemp(prefix="bench-remat-")
print("%-8s %-8s %12s %8s %12s %10s %14s" % ("model", "policy", "step_ms", "ratio",
                                              "peak_bytes", "stashed", "recompute%"))
for model in args.models.split(","):
    if model not in available:
        print("%-8s (not shipped by echo-models --list; skipped)" % model)
        continue
    ir = echo_tool.model_ir(echo_opt, model, available[model], SIZES.get(model, {}))
    src = os.path.join(tmp, model + ".mlir")
    open(src, "w").write(ir)
    steps = {}
    for pol, passes in (("baseline", ["--echo-autodiff"]),
                        ("mirror", ["--echo-autodiff", "--echo-remat=policy=mirror"]),
                        ("echo", ["--echo-autodiff", "--echo-remat=policy=echo"])):
        out = os.path.join(tmp, "%s.%s.mlir" % (model, pol))
        subprocess.run([echo_opt, src] + passes + ["-o", out], check=True)
        steps[pol] = out
    times = {p: [] for p in steps}
    order = list(steps)
    for r in range(args.rounds):
        for pol in order[r % 3:] + order[:r % 3]:
            t0 = time.perf_counter()
            subprocess.run([echo_run, steps[pol], "--seed", "1", "--iterations",
                            str(args.iterations)], check=True, stdout=subprocess.DEVNULL)
            times[pol].append((time.perf_counter() - t0) / args.iterations * 1e3)
    base = statistics.median(times["baseline"])
    for pol, remat in (("baseline", "none"), ("mirror", "mirror"), ("echo", "echo")):
        rep = echo_tool.report(echo_opt, ir, remat)
        fl = rep["flops"]
        total = fl["forward"] + fl["backward"] + fl["recompute"]
        med = statistics.median(times[pol])
        print("%-8s %-8s %12.3f %8.3f %12d %10d %13.2f%%" % (
            model, pol, med, med / base, rep["planned_peak_bytes"], echo_tool.stashed(rep),
            100.0 * fl["recompute"] / total if total else 0.0))
    sys.stdout.flush()
