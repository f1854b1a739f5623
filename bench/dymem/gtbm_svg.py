"""Draws a step of two pool traces (best-fit, GTBM) as an SVG: the pool's
footprint (peak with fragmentation so far is its maximum) and the live bytes
over the step's allocation events, and Dymem's U_f at each allocation.
Standard library only."""

from xml.sax.saxutils import escape

COLORS = {"best-fit": "#d62728", "gtbm": "#1f77b4", "live": "#555555"}
W, PANEL_H, LEFT, RIGHT, TOP, GAP = 900, 230, 80, 20, 40, 60


def _polyline(points, color, width=1.2, dash=None):
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline fill="none" stroke="{color}" stroke-width="{width}"'
            f'{extra} points="{path}"/>')


def _panel(out, y0, title, series, ymax, yfmt, xmax):
    plot_w = W - LEFT - RIGHT
    sx = lambda i: LEFT + plot_w * i / max(1, xmax)
    sy = lambda v: y0 + PANEL_H - PANEL_H * v / ymax if ymax else y0 + PANEL_H
    out.append(f'<text x="{LEFT}" y="{y0 - 8}" font-size="13">{escape(title)}</text>')
    out.append(f'<rect x="{LEFT}" y="{y0}" width="{plot_w}" height="{PANEL_H}" '
               'fill="none" stroke="#999"/>')
    for k in range(5):
        v = ymax * k / 4
        y = sy(v)
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" '
                   f'y2="{y:.1f}" stroke="#eee"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" font-size="10" '
                   f'text-anchor="end">{yfmt(v)}</text>')
    for k in range(6):
        i = xmax * k / 5
        out.append(f'<text x="{sx(i):.1f}" y="{y0 + PANEL_H + 14}" font-size="10" '
                   f'text-anchor="middle">{int(i)}</text>')
    for name, points, dash in series:
        out.append(_polyline([(sx(i), sy(v)) for i, v in points],
                             COLORS[name], dash=dash))


def write(path, title, traces, bestfit_pool, gtbm_pool):
    """traces: policy -> list of event rows (dicts of the trace's columns)."""
    xmax = max(len(events) for events in traces.values())
    footprint = {p: [(i, int(e["footprint"])) for i, e in enumerate(ev)]
                 for p, ev in traces.items()}
    live = [(i, int(e["live_bytes"])) for i, e in enumerate(traces["best-fit"])]
    uf = {p: [(i, float(e["uf"])) for i, e in enumerate(ev) if e["uf"]]
          for p, ev in traces.items()}
    ymax = max(v for pts in footprint.values() for _, v in pts) * 1.05
    height = TOP + 2 * PANEL_H + GAP + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" '
           f'height="{height}" font-family="sans-serif">',
           f'<rect width="{W}" height="{height}" fill="white"/>',
           f'<text x="{LEFT}" y="20" font-size="15" font-weight="bold">'
           f'{escape(title)}: dynamic pool, second step</text>']
    peaks = {p: max(v for _, v in pts) for p, pts in footprint.items()}
    _panel(out, TOP + 10,
           f"footprint (MB): best-fit peak {peaks['best-fit'] / 1e6:,.1f}, "
           f"GTBM peak {peaks['gtbm'] / 1e6:,.1f}; live bytes dashed",
           [("best-fit", footprint["best-fit"], None),
            ("gtbm", footprint["gtbm"], None), ("live", live, "4,3")],
           ymax, lambda v: f"{v / 1e6:,.0f}", xmax)
    y1 = TOP + 10 + PANEL_H + GAP
    _panel(out, y1,
           f"U_f at each allocation (pool of {bestfit_pool / 1e6:,.1f} MB "
           f"best-fit, {gtbm_pool / 1e6:,.1f} MB GTBM)",
           [("best-fit", uf["best-fit"], None), ("gtbm", uf["gtbm"], None)],
           1.0, lambda v: f"{v:.2f}", xmax)
    ly = y1 + PANEL_H + 34
    out.append(f'<text x="{LEFT + (W - LEFT - RIGHT) / 2}" y="{ly - 8}" '
               'font-size="11" text-anchor="middle">allocation and free events '
               'of the step</text>')
    x = LEFT
    for name, label in [("best-fit", "best-fit"), ("gtbm", "GTBM"),
                        ("live", "live bytes")]:
        out.append(f'<rect x="{x}" y="{ly + 6}" width="14" height="4" '
                   f'fill="{COLORS[name]}"/>')
        out.append(f'<text x="{x + 20}" y="{ly + 12}" font-size="11">{label}</text>')
        x += 120
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
