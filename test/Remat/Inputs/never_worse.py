#!/usr/bin/env python3
"""For every model `echo-models --list` ships (at small sizes), compare the
planned peak of the training step under remat=none, echo, mirror and
optimal (also with recompute-heavy); fail when echo's is larger than
Baseline's ("Echo never increases the footprint") or than Mirror's, or
optimal's larger than echo's.
Usage: never_worse.py ECHO_OPT"""
import sys
import echo_tool

echo_opt = sys.argv[1]
bad = []
models = echo_tool.list_models(echo_opt)
for name, options in models:
    ir = echo_tool.model_ir(echo_opt, name, options)
    rows = {r: echo_tool.report(echo_opt, ir, r) for r in ("none", "echo", "mirror")}
    # policy=optimal keeps Echo's plan unless the MILP's is better.
    rows["optimal"] = echo_tool.report(
        echo_opt, ir, "optimal remat-time-limit=20")
    rows["heavy"] = echo_tool.report(
        echo_opt, ir, "none", pre=["--echo-autodiff",
                                   "--echo-remat=policy=optimal recompute-heavy=true time-limit=20"])
    peak = {r: rows[r]["planned_peak_bytes"] for r in rows}
    st = {r: echo_tool.stashed(rows[r]) for r in rows}
    print("model %s peak none=%d echo=%d mirror=%d optimal=%d heavy=%d stashed none=%d echo=%d mirror=%d" % (
        name, peak["none"], peak["echo"], peak["mirror"], peak["optimal"], peak["heavy"],
        st["none"], st["echo"], st["mirror"]))
    for policy in ("optimal", "heavy"):
        if peak[policy] > peak["echo"]:
            bad.append(name)
            print("FAIL %s: planned_peak_bytes %s %d > echo %d" % (name, policy, peak[policy], peak["echo"]))
    if peak["echo"] > peak["none"]:
        bad.append(name)
        print("FAIL %s: planned_peak_bytes echo %d > none %d" % (name, peak["echo"], peak["none"]))
    # Echo's footprint check keeps it at or below Mirror (prior work) too.
    if peak["echo"] > peak["mirror"]:
        bad.append(name)
        print("FAIL %s: planned_peak_bytes echo %d > mirror %d" % (name, peak["echo"], peak["mirror"]))
print("models checked: %d" % len(models))
if bad:
    sys.exit("echo is worse than Baseline or Mirror for: " + ", ".join(bad))
print("never worse: OK")
