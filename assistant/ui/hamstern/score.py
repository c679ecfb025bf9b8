"""Score check for Hamstern: tap the crossed cells of finished paper sheets; totals appear as you tap.

Everything typed in (side, players, names, crosses) is saved at once as a score check
(see score_saving): the crosses are kept per side and per player, the names in six slots. A sheet
printed from a cave's code is checked on that cave: choose "A cave's code" (or the cave of the day)
and type the code printed on the sheet.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from assistant.games.hamstern import caves, scoring
from assistant.games.hamstern.layout import SIDES, cell_name, load_layout
from assistant.games.hamstern.scorecard import unreachable_crosses
from assistant.store import SavedCheck
from assistant.ui.common import lang, plain, tr
from assistant.ui.components import tap_board
from assistant.ui.hamstern import phone, score_photo
from assistant.ui.hamstern.cave_picker import CODE, DAY, KINDS, describe, kind_label, make_cave
from assistant.ui.hamstern.sheet import cell_id, parse_cell_id, sheet_svg
from assistant.ui.score_saving import (
    MAX_PLAYERS,
    NAME_LENGTH,
    bind,
    change,
    current_data,
    name_edit,
    names_from,
    shown_names,
    whole_number,
)

GAME = "hamstern"


def saved_side(raw: dict) -> str:
    """The side or cave a check's data names: A, B or a cave's code as kept; anything else is side A."""
    side = raw.get("side")
    return side if side in SIDES or (isinstance(side, str) and caves.is_cave(side) and caves.normalise(side) == side) \
        else "A"


def normalise(raw: dict) -> dict:
    """A complete, well-formed check from saved data (anything missing or unreadable gets its default).
    The crosses, and the boxes struck on each 1-track, are kept for sides A and B and for the cave chosen,
    if one is (another cave's are dropped)."""
    count = whole_number(raw.get("count"), 1, MAX_PLAYERS, 2)
    crossed_raw = raw.get("crossed") if isinstance(raw.get("crossed"), dict) else {}
    struck_raw = raw.get("struck") if isinstance(raw.get("struck"), dict) else {}
    crossed, struck = {}, {}
    chosen = saved_side(raw)
    cave = _stored_cave(chosen, raw.get("cave"))
    for side in SIDES if chosen in SIDES else (*SIDES, chosen):
        layout = load_layout(side)
        sheets = crossed_raw.get(side) if isinstance(crossed_raw.get(side), list) else []
        sheets = [sheet if isinstance(sheet, list) else [] for sheet in sheets[:MAX_PLAYERS]]
        sheets += [[]] * (MAX_PLAYERS - len(sheets))
        crossed[side] = [[list(cell) for cell in sorted(_cells(sheet, layout.index))] for sheet in sheets]
        tracks = struck_raw.get(side) if isinstance(struck_raw.get(side), list) else []
        tracks = tracks[:MAX_PLAYERS] + [0] * (MAX_PLAYERS - len(tracks[:MAX_PLAYERS]))
        struck[side] = [whole_number(boxes, 0, layout.one_track_length, 0) for boxes in tracks]
    return {
        "side": chosen,
        "free_start": raw.get("free_start") is True,
        "count": count,
        "names": names_from(raw.get("names")),
        "player": whole_number(raw.get("player"), 0, count - 1, 0),
        "crossed": crossed,
        "struck": struck,
        "cave": cave,
    }


def _stored_cave(side: str, text: object) -> str:
    """The layout of the check's cave, kept with it (caves.stored_text): the check stays on the cave it was
    made on in any later version. "" for sides A and B; a check saved without it (or with a damaged one)
    gets the code's cave as this version makes it."""
    if side in SIDES:
        return ""
    try:
        return caves.stored(side, text if isinstance(text, str) else "")
    except ValueError:
        return caves.stored(side)


def _cells(sheet: list, index: dict) -> set:
    """Only cells of this side's chambers, each once: a damaged row cannot break the sheet."""
    pairs = {tuple(cell) for cell in sheet
             if isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)}
    return pairs & index.keys()


def crossed_cells(data: dict, side: str, player: int) -> set:
    return {tuple(cell) for cell in data["crossed"][side][player]}


def result(data: dict) -> list[dict] | None:
    """The finished sheets as the history keeps them (name, score, place, won), once every player's
    sheet has a cross; None before. ``data`` is a normalised check."""
    side, count = data["side"], data["count"]
    sheets = [crossed_cells(data, side, n) for n in range(count)]
    if not all(sheets):
        return None
    layout = load_layout(side)
    breakdowns = [scoring.breakdown(layout, layout.mask(sheet)) for sheet in sheets]
    table = scoring.standings(breakdowns, over=True)
    return [{"name": data["names"][row["player"]], "score": row["score"], "place": row["place"],
             "won": row["winner"]} for row in sorted(table["players"], key=lambda row: row["player"])]


def variant(data: dict) -> str:
    """The history keeps Hamstern's results per side."""
    return data["side"]


# --- changes: each one is saved at once -----------------------------------------------------
def _save(edit, *, entry: bool = True) -> None:
    st.session_state.sc_error = change(GAME, normalise, edit, entry=entry)


def _set(field: str, key: str, entry: bool = True) -> None:
    def edit(data):
        data[field] = st.session_state[key]
        data["player"] = min(data["player"], data["count"] - 1)
    _save(edit, entry=entry)


def _save_side(side: str) -> None:
    def edit(data):
        data["side"] = side
        data["cave"] = "" if side in SIDES else caves.stored(side)
        data["crossed"].setdefault(side, [[] for _ in range(MAX_PLAYERS)])
        data["struck"].setdefault(side, [0] * MAX_PLAYERS)
    _save(edit)


def _set_side_kind() -> None:
    """Side A or B is saved at once; the cave of the day once made (in the page, under its bar); for a
    code the box to type it opens, and nothing changes until a code is typed."""
    kind = st.session_state.sc_side
    st.session_state.pop("sc_cave_open", None)
    if kind in SIDES:
        _save_side(kind)
    elif kind == DAY:
        st.session_state.sc_cave_wanted = caves.cave_of_the_day()
    else:
        st.session_state.sc_cave_open = True


def _set_cave_code() -> None:
    typed = (st.session_state.get("sc_cave_code") or "").strip()
    if not typed:
        return
    try:
        st.session_state.sc_cave_wanted = caves.normalise(typed)
        st.session_state.sc_error = None
    except caves.CaveCodeError as error:
        st.session_state.sc_error = error.message(lang())


def _choose_side(side: str) -> None:
    """The side or cave control, bound to the saved ``side`` (a code box under it for a cave's code)."""
    kind = side if side in SIDES else (DAY if side == caves.cave_of_the_day() else CODE)
    if st.session_state.get("sc_cave_open"):
        kind = CODE
    bind("sc_side", kind)
    st.segmented_control(tr("ui.side"), options=list(KINDS), required=True, key="sc_side", format_func=kind_label,
                         on_change=_set_side_kind)
    if kind == CODE:
        if side not in SIDES:
            bind("sc_cave_code", side)
        st.text_input(tr("ui.hamstern.cave_code_label"), key="sc_cave_code", max_chars=30, placeholder="BAKO-MIRU",
                      on_change=_set_cave_code)
        if side in SIDES:
            st.caption(tr("ui.hamstern.cave_code_help"))
    if side not in SIDES:
        st.caption(describe(caves.cave(side)))


def _set_name(player: int) -> None:
    _save(name_edit(f"sc_name_{player}", player))


def _toggle_cell(side: str, player: int, cell) -> None:
    def edit(data):
        cells = crossed_cells(data, side, player) ^ {tuple(cell)}
        data["crossed"][side][player] = [list(c) for c in sorted(cells)]
    _save(edit)
    score_photo.looked_at(side, player, tuple(cell))


def _strike(side: str, player: int, step: int) -> None:
    """One box more or less struck on the player's 1-track (it does not score; the command line checks it)."""
    def edit(data):
        boxes = data["struck"][side][player] + step
        data["struck"][side][player] = min(max(boxes, 0), load_layout(side).one_track_length)
    _save(edit)
    score_photo.looked_at(side, player, track=True)


def _tapped(side: str, player: int, decision: dict) -> None:
    if decision.get("selection"):
        _toggle_cell(side, player, parse_cell_id(decision["selection"][0]))


def _clear_sheet(side: str, player: int) -> None:
    def edit(data):
        data["crossed"][side][player] = []
        data["struck"][side][player] = 0
    _save(edit)
    score_photo.looked_at(side, player, everything=True)


# --- the page ---------------------------------------------------------------------------------
def hamstern_check(saved: SavedCheck | None) -> None:
    st.header(f":material/calculate: {tr('ui.hamstern.check_title')}")
    st.markdown(tr("ui.hamstern.check_intro"))
    # A cave not made in this process yet (a check saved before a restart, a code just typed) is made
    # here, under a progress bar, before its sheet is read.
    raw = saved.data if saved else st.session_state.get("sc_drafts", {}).get(GAME, {})
    if saved_side(raw) not in SIDES:
        make_cave(saved_side(raw))
    wanted = st.session_state.pop("sc_cave_wanted", None)
    if wanted and wanted != saved_side(raw):
        try:
            make_cave(wanted)
        except caves.CaveCodeError as error:  # a code no cave is made of: one line, the check stays as it is
            st.error(error.message(lang()), icon=":material/warning:")
        else:
            st.session_state.pop("sc_cave_open", None)
            _save_side(wanted)
            st.rerun()
    data = current_data(GAME, normalise, saved)
    side, count, player = data["side"], data["count"], data["player"]
    for key, value in (("sc_count", count), ("sc_free", data["free_start"]),
                       ("sc_player", player), (f"sc_name_{player}", data["names"][player])):
        bind(key, value)
    _choose_side(side)
    st.html(PLAYERS_CSS + TOTALS_CSS)  # one element: each is drawn again at every tap
    top = st.container(key="sc-players-row").columns([2, 1.6])
    top[0].segmented_control(tr("ui.players"), options=list(range(1, MAX_PLAYERS + 1)), required=True,
                             key="sc_count", on_change=_set, args=("count", "sc_count"))
    top[1].toggle(tr("ui.hamstern.free_start"), key="sc_free", on_change=_set, args=("free_start", "sc_free"))
    names = shown_names(data)
    # Looking at another sheet is no entry: it is saved only into a check that exists.
    st.segmented_control(tr("ui.hamstern.check_player"), options=list(range(count)), required=True,
                         format_func=lambda n: plain(names[n]), key="sc_player", on_change=_set,
                         args=("player", "sc_player", False))
    st.text_input(tr("ui.player_name", n=player + 1), key=f"sc_name_{player}", max_chars=NAME_LENGTH,
                  on_change=_set_name, args=(player,))
    if st.session_state.get("sc_error"):
        st.error(st.session_state.sc_error, icon=":material/warning:")
    score_photo.photo_controls(data, player, names, _save)

    layout = load_layout(side)
    sheets = [crossed_cells(data, side, n) for n in range(count)]
    breakdowns = [scoring.breakdown(layout, layout.mask(sheet)) for sheet in sheets]
    # Before the first cross nobody has won anything; after it a winner is a winner, even with 0 points.
    started = any(sheets)
    winners = scoring.winners(breakdowns) if started else []
    rows = [{tr("ui.name"): plain(names[n]), tr("ui.hamstern.chambers"): b.chambers,
             tr("ui.hamstern.mushrooms"): b.mushrooms, tr("ui.hamstern.acorns"): b.acorns,
             tr("ui.total"): b.total,
             tr("ui.hamstern.won"): tr("ui.hamstern.won_mark") if n in winners else ""}
            for n, b in enumerate(breakdowns)]
    # Above the sheet only what keeps its height from tap to tap (a row that grew, a line that came, moved
    # the sheet under the finger between two taps): the totals' rows do not wrap, and the lines a tap may
    # bring (a tie-break, a cross out of reach) come under the sheet (TOTALS_CSS).
    st.container(key="sc-totals").table(rows, hide_index=True)
    crossed = sheets[player]
    score_photo.marks_line(side, player)
    score_photo.photo_switch(side, player)
    # Every tap is an entry, saved at once; a mis-tap is taken back by tapping again. Cells a photo's
    # reader was unsure of carry the mark "tb-unsure" until tapped or looked at; the photo read last
    # lies under the cells while it is this sheet's.
    unsure = [cell_id(cell) for cell in sorted(score_photo.unsure_cells(side, player))]
    under, see_through = score_photo.photo_under(side, player)
    # The crosses come as marks: the picture stays the same from tap to tap, so the board is not drawn anew
    # (on a phone the sheet stays where it was slid to).
    tap_board("sc-board", f'<div class="tb-board sc-sheet">{_phone_css(layout)}{score_photo.UNSURE_CSS}{see_through}'
                          f'{sheet_svg(layout, tappable=True, under=under)}</div>',
              tappable=[cell_id(cell) for cell in layout.cells], select="one", choose_button="toggle",
              marks={"tb-unsure": unsure, "tb-crossed": [cell_id(cell) for cell in sorted(crossed)]},
              version=len(crossed),  # every tap changes it by one: the tapped cell is not kept selected
              on_decision=partial(_tapped, side, player))
    decided = scoring.deciding_tie_break(breakdowns) if count > 1 and started else None
    if decided:
        st.caption(tr(f"ui.hamstern.decided_by_{decided}"))
    stray = unreachable_crosses(layout, layout.mask(crossed), data["free_start"])
    if stray:
        st.warning(tr("ui.hamstern.check_unreachable", cell=cell_name(layout.cells[stray.bit_length() - 1])))
    _track_counter(data["struck"][side][player], layout.one_track_length, side, player)
    st.button(tr("ui.hamstern.clear_sheet"), key="sc_clear", on_click=_clear_sheet, args=(side, player))


TOTALS_CSS = """<style>.st-key-sc-totals [data-testid="stTable"] { overflow-x: auto; }
.st-key-sc-totals th, .st-key-sc-totals td, .st-key-sc-totals th *, .st-key-sc-totals td * {
  white-space: nowrap !important; }</style>"""
# The number of players and the variant's switch side by side, but one under the other on a phone: beside
# the switch a phone showed four of the six numbers, and half the switch's words.
PLAYERS_CSS = """<style>@media (max-width: 640px) {
.st-key-sc-players-row [data-testid="stHorizontalBlock"] { flex-wrap: wrap; }
.st-key-sc-players-row [data-testid="stColumn"] { flex: 1 1 100% !important; width: 100% !important; } }</style>"""


def _phone_css(layout) -> str:
    """On a phone the whole sheet at its width would make cells of 28 px: there it keeps cells a finger
    can hit (as a seat's window does, phone.py) and the sheet slides sideways under the finger."""
    width = phone.sheet_size(layout)[0]
    return (f"<style>@media {phone.PHONE} {{ .tb-board.sc-sheet {{ display: block; overflow-x: auto; }} "
            f".tb-board.sc-sheet svg.ht-sheet {{ width: {width}px; max-width: none; max-height: none; }} }}</style>")


# The 1-track's count between big − and + (48 px, as Hamsterdam's counters); orange while a photo's
# reader was unsure of it.
TRACK_CSS = """<style>
.st-key-sc-track, .st-key-sc-track-unsure { flex-wrap: nowrap; gap: 0.5rem; }
.st-key-sc-track button, .st-key-sc-track-unsure button { min-height: 48px; min-width: 56px; }
.st-key-sc-track button p, .st-key-sc-track-unsure button p { font-size: 1.6rem; font-weight: 700; }
.st-key-sc-track-unsure { outline: 2px dashed #e65100; outline-offset: 2px; border-radius: 8px;
  background: #fff3e0; }
.st-key-sc-track-value [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
.st-key-sc-track-value p { font-size: 1.5rem; font-weight: 700; min-width: 4ch; text-align: center;
  margin: 0 !important; line-height: 48px; }
</style>"""


def _track_counter(boxes: int, length: int, side: str, player: int) -> None:
    st.html(TRACK_CSS)
    key = "sc-track-unsure" if score_photo.track_unsure(side, player) else "sc-track"
    with st.container(horizontal=True, vertical_alignment="center", key=key):
        st.markdown(f"**{tr('ui.scan_check.track')}**")
        st.button("−", key="sc-track-less", on_click=_strike, args=(side, player, -1), disabled=boxes == 0)
        st.container(key="sc-track-value", width="content").markdown(f"{boxes} / {length}")
        st.button("+", key="sc-track-more", on_click=_strike, args=(side, player, 1), disabled=boxes >= length)
