"""Score check for Hamsterbacke: per player the cards counted at the end (score pile, hand, blocking
stack); totals and winners from the engine's own check (``assistant.games.hamsterbacke.scorecard``).

Every number typed in is saved at once as a score check (see score_saving), like the other games.
"""

from __future__ import annotations

import streamlit as st

from assistant.errors import IllegalAction
from assistant.games.hamsterbacke.cards import TOTAL_CARDS
from assistant.games.hamsterbacke.scorecard import FIELDS, check_counts, check_scores
from assistant.games.standings import places
from assistant.store import SavedCheck
from assistant.ui.common import plain, refusal, tr
from assistant.ui.score_saving import (
    NAME_LENGTH,
    bind,
    change,
    count_edit,
    current_data,
    name_edit,
    names_from,
    shown_names,
    whole_number,
)

GAME = "hamsterbacke"
COUNTS = (2, 3, 4, 5)
LABELS = {"score_pile": "ui.backe.score_pile", "hand": "ui.backe.hand", "blocking": "ui.backe.blocking"}


def normalise(raw: dict) -> dict:
    """A complete check from saved data: a player count, six names, three counts per player."""
    rows = raw.get("counts") if isinstance(raw.get("counts"), list) else []
    counts = []
    for n in range(max(COUNTS)):
        row = rows[n] if n < len(rows) and isinstance(rows[n], dict) else {}
        counts.append({field: whole_number(row.get(field), 0, TOTAL_CARDS, 0) for field in FIELDS})
    return {"count": whole_number(raw.get("count"), min(COUNTS), max(COUNTS), 3),
            "names": names_from(raw.get("names")), "counts": counts}


def result(data: dict) -> list[dict] | None:
    """The counted end as the history keeps it (name, score, place, won), once the counts are an end a
    game can reach; None before. ``data`` is a normalised check."""
    count = data["count"]
    names = shown_names(data)
    try:
        checked = check_scores({"players": [{"name": names[n], **data["counts"][n]} for n in range(count)]})
    except ValueError:  # IllegalAction too: not an end yet
        return None
    totals = [player["total"] for player in checked["players"]]
    ranked = places(totals)
    return [{"name": data["names"][n], "score": totals[n], "place": ranked[n], "won": ranked[n] == 1}
            for n in range(count)]


def _save(edit) -> None:
    st.session_state.sc_error = change(GAME, normalise, edit)


def _set_count() -> None:
    _save(count_edit("hb_sc_count"))


def _set_name(player: int) -> None:
    _save(name_edit(f"hb_sc_name_{player}", player))


def _set_field(player: int, field: str) -> None:
    def edit(data):
        data["counts"][player][field] = int(st.session_state.get(f"hb_sc_{field}_{player}") or 0)
    _save(edit)


def backe_check(saved: SavedCheck | None) -> None:
    data = current_data(GAME, normalise, saved)
    count = data["count"]
    st.header(f":material/calculate: {tr('ui.backe.setup_title')}")
    st.markdown(tr("ui.backe.check_intro"))
    bind("hb_sc_count", count)
    st.segmented_control(tr("ui.backe.players"), options=list(COUNTS), required=True, key="hb_sc_count",
                         on_change=_set_count)
    for player in range(count):
        bind(f"hb_sc_name_{player}", data["names"][player])
        columns = st.columns([2, 1, 1, 1], wrap=False, vertical_alignment="bottom")
        columns[0].text_input(tr("ui.backe.name", n=player + 1), key=f"hb_sc_name_{player}", max_chars=NAME_LENGTH,
                              on_change=_set_name, args=(player,))
        for column, field in zip(columns[1:], FIELDS, strict=True):
            bind(f"hb_sc_{field}_{player}", data["counts"][player][field])
            column.number_input(tr(LABELS[field]), min_value=0, max_value=TOTAL_CARDS, step=1,
                                key=f"hb_sc_{field}_{player}", on_change=_set_field, args=(player, field))
    if st.session_state.get("sc_error"):
        st.error(st.session_state.sc_error, icon=":material/warning:")
    names = shown_names(data)
    players = [{"name": names[n], **data["counts"][n]} for n in range(count)]
    try:
        result = check_scores({"players": players}, finished=False)  # fewer cards than at an end: still typing
    except ValueError as error:  # IllegalAction too: more cards than a game can end with
        st.error(refusal(error), icon=":material/warning:")
        return
    entered = any(any(row.values()) for row in data["counts"][:count])
    try:
        check_counts(data["counts"][:count])
    except IllegalAction as error:
        if entered:  # the totals below are shown, with what cannot be right yet
            st.info(refusal(error), icon=":material/info:")
    # Equal totals share a place, and the next place is skipped (1, 1, 3), as in the other checks.
    totals = [player["total"] for player in result["players"]]
    rows = {tr("ui.place"): places(totals),
            tr("ui.name"): [plain(player["name"]) for player in result["players"]]}
    for field in FIELDS:
        rows[tr(LABELS[field])] = [player["breakdown"][field] for player in result["players"]]
    rows[tr("ui.total")] = totals
    st.table(rows, hide_index=True)
    st.caption(tr("ui.backe.score_rule"))
    if entered:
        winners = " & ".join(plain(name) for name in result["winners"])
        st.success(tr("ui.backe.winner" if len(result["winners"]) == 1 else "ui.backe.winners", names=winners),
                   icon=":material/emoji_events:")
