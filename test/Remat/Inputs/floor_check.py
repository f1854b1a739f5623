#!/usr/bin/env python3
"""For every model `echo-models --list` ships (at small sizes), read
echo-remat's closing remark (modeled peak, Baseline, mirror, and the floor no
recomputation goes below at the peak point) and check the floor is a lower
bound: floor <= Echo's modeled peak <= mirror's and Baseline's. Prints
"at floor" for models where Echo's peak is the floor (nothing can beat it).
Usage: floor_check.py ECHO_OPT"""
import re
import subprocess
import sys
import echo_tool

REMARK = re.compile(r"modeled peak (\d+) bytes at point (\d+) \(Baseline (\d+), "
                    r"mirror (\d+)\); no recomputation goes below (\d+) there")
echo_opt = sys.argv[1]
bad = []
models = echo_tool.list_models(echo_opt)
for name, options in models:
    ir = echo_tool.model_ir(echo_opt, name, options)
    p = subprocess.run([echo_opt, "-", "--echo-autodiff", "--echo-remat=remarks=true",
                        "-o", "/dev/null"], input=ir, capture_output=True, text=True)
    found = [tuple(map(int, m.groups())) for m in REMARK.finditer(p.stderr)]
    if p.returncode != 0 or not found:
        bad.append(name)
        print("FAIL %s: no closing remark" % name)
        continue
    peak, point, base, mirror, floor = max(found)
    tag = ("at floor" if floor == peak else "above floor") + \
        (", mirror equal" if mirror == peak else ", mirror above")
    print("model %s peak=%d mirror=%d floor=%d %s" % (name, peak, mirror, floor, tag))
    if not (0 < floor <= peak <= min(base, mirror)):
        bad.append(name)
        print("FAIL %s: expected 0 < floor <= peak <= min(Baseline, mirror)" % name)
print("models checked: %d" % len(models))
if bad:
    sys.exit("floor check failed for: " + ", ".join(bad))
print("floor: OK")
