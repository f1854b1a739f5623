#!/usr/bin/env bash
# Times memory planning on an unrolled 4-layer x 100-step LSTM language model
# (about 16,000 ops in @train_step) and prints
#   planner: N ops, X s (buffer-assign Y s), planned/lower bound R
# where
#   N  counts the ops of the tensor-level @train_step, as echo-annotate-memory
#      counts them ("ops" of the memory report; the same count as
#      bench/autodiff/run.sh);
#   X  is the wall time of the planning part of echo-training-pipeline, from
#      --mlir-timing with threading disabled: echo-annotate-memory,
#      echo-inline-recompute, one-shot-bufferize,
#      buffer-results-to-out-params and echo-buffer-assign (parsing,
#      autodiff, the report and printing excluded);
#   Y  is the wall time of echo-buffer-assign alone (liveness, in-place
#      reuse, the planner core and the rewrite to arena views), over both
#      functions of the module (the forward function and @train_step);
#   R  is planned_peak_bytes / lower_bound_bytes of @train_step
#      (echo-memory-report=format=json).
# The step is differentiated once beforehand (echo-opt --echo-autodiff),
# untimed. Set VERBOSE=1 for the full timing report and the JSON report.
#
# Usage: bench/planner/run.sh [generator options...]
#   default options: --layers 4 --steps 100 (see
#   bench/autodiff/gen_unrolled_lstm.py --help)
# Environment: ECHO_OPT (default: build/bin/echo-opt next to this checkout).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
echo_opt="${ECHO_OPT:-$root/build/bin/echo-opt}"
if [[ ! -x "$echo_opt" ]]; then
  echo "run.sh: echo-opt not found at $echo_opt (set ECHO_OPT)" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ $# -eq 0 ]]; then
  set -- --layers 4 --steps 100
fi
python3 "$root/bench/autodiff/gen_unrolled_lstm.py" "$@" > "$work/forward.mlir"
"$echo_opt" "$work/forward.mlir" --echo-autodiff -o "$work/step.mlir"

# The planning part of echo-training-pipeline (Pipelines.cpp, planPipeline),
# spelled out so that each pass gets its own timing row, then the report.
pipeline="builtin.module("
pipeline+="func.func(echo-annotate-memory),"
pipeline+="func.func(echo-inline-recompute),"
pipeline+="one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},"
pipeline+="buffer-results-to-out-params{hoist-static-allocs modify-public-functions},"
pipeline+="func.func(echo-buffer-assign),"
pipeline+="echo-memory-report{format=json output=$work/report.json})"

"$echo_opt" "$work/step.mlir" --pass-pipeline="$pipeline" --mlir-timing \
  --mlir-disable-threading -o /dev/null 2> "$work/timing"

if [[ "${VERBOSE:-0}" != 0 ]]; then
  cat "$work/timing" >&2
  cat "$work/report.json" >&2
fi

python3 - "$work/timing" "$work/report.json" <<'PY'
import json
import sys

timing_path, report_path = sys.argv[1], sys.argv[2]
planning = ["EchoAnnotateMemory", "EchoInlineRecompute", "OneShotBufferizePass",
            "BufferResultsToOutParamsPass", "EchoBufferAssign"]
wall = {}
for line in open(timing_path):
    fields = line.split()
    # Rows: "<user> (<pct>) <wall> (<pct>) <name>" with threading disabled
    # only the wall column is printed: "<wall> (<pct>) <name>".
    if fields and fields[-1] in planning:
        wall[fields[-1]] = wall.get(fields[-1], 0.0) + float(fields[-4] if len(fields) >= 5 else fields[0])
missing = [p for p in planning if p not in wall]
if missing:
    sys.exit("run.sh: no --mlir-timing row for " + ", ".join(missing))
step = None
for line in open(report_path):
    if line.strip():
        d = json.loads(line)
        if d["function"] == "train_step":
            step = d
if step is None:
    sys.exit("run.sh: no memory report for @train_step")
ratio = step["planned_peak_bytes"] / step["lower_bound_bytes"]
print(f"planner: {step['ops']} ops, {sum(wall.values()):.3f} s "
      f"(buffer-assign {wall['EchoBufferAssign']:.3f} s), "
      f"planned/lower bound {ratio:.6f}")
PY
