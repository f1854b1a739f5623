#!/usr/bin/env python3
"""Checks the DOM a browser rendered from an HTML memory report against the
JSON report of the same plan and the planned IR.

  check_html_dom.py DOM REPORT.json PLANNED.mlir [--function F] [--panel a]
                    [--measured ECHO_RUN_OUTPUT]

DOM is `chromium --headless --dump-dom PAGE`. The page's JavaScript writes
what it drew into elements: #status (data-state="ready"), #P-function-name,
#P-peak-bytes (the planned peak it labels), #P-live-peak-bytes (the top of
its stacked live-bytes chart), #P-box-count (the arena boxes it drew),
#P-measured-peak-bytes, #render-ms and #load-ms. They must equal the JSON
report's planned_peak_bytes, the sum of its breakdown (persistent bytes plus
the arena bytes live at the peak point), the number of arena views
(memref.view with echo.slice) of the function in the planned IR, and
echo-run's measured peak_bytes.
"""

import argparse
import json
import re
import sys


def element(dom, ident):
    match = re.search(r'id="%s"[^>]*>([^<]*)<' % re.escape(ident), dom)
    if not match:
        sys.exit(f"FAIL: no #{ident} in the rendered DOM")
    return match.group(1)


def views_of(planned, function):
    """Arena views (memref.view with echo.slice) of @function."""
    count, inside = 0, False
    for line in planned.splitlines():
        if line.lstrip().startswith("func.func"):
            inside = re.search(r"@%s\(" % re.escape(function), line) is not None
        elif inside and "memref.view" in line and "echo.slice" in line:
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dom")
    parser.add_argument("report")
    parser.add_argument("planned")
    parser.add_argument("--function", default="train_step")
    parser.add_argument("--panel", default="a")
    parser.add_argument("--measured")
    args = parser.parse_args()
    dom = open(args.dom, encoding="utf-8").read()
    reports = [json.loads(line) for line in open(args.report)
               if line.startswith("{")]
    report = next(r for r in reports if r["function"] == args.function)
    p = args.panel + "-"

    state = re.search(r'id="status" data-state="([a-z]+)"', dom)
    if not state or state.group(1) != "ready":
        status = re.search(r'id="status"[^>]*>([^<]*)', dom)
        sys.exit("FAIL: the page did not render: " +
                 (status.group(1) if status else "no #status"))
    shown = element(dom, p + "function-name")
    if shown != "@" + args.function:
        sys.exit(f"FAIL: the page shows {shown}, not @{args.function}")
    peak = int(element(dom, p + "peak-bytes"))
    if peak != report["planned_peak_bytes"]:
        sys.exit(f"FAIL: peak label {peak} != planned_peak_bytes "
                 f"{report['planned_peak_bytes']}")
    live = int(element(dom, p + "live-peak-bytes"))
    expected_live = sum(report["breakdown"].values())
    if live != expected_live:
        sys.exit(f"FAIL: chart top {live} != sum of the breakdown "
                 f"{expected_live}")
    boxes = int(element(dom, p + "box-count"))
    views = views_of(open(args.planned).read(), args.function)
    if boxes != views or boxes == 0:
        sys.exit(f"FAIL: {boxes} boxes drawn, {views} arena views planned")
    if args.measured:
        measured = next(json.loads(line) for line in open(args.measured)
                        if line.startswith("{"))
        shown = int(element(dom, p + "measured-peak-bytes"))
        if shown != measured["peak_bytes"]:
            sys.exit(f"FAIL: measured peak {shown} != echo-run's "
                     f"{measured['peak_bytes']}")
        print(f"measured ok: {shown} bytes")
    render = float(element(dom, "render-ms"))
    load = float(element(dom, "load-ms"))
    print(f"dom ok: @{args.function} peak {peak} bytes, live {live} bytes, "
          f"{boxes} boxes")
    # Timing varies: on stderr, for the log, not for FileCheck.
    print(f"timing: rendered in {render:.0f} ms, {load:.0f} ms after "
          f"navigation start", file=sys.stderr)


if __name__ == "__main__":
    main()
