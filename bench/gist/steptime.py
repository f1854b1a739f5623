#!/usr/bin/env python3
"""Summarizes bench/gist/run.sh timings: lines `CFG ROUND T0 T1 T2` (t0..t1:
1 iteration, t1..t2: ITERS iterations). Prints the median steady-state step
time per configuration and its ratio to the Baseline."""
import statistics
import sys

iters, label = int(sys.argv[1]), sys.argv[2]
per = {}
for line in sys.stdin:
    cfg, _, t0, t1, t2 = line.split()
    t0, t1, t2 = float(t0), float(t1), float(t2)
    per.setdefault(cfg, []).append(((t2 - t1) - (t1 - t0)) / (iters - 1))
base = statistics.median(per["baseline"])
print("model: %s, %d iterations, %d interleaved rounds" % (label, iters,
                                                          len(per["baseline"])))
print("%-9s %12s %12s %8s" % ("config", "step ms", "min ms", "ratio"))
for cfg in ("baseline", "lossless", "fp8"):
    med = statistics.median(per[cfg])
    print("%-9s %12.2f %12.2f %8.3f" % (cfg, med * 1e3, min(per[cfg]) * 1e3,
                                        med / base))
