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
# Known failures, each asserted to still fail (so a fix flips it to a loud
# "now passes": remove the entry then). remat=optimal compares plans by the
# peak model, which counts liveness but not the planner's fragmentation:
# on the one-patch ViT the MILP's plan has the lower liveness bound (184,576
# vs Echo's 193,792 arena bytes) but places into 197,376 bytes.
KNOWN = {("vit", "heavy"): "optimal's liveness bound is lower, its placement fragments"}
seen_known = set()
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
        worse = peak[policy] > peak["echo"]
        if (name, policy) in KNOWN:
            seen_known.add((name, policy))
            if worse:
                print("KNOWN %s: planned_peak_bytes %s %d > echo %d (%s)" % (
                    name, policy, peak[policy], peak["echo"], KNOWN[(name, policy)]))
            else:
                bad.append(name)
                print("FAIL %s: known failure %s now passes: remove it from KNOWN" % (name, policy))
        elif worse:
            bad.append(name)
            print("FAIL %s: planned_peak_bytes %s %d > echo %d" % (name, policy, peak[policy], peak["echo"]))
    if peak["echo"] > peak["none"]:
        bad.append(name)
        print("FAIL %s: planned_peak_bytes echo %d > none %d" % (name, peak["echo"], peak["none"]))
    # Echo's footprint check keeps it at or below Mirror (prior work) too.
    if peak["echo"] > peak["mirror"]:
        bad.append(name)
        print("FAIL %s: planned_peak_bytes echo %d > mirror %d" % (name, peak["echo"], peak["mirror"]))
for key in set(KNOWN) - seen_known:
    bad.append(key[0])
    print("FAIL %s: known failure %s not checked" % key)
print("models checked: %d" % len(models))
if bad:
    sys.exit("echo is worse than Baseline or Mirror for: " + ", ".join(bad))
print("never worse: OK")
