#!/usr/bin/env python3
"""Runs every pipeline of PIPELINES on every model of MODELS twice while
two CPU-burning processes load the machine, and compares the two runs'
outputs (the IR on stdout and everything on stderr: memory reports,
remarks, warnings) byte for byte. Prints "same MODEL: PIPELINE" or
"DIFFERENT MODEL: PIPELINE" per pair and exits non-zero on a difference
or a failed run.
Usage: twice_under_load.py ECHO_OPT WORKDIR"""
import concurrent.futures
import os
import subprocess
import sys

echo_opt, work = sys.argv[1], sys.argv[2]
tools = os.path.dirname(os.path.abspath(echo_opt))
os.makedirs(work, exist_ok=True)

# Small sizes: the whole test stays under a minute on two loaded cores.
MODELS = {
    "mlp": ["--batch=2", "--hidden=16"],
    "resnet-cifar": ["--batch=2", "--image-size=8", "--depth=8"],
}

TP = "--echo-training-pipeline="
# The fuzzer's pipelines (scripts/fuzz_mutate.py: REPLAY_PIPELINES and
# pipeline_option's passes), and the planning options beside them. {dir}:
# the run's own directory, for reports written to files.
PIPELINES = [
    [TP.rstrip("=")],
    [TP + "remat=echo gist=fp8 optimizer=adam"],
    [TP + "remat=mirror gist=lossless optimizer=sgd"],
    # A tight count limit: the search stops early, at the same place.
    [TP + "remat=optimal remat-solver-nodes=1 gist=lossless"],
    [TP + "remat=echo offload=dymem schedule=best"],
    [TP + "remat=none schedule=list offload=greedy gist=fp8"],
    ["--pass-pipeline=builtin.module(echo-autodiff{skip-existing},"
     "func.func(echo-remat{policy=echo remarks=true}))"],
    ["--echo-autodiff", "--echo-lower-to-cpu"],
    # The budget planner: every candidate simulated and planned.
    [TP + "budget=min allow-lossy=fp8 remat-solver-nodes=1 optimizer=sgd",
     "--echo-memory-report=format=json"],
    # Every memory report format, each to its own file.
    [TP + "remat=echo gist=fp8"] +
    ["--echo-memory-report=format=%s output={dir}/report.%s" % (f, f)
     for f in ("text", "json", "trace", "svg", "html")],
    ["--echo-autodiff", "--echo-annotate-memory",
     "--echo-memory-report=format=graph output={dir}/report.graph"],
]


def run(model, i, flags, n):
    """Exit status and every file of the run (stdout, stderr, reports)."""
    out = os.path.join(work, "%s.%d.%d" % (model, i, n))
    os.makedirs(out, exist_ok=True)
    flags = [f.replace("{dir}", out) for f in flags]
    with open(out + "/stdout", "wb") as o, open(out + "/stderr", "wb") as e:
        rc = subprocess.run([echo_opt, os.path.join(work, model + ".mlir")] + flags,
                            stdout=o, stderr=e).returncode
    files = {}
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name), "rb") as f:
            files[name] = f.read()
    return rc, files


for model, options in MODELS.items():
    with open(os.path.join(work, model + ".mlir"), "w") as f:
        subprocess.run([os.path.join(tools, "echo-models"), model] + options,
                       stdout=f, check=True)

# Burners live only as long as this script (they stop when orphaned).
burn = "import os\np = os.getppid()\nwhile os.getppid() == p: pass\n"
burners = [subprocess.Popen([sys.executable, "-c", burn]) for _ in range(2)]
bad = 0
try:
    jobs = [(m, i, p) for m in MODELS for i, p in enumerate(PIPELINES)]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        runs = {(m, i, n): pool.submit(run, m, i, p, n)
                for m, i, p in jobs for n in (1, 2)}
        for m, i, p in jobs:
            a, b = runs[(m, i, 1)].result(), runs[(m, i, 2)].result()
            name = "%s: %s" % (m, " ".join(p))
            if a[0] != 0 or b[0] != 0:
                bad += 1
                print("FAILED %s (exit %d, %d)\n%s" % (name, a[0], b[0],
                                                      a[1]["stderr"].decode(errors="replace")[-2000:]))
            elif a[1] != b[1]:
                bad += 1
                print("DIFFERENT %s (%s)" % (name, ", ".join(
                    k for k in sorted(set(a[1]) | set(b[1])) if a[1].get(k) != b[1].get(k))))
            else:
                print("same " + name)
finally:
    for b in burners:
        b.kill()
        b.wait()
print("pairs compared: %d, different or failed: %d" % (len(jobs), bad))
sys.exit(1 if bad else 0)
