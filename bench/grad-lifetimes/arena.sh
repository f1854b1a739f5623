#!/usr/bin/env bash
# Planned peak of every shipped model (echo-models --list, default sizes)
# with the results that replace no argument (gradients, loss) as
# out-parameters and in the arena (grad-results=arena), side by side with
# one build:
#
#   model  optimizer  out-params  arena  ratio  grads  grads@peak
#
# out-params: echo-training-pipeline (Baseline) with the defaults,
#             planned_peak_bytes of @train_step (echo-memory-report JSON)
# arena:      the same with grad-results=arena
# ratio:      arena / out-params
# grads:      breakdown.weight_gradients with out-params (all of them, the
#             whole step)
# grads@peak: breakdown.weight_gradients with arena (those written by the
#             arena plan's peak point)
# All in MiB (2^20 bytes). The build is build/ next to this checkout
# (ECHO_BUILD overrides it).
#
# Usage: bench/grad-lifetimes/arena.sh [optimizer...]   (default: none)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
optimizers=(none)
[ $# -gt 0 ] && optimizers=("$@")
build="${ECHO_BUILD:-$root/build}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

report() { # pipeline options -> "planned_peak_bytes weight_gradients"
  "$build/bin/echo-opt" "$tmp/model.mlir" --echo-training-pipeline="$1" \
    --echo-memory-report=format=json -o /dev/null 2>&1 |
    python3 -c 'import json,sys
for line in sys.stdin:
    if line.startswith("{"):
        r = json.loads(line)
        if r["function"] == "train_step":
            print(r["planned_peak_bytes"], r["breakdown"]["weight_gradients"])'
}

printf '%-14s %-9s %12s %12s %8s %10s %10s\n' model optimizer out-params \
  arena ratio grads grads@peak
for model in $("$build/bin/echo-models" --list 2>&1 | awk '/^[a-z]/ {print $1}'); do
  "$build/bin/echo-models" "$model" > "$tmp/model.mlir"
  for opt in "${optimizers[@]}"; do
    read -r o og < <(report "optimizer=$opt")
    read -r a ag < <(report "optimizer=$opt grad-results=arena")
    python3 -c "import sys
o, a, og, ag = map(int, sys.argv[3:])
mib = lambda x: x / 1048576
print('%-14s %-9s %12.2f %12.2f %8.4f %10.2f %10.2f' % (sys.argv[1],
      sys.argv[2], mib(o), mib(a), a / o, mib(og), mib(ag)))" \
      "$model" "$opt" "$o" "$a" "$og" "$ag"
  done
done
