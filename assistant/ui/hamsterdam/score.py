"""Score check for Hamsterdam: per player the flood tokens in their flood pile and on their dam and the
hamsters left, counted with big − and + taps (only the names open a tablet's keyboard); the ranking, the
totals and the tie-break come from the engine's own check (``assistant.games.hamsterdam.scorecard``),
which also refuses what no game can end with, with the same reason as the command line.

Every tap is saved at once as a score check (see score_saving), like the other games.
"""

from __future__ import annotations

import streamlit as st

from assistant.errors import IllegalAction
from assistant.games.hamsterdam.scorecard import FIELDS, check_counts, limits, standings
from assistant.games.standings import winners_of
from assistant.store import SavedCheck
from assistant.ui.common import plain, refusal, tr
from assistant.ui.hamsterdam import score_photo
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
from assistant.ui.widgets import standings_table

GAME = "hamsterdam"
COUNTS = (2, 3, 4)
TEXTS = "ui.hamsterdam.score_check"
PARTS = {field: f"{TEXTS}.{field}" for field in FIELDS}
# Streamlit names a keyed container's element with the class st-key-<key>: the counters are styled by it.
COUNTER_CSS = """<style>
[class*="st-key-hd-sc-counter-"] { flex-wrap: nowrap; }
[class*="st-key-hd-sc-counter-"] button { min-height: 48px; min-width: 56px; }
[class*="st-key-hd-sc-counter-"] button p { font-size: 1.6rem; font-weight: 700; }
/* The count sits between its buttons: Streamlit pulls Markdown up by 1rem below, which would lower it. */
[class*="st-key-hd-sc-value-"] [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
[class*="st-key-hd-sc-value-"] p { font-size: 1.5rem; font-weight: 700; min-width: 3ch; text-align: center;
  margin: 0 !important; line-height: 48px; }
/* A phone has no room for three counters side by side (their buttons would overlap): one under another. */
@media (max-width: 640px) {
  [class*="st-key-hd-sc-counts-"] [data-testid="stHorizontalBlock"]:not([class*="st-key-hd-sc-counter-"]) {
    flex-direction: column; }
  [class*="st-key-hd-sc-counts-"] [data-testid="stColumn"] { width: 100% !important; }
}
</style>"""


def highest(field: str) -> int:
    """The most a counter may show: every token of the game, or the most hamsters a player can have."""
    return limits().per_player if field == "hamsters" else limits().tokens


def _player_counts(raw) -> dict[str, int]:
    raw = raw if isinstance(raw, dict) else {}
    return {field: whole_number(raw.get(field), 0, highest(field), 0) for field in FIELDS}


def normalise(raw: dict) -> dict:
    """A complete check from saved data: a player count, six names, three counts for each of four players
    (anything unreadable counts 0)."""
    rows = raw.get("counts") if isinstance(raw.get("counts"), list) else []
    rows = rows[:max(COUNTS)] + [{}] * (max(COUNTS) - len(rows))
    return {"count": whole_number(raw.get("count"), min(COUNTS), max(COUNTS), 2),
            "names": names_from(raw.get("names")), "counts": [_player_counts(row) for row in rows]}


def _check(data: dict, *, finished: bool = False) -> None:
    """Refuse counts no game ends with (IllegalAction, with the command line's reason; ``refusal`` shows
    it with the names as text). While counting, only what more counting cannot mend; ``finished``: also
    an end no game reaches (the flood piles short of the end, the supply not empty)."""
    check_counts(shown_names(data), data["counts"][:data["count"]], finished=finished)


def result(data: dict) -> list[dict] | None:
    """The counted end as the history keeps it (name, score, place, won), once the counts are an end a
    game reaches; None before. ``data`` is a normalised check."""
    counts = data["counts"][:data["count"]]
    try:
        _check(data, finished=True)
    except IllegalAction:
        return None
    if not any(any(player.values()) for player in counts):
        return None
    return [{"name": data["names"][row["player"]], "score": row["score"], "place": row["place"],
             "won": row["winner"]} for row in sorted(standings(counts)["players"], key=lambda row: row["player"])]


def _save(edit, player: int | None = None) -> None:
    """Save the change; a refused one's reason is shown beside the player whose count was tapped."""
    st.session_state.sc_error = change(GAME, normalise, edit)
    st.session_state.hd_sc_error_at = player


def _set_count() -> None:
    _save(count_edit("hd_sc_count", _check))  # players coming back bring their counts back


def _set_name(player: int) -> None:
    _save(name_edit(f"hd_sc_name_{player}", player))


def _step(player: int, field: str, step: int) -> None:
    def edit(data):
        data["counts"][player][field] = max(0, data["counts"][player][field] + step)
        _check(data)
    _save(edit, player)
    score_photo.looked_at(player, field)


def hamsterdam_check(saved: SavedCheck | None) -> None:
    data = current_data(GAME, normalise, saved)
    count = data["count"]
    st.header(f":material/calculate: {tr(f'{TEXTS}.title')}")
    st.markdown(tr(f"{TEXTS}.intro"))
    st.html(COUNTER_CSS + score_photo.UNSURE_CSS)
    bind("hd_sc_count", count)
    st.segmented_control(tr("ui.players"), options=list(COUNTS), required=True, key="hd_sc_count",
                         on_change=_set_count)
    _error()  # a refused change of the player count, or of the counts a photo gave
    score_photo.photo_controls(data, shown_names(data), highest, _check, _save)
    for player in range(count):
        _player_entry(data, player)
    _results(data)


def _error(player: int | None = None) -> None:
    """The reason a change was refused, where it was made: under a player's counters, or at the top."""
    if st.session_state.get("sc_error") and st.session_state.get("hd_sc_error_at") == player:
        st.error(st.session_state.sc_error, icon=":material/warning:")


def _player_entry(data: dict, player: int) -> None:
    with st.container(border=True):
        bind(f"hd_sc_name_{player}", data["names"][player])
        st.text_input(tr("ui.player_name", n=player + 1), key=f"hd_sc_name_{player}", max_chars=NAME_LENGTH,
                      on_change=_set_name, args=(player,))
        looks = score_photo.unsure(player)  # counts a photo's reader was unsure of: framed orange
        for column, field in zip(st.container(key=f"hd-sc-counts-{player}").columns(len(FIELDS), wrap=False), FIELDS,
                                 strict=True):
            with column.container(key=f"hd-sc-unsure-{field}-{player}") if field in looks else column:
                _counter(player, field, data["counts"][player][field])
        _error(player)
        score_photo.marks_line(player)


def _counter(player: int, field: str, value: int) -> None:
    """A label, then − value + in one row: taps a finger hits at the table (48 px, the page's buttons)."""
    st.markdown(f"**{tr(PARTS[field])}**")
    with st.container(horizontal=True, vertical_alignment="center", key=f"hd-sc-counter-{field}-{player}"):
        st.button("−", key=f"hd-sc-{field}-{player}-less", on_click=_step, args=(player, field, -1),
                  disabled=value == 0)
        st.container(key=f"hd-sc-value-{field}-{player}", width="content").markdown(str(value))
        st.button("+", key=f"hd-sc-{field}-{player}-more", on_click=_step, args=(player, field, 1))


def _results(data: dict) -> None:
    """The ranking (fewest tokens first), who won and what decided it. Checked again here: a check saved
    by another tab, or with fewer players, may hold counts no game ends with."""
    count = data["count"]
    try:
        _check(data)
    except IllegalAction as error:
        st.error(refusal(error), icon=":material/warning:")
        return
    counts = data["counts"][:count]
    standing = standings(counts)
    standings_table(shown_names(data), standing, PARTS)
    # nothing counted yet: no winner to name; counts no game ends with: why not, and no winner
    if any(any(player.values()) for player in counts) and _an_end(data):
        winners = winners_of(standing)
        together = " & ".join(plain(shown_names(data)[p]) for p in winners)
        st.success(tr("ui.winner" if len(winners) == 1 else "ui.winners", names=together),
                   icon=":material/emoji_events:")
        if standing["decided_by"]:
            st.info(tr(f"{TEXTS}.decided_by_{standing['decided_by']}"), icon=":material/balance:")
    st.caption(tr(f"{TEXTS}.rule"))


def _an_end(data: dict) -> bool:
    """Whether the counts are an end a game reaches; if not, the reason is shown under the ranking."""
    try:
        _check(data, finished=True)
    except IllegalAction as error:
        st.warning(refusal(error), icon=":material/warning:")
        return False
    return True
