#!/usr/bin/env bash
# Time to a runnable step with echo-compile, and that step's time, for this
# build against another (OLD_BIN, e.g. a copy of an older build/bin with its
# lib/ beside it), side by side: for each model, the training step (SGD) is
# compiled by each echo-compile (CPU seconds: user + system, and peak RSS),
# then each library runs under its own echo-step in alternating rounds
# (`--time`: the mean of the ITERATIONS-1 steps after the first; default
# ITERATIONS=3), and the results of the last round are compared bit for bit
# (`cmp` of --dump-results). One NMT step at batch 128 takes minutes on two
# cores: run it with one round and ITERATIONS=2.
#   OLD_BIN=/path/to/old/bin [ITERATIONS=N] bash bench/compile-time/aot.sh [rounds] [models...]
# Models are echo-models names with their options; default: "mlp --batch=64",
# "resnet50 --batch=2", "nmt --batch=128" (the Echo paper's NMT workload).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
new=${ECHO_BIN:-$here/../../build/bin}
old=${OLD_BIN:?set OLD_BIN to the bin/ directory of the build to compare with}
rounds=${1:-3}
iterations=${ITERATIONS:-3}
shift $(( $# > 0 ? 1 : 0 ))
models=("$@")
[ ${#models[@]} -gt 0 ] ||
  models=("mlp --batch=64" "resnet50 --batch=2" "nmt --batch=128")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

printf '%-22s %12s %12s %8s %10s %10s %7s %s\n' model "compile old" \
  "compile new" ratio "step old" "step new" ratio results
for spec in "${models[@]}"; do
  name=${spec%% *}
  # shellcheck disable=SC2086
  "$new/echo-models" $spec |
    "$new/echo-opt" --echo-autodiff="optimizer=sgd lr=0.1" > "$work/step.mlir"
  for side in old new; do
    bin=$old; [ $side = new ] && bin=$new
    /usr/bin/time -f "%U %S %M" -o "$work/$side.time" \
      "$bin/echo-compile" "$work/step.mlir" --shared -o "$work/$side.so"
  done
  cpu() { awk '{printf "%.1f", $1 + $2}' "$work/$1.time"; }
  for ((r = 0; r < rounds; r++)); do
    for side in old new; do
      bin=$old; [ $side = new ] && bin=$new
      "$bin/echo-step" "$work/$side.so" --iterations="$iterations" --time \
        --dump-results="$work/$side.npz" 2>&1 |
        sed -n 's/.*step time[^0-9]*\([0-9.]*\) *ms.*/\1/p' >> "$work/$side.ms"
    done
  done
  same=differ
  cmp -s "$work/old.npz" "$work/new.npz" && same=identical
  co=$(cpu old); cn=$(cpu new)
  so=$(median < "$work/old.ms"); sn=$(median < "$work/new.ms")
  printf '%-22s %11ss %11ss %7.1fx %8sms %8sms %6.2fx %s\n' "$name" "$co" "$cn" \
    "$(echo "$co / $cn" | bc -l)" "$so" "$sn" "$(echo "$sn / $so" | bc -l)" "$same"
  rm -f "$work"/*.ms
done
echo "compile: CPU seconds of echo-compile (user + system); step: median over" \
  "$rounds rounds of echo-step --time ($iterations steps, the first excluded);" \
  "results: cmp of --dump-results"
