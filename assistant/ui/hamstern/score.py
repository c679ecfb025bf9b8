"""Score check for Hamstern: tap the crossed cells of finished paper sheets; totals appear as you tap.

Everything typed in (side, players, names, crosses) is saved at once as a score check
(see score_saving): the crosses are kept per side and per player, the names in six slots.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from assistant.games.hamstern import scoring
from assistant.games.hamstern.layout import SIDES, cell_name, load_layout
from assistant.games.hamstern.scorecard import unreachable_crosses
from assistant.store import SavedCheck
from assistant.ui.common import plain, tr
from assistant.ui.components import tap_board
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


def normalise(raw: dict) -> dict:
    """A complete, well-formed check from saved data (anything missing or unreadable gets its default)."""
    count = whole_number(raw.get("count"), 1, MAX_PLAYERS, 2)
    crossed_raw = raw.get("crossed") if isinstance(raw.get("crossed"), dict) else {}
    crossed = {}
    for side in SIDES:
        index = load_layout(side).index
        sheets = crossed_raw.get(side) if isinstance(crossed_raw.get(side), list) else []
        sheets = [sheet if isinstance(sheet, list) else [] for sheet in sheets[:MAX_PLAYERS]]
        sheets += [[]] * (MAX_PLAYERS - len(sheets))
        crossed[side] = [[list(cell) for cell in sorted(_cells(sheet, index))] for sheet in sheets]
    return {
        "side": raw.get("side") if raw.get("side") in SIDES else "A",
        "free_start": raw.get("free_start") is True,
        "count": count,
        "names": names_from(raw.get("names")),
        "player": whole_number(raw.get("player"), 0, count - 1, 0),
        "crossed": crossed,
    }


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


def _set_name(player: int) -> None:
    _save(name_edit(f"sc_name_{player}", player))


def _toggle_cell(side: str, player: int, cell) -> None:
    def edit(data):
        cells = crossed_cells(data, side, player) ^ {tuple(cell)}
        data["crossed"][side][player] = [list(c) for c in sorted(cells)]
    _save(edit)


def _tapped(side: str, player: int, decision: dict) -> None:
    if decision.get("selection"):
        _toggle_cell(side, player, parse_cell_id(decision["selection"][0]))


def _clear_sheet(side: str, player: int) -> None:
    def edit(data):
        data["crossed"][side][player] = []
    _save(edit)


# --- the page ---------------------------------------------------------------------------------
def hamstern_check(saved: SavedCheck | None) -> None:
    data = current_data(GAME, normalise, saved)
    side, count, player = data["side"], data["count"], data["player"]
    st.header(f":material/calculate: {tr('ui.hamstern.check_title')}")
    st.markdown(tr("ui.hamstern.check_intro"))
    for key, value in (("sc_side", side), ("sc_count", count), ("sc_free", data["free_start"]),
                       ("sc_player", player), (f"sc_name_{player}", data["names"][player])):
        bind(key, value)
    top = st.columns([1.2, 2, 1.6], wrap=False)
    top[0].segmented_control(tr("ui.side"), options=list(SIDES), required=True, key="sc_side",
                             on_change=_set, args=("side", "sc_side"))
    top[1].segmented_control(tr("ui.players"), options=list(range(1, MAX_PLAYERS + 1)), required=True,
                             key="sc_count", on_change=_set, args=("count", "sc_count"))
    top[2].toggle(tr("ui.hamstern.free_start"), key="sc_free", on_change=_set, args=("free_start", "sc_free"))
    names = shown_names(data)
    # Looking at another sheet is no entry: it is saved only into a check that exists.
    st.segmented_control(tr("ui.hamstern.check_player"), options=list(range(count)), required=True,
                         format_func=lambda n: plain(names[n]), key="sc_player", on_change=_set,
                         args=("player", "sc_player", False))
    st.text_input(tr("ui.player_name", n=player + 1), key=f"sc_name_{player}", max_chars=NAME_LENGTH,
                  on_change=_set_name, args=(player,))
    if st.session_state.get("sc_error"):
        st.error(st.session_state.sc_error, icon=":material/warning:")

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
    st.table(rows, hide_index=True)
    decided = scoring.deciding_tie_break(breakdowns) if count > 1 and started else None
    if decided:
        st.caption(tr(f"ui.hamstern.decided_by_{decided}"))
    crossed = sheets[player]
    stray = unreachable_crosses(layout, layout.mask(crossed), data["free_start"])
    if stray:
        st.warning(tr("ui.hamstern.check_unreachable", cell=cell_name(layout.cells[stray.bit_length() - 1])))
    # Every tap is an entry, saved at once; a mis-tap is taken back by tapping again.
    tap_board("sc-board", f'<div class="tb-board">{sheet_svg(layout, crossed, tappable=True)}</div>',
              tappable=[cell_id(cell) for cell in layout.cells], select="one", choose_button="toggle",
              on_decision=partial(_tapped, side, player))
    st.button(tr("ui.hamstern.clear_sheet"), key="sc_clear", on_click=_clear_sheet, args=(side, player))
