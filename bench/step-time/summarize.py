"""Summarizes bench/step-time/run.sh: per model, the median step time of
each configuration over the rounds (wall and CPU milliseconds) and the
ratios echo-run / PyTorch and oneDNN / reference kernels (/ old build).

Input lines: `MODEL echo-CFG ROUND W1 C1 WK CK K` (one echo-run process of
1 and one of K iterations) or `MODEL pytorch ROUND WALL CPU` (per step)."""
import statistics
import sys

threads = sys.argv[1]
wall, cpu, order = {}, {}, []
for line in sys.stdin:
    f = line.split()
    model, cfg = f[0], f[1]
    if model not in order:
        order.append(model)
    if cfg == "pytorch":
        w, c = float(f[3]), float(f[4])
    else:
        w1, c1, wk, ck, k = map(float, f[3:8])
        w, c = (wk - w1) / (k - 1), (ck - c1) / (k - 1)
    wall.setdefault((model, cfg), []).append(w)
    cpu.setdefault((model, cfg), []).append(c)

cfgs = ["echo-onednn", "echo-reference", "echo-old", "pytorch"]
print("threads %s; median over rounds, ms per training step (wall / cpu)"
      % threads)
print("%-12s" % "model" + "".join("%22s" % c for c in cfgs) +
      "  %s" % "echo/pytorch  onednn/reference  onednn/old (wall, cpu)")
for m in order:
    med = {}
    row = "%-12s" % m
    for c in cfgs:
        if (m, c) in wall:
            med[c] = (statistics.median(wall[(m, c)]),
                      statistics.median(cpu[(m, c)]))
            row += "%22s" % ("%.2f / %.2f" % (med[c][0] * 1e3, med[c][1] * 1e3))
        else:
            row += "%22s" % "-"

    def ratio(a, b):
        if a not in med or b not in med:
            return "      -      "
        return "%.3f, %.3f" % (med[a][0] / med[b][0], med[a][1] / med[b][1])

    row += "  %s  %s  %s" % (ratio("echo-onednn", "pytorch"),
                             ratio("echo-onednn", "echo-reference"),
                             ratio("echo-onednn", "echo-old"))
    print(row)
