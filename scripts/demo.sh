#!/usr/bin/env bash
# The demo behind `make demo`: parse, verify and print the bundled training
# step, then show what each op costs and what its gradient reads.
set -euo pipefail
BUILD_DIR=${1:-build}
OPT="$BUILD_DIR/bin/echo-opt"
EXAMPLE=examples/mlp-train-step.mlir

echo "== echo-opt $EXAMPLE (parsed, verified, printed)"
"$OPT" "$EXAMPLE"

echo
echo "== Per-op cost (--test-print-op-cost)"
printf '%-6s %-26s %14s %12s %12s  %s\n' line op flops "bytes read" written kind
"$OPT" "$EXAMPLE" --test-print-op-cost -o /dev/null 2>&1 |
  awk -v file="$EXAMPLE" '
    / remark: flops / {
      split($1, loc, ":"); line = loc[2]
      getline src; match(src, /echo\.[a-z0-9_]+/); op = substr(src, RSTART, RLENGTH)
      printf "%-6s %-26s %14s %12s %12s  %s\n", line, op, $4, $6, $8, $9
      flops += $4 }
    END { printf "total forward+backward+update FLOPs: %d\n", flops }'

echo
echo "== What each forward op's gradient reads (--test-print-gradient-deps)"
"$OPT" "$EXAMPLE" --test-print-gradient-deps -o /dev/null 2>&1 |
  awk '/ remark: gradient reads / {
      split($1, loc, ":"); line = loc[2]
      getline src; match(src, /echo\.[a-z0-9_]+/); op = substr(src, RSTART, RLENGTH)
      sub(/.*gradient reads /, ""); printf "line %-4s %-22s reads %s\n", line, op, $0 }'

echo
stashed=$(grep -c "= echo.stash" "$EXAMPLE")
echo "The step keeps $stashed stashed values alive from forward to backward;"
echo "linear's output is not among them because its gradient reads only its inputs."
