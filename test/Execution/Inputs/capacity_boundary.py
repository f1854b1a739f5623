#!/usr/bin/env python3
"""Checks that echo-run's capacity check agrees with its own peak: runs STEP
once with --memory-stats=json to read peak_bytes P, then with --capacity P
(must succeed: the peak fits exactly) and with --capacity P-1 (must fail with
exit status 4 and an out-of-memory message). Prints one line per run.

usage: capacity_boundary.py ECHO_RUN STEP.mlir [EXTRA ECHO-RUN OPTIONS...]
"""
import json
import subprocess
import sys

echo_run, step, options = sys.argv[1], sys.argv[2], sys.argv[3:]


def run(*extra):
    return subprocess.run([echo_run, step, *options, *extra], capture_output=True, text=True)


stats = run("--memory-stats=json")
if stats.returncode != 0:
    print("unlimited run failed with exit code %d: %s" % (stats.returncode, stats.stderr))
    sys.exit(1)
peak = json.loads(stats.stdout)["peak_bytes"]
print("peak_bytes %d" % peak)

ok = True
fits = run("--capacity", str(peak), "--memory-stats=json")
if fits.returncode == 0 and json.loads(fits.stdout)["peak_bytes"] == peak:
    print("capacity = peak: ok")
else:
    print("capacity = peak: FAILED (exit code %d) %s" % (fits.returncode, fits.stderr.strip()))
    ok = False

short = run("--capacity", str(peak - 1))
if short.returncode == 4 and "out of memory: cannot allocate" in short.stderr:
    print("capacity = peak - 1: out of memory, exit code 4")
else:
    print("capacity = peak - 1: FAILED (exit code %d) %s" % (short.returncode, short.stderr.strip()))
    ok = False
sys.exit(0 if ok else 1)
