#!/usr/bin/env bash
# echo-schedule's planned peaks side by side: for each model and memory
# policy, the planned peak of @train_step (the memory report's
# planned_peak_bytes) with schedule=none, dfs and best.
# Usage: bench/dymem/run.sh [--models a,b] [--policies baseline,echo] [--bin DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/schedule.py" "$@"
