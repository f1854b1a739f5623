#!/usr/bin/env python3
"""check_policies.py ECHO_OPT FILE.mlir: stashed bytes (sum of the report's
by_op_kind), planned peak and recompute FLOPs of the training step under
remat=none/echo/mirror, then the checks:
  * echo stashes less than Baseline;
  * echo stashes no more than mirror (Echo's trimming keeps a subgraph's
    all-recompute path when nothing cheaper exists, so it can tie mirror but
    must not lose to it);
  * the FLOPs the echo-remat remarks announce equal flops.recompute of the
    report (remarks describe what is materialized)."""
import re
import subprocess
import sys
import echo_tool

echo_opt, path = sys.argv[1], sys.argv[2]
ir = open(path).read()
rep = {r: echo_tool.report(echo_opt, ir, r) for r in ("none", "echo", "mirror")}
for r in ("none", "echo", "mirror"):
    print("%s stashed=%d peak=%d recompute_flops=%d" % (
        r, echo_tool.stashed(rep[r]), rep[r]["planned_peak_bytes"], rep[r]["flops"]["recompute"]))
ok = True
s = {r: echo_tool.stashed(rep[r]) for r in rep}
if not s["echo"] < s["none"]:
    print("FAIL echo stashed %d not below none %d" % (s["echo"], s["none"])); ok = False
if s["echo"] > s["mirror"]:
    print("FAIL echo stashed %d > mirror stashed %d" % (s["echo"], s["mirror"])); ok = False
p = subprocess.run([echo_opt, path, "--echo-autodiff", "--echo-remat=remarks=true", "-o", "/dev/null"],
                   capture_output=True, text=True)
announced = sum(int(m) for m in re.findall(r"echo-remat: recompute \d+ ops in \d+ region\(s\) \((\d+) FLOPs\)", p.stderr))
print("remarks announce %d FLOPs; report has %d" % (announced, rep["echo"]["flops"]["recompute"]))
if announced != rep["echo"]["flops"]["recompute"]:
    print("FAIL remark FLOPs differ from the materialized recomputation"); ok = False
print("OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
