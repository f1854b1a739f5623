#!/usr/bin/env python3
"""Compare the plans of one step under grad-results=out-params and =arena.

  compare_grad_results.py OUT_PARAMS_REPORT ARENA_REPORT [--function NAME]

Each REPORT is the output of --echo-memory-report=format=json. Prints, for
@NAME (default train_step):
  persistent weight_gradients: out-params N, arena M
      (the persistent bytes the arena convention moves into the arena: the
      difference of persistent_bytes, so M is N minus what moved)
  weight_gradients at the peak: arena <|=|> out-params
  planned peak: arena <|=|> out-params
and exits 1 when the arena plan's peak is above the out-parameter one.
"""

import argparse
import json
import sys


def report(path, function):
    for line in open(path):
        if line.strip():
            d = json.loads(line)
            if d.get("function") == function:
                return d
    sys.exit(f"no report for @{function} in {path}")


def relation(a, b):
    return "<" if a < b else "=" if a == b else ">"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_params")
    parser.add_argument("arena")
    parser.add_argument("--function", default="train_step")
    args = parser.parse_args()
    out = report(args.out_params, args.function)
    arena = report(args.arena, args.function)
    moved = out["persistent_bytes"] - arena["persistent_bytes"]
    grads = out["breakdown"]["weight_gradients"]
    print(f"persistent weight_gradients: out-params {grads}, "
          f"arena {grads - moved}")
    print("weight_gradients at the peak: arena "
          f"{relation(arena['breakdown']['weight_gradients'], grads)} out-params")
    a, o = arena["planned_peak_bytes"], out["planned_peak_bytes"]
    print(f"planned peak: arena {relation(a, o)} out-params")
    return 1 if a > o else 0


if __name__ == "__main__":
    sys.exit(main())
