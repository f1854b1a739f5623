#!/usr/bin/env python3
"""Reads the JSON object of `echo-run --memory-stats=json` (the last line of
stdin starting with '{') and prints `KEY VALUE` for each dotted key asked for
on the command line, e.g. `max_by_category.encoded`, plus `KEY>0 True|False`.

usage: mem_stat.py KEY... < stats
"""
import json
import sys

line = [l for l in sys.stdin.read().splitlines() if l.startswith("{")][-1]
stats = json.loads(line)
for key in sys.argv[1:]:
    value = stats
    for part in key.split("."):
        value = value[part]
    print("%s %s" % (key, value))
    print("%s>0 %s" % (key, value > 0))
