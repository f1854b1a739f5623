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
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(__file__))
from lower_model import check_serial, echo_tool, run  # noqa: E402


def step_report(echo_opt, step, fuse):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "kernels.json")
        run([echo_opt, "-", "--echo-lower-to-cuda=format=isa opt-level=0 fuse-loops=%s "
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
    check_serial(model, "fused", {"functions": [fused]})
    print("model %s launches %d -> %d (kernels %d, entries %d) ratio %.2f" %
          (model, unfused["launches"], fused["launches"], fused["kernels"],
           fused["entries"], fused["launches"] / unfused["launches"]))


if __name__ == "__main__":
    main()
