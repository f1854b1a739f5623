#!/usr/bin/env bash
# Planned peak of every shipped model (echo-models --list, default sizes)
# before and after gradient lifetimes (eager optimizer updates) and reshape
# views, side by side, without an optimizer and with one in the step:
#
#   model  optimizer  before  views  views+eager  after/before
#
# before:       the planned peak of BEFORE's build (echo-training-pipeline,
#               Baseline, echo-memory-report=format=json, planned_peak_bytes)
# views:        this build with eager-updates=false (reshapes are views)
# views+eager:  this build with the defaults (views and eager updates)
# All in MiB (2^20 bytes). BEFORE is a build directory of the commit before
# these changes (e.g. a worktree of main); this build is build/ next to this
# checkout (ECHO_BUILD overrides it).
#
# Gradients kept in the arena (grad-results=arena) are measured with one
# build by bench/grad-lifetimes/arena.sh.
#
# Usage: bench/grad-lifetimes/run.sh BEFORE_BUILD [optimizer...]
#   default optimizers: none adam
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
before="${1:?usage: run.sh BEFORE_BUILD [optimizer...]}"
shift
optimizers=(none adam)
[ $# -gt 0 ] && optimizers=("$@")
after="${ECHO_BUILD:-$root/build}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

peak() { # echo-opt, pipeline options
  "$1" "$tmp/model.mlir" --echo-training-pipeline="$2" \
    --echo-memory-report=format=json -o /dev/null 2>&1 |
    python3 -c 'import json,sys
for line in sys.stdin:
    if line.startswith("{"):
        r = json.loads(line)
        if r["function"] == "train_step":
            print(r["planned_peak_bytes"])'
}

printf '%-14s %-9s %12s %12s %12s %8s\n' model optimizer before views \
  views+eager ratio
for model in $("$after/bin/echo-models" --list 2>&1 | awk '/^[a-z]/ {print $1}'); do
  "$after/bin/echo-models" "$model" > "$tmp/model.mlir"
  for opt in "${optimizers[@]}"; do
    b=$(peak "$before/bin/echo-opt" "optimizer=$opt")
    v=$(peak "$after/bin/echo-opt" "optimizer=$opt eager-updates=false")
    e=$(peak "$after/bin/echo-opt" "optimizer=$opt")
    python3 -c "import sys
b, v, e = map(int, sys.argv[3:])
mib = lambda x: x / 1048576
print('%-14s %-9s %12.2f %12.2f %12.2f %8.4f' % (sys.argv[1], sys.argv[2],
      mib(b), mib(v), mib(e), e / b))" "$model" "$opt" "$b" "$v" "$e"
  done
done
