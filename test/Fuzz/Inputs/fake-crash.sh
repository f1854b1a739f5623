#!/bin/sh
# Stands in for an echo-opt that hits report_fatal_error, so the replay test
# shows it catches one.
cat >/dev/null
echo "LLVM ERROR: fake fatal error" >&2
kill -ABRT $$
