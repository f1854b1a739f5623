#!/usr/bin/env python3
"""Reads a GoogleTest log and prints how many tests were skipped, how many
skip messages carry the no-device reason, and how many tests the final
summary lists as skipped: 'skips S reasons R listed L'.

usage: count_skips.py LOG
"""
import re
import sys

text = open(sys.argv[1]).read()
skips = text.count(": Skipped\n")
reasons = len(re.findall(r": Skipped\necho_context_create: no CUDA device: ",
                         text))
listed = len(re.findall(r"^\[  SKIPPED \] [\w/]+\.[\w/]+$", text, re.M))
print("skips %d reasons %d listed %d" % (skips, reasons, listed))
