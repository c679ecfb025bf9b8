"""The Hamstern sheet as one SVG picture, drawn from the same layout file as the printed sheet.

Every chamber cell is a group ``data-tap="row-col"``, so the tap board component can select it
in the browser. The same picture, smaller and without taps, shows the other players' sheets.
Crossed cells keep their chamber's walls and doors: walls are drawn above the cells.
"""

from __future__ import annotations

from functools import cache, lru_cache

from assistant.games.hamstern.layout import Layout, load_layout

COLOURS = {
    "A": {"earth": "#dccbaa", "chamber": "#fffdf7", "start": "#e6d3ad", "rock": "#9c8f7d", "tunnel": "#f3ead8"},
    "B": {"earth": "#4b3d30", "chamber": "#f7f1e6", "start": "#d5c3a0", "rock": "#231c15", "tunnel": "#cdbb9c"},
    "cave": {"earth": "#8f7a5f", "chamber": "#fffaf0", "start": "#e2cfa8", "rock": "#4a3d30", "tunnel": "#eadfc8"},
}
# A selected cell is drawn yellow by the tap board's stylesheet, in the browser.
CROSSED, HINT, WALL, DOOR, GRID = "#b0bec5", "#1e88e5", "#1d1d1d", "#8d6e63", "#b9ad98"
UNIT = 10  # one cell is 10 x 10 in the picture's own coordinates

MUSHROOM = ('<rect x="16" y="19" width="8" height="13" '
            'rx="3" fill="#f3e5c8" stroke="#555" stroke-width="1.5"/><path d="M6 21 C6 5 34 5 34 21 Z" fill="#c0392b" '
            'stroke="#555" stroke-width="1.5"/><circle cx="14" cy="14" r="2.5" fill="#fff"/><circle cx="24" cy="11" '
            'r="2" fill="#fff"/><circle cx="28" cy="17" r="1.8" fill="#fff"/>')
ACORN = ('<path d="M11 19 C11 31 17 35 20 35 '
         'C23 35 29 31 29 19 Z" fill="#d19a4f" stroke="#555" stroke-width="1.5"/><rect x="8" y="12" width="24" '
         'height="9" rx="4" fill="#8d5524" stroke="#555" stroke-width="1.5"/><path d="M20 12 L23 5" stroke="#555" '
         'stroke-width="2.5"/>')


def colours_of(side: str) -> dict[str, str]:
    """Side A's or B's colours; a cave drawn from a code has its own (between the two)."""
    return COLOURS.get(side, COLOURS["cave"])


def cell_id(cell) -> str:
    return f"{cell[0]}-{cell[1]}"


def parse_cell_id(text: str):
    row, col = text.split("-")
    return int(row), int(col)


def sheet_svg(layout: Layout, crossed=frozenset(), *, hint=frozenset(), max_width: int | None = None,
              tappable: bool = False, parts: str | None = None, labelled: bool = False, under: str = "") -> str:
    """The whole sheet; ``crossed`` cells carry a cross, ``hint`` cells a blue ring. With ``tappable``
    every cell is a part the tap board can select (``data-tap="row-col"``); selecting is drawn there.
    ``parts`` names the cells ``data-tap="{parts}row-col"`` without making the sheet tappable (several
    sheets on one board). On a board the crosses and rings can also come as marks (the classes
    ``tb-crossed`` and ``tb-hint``), so the picture itself stays the same for a whole game. ``labelled``:
    the column letters and row numbers without tapping (a replay names cells by them too). ``under``: SVG
    drawn between the earth and the cells, in the sheet's own coordinates (a photo of the paper sheet, the
    score check's); the sheet then carries the class ``ht-photo``."""
    svg = _sheet_svg(layout.side, frozenset(crossed), frozenset(hint), max_width, tappable, parts, labelled)
    if not under:
        return svg
    # Spliced in rather than cached: a photo is tens of kilobytes, and the cache holds a game's sheets.
    # The cells are the first groups of class "cell" (the earth and the labels come before them).
    start = svg.index('<g class="cell')
    return svg[:start].replace('class="ht-sheet"', 'class="ht-sheet ht-photo"', 1) + under + svg[start:]


@lru_cache(maxsize=64)  # the other players' sheets change only when they cross something
def _sheet_svg(side: str, crossed: frozenset, hint: frozenset, max_width: int | None, tappable: bool,
               parts_prefix: str | None, labelled: bool = False) -> str:
    layout = load_layout(side)
    width, height = layout.cols * UNIT, layout.rows * UNIT
    style = f"width:100%;max-width:{max_width}px;height:auto" if max_width else ""
    # The sheet being played carries the printed sheet's column letters and row numbers: Undo and
    # the log name cells by them ("F5").
    labelled = labelled or tappable
    edge = 5 if labelled else 1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ht-sheet" viewBox="-{edge} -{edge} {width + edge + 1} '
             f'{height + edge + 1}" style="{style}" role="img">', _SYMBOLS, _background(side)]
    if labelled:
        parts.append(_cell_names(side))
    prefix = "" if tappable else parts_prefix
    for chamber in layout.chambers:
        fill = colours_of(side)["start" if chamber.start else "chamber"]
        for cell in chamber.cells:
            parts.append(_cell(layout, cell, fill, cell in crossed, cell in hint, prefix, ring=tappable))
    parts.append(_walls_and_badges(side))
    parts.append("</svg>")
    return "".join(parts)


# Icons, the cross and the hint's ring are drawn once and placed by reference. Every cell holds a
# cross (and on the sheet being played a ring), shown by its class: marking a cell crossed on a
# board is then a class change, not a new picture.
_SYMBOLS = ('<defs>' + "".join(f'<symbol id="ht-{kind}" viewBox="0 0 40 40">{body}</symbol>' for kind, body in (
    ("mushroom", MUSHROOM), ("acorn", ACORN))) +
    '<symbol id="ht-cross" viewBox="0 0 10 10"><path d="M2,2 L8,8 M8,2 L2,8" stroke="#263238" stroke-width="1.2" '
    f'stroke-linecap="round"/></symbol><symbol id="ht-ring" viewBox="0 0 10 10"><rect x="0.9" y="0.9" width="8.2" '
    f'height="8.2" fill="none" stroke="{HINT}" stroke-width="1.4"/></symbol></defs>'
    f'<style>.ht-x, .ht-ring {{ display: none; }} .tb-crossed .ht-x, .tb-hint .ht-ring {{ display: inline; }} '
    f'.tb-crossed rect.fill {{ fill: {CROSSED}; }}</style>')


def _cell(layout: Layout, cell, fill: str, crossed: bool, hint: bool, prefix: str | None, ring: bool) -> str:
    """One cell. A cell of a board (``prefix`` given) also holds a hidden cross, and on the sheet
    being played a hidden ring, that its marks show; elsewhere only what is drawn shows."""
    row, col = cell
    x, y = col * UNIT, row * UNIT
    classes = "cell" + (" tb-crossed" if crossed else "") + (" tb-hint" if hint else "")
    tap = f' data-tap="{prefix}{cell_id(cell)}"' if prefix is not None else ""
    place = f'x="{x}" y="{y}" width="10" height="10"'
    body = [f'<g class="{classes}"{tap}><rect class="fill" {place} fill="{CROSSED if crossed else fill}"/>']
    kind = layout.icons.get(cell)
    if kind:
        body.append(f'<use href="#ht-{kind}" {place}/>')
    if crossed:
        body.append(f'<use href="#ht-cross" {place}/>')
    elif prefix is not None:
        body.append(f'<use class="ht-x" href="#ht-cross" {place}/>')
    if hint:
        body.append(f'<use href="#ht-ring" {place}/>')
    elif ring:
        body.append(f'<use class="ht-ring" href="#ht-ring" {place}/>')
    body.append("</g>")
    return "".join(body)


@cache
def _cell_names(side: str) -> str:
    layout = load_layout(side)
    letters = "".join(f'<text x="{col * UNIT + 5}" y="-1.4">{chr(ord("A") + col)}</text>' for col in range(layout.cols))
    numbers = "".join(f'<text x="-2.6" y="{row * UNIT + 6.3}">{row + 1}</text>' for row in range(layout.rows))
    return (f'<g font-size="3.4" font-family="sans-serif" text-anchor="middle" fill="#6d5c4a" '
            f'pointer-events="none">{letters}{numbers}</g>')


@cache
def _background(side: str) -> str:
    """Earth, tunnels and rock: everything below the cells."""
    layout = load_layout(side)
    colours = colours_of(side)
    parts = [f'<rect x="-1" y="-1" width="{layout.cols * UNIT + 2}" height="{layout.rows * UNIT + 2}" rx="2" '
             f'fill="{colours["earth"]}"/>']
    for (r1, c1), (r2, c2) in layout.corridors:
        parts.append(f'<line x1="{(c1 + .5) * UNIT}" y1="{(r1 + .5) * UNIT}" x2="{(c2 + .5) * UNIT}" '
                     f'y2="{(r2 + .5) * UNIT}" stroke="{colours["tunnel"]}" stroke-width="4" stroke-linecap="round"/>')
    for row, col in sorted(layout.rocks):
        for dx, dy, r in ((3.3, 3.8, 2.1), (6.6, 6.4, 1.9), (7, 2.8, 1.3)):
            parts.append(f'<circle cx="{col * UNIT + dx}" cy="{row * UNIT + dy}" r="{r}" fill="{colours["rock"]}"/>')
    return "".join(parts)


@cache
def _walls_and_badges(side: str) -> str:
    """Thick walls between chambers, dashed doors where a corridor ends, the points badges.

    Drawn above the cells and never tappable, so a crossed cell keeps its walls.
    """
    layout = load_layout(side)
    owner = {cell: n for n, chamber in enumerate(layout.chambers) for cell in chamber.cells}
    doors = set()
    for near, far in layout.corridors:
        doors.add((near, _side_towards(near, far)))
        doors.add((far, _side_towards(far, near)))
    grid, walls, door_lines = [], [], []
    for (row, col), n in owner.items():
        x, y = col * UNIT, row * UNIT
        edges = {"top": ((row - 1, col), (x, y, x + UNIT, y)),
                 "bottom": ((row + 1, col), (x, y + UNIT, x + UNIT, y + UNIT)),
                 "left": ((row, col - 1), (x, y, x, y + UNIT)),
                 "right": ((row, col + 1), (x + UNIT, y, x + UNIT, y + UNIT))}
        for name, (other, (x1, y1, x2, y2)) in edges.items():
            segment = f"M{x1} {y1}L{x2} {y2}"
            if owner.get(other) == n:
                if name in ("bottom", "right"):  # each inner edge once
                    grid.append(segment)
            elif ((row, col), name) in doors:
                door_lines.append(segment)
            else:
                walls.append(segment)
    # One path each for the grid, the walls and the doors: far less to send and to draw.
    parts = ['<g pointer-events="none">',
             f'<path d="{"".join(grid)}" stroke="{GRID}" stroke-width="0.3"/>',
             f'<path d="{"".join(walls)}" stroke="{WALL}" stroke-width="0.9" stroke-linecap="square"/>',
             f'<path d="{"".join(door_lines)}" stroke="{DOOR}" stroke-width="1.1" stroke-dasharray="1.6 1.2"/>']
    for chamber in layout.chambers:
        x, y = layout.badge_centre(chamber)  # on the chamber's own wall, as on the printed sheet
        cx, cy = x * UNIT, y * UNIT
        # Small enough to leave most of the cells beside the wall visible (a cross under it shows).
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="3.1" fill="#fff" stroke="{WALL}" stroke-width="0.7"/>'
                     f'<text x="{cx}" y="{cy + 1.4}" font-size="3.9" font-family="sans-serif" font-weight="bold" '
                     f'text-anchor="middle" fill="#111">{chamber.points}</text>')
    parts.append("</g>")
    return "".join(parts)


def _side_towards(cell, other) -> str:
    if other[0] < cell[0]:
        return "top"
    if other[0] > cell[0]:
        return "bottom"
    return "left" if other[1] < cell[1] else "right"
