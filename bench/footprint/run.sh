#!/usr/bin/env bash
# Memory-footprint matrix: every model of `echo-models --list` at its default
# configuration x 15 policies (remat none|mirror|echo x gist
# none|lossless|fp16|fp10|fp8), planned by
#   echo-opt MODEL.mlir --echo-training-pipeline="remat=R gist=G" \
#            --echo-memory-report=format=json -o /dev/null
# Writes docs/results.md from scratch (tables next to the published Echo,
# Gist and Dymem figures) and the NMT memory timelines
# docs/img/nmt-baseline.svg and docs/img/nmt-echo.svg. Then the echo-schedule
# section (bench/dymem/schedule.py: input, dfs, list and best planned peaks;
# `bench/dymem/run.sh schedule --results docs/results.md` rewrites it alone).
#
#   bench/footprint/run.sh [--jobs N] [--models a,b,...] [--out FILE]
#                          [--img-dir DIR] [--json FILE] [--no-svg]
#                          [--no-schedule]
#   defaults: --jobs 2, all models, docs/results.md, docs/img
#
# ECHO_BIN (or --bin DIR) picks the tools (default build/bin). At most N
# echo-opt/echo-models processes run at once (default 2). Exit status 1 when
# a run failed (the table shows it; results.md is still written).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
exec python3 "$here/footprint.py" --bin "${ECHO_BIN:-$root/build/bin}" \
  --command "bench/footprint/run.sh${*:+ $*}" "$@"
