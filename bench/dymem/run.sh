#!/usr/bin/env bash
# Dymem figures.
#   bench/dymem/run.sh [schedule] [--models a,b/bf] [--policies baseline,echo]
#                      [--results docs/results.md] [--jobs N] [--bin DIR]
#     echo-schedule's planned peaks side by side: for each model (MODEL/bf:
#     printed breadth-first) and memory policy, the planned peak of
#     @train_step (the memory report's planned_peak_bytes) with
#     schedule=none, dfs, list and best (schedule.py); --results rewrites
#     that file's schedule section.
#   bench/dymem/run.sh offload [--models a,b] [--policies ...] [--offload dymem,greedy]
#                      [--device pcie4] [--bin DIR]
#     echo-offload: planned peak and simulated step time (Dymem's Figure 14
#     split) with offload=none and each offload policy (offload.py).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  offload) shift; exec python3 "$here/offload.py" "$@" ;;
  schedule) shift ;;
esac
exec python3 "$here/schedule.py" "$@"
