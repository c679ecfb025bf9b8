"""Hamstern on a phone: the sheet is too big for a phone at cells a finger can hit, so a seat page
shows it through a window, at 44 px a cell, on the chamber the decision is about; a row of picks
above the window goes to another chamber in play or to the whole sheet, where a tap on a chamber
goes back to it at full size.

The sheet stays the one picture of the table (sheet.py, drawn from templates/): the window only
moves and scales it. Which chamber it shows is chosen in the browser without a trip to the server
(hidden radio buttons, their labels and CSS), so a look elsewhere never waits for the network; the
server only says which chamber a new decision starts on. All of it applies at phone sizes only (the
media query below): on a tablet the seat page looks like the table's.
"""

from __future__ import annotations

import html
from functools import cache

from assistant.games.hamstern.layout import Layout, load_layout

CELL = 44  # px: a cell a finger can hit
EDGE = 5  # the sheet being played has its column letters and row numbers in this margin (sheet.py)
MARGIN = 8  # px left beside a chamber that only just fits the window
PHONE = "(max-width: 640px), (max-height: 480px) and (max-width: 960px)"
WIDE = 8  # a chamber this many cells wide may not fit a phone's window: two picks, its left and right part
ALL = "all"  # the pick of the whole sheet


def _px(units: float) -> float:
    """Sheet units (a cell is 10) as px at full size."""
    return round(units * CELL / 10, 1)


def _box(chamber) -> tuple[int, int, int, int]:
    """The chamber's rows and columns: first row, last row, first column, last column."""
    rows = [row for row, _ in chamber.cells]
    cols = [col for _, col in chamber.cells]
    return min(rows), max(rows), min(cols), max(cols)


def _is_wide(chamber) -> bool:
    first, last = _box(chamber)[2:]
    return last - first + 1 >= WIDE


def sheet_size(layout: Layout) -> tuple[float, float]:
    """The whole sheet at full size, in px (the tappable sheet's view box: the grid and its margin)."""
    return _px(layout.cols * 10 + EDGE + 1), _px(layout.rows * 10 + EDGE + 1)


@cache
def phone_css(side: str) -> str:
    """The window's rules for one side of the sheet: where each chamber lies decides where the
    sheet is moved to show it."""
    layout = load_layout(side)
    width, height = sheet_size(layout)
    fit_x = f"calc(100cqw - {width}px)"  # the furthest the sheet moves left: its right edge at the window's
    fit_y = f"calc(100cqh - {height}px)"
    rules = [f".hs-phone .hs-sheet {{ width: {width}px; height: {height}px; }}",
             f".hs-phone .hs-window {{ max-width: {width}px; max-height: {height}px; }}",
             f".hs-phone:has(#hs-at-{ALL}:checked) .hs-sheet {{ width: min(100cqw, 100cqh * {width} / {height}); }}",
             f'.hs-phone:has(#hs-at-{ALL}:checked) label[for="hs-at-{ALL}"] {{ border-color: #263238; '
             f"box-shadow: inset 0 0 0 2px #263238; }}"]
    for n, chamber in enumerate(layout.chambers):
        top, bottom, first, last = _box(chamber)
        x0, x1 = _px(first * 10 + EDGE), _px((last + 1) * 10 + EDGE)
        y_mid = _px((top + bottom + 1) * 5 + EDGE)
        centred = f"calc(50cqw - {(x0 + x1) / 2}px)"
        views = {f"{n}": f"max({centred}, {MARGIN - x0}px)"}  # a chamber too wide: its left part
        if _is_wide(chamber):
            views[f"{n}r"] = f"min({centred}, calc(100cqw - {x1 + MARGIN}px))"
            # Where the window holds the whole chamber its right part is no other view: one pick.
            rules.append(f"@container hs-board (min-width: {x1 - x0 + 2 * MARGIN}px) "
                         f"{{ .hs-pick-{n}r {{ display: none; }} }}")
        for view, left in views.items():
            on = f".hs-phone:has(#hs-at-{view}:checked)"
            rules.append(f"{on} .hs-sheet {{ left: clamp({fit_x}, {left}, 0px); "
                         f"top: clamp({fit_y}, calc(50cqh - {y_mid}px), 0px); }}")
            rules.append(f'{on} label[for="hs-at-{view}"] {{ border-color: #263238; '
                         f"box-shadow: inset 0 0 0 2px #263238; }}")
    return f"@media {PHONE} {{ {' '.join(rules)} }}"


@cache
def sheet_window(side: str, sheet: str, go_words: tuple[str, ...]) -> str:
    """The sheet in its window, with a label over each chamber that, on the whole sheet, goes to it
    (``go_words``: what each says to a screen reader)."""
    layout = load_layout(side)
    width, height = sheet_size(layout)
    labels = []
    for n, (chamber, words) in enumerate(zip(layout.chambers, go_words, strict=True)):
        top, bottom, first, last = _box(chamber)
        place = (f"left:{_percent(first * 10 + EDGE, width)}%;top:{_percent(top * 10 + EDGE, height)}%;"
                 f"width:{_percent((last - first + 1) * 10, width)}%;"
                 f"height:{_percent((bottom - top + 1) * 10, height)}%")
        labels.append(f'<label class="hs-go" for="hs-at-{n}" style="{place}" '
                      f'aria-label="{html.escape(words)}"></label>')
    return f'<div class="hs-window"><div class="hs-sheet">{sheet}{"".join(labels)}</div></div>'


def _percent(units: float, full_px: float) -> float:
    return round(100 * _px(units) / full_px, 3)


def chambers_in_play(layout: Layout, crossed: set, legal: list, focus=None) -> tuple[list[int], int | None]:
    """The chambers the roll can go to (``legal``: the placements allowed) and those with crosses in
    progress, in sheet order, and the one the window starts on: that of the cell ``focus`` (a hint),
    else one the roll can go to that is in progress, else the first the roll can go to, else the
    first in progress."""
    where = {layout.chamber_of[layout.index[min(action.cells)]] for action in legal if action.cells}
    started = set()
    for n, chamber in enumerate(layout.chambers):
        mine = sum(cell in crossed for cell in chamber.cells)
        if 0 < mine < len(chamber.cells):
            started.add(n)
    focused = {layout.chamber_of[layout.index[focus]]} if focus in layout.index else set()
    shown = sorted(where | started | focused, key=lambda n: _box(layout.chambers[n])[::2])
    first = next(iter(focused), None)
    if first is None:
        first = next((n for n in shown if n in where and n in started), None)
    if first is None:
        first = next((n for n in shown if n in where), shown[0] if shown else None)
    return shown, first


def chamber_picks(layout: Layout, shown: list[int], first: int | None, whole_sheet: str, pick_words: list[str],
                  anew: str = "") -> str:
    """The picks above the window (the slot ``view``): the hidden radios of every view, ``first``
    chosen, and a pick for each chamber in ``shown`` and for the whole sheet. The browser draws the
    slot again only when it changes, keeping the player's own pick meanwhile (another seat confirming
    does not move the window); ``anew`` (the roll, the hint) changes it where the window must start
    again on ``first``: a new roll, a hint, even in the chamber it started on."""
    start = next(n for n, chamber in enumerate(layout.chambers) if chamber.start)
    chosen = f"{start if first is None else first}"
    views = [ALL] + [view for n, chamber in enumerate(layout.chambers)
                     for view in ((f"{n}", f"{n}r") if _is_wide(chamber) else (f"{n}",))]
    radios = "".join(f'<input type="radio" name="hs-at" id="hs-at-{view}"{" checked" if view == chosen else ""}>'
                     for view in views)
    picks = []
    for n in shown:
        chamber = layout.chambers[n]
        parts = ("", "r") if _is_wide(chamber) else ("",)
        for part in parts:
            half = {"": "left", "r": "right"}[part] if len(parts) > 1 else ""
            picks.append(f'<label class="hs-pick hs-pick-{n}{part}" for="hs-at-{n}{part}" '
                         f'aria-label="{html.escape(pick_words[n])}">{_thumbnail(layout.side, n, half)}'
                         f'<b>{chamber.points}</b></label>')
    everything = (f'<label class="hs-pick hs-pick-all" for="hs-at-{ALL}">{_thumbnail(layout.side, None, "")}'
                  f'<span>{html.escape(whole_sheet)}</span></label>')
    return f'<div class="hs-picks" data-anew="{html.escape(anew)}">{radios}{"".join(picks)}{everything}</div>'


@cache
def _thumbnail(side: str, chamber: int | None, half: str) -> str:
    """The sheet in small, every chamber a box: the picked chamber (or its left or right ``half``)
    coloured, or with no chamber picked every chamber (the whole sheet)."""
    layout = load_layout(side)
    boxes = []
    for n, each in enumerate(layout.chambers):
        top, bottom, first, last = _box(each)
        boxes.append(f'<rect x="{first}" y="{top}" width="{last - first + 1}" height="{bottom - top + 1}" '
                     f'fill="{"#8d6e63" if chamber is None else "#d7ccc8"}"/>')
        if n == chamber:
            middle = (first + last + 1) / 2
            left, right = {"": (first, last + 1), "left": (first, middle), "right": (middle, last + 1)}[half]
            boxes.append(f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top + 1}" '
                         f'fill="#e65100"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.5 -0.5 {layout.cols + 1} {layout.rows + 1}" '
            f'height="36" aria-hidden="true"><rect x="-0.5" y="-0.5" width="{layout.cols + 1}" '
            f'height="{layout.rows + 1}" rx="1" fill="#f3ead8"/>{"".join(boxes)}</svg>')
