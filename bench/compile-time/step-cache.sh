#!/usr/bin/env bash
# Start-up time of echo-run with and without its step cache, side by side:
# for each model, rounds of (a run with an empty cache: parse, pipeline,
# code generation, store; a run that hits the cache), each running one
# training step (SGD). Prints wall and CPU (user + sys) seconds of every
# run and the medians' ratio, and checks that both runs dump the same bits.
#   bash bench/compile-time/step-cache.sh [build-dir] [rounds] [models...]
# Models are echo-models names with their options, e.g. "nmt" or
# "mlp --batch=64".
set -euo pipefail
BUILD_DIR=${1:-build}
ROUNDS=${2:-3}
shift $(( $# > 2 ? 2 : $# ))
MODELS=("$@")
[ ${#MODELS[@]} -gt 0 ] || MODELS=("mlp" "resnet-cifar" "nmt")
BIN="$BUILD_DIR/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "step-cache: $(uptime | sed 's/.*load/load/')"
for model in "${MODELS[@]}"; do
  # shellcheck disable=SC2086
  "$BIN/echo-models" $model > "$tmp/forward.mlir"
  "$BIN/echo-opt" "$tmp/forward.mlir" '--echo-autodiff=optimizer=sgd lr=0.01' \
    -o "$tmp/step.mlir"
  cold=() warm=()
  for r in $(seq "$ROUNDS"); do
    rm -rf "$tmp/cache"
    for kind in cold warm; do
      /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$BIN/echo-run" \
        "$tmp/step.mlir" --cache-dir="$tmp/cache" --cache-stats \
        --dump-results "$tmp/$kind.bin" > /dev/null 2> "$tmp/$kind.err" || {
        cat "$tmp/$kind.err"; exit 1; }
      read -r wall user sys < "$tmp/time"
      cpu=$(python3 -c "print(f'{$user + $sys:.2f}')")
      if [ $kind = cold ]; then
        grep -q "cache: stored" "$tmp/$kind.err"; cold+=("$wall/$cpu")
      else
        grep -q "cache: hit" "$tmp/$kind.err"; warm+=("$wall/$cpu")
      fi
    done
    cmp "$tmp/cold.bin" "$tmp/warm.bin"
  done
  python3 - "$model" "${cold[*]}" "${warm[*]}" <<'PY'
import statistics, sys
model, cold, warm = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
def med(runs, i):
    return statistics.median(float(r.split("/")[i]) for r in runs)
print(f"{model}: compiled (wall/cpu s) {' '.join(cold)}; from the cache "
      f"{' '.join(warm)}; median cached/compiled wall "
      f"{med(warm, 0) / med(cold, 0):.3f}, cpu {med(warm, 1) / med(cold, 1):.3f}; "
      f"same results")
PY
done
echo "step-cache: done, $(uptime | sed 's/.*load/load/')"
