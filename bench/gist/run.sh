#!/usr/bin/env bash
# CPU step time of Baseline vs lossless Gist vs Gist fp8, measured side by
# side (interleaved rounds, so machine-load drift hits all three alike).
#
#   bench/gist/run.sh [MODEL [MODEL_OPTIONS [ITERS [ROUNDS]]]]
#   defaults: resnet-cifar "--batch=32 --depth=20" 20 5
#
# Per round and configuration, echo-run runs the step for ITERS iterations
# and for 1 iteration; (t_ITERS - t_1) / (ITERS - 1) is the steady-state step
# time without JIT compilation and setup. The median over ROUNDS is printed,
# with the ratios to the Baseline. Steps: echo-opt --echo-autodiff
# [--gist-encode[=dpr=fp8]], run by echo-run with its own buffer planning.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${ECHO_BIN:-$here/../../build/bin}
model=${1:-resnet-cifar}
opts=${2:---batch=32 --depth=20}
iters=${3:-20}
rounds=${4:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

retry() { # a binary may briefly be missing while the lead rebuilds
  for i in $(seq 1 60); do "$@" && return 0; [ -x "$bin/echo-opt" ] && [ -x "$bin/echo-run" ] && return 1; sleep 5; done; return 1; }

# shellcheck disable=SC2086
retry "$bin/echo-models" "$model" $opts > "$work/fwd.mlir"
retry "$bin/echo-opt" "$work/fwd.mlir" --echo-autodiff -o "$work/baseline.mlir"
retry "$bin/echo-opt" "$work/baseline.mlir" --gist-encode -o "$work/lossless.mlir"
retry "$bin/echo-opt" "$work/baseline.mlir" --gist-encode=dpr=fp8 -o "$work/fp8.mlir"

now() { date +%s.%N; }
for r in $(seq 1 "$rounds"); do
  for cfg in baseline lossless fp8; do
    t0=$(now); retry "$bin/echo-run" "$work/$cfg.mlir" --iterations 1 > /dev/null; t1=$(now)
    retry "$bin/echo-run" "$work/$cfg.mlir" --iterations "$iters" > /dev/null; t2=$(now)
    echo "$cfg $r $t0 $t1 $t2" >> "$work/times"
  done
done
python3 "$here/steptime.py" "$iters" "$model $opts" < "$work/times"
