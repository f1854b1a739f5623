#!/usr/bin/env bash
# echo-opt time for each pass of the training pipeline on nmt-large (an
# unrolled NMT whose training step has ~16K ops), from --mlir-timing with
# threading off so pass times add up.
#   bash bench/compile-time/run.sh [build-dir] [remat] [gist]
set -euo pipefail
BUILD_DIR=${1:-build}
REMAT=${2:-echo}
GIST=${3:-lossless}
BIN="$BUILD_DIR/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$BIN/echo-models" nmt-large > "$tmp/nmt-large.mlir"
"$BIN/echo-opt" "$tmp/nmt-large.mlir" --echo-autodiff -o "$tmp/step.mlir"
ops=$(grep -c ' = \| echo\.' "$tmp/step.mlir" || true)
"$BIN/echo-opt" "$tmp/nmt-large.mlir" \
  "--echo-training-pipeline=remat=$REMAT gist=$GIST" \
  --mlir-timing --mlir-disable-threading -o /dev/null 2> "$tmp/timing.txt"
echo "compile time of nmt-large (about $ops lines of training-step IR), remat=$REMAT gist=$GIST:"
grep -E "Echo|Gist|OneShot|BufferResults|Total" "$tmp/timing.txt" |
  sed -E 's/^ *([0-9.]+) \( *([0-9.]+)%\) +/\1 s  \2%  /'
