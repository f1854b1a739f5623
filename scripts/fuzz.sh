#!/usr/bin/env bash
# Builds the libFuzzer target (tools/echo-fuzz) with clang-22 in build-fuzz
# and runs it over a seed corpus for FUZZ_SECONDS seconds.
#
# Usage: scripts/fuzz.sh [seconds]     (default: $FUZZ_SECONDS or 600)
# Environment:
#   FUZZ_BUILD_DIR  build directory (default build-fuzz)
#   FUZZ_WORK       where the growing corpus, crashes and logs go
#                   (default build-fuzz/fuzz)
#   FUZZ_JOBS       parallel fuzzing processes (default 1)
#   FUZZ_SEED_BUILD a normal build whose echo-models generates extra seeds
#                   (default build; skipped when absent)
#   FUZZ_ARGS       extra libFuzzer flags
# The seeds are test/Fuzz/corpus, test/Fuzz/crashes and, when available,
# small model-zoo modules. Crashes land in $FUZZ_WORK/crashes/ (libFuzzer's
# crash-*/leak-*/timeout-* files); the script exits 1 if there is any.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_TO_RUN="${1:-${FUZZ_SECONDS:-600}}"
BUILD="${FUZZ_BUILD_DIR:-build-fuzz}"
WORK="${FUZZ_WORK:-$BUILD/fuzz}"
JOBS="${FUZZ_JOBS:-1}"
SEED_BUILD="${FUZZ_SEED_BUILD:-build}"
LLVM_PREFIX="${LLVM_PREFIX:-/usr/lib/llvm-22}"

bash scripts/install-deps.sh --fuzz

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" \
    -DECHO_ENABLE_FUZZER=ON
fi
cmake --build "$BUILD" --target echo-fuzz -j "$(nproc)"

mkdir -p "$WORK/corpus" "$WORK/seeds" "$WORK/crashes"
cp test/Fuzz/corpus/*.mlir "$WORK/seeds/" 2>/dev/null || true
cp test/Fuzz/crashes/*.mlir "$WORK/seeds/" 2>/dev/null || true
# Small model-zoo modules: real training-step shapes the mutator starts from.
if [ -x "$SEED_BUILD/bin/echo-models" ]; then
  python3 scripts/fuzz_mutate.py seeds --echo-models "$SEED_BUILD/bin/echo-models" \
    --out "$WORK/seeds" >/dev/null || true
fi

log="$WORK/fuzz.log"
echo "fuzz: running $BUILD/bin/echo-fuzz for ${SECONDS_TO_RUN}s ($JOBS job(s)); log in $log"
# See __asan_default_options in echo-fuzz.cpp for why these ASan options.
# With -jobs, libFuzzer runs the jobs in the background, each logging to
# fuzz-N.log in the current directory: run from $WORK.
parallel=()
if [ "$JOBS" -gt 1 ]; then parallel=(-jobs="$JOBS" -workers="$JOBS"); fi
WORK_ABS="$(cd "$WORK" && pwd)"
FUZZER="$(cd "$BUILD/bin" && pwd)/echo-fuzz"
set +e
(cd "$WORK_ABS" &&
 ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=0}" \
 UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
 "$FUZZER" corpus seeds \
   -max_total_time="$SECONDS_TO_RUN" -timeout=60 -rss_limit_mb=4096 \
   -max_len=65536 -print_final_stats=1 -artifact_prefix=crashes/ \
   -dict="$ROOT/test/Fuzz/echo.dict" \
   "${parallel[@]}" ${FUZZ_ARGS:-}) >"$log" 2>&1
rc=$?
set -e
for f in "$WORK_ABS"/fuzz-*.log; do [ -f "$f" ] && cat "$f" >>"$log" && rm -f "$f"; done

runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}')
# libFuzzer also writes slow-unit-* files for inputs over 10 s of wall
# clock, which on a shared machine says more about its load than about the
# input: they are listed, not failures (a hang is a timeout-* file, past
# -timeout=60).
crashes=$(find "$WORK/crashes" -type f ! -name 'slow-unit-*' | wc -l)
slow=$(find "$WORK/crashes" -type f -name 'slow-unit-*' | wc -l)
echo "fuzz: $runs runs in ${SECONDS_TO_RUN}s, corpus $(ls "$WORK/corpus" | wc -l) files, $crashes crash file(s) and $slow slow unit(s) in $WORK/crashes (libFuzzer exit $rc)"
grep -a -m5 -E 'ERROR: (AddressSanitizer|libFuzzer)|runtime error|LLVM ERROR|Assertion' "$log" || true
[ "$crashes" -eq 0 ] && [ $rc -eq 0 ]
