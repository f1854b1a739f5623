#!/usr/bin/env bash
# Transformer activation memory: Megatron's selective / full-layer policies,
# Echo, remat=optimal and Echo + Gist fp8 on GPT-2 124M/355M and ViT-B/16 in
# bf16, next to Korthikanti et al.'s formula (docs/models.md).
# Usage: bench/transformers/run.sh [--bin DIR] [--models a,b] [--batches 1,8]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/megatron.py" "$@"
