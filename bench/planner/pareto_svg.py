"""A self-contained SVG of a budget sweep: planned peak across, simulated
step up; the budget plans as a curve, the fixed policies as labelled points
(policies at the same point share one label)."""

import math
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 30, 40, 60


def _ticks(lo, hi, count=6):
    """Round tick values covering [lo, hi]."""
    span = hi - lo
    raw = span / count
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw))
    first, last = math.floor(lo / step), math.ceil(hi / step)
    return [i * step for i in range(first, last + 1)]


def _bytes_unit(hi):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if hi >= 10 * scale:
            return unit, scale
    return "B", 1


def write(path, title, curve, points):
    """curve: [(peak_bytes, seconds, label)] of the budget plans;
    points: {policy: (peak_bytes, seconds)} of the fixed policies."""
    xs = [c[0] for c in curve] + [p[0] for p in points.values()]
    ys = [c[1] * 1e6 for c in curve] + [p[1] * 1e6 for p in points.values()]
    unit, scale = _bytes_unit(max(xs))
    xs = [x / scale for x in xs]
    pad_x = (max(xs) - min(xs)) * 0.08 or max(xs) * 0.05
    pad_y = (max(ys) - min(ys)) * 0.08 or max(ys) * 0.05
    xt = _ticks(min(xs) - pad_x, max(xs) + pad_x)
    yt = _ticks(min(ys) - pad_y, max(ys) + pad_y)
    x0, x1, y0, y1 = xt[0], xt[-1], yt[0], yt[-1]
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    sx = lambda v: LEFT + (v / scale - x0) / (x1 - x0) * pw
    sy = lambda us: TOP + ph - (us - y0) / (y1 - y0) * ph
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">'
           % (WIDTH, HEIGHT, WIDTH, HEIGHT),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="22" font-size="13">%s</text>' % (LEFT, escape(title))]
    for t in xt:
        x = LEFT + (t - x0) / (x1 - x0) * pw
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>'
                   % (x, TOP, x, TOP + ph))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>'
                   % (x, TOP + ph + 16, round(t, 6)))
    for t in yt:
        y = TOP + ph - (t - y0) / (y1 - y0) * ph
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'
                   % (LEFT, y, LEFT + pw, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>'
                   % (LEFT - 6, y + 4, round(t, 6)))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" '
               'stroke="black"/>' % (LEFT, TOP, pw, ph))
    out.append('<text x="%d" y="%d" text-anchor="middle">planned peak (%s)</text>'
               % (LEFT + pw // 2, HEIGHT - 18, unit))
    out.append('<text transform="translate(18,%d) rotate(-90)" '
               'text-anchor="middle">simulated step (us)</text>' % (TOP + ph // 2))
    ordered = sorted(curve)
    if ordered:
        # A staircase: a budget between two plans' peaks gets the lower one.
        stairs = [(ordered[0][0], ordered[0][1])]
        for (_, s, _), (p, s2, _) in zip(ordered, ordered[1:]):
            stairs += [(p, s), (p, s2)]
        out.append('<polyline fill="none" stroke="#1f77b4" stroke-width="2" '
                   'points="%s"/>' % " ".join("%.1f,%.1f" % (sx(p), sy(s * 1e6))
                                               for p, s in stairs))
        for p, s, label in ordered:
            out.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="#1f77b4">'
                       '<title>%s</title></circle>'
                       % (sx(p), sy(s * 1e6), escape(label)))
    shared = {}
    for name, (p, s) in points.items():
        shared.setdefault((p, s), []).append(name)
    placed = []  # label boxes (x0, y0, x1, y1) already drawn
    for (p, s), names in sorted(shared.items()):
        x, y = sx(p), sy(s * 1e6)
        out.append('<rect x="%.1f" y="%.1f" width="7" height="7" fill="#d62728"/>'
                   % (x - 3.5, y - 3.5))
        text = ", ".join(names)
        width = 6.5 * len(text)  # about the width of 12px sans-serif
        left = x + 6 if x + 6 + width <= LEFT + pw else x - 6 - width
        top = y - 8
        # Move down past the labels it would overlap.
        while any(left < b[2] and b[0] < left + width and top < b[3] and b[1] < top + 14
                  for b in placed):
            top += 14
        placed.append((left, top, left + width, top + 14))
        out.append('<text x="%.1f" y="%.1f" fill="#d62728">%s</text>'
                   % (left, top + 11, escape(text)))
    lx, ly = LEFT + 10, TOP + 14
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#1f77b4" '
               'stroke-width="2"/>' % (lx, ly - 4, lx + 20, ly - 4))
    out.append('<text x="%d" y="%d">budget plans (echo-budget-plan)</text>'
               % (lx + 26, ly))
    out.append('<rect x="%d" y="%d" width="7" height="7" fill="#d62728"/>'
               % (lx + 6, ly + 8))
    out.append('<text x="%d" y="%d">fixed policies</text>' % (lx + 26, ly + 16))
    out.append('</svg>')
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
