#!/usr/bin/env python3
"""Lowers one shipped model's training step with --echo-lower-to-cuda under
Baseline, Echo and Echo + Gist fp8, at the small sizes of the Remat tests.

With format=fatbin, gpu-module-to-binary runs ptxas (and fatbinary) on every
kernel module for every chip, so the pipeline succeeding means every kernel
assembled for each of them; a kernel calling a libdevice function that was
not linked fails there ("Unresolved extern function").

Prints, per policy, the number of kernel launches and kernel binaries in
the host code (every kernel is in one gpu.binary, echo-merge-kernel-modules)
and any echo op or gpu.module left:
  model NAME policy P launches=N binaries=M
Usage: lower_model.py ECHO_OPT MODEL [CHIPS]
       lower_model.py ECHO_OPT --complete DIR: checks that DIR has a test
       MODEL.test for every model echo-models lists, and no other."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "Remat", "Inputs"))
import echo_tool  # noqa: E402

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
        out = run([echo_opt, "-",
                   "--echo-lower-to-cuda=chips=%s format=fatbin ptxas-options=-O0" % chips],
                  planned)
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
