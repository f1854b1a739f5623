#!/usr/bin/env bash
# Times --echo-autodiff on an unrolled 4-layer x 100-step LSTM language model
# (about 16,000 ops in the generated @train_step) and prints
#   autodiff: N ops in X s
# where N counts the ops of @train_step (including its return) and X is the
# wall time of the EchoAutodiff pass from --mlir-timing (parse and print
# excluded). Set VERBOSE=1 for the full timing report and the wall time of
# the whole echo-opt run (/usr/bin/time).
#
# Usage: bench/autodiff/run.sh [generator options...]
#   default options: --layers 4 --steps 100 (see gen_unrolled_lstm.py --help)
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
python3 "$here/gen_unrolled_lstm.py" "$@" > "$work/forward.mlir"

if [[ -x /usr/bin/time ]]; then
  /usr/bin/time -f %e -o "$work/wall" \
    "$echo_opt" "$work/forward.mlir" --echo-autodiff --mlir-timing \
    -o "$work/step.mlir" 2> "$work/timing"
else
  "$echo_opt" "$work/forward.mlir" --echo-autodiff --mlir-timing \
    -o "$work/step.mlir" 2> "$work/timing"
  echo "n/a" > "$work/wall"
fi

# Ops of @train_step: one per line from its signature to its closing brace,
# counting lines that define values and the return.
ops="$(awk '
  /^  func\.func @train_step\(/ { inside = 1; next }
  inside && /^  }/ { inside = 0 }
  inside && (/^ +%[^ ]* = / || /^ +%[^=]*, %[^=]* = / || /^ +return( |$)/) { n++ }
  END { print n + 0 }' "$work/step.mlir")"

pass_time="$(awk '/EchoAutodiff/ { print $1; exit }' "$work/timing")"
if [[ -z "$pass_time" ]]; then
  echo "run.sh: no EchoAutodiff line in the --mlir-timing report" >&2
  cat "$work/timing" >&2
  exit 1
fi

if [[ "${VERBOSE:-0}" != 0 ]]; then
  cat "$work/timing" >&2
  echo "echo-opt wall time (parse + autodiff + print): $(cat "$work/wall") s" >&2
fi
echo "autodiff: $ops ops in $pass_time s"
