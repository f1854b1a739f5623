#!/usr/bin/env python3
"""Runs a command, copies its stdout and stderr to stdout (stderr after
stdout), then prints `exit code N`. Always exits 0, so that a RUN line can
FileCheck the exact exit status of a failing tool.

usage: exit_code.py COMMAND [ARGS...] [< input]
"""
import subprocess
import sys

proc = subprocess.run(sys.argv[1:], stdin=sys.stdin, capture_output=True)
sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
sys.stdout.write("exit code %d\n" % proc.returncode)
