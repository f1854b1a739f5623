#!/usr/bin/env python3
"""Runs a command and then says whether its peak resident memory stayed
below a bound; exits with the command's status.

usage: max_rss.py BYTES COMMAND [ARGS...]
"""
import resource
import subprocess
import sys

bound = int(sys.argv[1])
rc = subprocess.run(sys.argv[2:]).returncode
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
sys.stdout.flush()
print("max rss %s %d bytes" % ("below" if peak < bound else "NOT below", bound))
sys.exit(rc)
