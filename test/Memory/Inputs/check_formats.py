#!/usr/bin/env python3
"""Check the trace and SVG forms of --echo-memory-report.

  check_formats.py trace FILE  - valid JSON, a non-empty "traceEvents" list
                                 of counter events ("ph": "C") with integer
                                 "ts" (program point, non-decreasing per
                                 counter) and integer byte counts in "args";
                                 prints the counters and the largest total.
  check_formats.py svg FILE    - well-formed XML (xml.etree), an <svg> root in
                                 the SVG namespace with a <title> and one
                                 <polygon> per arena category.
Exits 1 with a message on the first failure.
"""

import json
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def fail(message):
    print("error: " + message)
    sys.exit(1)


def check_trace(path):
    try:
        data = json.load(open(path))
    except ValueError as e:
        fail(f"not valid JSON: {e}")
    events = data.get("traceEvents") if isinstance(data, dict) else None
    if not isinstance(events, list) or not events:
        fail("no traceEvents list")
    last = {}
    peak = {}
    for e in events:
        if e.get("ph") != "C":
            fail(f"not a counter event: {e}")
        name, ts, args = e.get("name"), e.get("ts"), e.get("args")
        if not isinstance(name, str) or not isinstance(ts, int) or not isinstance(args, dict):
            fail(f"malformed counter event: {e}")
        if not all(isinstance(v, int) and v >= 0 for v in args.values()):
            fail(f"non-integer byte counts: {e}")
        if ts < last.get(name, -1):
            fail(f"ts goes back in time for {name}: {e}")
        last[name] = ts
        peak[name] = max(peak.get(name, 0), sum(args.values()))
    for name in sorted(peak):
        print(f"counter '{name}': peak {peak[name]} bytes")
    print(f"trace ok: {len(events)} counter events")


def check_svg(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(f"not well-formed XML: {e}")
    if root.tag != SVG + "svg":
        fail(f"root is {root.tag}, not svg")
    title = root.find(SVG + "title")
    if title is None or not title.text:
        fail("no <title>")
    polygons = root.findall(SVG + "polygon")
    print(f"svg ok: '{title.text}', {len(polygons)} polygons")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("trace", "svg"):
        fail("usage: check_formats.py trace|svg FILE")
    (check_trace if sys.argv[1] == "trace" else check_svg)(sys.argv[2])
