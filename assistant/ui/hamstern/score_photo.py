"""Hamstern's score check from a photo of a paper sheet (issue 27): the crosses and the 1-track read from
the photo replace that player's, saved at once like taps; the cells the reader is unsure of are marked
orange on the ordinary tap sheet ("tb-unsure") until they are tapped or looked at, so a player corrects any
cell with one tap. A photo of another side or cave than the check's says so, and offers to switch the check
to it when no other sheet is filled in on the check's side.

While that player's sheet is shown, the straightened photo lies under the tap sheet (a switch takes it
away): the cave grid of the photo cut out and laid exactly under the drawn grid, the cells see-through, so
the pen's crosses show beside the crosses as read.

What the reader was unsure of is a look, not an entry: it is kept in this tab (per check, side and player),
never saved, and so is the photo. The page (score.py) passes its ``save`` (an edit of the check's data,
saved at once).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from functools import partial

import streamlit as st

from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import SIDES, load_layout
from assistant.ui.common import plain, tr
from assistant.ui.hamstern.cave_picker import make_cave, side_words
from assistant.ui.hamstern.sheet import UNIT
from assistant.ui.scan_photo import TEXTS, available, photo_box, picture_part, say
from assistant.ui.score_saving import CHECK_PARAM, MAX_PLAYERS

GAME = "hamstern"
_MARKS = "sc_scan_marks"  # {(check id, side, player): {"cells": {(row, col)}, "track": bool}}
_PENDING = "sc_scan_pending"  # a reading of another side than the check's, waiting for the player's choice
_PICTURE = "sc_scan_picture"  # (check id, side, player, the photo under the sheet or None): the last photo read
UNDER = "sc-photo-under"  # the switch: the photo under the sheet, or not
MARGIN = 0.1  # of a cell, round the grid cut out of the photo: the printed outer walls show whole
# Marked cells: an orange fill and a dashed frame inside the cell (a cross on it still shows).
UNSURE_CSS = ("<style>svg.ht-sheet g.cell.tb-unsure rect.fill { fill: #ffcc80 !important; } "
              "svg.ht-sheet g.cell.tb-unsure { outline: 1.4px dashed #e65100; outline-offset: -1.4px; }</style>")
# The photo under the sheet: the cells see-through, the crosses as read tinted blue, the marked ones orange
# (both see-through too: the pen shows under them); the icons are the photo's own. A marked cell read as
# crossed keeps its drawn cross dark: orange hides the blue, and a faint cross looks like the pen's.
PHOTO_CSS = """<style>
svg.ht-sheet.ht-photo g.cell rect.fill { fill-opacity: 0.1; }
svg.ht-sheet.ht-photo g.cell.tb-crossed rect.fill { fill: #1e88e5; fill-opacity: 0.28; }
svg.ht-sheet.ht-photo g.cell.tb-crossed:not(.tb-unsure) { outline: 1.5px solid #1565c0; outline-offset: -1.5px; }
svg.ht-sheet.ht-photo g.cell.tb-unsure rect.fill { fill: #ff9800 !important; fill-opacity: 0.42; }
svg.ht-sheet.ht-photo g.cell.tb-selected rect.fill { fill: #ffd54f; fill-opacity: 0.6; }
svg.ht-sheet.ht-photo g.cell use[href="#ht-mushroom"], svg.ht-sheet.ht-photo g.cell use[href="#ht-acorn"] {
  display: none; }
svg.ht-sheet.ht-photo g.cell use[href="#ht-cross"] { opacity: 0.3; }
svg.ht-sheet.ht-photo g.cell.tb-unsure.tb-crossed use[href="#ht-cross"] { opacity: 0.9; }
</style>"""
Save = Callable[[Callable[[dict], None]], None]


def _check_id() -> str | None:
    return st.query_params.get(CHECK_PARAM)


def _marks(side: str, player: int) -> dict:
    return st.session_state.get(_MARKS, {}).get((_check_id(), side, player), {"cells": set(), "track": False})


def unsure_cells(side: str, player: int) -> set:
    return set(_marks(side, player)["cells"])


def track_unsure(side: str, player: int) -> bool:
    return bool(_marks(side, player)["track"])


def looked_at(side: str, player: int, cell=None, *, track: bool = False, everything: bool = False) -> None:
    """A cell tapped, the 1-track counted, or "looked at them all": its mark goes."""
    key = (_check_id(), side, player)
    marks = st.session_state.get(_MARKS, {}).get(key)
    if not marks:
        return
    if everything:
        marks["cells"], marks["track"] = set(), False
    marks["cells"].discard(cell)
    if track:
        marks["track"] = False


def photo_controls(data: dict, player: int, names: list[str], save: Save) -> None:
    """The photo box of the player whose sheet is shown, and a reading of another side waiting."""
    if not available():
        return
    photo_box(f"sc-photo-{player}", tr(f"{TEXTS}.title_sheet", name=plain(names[player])), GAME,
              partial(_read, data, player, save), cave=None if data["side"] in SIDES else data["side"])
    _other_side(data, names, save)


def _read(data: dict, player: int, save: Save, result) -> None:
    """A photo read: on the check's side its reading is filled in at once; another side's waits."""
    reading = _reading(result, player)
    if reading is None:
        say(f"sc-photo-{player}", "error", tr(f"{TEXTS}.failed"))
    elif reading["side"] == data["side"]:
        _fill_in(reading, save)
    else:
        st.session_state[_PENDING] = reading


def _reading(result, player: int) -> dict | None:
    """What the photo says, checked against the side's own layout (the reader's cells are kept only if
    they are cells of this side's chambers), as plain data a tab can keep."""
    side = getattr(result, "side", None)
    if side not in SIDES:
        if not caves.is_cave(side):
            return None
        side = caves.normalise(side)
        make_cave(side)  # a cave not made in this process yet: under a progress bar
    layout = load_layout(side)
    try:
        cells = {(int(row), int(col)) for row, col in result.crossed} & layout.index.keys()
        unsure = {(int(row), int(col)) for row, col in result.unsure} & layout.index.keys()
        struck = min(max(int(result.one_track_struck), 0), layout.one_track_length)
    except (TypeError, ValueError, AttributeError):
        return None
    return {"side": side, "player": player, "cells": sorted(cells), "unsure": unsure, "struck": struck,
            "track_unsure": bool(getattr(result, "one_track_unsure", False)), "picture": _under(result, layout)}


def _under(result, layout) -> str | None:
    """The photo's cave grid as SVG to lie under the drawn sheet (an <image> placed in the sheet's own
    units, where the grid is 0..cols x 0..rows cells), or None when the reading has no picture of it."""
    png, box = getattr(result, "rectified_png", None), getattr(result, "grid_box", None)
    if not isinstance(png, bytes) or not png or not box or len(box) != 4:
        return None
    try:
        box = tuple(float(value) for value in box)
    except (TypeError, ValueError):
        return None
    cut = picture_part(png, box, margin=(MARGIN / layout.cols, MARGIN / layout.rows))
    if cut is None:
        return None
    jpeg, (left, top, right, bottom) = cut
    width, height = layout.cols * UNIT, layout.rows * UNIT
    return (f'<image href="data:image/jpeg;base64,{base64.b64encode(jpeg).decode()}" x="{left * width:.3f}" '
            f'y="{top * height:.3f}" width="{(right - left) * width:.3f}" height="{(bottom - top) * height:.3f}" '
            f'preserveAspectRatio="none" pointer-events="none"/>')


def _fill_in(reading: dict, save: Save) -> None:
    """The reading replaces the player's sheet (on its side, which becomes the check's), saved at once."""
    side, player = reading["side"], reading["player"]

    def edit(data: dict) -> None:
        if data["side"] != side:  # as the side control does: a cave's layout is kept with the check
            data["side"], data["cave"] = side, "" if side in SIDES else caves.stored(side)
        data["crossed"].setdefault(side, [[] for _ in range(MAX_PLAYERS)])[player] = [list(c) for c in reading["cells"]]
        data["struck"].setdefault(side, [0] * MAX_PLAYERS)[player] = reading["struck"]
        data["player"] = player
    save(edit)
    if st.session_state.get("sc_error"):  # not saved: the page says why, and nothing is marked
        return
    key = (_check_id(), side, player)
    st.session_state.setdefault(_MARKS, {})[key] = {"cells": set(reading["unsure"]), "track": reading["track_unsure"]}
    st.session_state[_PICTURE] = (*key, reading["picture"])
    st.session_state[UNDER] = True  # a new photo lies under the sheet, whatever the switch said before
    st.session_state.pop(_PENDING, None)
    say(f"sc-photo-{player}", "success", tr(f"{TEXTS}.read_sheet", cells=len(reading["cells"]),
                                            boxes=reading["struck"]))


def _other_side(data: dict, names: list[str], save: Save) -> None:
    """A photo of another side or cave: said, with the choice to switch when that loses nobody's entries."""
    pending = st.session_state.get(_PENDING)
    if not pending:
        return
    if pending["player"] >= data["count"]:
        st.session_state.pop(_PENDING, None)
        return
    current, player = data["side"], pending["player"]
    with st.container(border=True, key="sc-photo-side"):
        st.warning(tr(f"{TEXTS}.other_side", name=plain(names[player]), found=side_words(pending["side"]),
                      current=side_words(current)), icon=":material/swap_horiz:")
        busy = any(data["crossed"][current][n] or data["struck"][current][n]
                   for n in range(data["count"]) if n != player)
        if busy:
            st.caption(tr(f"{TEXTS}.side_busy", current=side_words(current)))
        row = st.container(horizontal=True)
        if not busy:
            row.button(tr(f"{TEXTS}.switch_side", found=side_words(pending["side"])), key="sc-photo-switch",
                       type="primary", on_click=_switch, args=(save,))
        row.button(tr(f"{TEXTS}.keep_side"), key="sc-photo-keep", on_click=st.session_state.pop, args=(_PENDING, None))


def _switch(save: Save) -> None:
    reading = st.session_state.get(_PENDING)
    if reading:
        st.session_state.pop("sc_cave_open", None)  # the side control shows the side saved
        _fill_in(reading, save)


def marks_line(side: str, player: int) -> None:
    """How many marks are left to look at, above the sheet, with a button that says all were looked at."""
    cells, track = len(unsure_cells(side, player)), track_unsure(side, player)
    if not cells and not track:
        return
    parts = []
    if cells:
        parts.append(tr(f"{TEXTS}.to_check_one" if cells == 1 else f"{TEXTS}.to_check_many", n=cells))
    if track:
        parts.append(tr(f"{TEXTS}.track_to_check"))
    with st.container(key="sc-photo-marks"):
        st.info(" ".join(parts), icon=":material/visibility:")
        st.button(tr(f"{TEXTS}.looked"), key="sc-photo-looked", on_click=looked_at, args=(side, player),
                  kwargs={"everything": True})


def _kept_photo(side: str, player: int) -> str | None:
    kept = st.session_state.get(_PICTURE)
    return kept[3] if kept and kept[:3] == (_check_id(), side, player) and kept[3] else None


def photo_switch(side: str, player: int) -> None:
    """Above the sheet of the player whose photo was read last: the photo under the sheet, on or off."""
    if _kept_photo(side, player) is None:
        return
    st.session_state.setdefault(UNDER, True)  # a finger's tap: every switch is 44 px tall (common.TABLET_CSS)
    with st.container(key="sc-photo-switch-row"):
        st.toggle(tr(f"{TEXTS}.photo_under"), key=UNDER)


def photo_under(side: str, player: int) -> tuple[str, str]:
    """(the SVG to draw under this player's cells, the style that makes them see-through): the photo read
    last, while it is this check's, side's and player's and the switch is on; else nothing."""
    layer = _kept_photo(side, player)
    if layer is None or not st.session_state.get(UNDER, True):
        return "", ""
    return layer, PHOTO_CSS
