#!/usr/bin/env bash
# compare_drivers.sh ECHO_OPT MLIR_OPT PLUGIN CASES WORKDIR
# Each line of CASES (blank lines and # comments aside) is
#   INPUT | echo-opt's flags | the same passes as mlir-opt's --pass-pipeline
# Runs echo-opt with the flags and stock mlir-opt with the plugin loaded
# and the pipeline, and compares what each prints on stdout and stderr
# (the memory report goes to stderr) byte for byte. Prints `same INPUT`
# per case, `DIFFERENT ...` with the first differing lines otherwise, and
# exits 1 if a case differs or a driver fails.
set -u
echo_opt=$1 mlir_opt=$2 plugin=$3 cases=$4 work=$5
mkdir -p "$work"
status=0 n=0
while IFS='|' read -r input flags pipeline; do
  input=$(echo "$input" | xargs)
  case "$input" in ''|'#'*) continue ;; esac
  n=$((n + 1))
  # shellcheck disable=SC2086
  eval "\"$echo_opt\" \"$input\" $flags" > "$work/$n.echo.out" 2> "$work/$n.echo.err"
  rc1=$?
  "$mlir_opt" --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" "$input" \
    --pass-pipeline="$(echo "$pipeline" | sed 's/^ *//; s/ *$//')" > "$work/$n.mlir.out" 2> "$work/$n.mlir.err"
  rc2=$?
  if [ $rc1 -ne 0 ] || [ $rc2 -ne 0 ]; then
    echo "FAILED $n $input: echo-opt exit $rc1, mlir-opt exit $rc2"; head -5 "$work/$n.echo.err" "$work/$n.mlir.err"
    status=1; continue
  fi
  if cmp -s "$work/$n.echo.out" "$work/$n.mlir.out" && cmp -s "$work/$n.echo.err" "$work/$n.mlir.err"; then
    echo "same $n $(basename "$input") $(wc -c < "$work/$n.echo.out") bytes"
  else
    echo "DIFFERENT $n $input"; diff "$work/$n.echo.out" "$work/$n.mlir.out" | head -5
    diff "$work/$n.echo.err" "$work/$n.mlir.err" | head -5; status=1
  fi
done < "$cases"
echo "$n cases"
exit $status
