#!/usr/bin/env bash
# Runs an echo-opt binary over every malformed input in test/Malformed and
# checks that each one is rejected cleanly:
#   - the exit code is non-zero and < 128 (no signal, no abort),
#   - stderr has a located diagnostic (`<file>.mlir:LINE:COL: error:`),
#   - stderr has no crash or sanitizer report ('Stack dump', 'PLEASE submit',
#     'AddressSanitizer', 'runtime error', ...).
# Then runs the op-level invalid cases (test/Dialect/Echo/invalid*.mlir, which
# hold the verifier errors, hostile sizes included) with -split-input-file
# -verify-diagnostics: each file must pass (exit 0) with no crash or sanitizer
# report.
# Meant for sanitizer builds as well as normal ones.
#
# Usage: scripts/run-malformed-corpus.sh [path/to/echo-opt]
#        (default: build/bin/echo-opt, relative to the repository root)
# Prints one line per file and a final "N passed, N failed"; exits 1 if any
# file failed, 2 on a usage error.

set -u

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ECHO_OPT="${1:-$ROOT/build/bin/echo-opt}"
CORPUS="$ROOT/test/Malformed"
INVALID_DIR="$ROOT/test/Dialect/Echo"
# Per-file time limit in seconds (a hang counts as a failure).
TIMEOUT="${MALFORMED_TIMEOUT:-60}"

if [ ! -x "$ECHO_OPT" ]; then
  echo "error: echo-opt binary '$ECHO_OPT' not found or not executable" >&2
  exit 2
fi
if [ ! -d "$CORPUS" ]; then
  echo "error: corpus directory '$CORPUS' not found" >&2
  exit 2
fi

# Make sanitizer reports go to stderr and UBSan findings visible; keep any
# options the caller already set.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

have_timeout=0
command -v timeout >/dev/null 2>&1 && have_timeout=1

errfile="$(mktemp)"
trap 'rm -f "$errfile"' EXIT

passed=0
failed=0
shopt -s nullglob
files=("$CORPUS"/*.mlir)
if [ ${#files[@]} -eq 0 ]; then
  echo "error: no .mlir files in '$CORPUS'" >&2
  exit 2
fi

# Adds to `reasons` every crash or sanitizer report in $errfile.
crash_reasons() {
  for pat in 'Stack dump' 'PLEASE submit' 'AddressSanitizer' 'LeakSanitizer' \
             'UndefinedBehaviorSanitizer' 'runtime error'; do
    if grep -aq "$pat" "$errfile"; then
      where="$(grep -a -m1 "$pat" "$errfile" | tr -d '\000' | cut -c1-160)"
      reasons+=("stderr contains '$pat': $where")
    fi
  done
}

# Counts and prints the case $name: ok, or FAIL with its reasons.
report() {
  if [ ${#reasons[@]} -eq 0 ]; then
    echo "ok    $name"
    passed=$((passed + 1))
  else
    msg="${reasons[0]}"
    for r in "${reasons[@]:1}"; do msg="$msg; $r"; done
    echo "FAIL  $name: $msg"
    failed=$((failed + 1))
  fi
}

for f in "${files[@]}"; do
  name="$(basename "$f")"
  # The subshell's own stderr is discarded so that bash's "Segmentation
  # fault" job notices do not clutter the report; the exit code says it all.
  if [ $have_timeout -eq 1 ]; then
    ( timeout "$TIMEOUT" "$ECHO_OPT" "$f" >/dev/null 2>"$errfile" ) 2>/dev/null
  else
    ( "$ECHO_OPT" "$f" >/dev/null 2>"$errfile" ) 2>/dev/null
  fi
  rc=$?

  reasons=()
  if [ $have_timeout -eq 1 ] && [ $rc -eq 124 ]; then
    reasons+=("timed out after ${TIMEOUT}s")
  elif [ $rc -eq 0 ]; then
    reasons+=("exit code 0 (input accepted)")
  elif [ $rc -ge 128 ]; then
    reasons+=("exit code $rc (killed by signal $((rc - 128)))")
  fi
  # -a: the corpus has non-UTF8/binary inputs that get echoed in diagnostics.
  if ! grep -aEq '\.mlir:[0-9]+:[0-9]+: error:' "$errfile"; then
    if [ -s "$errfile" ]; then
      reasons+=("no located 'error:' (first line: $(head -n1 "$errfile" | tr -d '\000' | cut -c1-120))")
    else
      reasons+=("no diagnostic at all")
    fi
  fi
  crash_reasons

  report
done

# The split files: every expected diagnostic is produced, nothing else.
split_files=("$INVALID_DIR"/invalid*.mlir)
if [ ${#split_files[@]} -eq 0 ]; then
  echo "error: no invalid*.mlir files in '$INVALID_DIR'" >&2
  exit 2
fi
for f in "${split_files[@]}"; do
  name="Dialect/Echo/$(basename "$f")"
  if [ $have_timeout -eq 1 ]; then
    ( timeout "$TIMEOUT" "$ECHO_OPT" "$f" -split-input-file -verify-diagnostics \
        >/dev/null 2>"$errfile" ) 2>/dev/null
  else
    ( "$ECHO_OPT" "$f" -split-input-file -verify-diagnostics \
        >/dev/null 2>"$errfile" ) 2>/dev/null
  fi
  rc=$?

  reasons=()
  if [ $have_timeout -eq 1 ] && [ $rc -eq 124 ]; then
    reasons+=("timed out after ${TIMEOUT}s")
  elif [ $rc -ge 128 ]; then
    reasons+=("exit code $rc (killed by signal $((rc - 128)))")
  elif [ $rc -ne 0 ]; then
    reasons+=("-verify-diagnostics failed (first line: $(head -n1 "$errfile" | tr -d '\000' | cut -c1-120))")
  fi
  crash_reasons

  report
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
