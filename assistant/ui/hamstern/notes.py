"""What a tap on a cell that cannot be tapped now says (the tap board's notes), so that no tap goes
unanswered: the engine's reason where a tap would ask the engine something, in the player's language.

- before the roll, every cell: roll first;
- a crossed cell of the sheet being decided on: it is crossed already;
- a roll that fits nowhere (only the pass is left): why nothing fits;
- a sheet that has decided on this roll, or one waiting for a phone: who is still deciding;
- the other players' sheets, shown small below: whose sheet it is, and that it is only looked at.
"""

from __future__ import annotations

import streamlit as st

from assistant.games.hamstern import PASS, Place
from assistant.ui.common import lang, tr
from assistant.ui.hamstern.sheet import cell_id
from assistant.ui.table import Table

MEMO = "hs_crossed_notes"  # session key: the notes of the crossed cells, with what they were computed on


def why_not(table: Table, view: dict, layout, seat: int, deciding: bool, crossed: set, legal: list,
            others: list[int], most: int) -> dict[str, str]:
    """The notes of the board drawn for ``seat`` (``crossed``: its crosses as shown, ``legal``: what it may
    do now, ``others``: the seats of the small sheets in the order drawn, ``most``: the crosses this roll
    allows at most). A key ``"o{n}:*"`` speaks for every cell of the n-th small sheet, ``"*"`` for every
    cell without a note of its own."""
    notes = {f"o{box}:*": tr("ui.hamstern.other_sheet", name=table.names[player]) for box, player in enumerate(others)}
    free = [cell for cell in layout.cells if cell not in crossed]
    anywhere = Place(frozenset(free[:1] or layout.cells[:1]))  # a tap means some placement: the engine says why not
    if view["phase"] == "roll":
        notes["*"] = table.refusal(anywhere) or ""
    elif not deciding:
        waiting = [table.names[p] for p in range(table.num_players) if not table.has_decided(p)]
        if seat in table.pending():  # decided ahead of its turn: kept aside, as assistant/ahead.py refuses another
            notes["*"] = tr("error.already_decided")
        elif table.has_decided(seat):
            notes["*"] = table.refusal(anywhere, seat) or tr("error.already_decided")
        else:  # the seat decides on its phone
            notes["*"] = tr("ui.phones.waiting_for", names=", ".join(waiting))
    elif legal == [PASS]:
        notes["*"] = table.refusal(anywhere, seat) or ""  # nothing fits, or the 1-track is used up
    else:
        notes |= _crossed_notes(table, view, seat, crossed, free, most)
    return {part: note for part, note in notes.items() if note}


def _crossed_notes(table: Table, view: dict, seat: int, crossed: set, free: list, most: int) -> dict[str, str]:
    """A crossed cell with as many free cells as the roll asks: the engine names the crossed one. Kept for
    the roll and the crosses they were made on (a late sheet takes some 7 ms): the table draws again while
    other seats decide on the same roll."""
    key = (table.id, seat, view["rolls"], frozenset(crossed), lang())
    kept = st.session_state.get(MEMO)
    if kept is None or kept[0] != key:
        notes = {}
        for cell in sorted(crossed):
            reason = table.refusal(Place(frozenset({cell, *free[:max(most, 1) - 1]})), seat)
            if reason:
                notes[cell_id(cell)] = reason
        kept = st.session_state[MEMO] = (key, notes)
    return kept[1]
