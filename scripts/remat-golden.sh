#!/usr/bin/env bash
# Saves what echo-remat and gist-encode make of every shipped model, so a
# refactoring of them can be checked to change no byte:
#
#   scripts/remat-golden.sh BIN_DIR OUT_DIR [MODEL...]
#   scripts/remat-golden.sh build-before/bin /tmp/before
#   scripts/remat-golden.sh build/bin /tmp/after && diff -r /tmp/before /tmp/after
#
# For each model of `echo-models --list` at its default size (the one
# test/Models plans): the training pipeline for remat=none|mirror|echo x
# gist=none|lossless|fp8 (the planned module), and echo-remat alone on the
# differentiated step with remarks=true under several options (the module
# and the remarks). Runs go in parallel (JOBS, default 2). REMAT_MODES and
# GIST_MODES narrow the pipeline runs (e.g. REMAT_MODES="none echo"
# GIST_MODES=fp8 on a loaded machine). Files are named
# relative to OUT_DIR, so remarks name the same file in every run.
#
# The lowering declares the runtime functions (func.func private @echo_*)
# in an order that varies from run to run; they are sorted at the end of
# each planned module, so only a real difference shows.
set -euo pipefail

bin=$(cd "${1:?BIN_DIR}" && pwd)
mkdir -p "${2:?OUT_DIR}"
out=$(cd "$2" && pwd)
shift 2
cd "$out"

if [ $# -gt 0 ]; then
  models=("$@")
else
  # The list prints each model's name at the start of a line.
  mapfile -t models < <("$bin/echo-models" --list | awk '/^[a-z]/ {print $1}')
fi
[ ${#models[@]} -gt 0 ] || { echo "remat-golden: no models listed" >&2; exit 1; }

remat_options=(
  "policy=echo remarks=true"
  "policy=mirror remarks=true"
  "policy=echo peak-check=false remarks=true"
  "policy=echo masks=false remarks=true"
  "policy=echo gist=lossless remarks=true"
  "policy=echo gist=fp8 remarks=true"
)

# Declarations sorted to the end of the file.
normalize() {
  local decl='^  func.func private @'
  { grep -v "$decl" "$1" || true; grep "$decl" "$1" | sort || true; } > "$1.tmp"
  mv "$1.tmp" "$1"
}
export -f normalize

jobs_file=$(mktemp)
trap 'rm -f "$jobs_file"' EXIT
for m in "${models[@]}"; do
  "$bin/echo-models" "$m" > "$m.fwd.mlir"
  "$bin/echo-opt" --echo-autodiff "$m.fwd.mlir" > "$m.step.mlir"
  for remat in ${REMAT_MODES:-none mirror echo}; do
    for gist in ${GIST_MODES:-none lossless fp8}; do
      f=$m.pipeline.$remat.$gist.mlir
      echo "'$bin/echo-opt' $m.fwd.mlir '--echo-training-pipeline=remat=$remat gist=$gist' > $f 2>&1; echo rc=\$? >> $f; normalize $f" >> "$jobs_file"
    done
  done
  for i in "${!remat_options[@]}"; do
    f=$m.remat$i.mlir
    # Without the op printed under each remark: the remark text is what is
    # compared, and printing an op of a large step is slow.
    echo "'$bin/echo-opt' $m.step.mlir '--echo-remat=${remat_options[$i]}' --mlir-print-op-on-diagnostic=false > $f 2>&1; echo rc=\$? >> $f" >> "$jobs_file"
  done
done
xargs -P "${JOBS:-2}" -I{} -d '\n' bash -c {} < "$jobs_file"
echo "remat-golden: $(ls | wc -l) files in $out"
