#!/usr/bin/env bash
# CPU step time of a small GPT-2 with fused attention (echo.attention, the
# default of the builders, importers and echo-torch) against the same model
# written unfused (batch_matmul, softmax, batch_matmul), side by side in
# interleaved rounds. Per round and form the step runs for 1 and for K
# iterations in two echo-step processes; (t_K - t_1) / (K - 1) is the step
# time without loading, in CPU seconds (user + system).
#
#   bench/transformers/attention-time.sh [--rounds R] [--seq-len T] [--threads N]
#   env: ECHO_BIN (default build/bin)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${ECHO_BIN:-$here/../../build/bin}
rounds=3 seq=256 threads=1 k=21
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --seq-len) seq=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds R] [--seq-len T] [--threads N]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=$threads
model="gpt2 --layers 2 --hidden 128 --heads 4 --seq-len $seq --batch 2 --vocab 512"
for a in fused unfused; do
  # shellcheck disable=SC2086
  "$bin/echo-models" $model --attention=$a |
    "$bin/echo-opt" '--echo-autodiff=optimizer=sgd lr=0.01' -o "$work/$a.mlir"
  "$bin/echo-compile" "$work/$a.mlir" --shared -o "$work/$a.so"
done
cpu() { # FORM ITERS -> CPU seconds
  /usr/bin/time -f "%U %S" -o "$work/t" "$bin/echo-step" "$work/$1.so" --iterations "$2" > /dev/null
  awk '{printf "%.4f\n", $1 + $2}' "$work/t"
}
echo "attention-time: $model, threads $threads, rounds $rounds, K $k"
for r in $(seq 1 "$rounds"); do
  line="round $r"
  for a in fused unfused; do
    c1=$(cpu "$a" 1); ck=$(cpu "$a" "$k")
    ms=$(awk -v a="$c1" -v b="$ck" -v k="$k" 'BEGIN{printf "%.1f", (b - a) / (k - 1) * 1000}')
    echo "$a $ms" >> "$work/times"
    line="$line  $a ${ms} ms"
  done
  echo "$line"
done
median() { grep "^$1 " "$work/times" | cut -d' ' -f2 | sort -n | awk '{x[NR] = $1} END {print x[int((NR + 1) / 2)]}'; }
f=$(median fused) u=$(median unfused)
awk -v f="$f" -v u="$u" 'BEGIN {printf "median step CPU time: fused %.1f ms, unfused %.1f ms, fused / unfused %.2fx\n", f, u, f / u}'
