"""Hamsterdam's score check from a photo of the paper dam tracker (issue 27): one photo holds every player's
strip, top to bottom; each strip's flood pile and flood tokens on the dam replace that player's counts,
checked and saved at once like taps (counts no game ends with are refused with the command line's reason,
and nothing changes). The hamsters left are tallied by hand on the tracker and not read: they stay as
counted. The counts the reader is unsure of are marked orange until tapped or looked at.

Above the players' counts, the straightened photo of the tracker's strips shows what was read on it
(tracker_picture.py): the boxes read as struck or marked framed blue, orange where a count is to be looked at.

What the reader was unsure of is a look, not an entry: it is kept in this tab (per check and player), never
saved, and so is the photo. The page (score.py) passes its ``check`` and its ``save(edit, player)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import streamlit as st

from assistant.games.hamsterdam.scorecard import FIELDS
from assistant.ui.common import tr
from assistant.ui.hamsterdam import tracker_picture
from assistant.ui.scan_photo import TEXTS, available, photo_box, say
from assistant.ui.score_saving import CHECK_PARAM

GAME = "hamsterdam"
BOX = "hd-sc-photo"
READ = ("flood_pile", "dam_tokens")  # what a strip shows; the hamsters left are a tally, not read
_MARKS = "hd_sc_scan_marks"  # {(check id, player): {field, ...}}
_PICTURE = "hd_sc_scan_picture"  # (check id, the photo with the reading drawn on it, a JPEG): the last photo read
# A count to look at: an orange dashed frame round its label and its − value +; the photo's title a finger's tap.
UNSURE_CSS = """<style>
[class*="st-key-hd-sc-unsure-"] { outline: 2px dashed #e65100; outline-offset: 2px; border-radius: 8px;
  background: #fff3e0; }
.st-key-hd-sc-photo-read summary { min-height: 48px; box-sizing: border-box; }
</style>"""


def _check_id() -> str | None:
    return st.query_params.get(CHECK_PARAM)


def unsure(player: int) -> set[str]:
    return set(st.session_state.get(_MARKS, {}).get((_check_id(), player), ()))


def looked_at(player: int, field: str | None = None, *, everything: bool = False) -> None:
    """A count tapped, or "looked at them all": its mark goes."""
    marks = st.session_state.get(_MARKS, {}).get((_check_id(), player))
    if marks is None:
        return
    if everything:
        marks.clear()
    marks.discard(field)


def photo_controls(data: dict, names: list[str], highest: Callable[[str], int], check: Callable[[dict], None],
                   save: Callable[..., None]) -> None:
    """The photo box of the whole tracker, above the players. ``check`` refuses counts no game ends with
    (IllegalAction), as a tap's are."""
    if not available():
        return
    photo_box(BOX, tr(f"{TEXTS}.title_tracker"), GAME, partial(_read, data, highest, check, save), what="tracker")
    kept = st.session_state.get(_PICTURE)
    if kept and kept[0] == _check_id() and kept[1]:
        with st.container(key="hd-sc-photo-read"), st.expander(tr(f"{TEXTS}.picture"), expanded=True,
                                                                 icon=":material/image:"):
            st.image(kept[1], width=640)  # as wide as a tablet's page allows; a phone's width
            st.caption(tr(f"{TEXTS}.picture_tracker"))


def _read(data: dict, highest: Callable[[str], int], check: Callable[[dict], None], save: Callable[..., None],
          result) -> None:
    """Strip n fills player n, as far as both go; a strip with marks and no player to take it is said."""
    strips = tuple(getattr(result, "strips", ()) or ())
    count = data["count"]
    read, looks = {}, {}
    try:
        for player, strip in enumerate(strips[:count]):
            entry = result.check_player("", player)
            read[player] = {field: entry.get(field) for field in READ
                            if type(entry.get(field)) is int and 0 <= entry.get(field) <= highest(field)}
            unread = set(READ) - read[player].keys()  # left as counted, and looked at
            looks[player] = {field for field in strip.unsure_fields if field in FIELDS} | unread
        left_over = [strip for strip in strips[count:] if strip.flood_pile or strip.dam_tokens]
    except (AttributeError, TypeError, ValueError):  # a reading that cannot say the strips' counts is no reading
        read = {}
    if not any(read.values()):
        say(BOX, "error", tr(f"{TEXTS}.failed"))
        return

    def edit(data: dict) -> None:
        for player, counts in read.items():
            data["counts"][player].update(counts)
        check(data)
    save(edit)
    if st.session_state.get("sc_error"):  # refused (counts no game ends with): said at the top
        return
    for player, fields in looks.items():
        st.session_state.setdefault(_MARKS, {})[(_check_id(), player)] = fields
    st.session_state[_PICTURE] = (_check_id(), tracker_picture.picture(result))
    lines = [tr(f"{TEXTS}.read_tracker", n=len(read))]
    if left_over or len(strips) < count:
        lines.append(tr(f"{TEXTS}.tracker_strips", strips=len(strips), players=count))
    say(BOX, "warning" if left_over else "success", " ".join(lines))


def marks_line(player: int) -> None:
    """Under a player's counters: how many of them to look at, and a button that says all were looked at."""
    count = len(unsure(player))
    if not count:
        return
    with st.container(key=f"hd-sc-photo-marks-{player}"):
        st.info(tr(f"{TEXTS}.counts_to_check_one" if count == 1 else f"{TEXTS}.counts_to_check_many", n=count),
                icon=":material/visibility:")
        st.button(tr(f"{TEXTS}.looked"), key=f"hd-sc-photo-looked-{player}", on_click=looked_at, args=(player,),
                  kwargs={"everything": True})
