"""The small pictures of the Hamsterdam tracker: our own vector icons, black on white.

Every icon is drawn around the origin, ``size`` wide, and placed with ``place_icon``: drawn
once per PDF as a form, then only referenced. Meaning never rests on grey alone: each icon
has its own outline (a die, a drop, an arrow, a ring of arrows, a loop, two cards, a crack).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from sheets.pdf import draw_dot, place_form

# The timing windows of templates/hamsterdam.toml, in the order the key shows them.
WINDOWS = ("roll", "flood", "movement", "redeploy", "always", "any")
STROKE = 0.8
WIDER = {"turns": 1.3}  # icons wider than high, by how much


def icon_width(kind: str, size: float) -> float:
    return size * WIDER.get(kind, 1)


def place_icon(canvas: Canvas, kind: str, cx: float, cy: float, size: float) -> None:
    """The icon ``kind`` (a window, "turns" or "breach") centred on (cx, cy)."""
    draw = DRAWINGS[kind]
    place_form(canvas, f"hd-{kind}-{size:.2f}", cx, cy, lambda c: _styled(c, draw, size), reach=size)


def _styled(canvas: Canvas, draw, size: float) -> None:
    canvas.setLineWidth(STROKE)
    canvas.setStrokeGray(0)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    draw(canvas, size / 2)


def _roll(canvas: Canvas, r: float) -> None:
    """A die showing five."""
    canvas.setFillGray(1)
    canvas.roundRect(-r, -r, 2 * r, 2 * r, r * 0.35, stroke=1, fill=1)
    canvas.setFillGray(0)
    for dx, dy in ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)):
        draw_dot(canvas, dx * r * 0.5, dy * r * 0.5, r * 0.17)


def _flood(canvas: Canvas, r: float) -> None:
    """A water drop: a point at the top, round below."""
    drop = canvas.beginPath()
    drop.moveTo(0, r)
    drop.curveTo(r * 0.2, r * 0.45, r * 0.75, r * 0.05, r * 0.75, -r * 0.3)
    drop.curveTo(r * 0.75, -r * 0.75, r * 0.4, -r, 0, -r)
    drop.curveTo(-r * 0.4, -r, -r * 0.75, -r * 0.75, -r * 0.75, -r * 0.3)
    drop.curveTo(-r * 0.75, r * 0.05, -r * 0.2, r * 0.45, 0, r)
    drop.close()
    canvas.setFillGray(0.55)
    canvas.drawPath(drop, stroke=1, fill=1)


def _arrow_head(canvas: Canvas, x: float, y: float, dx: float, dy: float, length: float) -> None:
    """A filled arrow head with its tip at (x, y), pointing along the unit vector (dx, dy)."""
    head = canvas.beginPath()
    head.moveTo(x, y)
    head.lineTo(x - dx * length - dy * length * 0.6, y - dy * length + dx * length * 0.6)
    head.lineTo(x - dx * length + dy * length * 0.6, y - dy * length - dx * length * 0.6)
    head.close()
    canvas.setFillGray(0)
    canvas.drawPath(head, stroke=0, fill=1)


def _movement(canvas: Canvas, r: float) -> None:
    """A step left or right: a bold arrow pointing both ways."""
    canvas.setLineWidth(STROKE * 1.8)
    canvas.line(-r * 0.5, 0, r * 0.5, 0)
    _arrow_head(canvas, r, 0, 1, 0, r * 0.6)
    _arrow_head(canvas, -r, 0, -1, 0, r * 0.6)


def _redeploy(canvas: Canvas, r: float) -> None:
    """Two arrows chasing each other round a ring: everything is placed again."""
    canvas.setLineWidth(STROKE * 1.3)
    canvas.setFillGray(0)
    ring = r * 0.72
    canvas.arc(-ring, -ring, ring, ring, startAng=20, extent=140)
    canvas.arc(-ring, -ring, ring, ring, startAng=200, extent=140)
    # The heads sit at the ends of the arcs (160 and 340 degrees), pointing along the ring.
    _arrow_head(canvas, -ring * 0.94, ring * 0.34, -0.34, -0.94, r * 0.42)
    _arrow_head(canvas, ring * 0.94, -ring * 0.34, 0.34, 0.94, r * 0.42)


def _always(canvas: Canvas, r: float) -> None:
    """An infinity loop: a lasting property, never used up."""
    canvas.setLineWidth(STROKE * 1.4)
    loop = canvas.beginPath()
    loop.moveTo(0, 0)
    loop.curveTo(r * 0.35, r * 0.55, r, r * 0.5, r, 0)
    loop.curveTo(r, -r * 0.5, r * 0.35, -r * 0.55, 0, 0)
    loop.curveTo(-r * 0.35, r * 0.55, -r, r * 0.5, -r, 0)
    loop.curveTo(-r, -r * 0.5, -r * 0.35, -r * 0.55, 0, 0)
    canvas.drawPath(loop, stroke=1, fill=0)


def _card(canvas: Canvas, x: float, y: float, w: float, h: float, grey: float) -> None:
    canvas.setFillGray(grey)
    canvas.roundRect(x, y, w, h, w * 0.15, stroke=1, fill=1)


def _any(canvas: Canvas, r: float) -> None:
    """Two overlapping cards: it copies another special's ability, at that one's time."""
    _card(canvas, -r * 0.95, -r * 0.45, r * 1.1, r * 1.4, 0.8)
    _card(canvas, -r * 0.15, -r * 0.95, r * 1.1, r * 1.4, 1)


def _turns(canvas: Canvas, r: float) -> None:
    """A white card, an arrow, a grey card: after use it turns to its plain side. Wider than
    high (it sits alone at a row's end)."""
    _card(canvas, -r * 1.3, -r * 0.75, r * 0.85, r * 1.5, 1)
    _card(canvas, r * 0.45, -r * 0.75, r * 0.85, r * 1.5, 0.55)
    canvas.setLineWidth(STROKE * 1.2)
    canvas.line(-r * 0.35, 0, r * 0.05, 0)
    _arrow_head(canvas, r * 0.38, 0, 1, 0, r * 0.4)


def _breach(canvas: Canvas, r: float) -> None:
    """A crack through the dam: a bold zigzag."""
    canvas.setLineWidth(STROKE * 1.6)
    crack = canvas.beginPath()
    crack.moveTo(-r * 0.3, r)
    crack.lineTo(r * 0.25, r * 0.3)
    crack.lineTo(-r * 0.25, -r * 0.05)
    crack.lineTo(r * 0.3, -r * 0.5)
    crack.lineTo(-r * 0.05, -r)
    canvas.drawPath(crack, stroke=1, fill=0)


DRAWINGS = {
    "roll": _roll, "flood": _flood, "movement": _movement, "redeploy": _redeploy,
    "always": _always, "any": _any, "turns": _turns, "breach": _breach,
}
