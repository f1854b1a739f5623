#!/usr/bin/env bash
# Builds bench_cpu_ops standalone and runs it: the CPU runtime's heavy ops
# against OpenBLAS called directly, and its elementwise ops against memcpy
# bandwidth, side by side in one run (see docs/performance.md).
#
# Usage: bench/cpu-ops/run.sh [bench_cpu_ops options...]
#   --threads N        OpenBLAS threads for both sides (default 2)
#   --elements N       elementwise tensor size (default 16777216)
#   --heavy-seconds S  time per heavy case, both sides (default 4)
#   --elem-reps N      elementwise rounds (default 25)
#   --only heavy|elementwise, --quick
# Environment:
#   BUILD_DIR        build directory (default /tmp/build-bench-cpu-ops)
#   ECHO_RUNTIME_LIB benchmark this prebuilt libecho_runtime_cpu.so (e.g.
#                    build/lib/libecho_runtime_cpu.so) instead of building
#                    the runtime from runtime/ into BUILD_DIR
#   JOBS             parallel build jobs (default 2)
# Exit status: 0 all targets met, 1 a target missed, 2 a check/usage error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${BUILD_DIR:-/tmp/build-bench-cpu-ops}"
jobs="${JOBS:-2}"

generator=()
if command -v ninja >/dev/null 2>&1; then
  generator=(-G Ninja)
fi
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake "${generator[@]}" -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DECHO_RUNTIME_LIB="${ECHO_RUNTIME_LIB:-}" >/dev/null
else
  cmake -S "$here" -B "$build" -DECHO_RUNTIME_LIB="${ECHO_RUNTIME_LIB:-}" \
    >/dev/null
fi
cmake --build "$build" --target bench_cpu_ops -j "$jobs" >&2

exec "$build/bin/bench_cpu_ops" "$@"
