#!/usr/bin/env bash
# Runs the tests (lit regression tests + GoogleTest unit tests, through one
# lit invocation) and ends with a line "N passed, N failed, N skipped".
# No second argument: every test but those marked `REQUIRES: long` (make
# check, CI). --fast also leaves out those marked `REQUIRES: slow` (make
# check-fast); --all runs the long ones too (make check-all).
set -uo pipefail
BUILD_DIR=${1:-build}
LIT_PARAMS=()
case "${2:-}" in
  --fast) LIT_PARAMS=(--param fast=1) ;;
  --all) LIT_PARAMS=(--param long=1) ;;
  "") ;;
  *) echo "usage: run-tests.sh [BUILD_DIR] [--fast|--all]" >&2
     echo "0 passed, 1 failed"; exit 2 ;;
esac
LIT=${LIT:-/usr/lib/llvm-22/bin/lit}

cmake --build "$BUILD_DIR" --target echo-opt echo-run echo-models echo-compile echo-step echo-capi-pipeline-test EchoMLIRPlugin EchoUnitTests EchoRuntimeTests >/dev/null || {
  echo "build failed"; echo "0 passed, 1 failed"; exit 1; }

results=$(mktemp)
"$LIT" -sv "${LIT_PARAMS[@]}" --xunit-xml-output "$results" "$BUILD_DIR/test" "$BUILD_DIR/test/Unit"
status=$?

# Count from lit's machine-readable report, not its prose.
read -r total failures skipped < <(python3 - "$results" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
t = sum(int(s.get("tests", 0)) for s in suites)
f = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
k = sum(int(s.get("skipped", 0)) for s in suites)
print(t, f, k)
PY
)
rm -f "$results"
passed=$((total - failures - skipped))
if [ "$total" -eq 0 ]; then
  echo "no tests ran"; echo "0 passed, 1 failed"; exit 1
fi
echo "$passed passed, $failures failed, $skipped skipped"
exit $status
