#!/usr/bin/env bash
# Echo vs Mirror vs Baseline: CPU step time (echo-run, interleaved rounds,
# median) and memory-report figures for mlp, lstm-lm and nmt (when shipped).
# Usage: bench/remat/run.sh [--iterations N] [--rounds R] [--models a,b] [--bin DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/bench.py" "$@"
