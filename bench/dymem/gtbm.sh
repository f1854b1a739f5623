#!/usr/bin/env bash
# GTBM against best-fit in the runtime's dynamic pool (docs/dymem.md, GTBM):
# trains ResNet-32 (CIFAR, batch 100) and a small Inception-v4 for two steps
# without a static plan under each pool policy, prints the live-bytes peak,
# both peaks with fragmentation and the static plan's arena side by side,
# and draws U_f over time into docs/img/.
# resnet32+offload: the same step with every conv input offloaded (Dymem's
# setting for its Figure 15).
# Usage: bench/dymem/gtbm.sh [--models resnet32,resnet32+offload,inception-v4] [--bin DIR]
#                            [--svg-dir DIR] [--keep DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/gtbm.py" "$@"
