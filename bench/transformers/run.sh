#!/usr/bin/env bash
# Transformer activation memory: Megatron's selective / full-layer policies,
# Echo, remat=optimal and Echo + Gist fp8 on GPT-2 124M/355M and ViT-B/16 in
# bf16, next to Korthikanti et al.'s formula (docs/models.md).
# Usage: bench/transformers/run.sh [--bin DIR] [--models a,b] [--batches 1,8]
#        bench/transformers/run.sh curves [--steps N] [--every K]: mixed-precision
#        training curves of a small GPT-2 (f32, bf16, f16 + loss scaling)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "${1:-}" = curves ]; then shift; exec python3 "$here/curves.py" "$@"; fi
exec python3 "$here/megatron.py" "$@"
