"""Summarizes bench/step-time/run.sh: per model, the median step time of
each configuration over the rounds (wall and CPU milliseconds), then the
least, and the ratios echo-run / PyTorch and oneDNN / reference kernels
(/ old build).

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


def table(title, pick):
    """One row per model: pick(list) over the rounds of each configuration."""
    print("threads %s; %s over rounds, ms per training step (wall / cpu)"
          % (threads, title))
    print("%-12s" % "model" + "".join("%22s" % c for c in cfgs) +
          "  %s" % "echo/pytorch  onednn/reference  onednn/old (wall, cpu)")
    for m in order:
        val = {}
        row = "%-12s" % m
        for c in cfgs:
            if (m, c) in wall:
                val[c] = (pick(wall[(m, c)]), pick(cpu[(m, c)]))
                row += "%22s" % ("%.2f / %.2f" % (val[c][0] * 1e3,
                                                  val[c][1] * 1e3))
            else:
                row += "%22s" % "-"

        def ratio(a, b):
            if a not in val or b not in val:
                return "      -      "
            return "%.3f, %.3f" % (val[a][0] / val[b][0],
                                   val[a][1] / val[b][1])

        row += "  %s  %s  %s" % (ratio("echo-onednn", "pytorch"),
                                 ratio("echo-onednn", "echo-reference"),
                                 ratio("echo-onednn", "echo-old"))
        print(row)


table("median", statistics.median)
# On a shared machine other work only ever slows a run down: the least
# time over the rounds is the steadier figure.
table("least", min)
