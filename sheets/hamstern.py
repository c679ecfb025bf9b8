"""The Hamstern cave sheet, drawn from the same layout file the engine reads.

``render("A", "a4", "en", copies=2)`` returns the PDF bytes. The page is drawn
once as a form and placed on every copy, so more copies cost almost nothing; so
are the pictures it repeats (mushrooms, acorns, rock; every dot: pips, footprints).
``grid_geometry`` is public so tests can check every drawn cell against the layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import SIDES, Layout, corridor_path, load_layout
from assistant.i18n import t
from sheets.pdf import (
    BOLD,
    FONT,
    MARGIN,
    PAPERS,
    draw_acorn,
    draw_die,
    draw_dot,
    draw_fitted,
    draw_hourglass,
    draw_mushroom,
    place_form,
    render_pages,
    wrap_lines,
)
from sheets.scan_marks import CODE_SIZE, SheetKind, draw_code, draw_markers

# Greys per side: side A is light, side B dark; chambers stay light so pencil shows.
SHADES = {
    "A": {"earth": 0.86, "chamber": 1.0, "start": 0.78, "rock": 0.62, "corridor": 0.97},
    "B": {"earth": 0.33, "chamber": 0.97, "start": 0.76, "rock": 0.15, "corridor": 0.9},
    "cave": {"earth": 0.62, "chamber": 1.0, "start": 0.78, "rock": 0.3, "corridor": 0.95},  # drawn from a code
}
MAX_CELL = 14 * mm
LABEL_STRIP = 5 * mm
HEADER_H = 22 * mm
TRACKS_H = 34 * mm
RULES_H = 16 * mm
SCORE_H = 22 * mm
FOOTER_H = 5 * mm
BOX = 8 * mm
# A points badge's radius in cells: on the middle of a wall it stays within the two cells it touches.
BADGE_RADIUS = 0.36


@dataclass(frozen=True)
class GridGeometry:
    """Where the cave grid sits on the page (points, origin bottom-left)."""

    left: float
    top: float
    cell: float

    def cell_rect(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, width, height) of a cell; y is its lower edge."""
        return (self.left + col * self.cell, self.top - (row + 1) * self.cell, self.cell, self.cell)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        x, y, size, _ = self.cell_rect(row, col)
        return x + size / 2, y + size / 2

    def point(self, x: float, y: float) -> tuple[float, float]:
        """The page point of a layout point in cell units (x across, y down from the top-left)."""
        return self.left + x * self.cell, self.top - y * self.cell


def grid_geometry(layout: Layout, paper: str) -> GridGeometry:
    width, height = PAPERS[paper]
    usable_w = width - 2 * MARGIN - LABEL_STRIP
    usable_h = height - 2 * MARGIN - HEADER_H - TRACKS_H - RULES_H - SCORE_H - FOOTER_H - LABEL_STRIP
    cell = min(MAX_CELL, usable_w / layout.cols, usable_h / layout.rows)
    grid_w = cell * layout.cols
    left = MARGIN + LABEL_STRIP + (usable_w - grid_w) / 2
    top = height - MARGIN - HEADER_H - LABEL_STRIP
    return GridGeometry(left, top, cell)


def render(side: str, paper: str = "a4", lang: str = "en", copies: int = 1) -> bytes:
    """Side A or B, or the cave of a code (made first if need be: seconds; ValueError for a bad code)."""
    layout = load_layout(side)
    title = f"{t('sheet.hamstern.title', lang)} – {side_label(layout.side, lang)}"
    return render_pages(paper, title, lambda canvas: draw_sheet(canvas, layout, paper, lang), copies)


def side_label(side: str, lang: str) -> str:
    """What the sheet's corner says it is: "Side A · light", "Cave BAKO-MIRU", "Cave of the day 2026-11-27"."""
    if side in SIDES:
        return t(f"sheet.hamstern.side_{side}", lang)
    return t("sheet.hamstern.cave_of_day" if caves.is_day_code(side) else "sheet.hamstern.cave", lang, code=side)


def cave_note(side: str, lang: str) -> str | None:
    """Under a cave's name: how it plays against side A, and that its code brings it into the app."""
    if side in SIDES:
        return None
    cave = caves.cave(side)
    return t("sheet.hamstern.cave_note", lang, code=side, difficulty=t(f"sheet.hamstern.cave_{cave.difficulty}", lang))


def shades(side: str) -> dict[str, float]:
    return SHADES.get(side, SHADES["cave"])


def draw_sheet(canvas: Canvas, layout: Layout, paper: str, lang: str) -> None:
    width, height = PAPERS[paper]
    geometry = grid_geometry(layout, paper)
    _draw_header(canvas, layout, lang, width, height)
    _draw_cave(canvas, layout, geometry)
    below_grid = tracks_top(layout, paper)
    _draw_tracks(canvas, layout, paper, lang, below_grid, width)
    # For the camera (assistant/scan): what sheet this is in the corners; a cave's code, to rebuild it.
    draw_markers(canvas, scan_kind(layout.side, paper))
    if layout.side not in SIDES:
        draw_code(canvas, layout.side, *code_origin(layout, paper))
    _draw_rules(canvas, lang, below_grid - TRACKS_H, width)
    _draw_score_boxes(canvas, lang, below_grid - TRACKS_H - RULES_H, width)
    canvas.setFillGray(0.4)
    draw_fitted(canvas, width / 2, MARGIN, f"{t('sheet.product', lang)} · {t('sheet.hamstern.copyright', lang)}",
                FONT, 6.5, width - 2 * MARGIN, align="center")


def tracks_top(layout: Layout, paper: str) -> float:
    """The top of the 1-track and round counter, a little below the grid."""
    geometry = grid_geometry(layout, paper)
    return geometry.top - layout.rows * geometry.cell - 4 * mm


def one_track_boxes(layout: Layout, paper: str) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of each 1-track box, left to right; y is its lower edge."""
    row_y = tracks_top(layout, paper) - 5 * mm - BOX
    return [(MARGIN + (k + 1.4) * BOX * 1.08, row_y, BOX, BOX) for k in range(layout.one_track_length)]


def code_origin(layout: Layout, paper: str) -> tuple[float, float]:
    """The lower-left corner of a cave's QR code: right of the 1-track, in the margin's white."""
    width, _ = PAPERS[paper]
    return width - MARGIN - CODE_SIZE, tracks_top(layout, paper) - 1 * mm - CODE_SIZE


def _draw_header(canvas: Canvas, layout: Layout, lang: str, width: float, height: float) -> None:
    top = height - MARGIN
    usable = width - 2 * MARGIN
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN, top - 6 * mm, t("sheet.hamstern.title", lang), BOLD, 17, usable * 0.62)
    draw_fitted(canvas, width - MARGIN, top - 6 * mm, side_label(layout.side, lang),
                BOLD, 12, usable * 0.36, align="right")
    # The name field: a label and a long writing line in a box.
    box_y, box_h = top - 17 * mm, 8 * mm
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    canvas.rect(MARGIN, box_y, usable, box_h, stroke=1, fill=0)
    canvas.setFont(BOLD, 9)
    canvas.drawString(MARGIN + 2 * mm, box_y + 2.8 * mm, t("sheet.name", lang) + ":")
    note = cave_note(layout.side, lang)
    if note:  # between the name and the cave: the code is what a table types to play or check it in the app
        canvas.setFillGray(0.15)
        draw_fitted(canvas, width - MARGIN, box_y - 4.2 * mm, note, BOLD, 8, usable, align="right")


def _draw_cave(canvas: Canvas, layout: Layout, g: GridGeometry) -> None:
    shade = shades(layout.side)
    cell = g.cell
    canvas.saveState()
    # Earth behind everything.
    canvas.setFillGray(shade["earth"])
    canvas.rect(g.left, g.top - layout.rows * cell, layout.cols * cell, layout.rows * cell, stroke=0, fill=1)
    _draw_coordinates(canvas, layout, g)
    for (row, col) in sorted(layout.rocks):
        x, y, _, _ = g.cell_rect(row, col)
        place_form(canvas, f"rock-{layout.side}-{cell:.2f}", x, y,
                   lambda c: _draw_rock(c, cell, shade["rock"]), reach=cell)
    # Chamber cells with thin lines between them.
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0.55)
    for chamber in layout.chambers:
        canvas.setFillGray(shade["start"] if chamber.start else shade["chamber"])
        for row, col in chamber.cells:
            canvas.rect(*g.cell_rect(row, col), stroke=1, fill=1)
    _draw_walls(canvas, layout, g)
    _draw_corridors(canvas, layout, g, shade["corridor"])
    icon = cell * 0.5
    for (row, col), kind in sorted(layout.icons.items()):
        draw = draw_mushroom if kind == "mushroom" else draw_acorn
        place_form(canvas, f"{kind}-{icon:.2f}", *g.centre(row, col),
                   lambda c, draw=draw: draw(c, 0, 0, icon, grey=0.5), reach=icon)
    for chamber in layout.chambers:
        _draw_points_badge(canvas, g.point(*layout.badge_centre(chamber)), g.cell * BADGE_RADIUS, chamber.points)
    canvas.restoreState()


def _draw_coordinates(canvas: Canvas, layout: Layout, g: GridGeometry) -> None:
    canvas.setFillGray(0.35)
    canvas.setFont(FONT, 7)
    for col in range(layout.cols):
        x, _ = g.centre(0, col)
        canvas.drawCentredString(x, g.top + 1.5 * mm, chr(ord("A") + col))
    for row in range(layout.rows):
        _, y = g.centre(row, 0)
        canvas.drawRightString(g.left - 1.5 * mm, y - 2.5, str(row + 1))


def _draw_rock(canvas: Canvas, size: float, grey: float) -> None:
    """Three stones in a cell whose lower-left corner is the origin."""
    canvas.setFillGray(grey)
    canvas.setStrokeGray(max(grey - 0.15, 0))
    canvas.setLineWidth(0.6)
    for fx, fy, fr in ((0.3, 0.35, 0.2), (0.68, 0.3, 0.17), (0.5, 0.7, 0.22)):
        stone = canvas.beginPath()
        cx, cy, r = fx * size, fy * size, fr * size
        stone.moveTo(cx - r, cy)
        stone.lineTo(cx - r * 0.4, cy + r * 0.9)
        stone.lineTo(cx + r * 0.7, cy + r * 0.7)
        stone.lineTo(cx + r, cy - r * 0.2)
        stone.lineTo(cx + r * 0.2, cy - r * 0.9)
        stone.close()
        canvas.drawPath(stone, stroke=1, fill=1)


@cache
def wall_runs(side: str) -> tuple[tuple[int, int, int, int], ...]:
    """The walls of ``side`` as straight runs (x1, y1, x2, y2) in cell units (x across, y down):
    wherever a chamber cell meets anything but its own chamber. Joined into runs, the same
    walls take 32 segments instead of 108 on side A, 92 instead of 154 on side B."""
    layout = load_layout(side)
    owner = {cell: n for n, chamber in enumerate(layout.chambers) for cell in chamber.cells}
    runs = []
    # Horizontal walls lie on the line y between rows y - 1 and y; vertical ones likewise.
    for y in range(layout.rows + 1):
        walled = [owner.get((y - 1, x)) != owner.get((y, x)) for x in range(layout.cols)]
        runs += [(start, y, end, y) for start, end in _stretches(walled)]
    for x in range(layout.cols + 1):
        walled = [owner.get((y, x - 1)) != owner.get((y, x)) for y in range(layout.rows)]
        runs += [(x, start, x, end) for start, end in _stretches(walled)]
    return tuple(runs)


def _stretches(flags: list[bool]) -> list[tuple[int, int]]:
    """(start, end) of every stretch of True in ``flags``, end exclusive."""
    stretches, start = [], None
    for n, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = n
        elif not flag and start is not None:
            stretches.append((start, n))
            start = None
    return stretches


def _draw_walls(canvas: Canvas, layout: Layout, g: GridGeometry) -> None:
    """A thick line wherever a chamber cell meets anything but its own chamber, in one path."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(2.0)
    canvas.setLineCap(2)
    walls = canvas.beginPath()
    for x1, y1, x2, y2 in wall_runs(layout.side):
        walls.moveTo(*g.point(x1, y1))
        walls.lineTo(*g.point(x2, y2))
    canvas.drawPath(walls, stroke=1, fill=0)


def _draw_corridors(canvas: Canvas, layout: Layout, g: GridGeometry, fill: float) -> None:
    """A tunnel through the earth from one chamber's wall to the other's."""
    half = g.cell * 0.2
    dot = g.cell * 0.05
    for near, far in layout.corridors:
        (x1, y1), (x2, y2) = g.centre(*near), g.centre(*far)
        inside = g.cell / 2  # from a cell centre to its wall
        if near[0] == far[0]:  # horizontal
            left, right = sorted((x1, x2))
            x_a, x_b = left + inside - 1.2, right - inside + 1.2
            canvas.setFillGray(fill)
            canvas.rect(x_a, y1 - half, x_b - x_a, 2 * half, stroke=0, fill=1)
            canvas.setLineWidth(0.9)
            canvas.line(x_a, y1 - half, x_b, y1 - half)
            canvas.line(x_a, y1 + half, x_b, y1 + half)
        else:
            bottom, top = sorted((y1, y2))
            y_a, y_b = bottom + inside - 1.2, top - inside + 1.2
            canvas.setFillGray(fill)
            canvas.rect(x1 - half, y_a, 2 * half, y_b - y_a, stroke=0, fill=1)
            canvas.setLineWidth(0.9)
            canvas.line(x1 - half, y_a, x1 - half, y_b)
            canvas.line(x1 + half, y_a, x1 + half, y_b)
        # Little footprints along longer tunnels show they are walkable.
        for row, col in corridor_path(near, far):
            canvas.setFillGray(0.55)
            draw_dot(canvas, *g.centre(row, col), dot)


def _draw_points_badge(canvas: Canvas, centre: tuple[float, float], radius: float, points: int) -> None:
    cx, cy = centre
    canvas.setFillGray(1)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(1.4)
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.setFillGray(0)
    canvas.setFont(BOLD, 11 if points < 10 else 10)
    canvas.drawCentredString(cx, cy - 4, str(points))


def _draw_tracks(canvas: Canvas, layout: Layout, paper: str, lang: str, top: float, width: float) -> None:
    usable = width - 2 * MARGIN
    canvas.setFillGray(0)
    # The 1-track: a die showing 1, then a box to strike per cell crossed on a 1.
    draw_fitted(canvas, MARGIN, top - 3 * mm, t("sheet.hamstern.one_track", lang), BOLD, 8.5,
                usable - CODE_SIZE - 3 * mm)  # a cave's code sits at the right end
    row_y = top - 5 * mm - BOX
    draw_die(canvas, MARGIN, row_y, BOX, 1)
    canvas.setLineWidth(0.9)
    for box in one_track_boxes(layout, paper):
        canvas.rect(*box, stroke=1, fill=0)
    # The round counter: the hourglass, then the boxes drawn as faint dice faces.
    counter_top = row_y - 3 * mm
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN, counter_top - 3 * mm, t("sheet.hamstern.round_counter", lang), BOLD, 8.5, 40 * mm)
    row_y = counter_top - 5 * mm - BOX
    draw_hourglass(canvas, MARGIN, row_y, BOX)
    for k, face in enumerate(layout.round_counter_faces):
        draw_die(canvas, MARGIN + (k + 1.4) * BOX * 1.08, row_y, BOX, face, pip_grey=0.6)
    note_left = MARGIN + (layout.round_counter_length + 1.8) * BOX * 1.08
    canvas.setFillGray(0.15)
    size = 7
    for n, line in enumerate(wrap_lines(t("sheet.hamstern.hourglass_note", lang), FONT, size,
                                        width - MARGIN - note_left)[:4]):
        canvas.setFont(FONT, size)
        canvas.drawString(note_left, row_y + BOX + 2 * mm - (n + 1) * (size + 1.5), line)


def _draw_rules(canvas: Canvas, lang: str, top: float, width: float) -> None:
    usable = width - 2 * MARGIN
    size = 7.5
    text = " ".join(t(key, lang) for key in ("sheet.hamstern.rule_first", "sheet.hamstern.rule_cross",
                                             "sheet.hamstern.full_chamber"))
    canvas.setFillGray(0.1)
    canvas.setFont(FONT, size)
    for n, line in enumerate(wrap_lines(text, FONT, size, usable)[:4]):
        canvas.drawString(MARGIN, top - (n + 1) * (size + 2), line)


def _draw_score_boxes(canvas: Canvas, lang: str, top: float, width: float) -> None:
    """Chambers + mushrooms + acorns = total, with the scoring reminders under them."""
    usable = width - 2 * MARGIN
    labels = [t(f"sheet.hamstern.{k}", lang) for k in ("chambers", "mushrooms", "acorns", "total")]
    gap = 9 * mm
    box_w, box_h = (usable - 3 * gap) / 4, 11 * mm
    box_y = top - 4.5 * mm - box_h
    for n, label in enumerate(labels):
        x = MARGIN + n * (box_w + gap)
        canvas.setFillGray(0)
        draw_fitted(canvas, x, top - 3.5 * mm, label, BOLD, 9, box_w - 7 * mm)
        if n == 1:
            draw_mushroom(canvas, x + box_w - 3 * mm, top - 2.5 * mm, 4.5 * mm)
        elif n == 2:
            draw_acorn(canvas, x + box_w - 3 * mm, top - 2.5 * mm, 4.5 * mm)
        canvas.setLineWidth(2.0 if n == 3 else 1.0)
        canvas.setStrokeGray(0)
        canvas.rect(x, box_y, box_w, box_h, stroke=1, fill=0)
        if n < 3:
            canvas.setFillGray(0)
            canvas.setFont(BOLD, 16)
            canvas.drawCentredString(x + box_w + gap / 2, box_y + box_h / 2 - 5, "=" if n == 2 else "+")
    canvas.setFillGray(0.15)
    reminder = f"{t('sheet.hamstern.mushroom_scale', lang)} · {t('sheet.hamstern.acorn_scale', lang)}"
    draw_fitted(canvas, MARGIN, box_y - 4 * mm, reminder, FONT, 7.5, usable)


# --- what the corner markers say (sheets/scan_marks.py, read by assistant/scan) ---------------------------
SCAN_SIDES = (*SIDES, "cave")  # every cave is one kind: its QR code says which


def scan_kinds(papers) -> list[SheetKind]:
    """Hamstern's readable sheets, in the order their numbers were given (never reorder: printed sheets
    carry them)."""
    return [SheetKind("hamstern", paper, side=side) for paper in papers for side in SCAN_SIDES]


def scan_kind(side: str, paper: str) -> SheetKind:
    return SheetKind("hamstern", paper, side=side if side in SIDES else "cave")
