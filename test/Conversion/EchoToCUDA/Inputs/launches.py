#!/usr/bin/env python3
"""Launches per training step of a model at a GPU-sized batch, with and
without echo-fuse-light-loops, from --echo-lower-to-cuda's kernel report
(format=isa: no ptxas), and the serial-work bound of lower_model.py at
that size.

Prints: model NAME launches UNFUSED -> FUSED (kernels K, entries E) ratio R
Usage: launches.py ECHO_OPT NAME [--option=value ...] [--autodiff=OPTIONS]
(echo-models options; --autodiff: echo-autodiff's, default SGD)"""
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(__file__))
from lower_model import MIN_THREADS, SERIAL_BOUND  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "Remat", "Inputs"))
import echo_tool  # noqa: E402


def run(cmd, text):
    p = subprocess.run(cmd, input=text, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("FAIL: %s\n%s" % (" ".join(cmd), p.stderr[-4000:]))
    return p.stdout


def step_report(echo_opt, step, fuse):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "kernels.json")
        run([echo_opt, "-", "--echo-lower-to-cuda=format=isa fuse-loops=%s "
             "kernel-report=%s" % (fuse, path), "-o", os.devnull], step)
        with open(path) as f:
            report = json.load(f)
    steps = [f for f in report["functions"] if f["function"] == "train_step"]
    if len(steps) != 1:
        sys.exit("FAIL: no @train_step in the kernel report")
    return steps[0]


def main():
    echo_opt, model = sys.argv[1], sys.argv[2]
    autodiff = "optimizer=sgd lr=0.01"
    overrides = []
    for arg in sys.argv[3:]:
        if arg.startswith("--autodiff="):
            autodiff = arg[len("--autodiff="):]
        else:
            overrides.append(arg)
    ir = run([echo_tool.tool(echo_opt, "echo-models"), model] + overrides, "")
    step = run([echo_opt, "-", "--echo-autodiff=" + autodiff], ir)
    unfused = step_report(echo_opt, step, "false")
    fused = step_report(echo_opt, step, "true")
    for k in fused["kernel_launches"]:
        if k["serial"] < 0 or (k["serial"] > SERIAL_BOUND and
                               k["threads"] < MIN_THREADS):
            print("FAIL kernel %s runs %d iterations per thread on %d threads"
                  % (k["kernel"], k["serial"], k["threads"]))
    print("model %s launches %d -> %d (kernels %d, entries %d) ratio %.2f" %
          (model, unfused["launches"], fused["launches"], fused["kernels"],
           fused["entries"], fused["launches"] / unfused["launches"]))


if __name__ == "__main__":
    main()
