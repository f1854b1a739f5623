#!/usr/bin/env python3
"""Reads `iter N loss X` lines (echo-run --print-loss) from stdin and checks
that the loss fell by at least FACTOR: final / first <= 1 / FACTOR.

Prints `loss fell from A to B (factor F)` and exits 0 on success; prints a
message to stdout and exits 1 if the drop is too small, if a loss is not
finite, or if there are no loss lines. Other lines are ignored.

usage: check_loss_drop.py FACTOR [--min-iterations N]
"""
import math
import re
import sys


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--min-iterations"):
        print("usage: check_loss_drop.py FACTOR [--min-iterations N]")
        return 2
    factor = float(argv[1])
    min_iterations = int(argv[3]) if len(argv) == 4 else 1
    pattern = re.compile(r"^iter (\d+) loss (\S+)$")
    losses = []
    for line in sys.stdin:
        m = pattern.match(line.strip())
        if not m:
            continue
        it, value = int(m.group(1)), float(m.group(2))
        if it != len(losses):
            print("loss check FAILED: expected iteration %d, got %d" % (len(losses), it))
            return 1
        if not math.isfinite(value):
            print("loss check FAILED: loss at iteration %d is %r" % (it, value))
            return 1
        losses.append(value)
    if len(losses) < max(min_iterations, 1):
        print("loss check FAILED: %d loss lines, expected at least %d"
              % (len(losses), max(min_iterations, 1)))
        return 1
    first, final = losses[0], losses[-1]
    achieved = first / final if final > 0 else math.inf
    if first <= 0 or final * factor > first:
        print("loss check FAILED: loss went from %.6g to %.6g (factor %.3g), "
              "expected a drop by a factor of at least %g" % (first, final, achieved, factor))
        return 1
    print("loss fell from %.6g to %.6g (factor %.3g)" % (first, final, achieved))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
