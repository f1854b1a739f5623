#!/usr/bin/env python3
"""check_policies.py ECHO_OPT FILE.mlir: stashed bytes (sum of the report's
by_op_kind), planned peak and recompute FLOPs of the training step under
remat=none, echo, mirror and echo with its local estimate only
(echo-remat peak-check=false), then the checks:
  * Echo's estimate stashes less than Baseline, and no more than mirror
    (trimming keeps a subgraph's all-recompute path when nothing cheaper
    exists, so it can tie mirror but must not lose to it);
  * echo (estimate checked against the step's peak) plans no more than
    Baseline and no more than mirror;
  * the FLOPs the echo-remat remarks announce equal flops.recompute of the
    report (remarks describe what is materialized)."""
import re
import subprocess
import sys
import echo_tool

echo_opt, path = sys.argv[1], sys.argv[2]
ir = open(path).read()
rep = {r: echo_tool.report(echo_opt, ir, r) for r in ("none", "echo", "mirror")}
rep["estimate"] = echo_tool.report(
    echo_opt, ir, "none", pre=["--echo-autodiff", "--echo-remat=peak-check=false"])
for r in ("none", "echo", "mirror", "estimate"):
    print("%s stashed=%d peak=%d recompute_flops=%d" % (
        r, echo_tool.stashed(rep[r]), rep[r]["planned_peak_bytes"], rep[r]["flops"]["recompute"]))
ok = True
s = {r: echo_tool.stashed(rep[r]) for r in rep}
peak = {r: rep[r]["planned_peak_bytes"] for r in rep}
if not s["estimate"] < s["none"]:
    print("FAIL estimate stashed %d not below none %d" % (s["estimate"], s["none"])); ok = False
if s["estimate"] > s["mirror"]:
    print("FAIL estimate stashed %d > mirror stashed %d" % (s["estimate"], s["mirror"])); ok = False
for other in ("none", "mirror"):
    if peak["echo"] > peak[other]:
        print("FAIL echo peak %d > %s peak %d" % (peak["echo"], other, peak[other])); ok = False
p = subprocess.run([echo_opt, path, "--echo-autodiff", "--echo-remat=remarks=true", "-o", "/dev/null"],
                   capture_output=True, text=True)
announced = sum(int(m) for m in re.findall(r"echo-remat: recompute \d+ ops in \d+ region\(s\) \((\d+) FLOPs\)", p.stderr))
print("remarks announce %d FLOPs; report has %d" % (announced, rep["echo"]["flops"]["recompute"]))
if announced != rep["echo"]["flops"]["recompute"]:
    print("FAIL remark FLOPs differ from the materialized recomputation"); ok = False
print("OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
