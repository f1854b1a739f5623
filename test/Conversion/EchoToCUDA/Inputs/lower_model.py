#!/usr/bin/env python3
"""Lowers one shipped model's training step with --echo-lower-to-cuda under
Baseline, Echo and Echo + Gist fp8, at the small sizes of the Remat tests.

With format=fatbin, gpu-module-to-binary runs ptxas (and fatbinary) on every
kernel module for every chip, so the pipeline succeeding means every kernel
assembled for each of them; a kernel calling a libdevice function that was
not linked fails there ("Unresolved extern function"). The kernels are
compiled at opt-level=0 with ptxas -O0: assembling is what is checked, and
the NVPTX back end at its default level took 8x longer (ResNet-50: 40 s
against 5 s per chip); real-lower-cuda.test keeps the default level.

Prints, per policy, the number of kernel launches and kernel binaries in
the host code (every kernel is in one gpu.binary, echo-merge-kernel-modules)
and any echo op or gpu.module left:
  model NAME policy P launches=N binaries=M

The lowering also writes its kernel report (kernel-report=FILE), and every
kernel of every function must keep the stated bound on per-thread serial
work: a kernel whose threads each run more than SERIAL_BOUND iterations
has at least MIN_THREADS threads (a reduction spread over a block per
output, not walked by one thread per output); an unknown loop length fails
too. Each violation prints a FAIL line.
Usage: lower_model.py ECHO_OPT MODEL [CHIPS]
       lower_model.py ECHO_OPT --complete DIR: checks that DIR has a test
       MODEL.test for every model echo-models lists, and no other."""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "Remat", "Inputs"))
import echo_tool  # noqa: E402

SERIAL_BOUND = 64
MIN_THREADS = 16384

POLICIES = [
    ("baseline", []),
    ("echo", ["--echo-remat=policy=echo"]),
    ("echo-fp8", ["--echo-remat=policy=echo gist=fp8",
                  "--gist-encode=lossless=true dpr=fp8"]),
]


def run(cmd, text):
    p = subprocess.run(cmd, input=text, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("FAIL: %s\n%s" % (" ".join(cmd), p.stderr[-4000:]))
    return p.stdout


def check_serial(model, policy, report):
    """FAIL lines for kernels over the serial-work bound."""
    for function in report["functions"]:
        for k in function["kernel_launches"]:
            serial, threads = k["serial"], k["threads"]
            if serial < 0 or (serial > SERIAL_BOUND and threads < MIN_THREADS):
                print("FAIL model %s policy %s: kernel %s of @%s runs %d "
                      "iterations per thread on %d threads" %
                      (model, policy, k["kernel"], function["function"],
                       serial, threads))


def check_complete(echo_opt, directory):
    listed = {name for name, _ in echo_tool.list_models(echo_opt)}
    tested = {f[:-len(".test")] for f in os.listdir(directory)
              if f.endswith(".test")}
    for name in sorted(listed - tested):
        print("FAIL: no test lowers %s (add %s.test)" % (name, name))
    for name in sorted(tested - listed):
        print("FAIL: %s.test lowers a model echo-models does not list" % name)
    print("models listed=%d tested=%d" % (len(listed), len(tested & listed)))


def main():
    echo_opt, model = sys.argv[1], sys.argv[2]
    if model == "--complete":
        return check_complete(echo_opt, sys.argv[3])
    chips = sys.argv[3] if len(sys.argv) > 3 else "sm_80,sm_90"
    options = dict(echo_tool.list_models(echo_opt))
    if model not in options:
        sys.exit("FAIL: echo-models does not list %s" % model)
    ir = echo_tool.model_ir(echo_opt, model, options[model])
    step = run([echo_opt, "-", "--echo-autodiff=optimizer=sgd lr=0.01"], ir)
    for name, passes in POLICIES:
        planned = run([echo_opt, "-"] + passes, step) if passes else step
        with tempfile.TemporaryDirectory() as tmp:
            report_path = os.path.join(tmp, "kernels.json")
            out = run([echo_opt, "-",
                       "--echo-lower-to-cuda=chips=%s format=fatbin "
                       "opt-level=0 ptxas-options=-O0 kernel-report=%s" % (chips, report_path)],
                      planned)
            with open(report_path) as f:
                report = json.load(f)
        check_serial(model, name, report)
        # No echo op is left; the kernels are gpu.launch_func ops of the
        # host code and gpu.binary ops (lowered when translated to LLVM IR).
        leftovers = sorted(set(re.findall(r"^\s*(?:%\S+ = )?\"?(echo\.\w+)",
                                          out, re.M)))
        launches = len(re.findall(r"^\s*gpu\.launch_func ", out, re.M))
        binaries = len(re.findall(r"^\s*gpu\.binary ", out, re.M))
        modules = len(re.findall(r"^\s*gpu\.module ", out, re.M))
        if modules:
            leftovers.append("gpu.module")
        print("model %s policy %s launches=%d binaries=%d" %
              (model, name, launches, binaries))
        if leftovers:
            print("FAIL leftover ops: %s" % ", ".join(leftovers))


if __name__ == "__main__":
    main()
