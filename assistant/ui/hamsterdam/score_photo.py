"""Hamsterdam's score check from a photo of the paper dam tracker (issue 27): a player's flood pile, tokens on
the dam and hamsters left, read from the photo, replace that player's counts, checked and saved at once like
taps (counts no game ends with are refused with the command line's reason, and nothing changes). The counts
the reader is unsure of, or could not read, are marked orange until tapped or looked at.

What the reader was unsure of is a look, not an entry: it is kept in this tab (per check and player), never
saved. The page (score.py) passes its ``save(edit, player)`` and its ``check``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import streamlit as st

from assistant.games.hamsterdam.scorecard import FIELDS
from assistant.ui.common import plain, tr
from assistant.ui.scan_photo import TEXTS, available, photo_box, say
from assistant.ui.score_saving import CHECK_PARAM

GAME = "hamsterdam"
_MARKS = "hd_sc_scan_marks"  # {(check id, player): {field, ...}}
# A count to look at: an orange dashed frame round its label and its − value +.
UNSURE_CSS = """<style>
[class*="st-key-hd-sc-unsure-"] { outline: 2px dashed #e65100; outline-offset: 2px; border-radius: 8px;
  background: #fff3e0; }
</style>"""


def _key(player: int) -> tuple:
    return st.query_params.get(CHECK_PARAM), player


def unsure(player: int) -> set[str]:
    return set(st.session_state.get(_MARKS, {}).get(_key(player), ()))


def looked_at(player: int, field: str | None = None, *, everything: bool = False) -> None:
    """A count tapped, or "looked at them all": its mark goes."""
    marks = st.session_state.get(_MARKS, {}).get(_key(player))
    if marks is None:
        return
    if everything:
        marks.clear()
    marks.discard(field)


def photo_controls(player: int, names: list[str], highest: Callable[[str], int], check: Callable[[dict], None],
                   save: Callable[..., None]) -> None:
    """The photo box of one player, under their counters, and the marks left to look at. ``check`` refuses
    counts no game ends with (IllegalAction), as a tap's are."""
    if not available():
        return
    photo_box(f"hd-sc-photo-{player}", tr(f"{TEXTS}.title_tracker", name=plain(names[player])), GAME,
              partial(_read, player, names, highest, check, save), what="tracker")
    _marks_line(player)


def _read(player: int, names: list[str], highest: Callable[[str], int], check: Callable[[dict], None],
          save: Callable[..., None], result) -> None:
    box = f"hd-sc-photo-{player}"
    try:
        entry = result.check_player(names[player])
        looks = {field for field in getattr(result, "unsure_fields", ()) if field in FIELDS}
    except Exception:  # noqa: BLE001 - a reading that cannot say this player's counts is no reading
        entry = None
    if not isinstance(entry, dict):
        say(box, "error", tr(f"{TEXTS}.failed"))
        return
    counts = {field: entry.get(field) for field in FIELDS}
    read = {field: value for field, value in counts.items()
            if type(value) is int and 0 <= value <= highest(field)}
    if not read:
        say(box, "error", tr(f"{TEXTS}.failed"))
        return

    def edit(data: dict) -> None:
        data["counts"][player].update(read)
        check(data)
    save(edit, player)
    if st.session_state.get("sc_error"):  # refused (counts no game ends with): said under the counters
        return
    # A count the photo did not give is left as it was, and marked for a look like an unsure one.
    st.session_state.setdefault(_MARKS, {})[_key(player)] = looks | (set(FIELDS) - read.keys())
    say(box, "success", tr(f"{TEXTS}.read_counts", name=plain(names[player])))


def _marks_line(player: int) -> None:
    count = len(unsure(player))
    if not count:
        return
    with st.container(key=f"hd-sc-photo-marks-{player}"):
        st.info(tr(f"{TEXTS}.counts_to_check_one" if count == 1 else f"{TEXTS}.counts_to_check_many", n=count),
                icon=":material/visibility:")
        st.button(tr(f"{TEXTS}.looked"), key=f"hd-sc-photo-looked-{player}", on_click=looked_at, args=(player,),
                  kwargs={"everything": True})
