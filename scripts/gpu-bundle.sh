#!/usr/bin/env bash
# Makes the bundle that scripts/gpu-check.sh runs on a machine with an
# NVIDIA GPU and no MLIR (docs/gpu.md): for each model below, its training
# step compiled ahead of time under Baseline, Echo and Echo + Gist fp8, with
# CPU golden results and memory statistics (echo-step on the CPU backend:
# its measured peak is the planned one), plus the runtime sources, the check
# script and the PyTorch reference. Each step comes twice:
#   steps/NAME.o      light ops on the runtime's hand-written kernels
#                     (echo-compile, the CPU pipeline);
#   steps/NAME.gen.o  light ops as generated kernels (echo-compile
#                     --target=cuda), their fatbins embedded in the object:
#                     host code and kernel binaries, no libMLIR.
# CUDA_CHIPS (default sm_90,sm_80) are the chips the kernels are compiled
# for; the object embeds the first one's fatbin.
#
# usage: scripts/gpu-bundle.sh [BUILD_DIR] [OUT.tar.gz]
set -euo pipefail
BUILD=${1:-build}
OUT=${2:-$BUILD/echo-gpu-bundle.tar.gz}
BIN=$BUILD/bin
SRC=$(cd "$(dirname "$0")/.." && pwd)
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
B=$STAGE/echo-gpu-bundle
mkdir -p "$B/steps" "$B/goldens"

# name | echo-models arguments | seed | optimizer (default sgd) | autocast
# (bf16 or f16: 16-bit compute, f32 master weights; the products and
# convolutions run on the tensor cores, docs/mixed-precision.md)
MODELS=(
  "mlp|mlp --batch 64 --hidden 256|1"
  "mlp-adam|mlp --batch 64 --hidden 256|1|adam"
  "lstm-lm|lstm-lm --batch 16 --seq-len 20 --hidden 128 --vocab 1000|2"
  "resnet32|resnet-cifar --batch 32|3"
  "gpt2-bf16|gpt2 --layers 2 --hidden 128 --heads 4 --seq-len 64 --batch 4 --vocab 512|4|sgd|bf16"
  "resnet32-bf16|resnet-cifar --batch 32|3|sgd|bf16"
)
# policy | passes after autodiff | the lossless policy of a lossy one
# (compare_dumps.py --lossy: its goldens measure the encodings' effect)
POLICIES=(
  "baseline||"
  "echo|--echo-remat=policy=echo||"
  "echo-fp8|--echo-remat=policy=echo gist=fp8|--gist-encode=lossless=true dpr=fp8|echo"
)
ITERATIONS=2
CUDA_CHIPS=${CUDA_CHIPS:-sm_90,sm_80}

# The speed suite (docs/gpu.md, issue 35): sizes where a GPU is busy, timed
# next to PyTorch eager (bench/gpu/torch_speed.py) and not checked against
# the CPU (the correctness steps above are). Each model under Baseline and
# Echo in IEEE FP32 and, but for NMT (each NMT step takes about 9 minutes
# to compile on 2 cores), Baseline with TF32 allowed (--math=tf32); the
# LSTM LM and ResNet-32 also with their light ops as generated, fused
# kernels (baseline-gen: echo-compile --target=cuda).
# GPT-2 124M (s 1024, b 4) and ResNet-50 train in bf16 too (echo-autocast;
# PyTorch autocast, with F.scaled_dot_product_attention for GPT-2).
# name | echo-models arguments | torch_speed.py config ("" = no reference)
# | variants | autocast
SPEED=(
  "mlp|mlp --batch 512 --hidden 1024|mlp:batch=512,hidden=1024|baseline echo baseline-tf32"
  "resnet32|resnet-cifar --batch 128|resnet32:batch=128|baseline echo baseline-tf32 baseline-gen"
  "resnet50|resnet50 --batch 64|resnet50:batch=64,image-size=224|baseline echo baseline-tf32"
  "lstm-lm|lstm-lm --batch 64 --seq-len 35 --hidden 512 --vocab 10000|lstm-lm:batch=64,seq-len=35,hidden=512,vocab=10000|baseline echo baseline-tf32 baseline-gen"
  "nmt|nmt --batch 128||baseline echo"
  "gpt2-bf16|gpt2 --batch 4|gpt2:batch=4,seq-len=1024,autocast=bf16|baseline echo|bf16"
  "resnet50-bf16|resnet50 --batch 64|resnet50:batch=64,image-size=224,autocast=bf16|baseline echo|bf16"
)
SPEED_ONLY=${SPEED_ONLY:-0} # 1: skip the correctness steps (a quick rebuild)

[ "$SPEED_ONLY" = 1 ] && MODELS=()
for entry in "${MODELS[@]}"; do
  IFS='|' read -r name args seed optimizer autocast <<<"$entry"
  # shellcheck disable=SC2086
  "$BIN/echo-models" $args > "$STAGE/$name.mlir"
  cast=()
  [ -n "${autocast:-}" ] && cast=("--echo-autocast=compute=$autocast")
  # Adam: its bias corrections are computed on the device (docs/runtime.md).
  "$BIN/echo-opt" "$STAGE/$name.mlir" "${cast[@]}" \
    "--echo-autodiff=optimizer=${optimizer:-sgd} lr=0.01" > "$STAGE/$name.step.mlir"
  for policy in "${POLICIES[@]}"; do
    IFS='|' read -r pname remat gist lossless <<<"$policy"
    step=$name.$pname
    passes=()
    [ -n "$remat" ] && passes+=("$remat")
    [ -n "${gist:-}" ] && passes+=("$gist")
    if [ ${#passes[@]} -gt 0 ]; then
      "$BIN/echo-opt" "$STAGE/$name.step.mlir" "${passes[@]}" > "$STAGE/$step.mlir"
    else
      cp "$STAGE/$name.step.mlir" "$STAGE/$step.mlir"
    fi
    "$BIN/echo-compile" "$STAGE/$step.mlir" -o "$B/steps/$step.o"
    "$BIN/echo-compile" "$STAGE/$step.mlir" --target=cuda \
      --cuda-options="chips=$CUDA_CHIPS" -o "$B/steps/$step.gen.o"
    "$BIN/echo-compile" "$STAGE/$step.mlir" --shared -o "$STAGE/$step.so"
    "$BIN/echo-step" "$STAGE/$step.so" --backend=cpu --seed "$seed" \
      --iterations $ITERATIONS --dump-results "$B/goldens/$step.bin" \
      --memory-stats=json > "$B/goldens/$step.stats.json"
    # The same step on the CPU's reference kernels: how far two correct
    # implementations drift apart on each result (compare_dumps --spread).
    ECHO_CPU_KERNELS=reference "$BIN/echo-step" "$STAGE/$step.so" --backend=cpu \
      --seed "$seed" --iterations $ITERATIONS \
      --dump-results "$B/goldens/$step.reference.bin" > /dev/null
    # step seed iterations golden [lossless golden]: the generated kernels'
    # step is held to the same CPU goldens.
    lossy_ref=${lossless:+$name.$lossless}
    echo "$step $seed $ITERATIONS $step $lossy_ref" >> "$B/steps/list.txt"
    echo "$step.gen $seed $ITERATIONS $step $lossy_ref" >> "$B/steps/list.txt"
    echo "gpu-bundle: $step"
  done
done

mkdir -p "$B/speed"
for entry in "${SPEED[@]}"; do
  IFS='|' read -r name args torch variants autocast <<<"$entry"
  # shellcheck disable=SC2086
  "$BIN/echo-models" $args > "$STAGE/speed-$name.mlir"
  cast=()
  [ -n "${autocast:-}" ] && cast=("--echo-autocast=compute=$autocast")
  "$BIN/echo-opt" "$STAGE/speed-$name.mlir" "${cast[@]}" \
    '--echo-autodiff=optimizer=sgd lr=0.01' > "$STAGE/speed-$name.baseline.mlir"
  "$BIN/echo-opt" "$STAGE/speed-$name.baseline.mlir" --echo-remat=policy=echo \
    > "$STAGE/speed-$name.echo.mlir"
  for variant in $variants; do
    # step | the torch_speed.py config of its model | PyTorch setting
    case $variant in
      *-tf32) flags=(--math=tf32) setting=tf32 ;;
      *-gen) flags=(--target=cuda --cuda-options="chips=$CUDA_CHIPS") setting=ieee-det ;;
      *) flags=() setting=ieee-det ;;
    esac
    "$BIN/echo-compile" "$STAGE/speed-$name.${variant%%-*}.mlir" "${flags[@]}" \
      -o "$B/speed/$name.$variant.o"
    echo "$name.$variant ${torch:--} $setting" >> "$B/speed/list.txt"
  done
  echo "gpu-bundle: speed $name"
done

mkdir -p "$B/runtime" "$B/bench"
cp -r "$SRC/runtime/include" "$SRC/runtime/common" "$SRC/runtime/comm" "$SRC/runtime/cpu" "$SRC/runtime/cuda" \
  "$SRC/runtime/step" "$SRC/runtime/tests" "$SRC/runtime/CMakeLists.txt" \
  "$B/runtime/"
cp "$SRC/scripts/gpu-check.sh" "$B/"
cp "$SRC/bench/gpu/compare_dumps.py" "$SRC/bench/gpu/torch_reference.py" \
  "$SRC/bench/gpu/torch_speed.py" "$B/bench/"
tar -C "$STAGE" -czf "$OUT" echo-gpu-bundle
echo "gpu-bundle: wrote $OUT ($(du -h "$OUT" | cut -f1))"
