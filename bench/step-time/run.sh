#!/usr/bin/env bash
# Training-step time of echo against PyTorch (Debian's python3-torch, which
# runs on the same oneDNN 2.6 and OpenBLAS), and of the CPU backend's oneDNN
# kernels against its reference kernels (im2col + OpenBLAS,
# ECHO_CPU_KERNELS=reference) and, when given, another backend library
# (OLD_LIB, e.g. a copy of main's build/lib/libecho_runtime_cpu.so): the
# same architectures, batch sizes, plain SGD (lr 0.1) and thread count,
# measured side by side in interleaved rounds.
#
#   bench/step-time/run.sh [--threads N] [--rounds R] [--no-reference]
#                          [--models "mlp lstm-lm resnet32 vgg16-cifar"]
#   env: ECHO_BIN (default build/bin), OLD_LIB (optional), PYTHON (/usr/bin/python3)
#
# Each step is compiled once by echo-compile (echo-run's lowering) and run
# by echo-step, which shares echo-run's host loop, on each backend library.
# Per round and configuration the step runs for 1 and for K iterations in
# two processes; (t_K - t_1) / (K - 1) is the step time without loading and
# initialization, in wall-clock and in CPU seconds (user + system, steadier
# on a loaded machine). PyTorch: the mean over K steps after two warm-up
# steps, timed inside the process, wall and CPU. The summary prints medians
# and least times over the rounds and the ratios. --no-reference leaves
# out the reference kernels (the slowest configuration), so more rounds fit.
# Needs python3-torch: scripts/install-deps.sh --bench.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${ECHO_BIN:-$here/../../build/bin}
old=${OLD_LIB:-}
lib=$bin/../lib/libecho_runtime_cpu.so
py=${PYTHON:-/usr/bin/python3}
threads=1
rounds=3
models="mlp lstm-lm resnet32 vgg16-cifar"
reference=1
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --models) models=$2; shift 2 ;;
    --no-reference) reference=0; shift ;;
    *) echo "usage: $0 [--threads N] [--rounds R] [--no-reference] [--models LIST]" >&2; exit 2 ;;
  esac
done
if ! "$py" -c "import torch" 2>/dev/null; then
  echo "step-time: $py cannot import torch (scripts/install-deps.sh --bench)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=$threads

# model -> echo-models arguments, batch, K (iterations per timed process)
spec() {
  case "$1" in
    mlp) echo "mlp --batch=64 --hidden=256|64|201" ;;
    lstm-lm) echo "lstm-lm --batch=16 --seq-len=20 --hidden=128|16|41" ;;
    resnet32) echo "resnet-cifar --batch=16 --depth=32|16|11" ;;
    vgg16-cifar) echo "vgg16 --batch=16 --image-size=32|16|4" ;;
    *) echo "step-time: unknown model $1" >&2; exit 2 ;;
  esac
}

for m in $models; do
  IFS='|' read -r args _ _ <<< "$(spec "$m")"
  # shellcheck disable=SC2086
  "$bin/echo-models" $args | "$bin/echo-opt" '--echo-autodiff=optimizer=sgd lr=0.1' -o "$work/$m.mlir"
  "$bin/echo-compile" "$work/$m.mlir" --shared -o "$work/$m.so"
done
[ -n "$old" ] && cp "$old" "$work/old-backend.so"

# Prints "WALL CPU" seconds of one echo-step process.
run_echo() { # BACKEND KERNELS MODEL ITERS
  /usr/bin/time -f "%e %U %S" -o "$work/t" env ECHO_CPU_KERNELS="$2" \
    "$bin/echo-step" "$work/$3.so" --backend="$1" --iterations "$4" > /dev/null
  awk '{printf "%s %.3f\n", $1, $2 + $3}' "$work/t"
}

echo "step-time: threads $threads, rounds $rounds, $(uptime | sed 's/.*load/load/')"
for r in $(seq 1 "$rounds"); do
  for m in $models; do
    IFS='|' read -r _ batch k <<< "$(spec "$m")"
    configs="onednn"
    [ "$reference" = 1 ] && configs="$configs reference"
    [ -n "$old" ] && configs="$configs old"
    for cfg in $configs; do
      b=$lib; kern=$cfg
      [ "$cfg" = old ] && { b=$work/old-backend.so; kern=default; }
      read -r w1 c1 <<< "$(run_echo "$b" "$kern" "$m" 1)"
      read -r wk ck <<< "$(run_echo "$b" "$kern" "$m" "$k")"
      echo "$m echo-$cfg $r $w1 $c1 $wk $ck $k" >> "$work/times"
    done
    read -r tw tc <<< "$("$py" "$here/torch_step.py" "$m" "$batch" "$threads" "$k")"
    echo "$m pytorch $r $tw $tc" >> "$work/times"
  done
done
echo "step-time: done, $(uptime | sed 's/.*load/load/')"
"$py" "$here/summarize.py" "$threads" < "$work/times"
