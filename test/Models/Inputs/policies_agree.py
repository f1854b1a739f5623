#!/usr/bin/env python3
"""Baseline, Echo, Mirror and Echo + lossless Gist on one model's training
step: bit-identical results, and planned == measured peaks.

  policies_agree.py BIN DIR MODEL [ECHO-MODELS OPTIONS...]

Builds the SGD training step (echo-models | echo-opt --echo-autodiff), then
per policy (none, echo, mirror, echo+gist: echo-remat and gist-encode run by
echo-opt) runs two steps with echo-run --seed 1 --dump-results and compares
the results byte for byte with Baseline's, and compares the planned peak of
@train_step (--echo-training-pipeline --echo-memory-report=format=json)
with the peak echo-run measures (--memory-stats=json). Prints per policy
'POLICY: identical, peak agrees: N bytes (recompute regions R)' or what
differs, and exits 1 on any difference or if Echo recomputes nothing."""
import json
import os
import subprocess
import sys

POLICIES = [("none", []), ("echo", ["--echo-remat=policy=echo"]),
            ("mirror", ["--echo-remat=policy=mirror"]),
            ("echo+gist", ["--echo-remat=policy=echo", "--gist-encode"])]


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.exit("FAIL: %s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr[-3000:]))
    return p


def main():
    bin_dir, work, model, options = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    tool = lambda name: os.path.join(bin_dir, name)
    os.makedirs(work, exist_ok=True)
    ir = run([tool("echo-models"), model] + options).stdout
    step = os.path.join(work, "step.mlir")
    run([tool("echo-opt"), "-", "--echo-autodiff=optimizer=sgd lr=0.1", "-o", step], input=ir)
    failed, baseline = False, None
    for name, passes in POLICIES:
        planned = os.path.join(work, name + ".mlir")
        run([tool("echo-opt"), step] + passes + ["-o", planned])
        dump = os.path.join(work, name + ".out")
        run([tool("echo-run"), planned, "--seed", "1", "--iterations", "2", "--dump-results", dump])
        results = open(dump, "rb").read()
        baseline = baseline if baseline is not None else results
        report = run([tool("echo-opt"), planned, "--echo-training-pipeline",
                      "--echo-memory-report=format=json", "-o", os.devnull]).stderr
        plan = [json.loads(l) for l in report.splitlines() if l.startswith("{")]
        plan = [r for r in plan if r.get("function") == "train_step"][0]["planned_peak_bytes"]
        stats = run([tool("echo-run"), planned, "--memory-stats=json"]).stdout.strip().splitlines()
        measured = json.loads(stats[-1])["peak_bytes"]
        regions = open(planned).read().count("echo.recompute")
        same = results == baseline
        print("%s: %s, peak %s: %d planned, %d measured (recompute regions %d)" % (
            name, "identical" if same else "DIFFERENT", "agrees" if plan == measured else "DIFFERS",
            plan, measured, regions))
        failed |= not same or plan != measured or (name == "echo" and regions == 0)
    print("policies agree: %s" % ("FAIL" if failed else "OK"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
