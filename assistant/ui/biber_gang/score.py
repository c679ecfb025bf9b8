"""Biber Gang scorekeeper for real cards: each player's eight cards (or points) per round,
scored by the engine, the five-round table and the winner.

Cards are entered by tapping: a place in a display, then the card from a palette of
pictures (no field that would open a tablet's keyboard). Everything is saved at once as
a score check (see score_saving). A round not entered yet is blank, never 0.
"""

from __future__ import annotations

import streamlit as st

from assistant.games.biber_gang.cards import BEAVER, DISPLAY_SIZE
from assistant.games.biber_gang.scorecard import check_card_counts
from assistant.games.biber_gang.scoring import lowest, ranking_key, score_display
from assistant.games.standings import places
from assistant.store import SavedCheck
from assistant.ui.biber_gang import pictures as cards
from assistant.ui.common import plain, tr
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

GAME = "biber_gang"
ROUNDS = 5
PALETTE = [*range(13), BEAVER]
BLANK = "–"
# The lowest a display can score is four column pairs of one value (-20); the highest has
# no pair at all, four columns of a 12 and an 11 (92).
LOWEST, HIGHEST = -20, 92
STEPS = {"m10": -10, "m5": -5, "m1": -1, "p1": 1, "p5": 5, "p10": 10}


# --- the data: entries[round][player] = {"direct", "points", "cards"} ----------------------------
def blank_entry() -> dict:
    return {"direct": False, "points": None, "cards": [None] * DISPLAY_SIZE}


def _entry(raw) -> dict:
    raw = raw if isinstance(raw, dict) else {}
    cards_ = raw.get("cards") if isinstance(raw.get("cards"), list) else []
    cards_ = [whole_number(card, 0, BEAVER, None) for card in cards_[:DISPLAY_SIZE]]
    return {"direct": raw.get("direct") is True, "points": whole_number(raw.get("points"), LOWEST, HIGHEST, None),
            "cards": cards_ + [None] * (DISPLAY_SIZE - len(cards_))}


def normalise(raw: dict) -> dict:
    """A complete, well-formed scorekeeper from saved data (anything unreadable gets its default)."""
    rounds = raw.get("entries") if isinstance(raw.get("entries"), list) else []
    entries = []
    for number in range(ROUNDS):
        players = rounds[number] if number < len(rounds) and isinstance(rounds[number], list) else []
        entries.append([_entry(players[p] if p < len(players) else None) for p in range(MAX_PLAYERS)])
    return {"count": whole_number(raw.get("count"), 2, MAX_PLAYERS, 2), "names": names_from(raw.get("names")),
            "round": whole_number(raw.get("round"), 1, ROUNDS, 1), "entries": entries}


def entry_points(entry: dict) -> int | None:
    """A player's points in a round: entered directly, or scored from all eight cards; None until then."""
    if entry["direct"]:
        return entry["points"]
    if None in entry["cards"]:
        return None
    return score_display(entry["cards"]).points


def points_table(data: dict) -> list[list[int | None]]:
    """Per player (of those playing), the points of each round, None where not entered yet."""
    return [[entry_points(data["entries"][number][player]) for number in range(ROUNDS)]
            for player in range(data["count"])]


def totals(table: list[list[int | None]]) -> list[int | None]:
    """Each player's total of the rounds entered so far; None while none is."""
    return [sum(p for p in row if p is not None) if any(p is not None for p in row) else None for row in table]


def standing(data: dict) -> tuple[str | None, list[int]]:
    """("winner", players) once every round of every player is entered; ("leading", players)
    before that; (None, []) while nothing is entered. Lowest total wins, ties share."""
    table = points_table(data)
    sums = totals(table)
    entered = [player for player, total in enumerate(sums) if total is not None]
    if not entered:
        return None, []
    best = [entered[n] for n in lowest([sums[player] for player in entered])]
    complete = all(p is not None for row in table for p in row)
    return ("winner" if complete else "leading"), best


def result(data: dict) -> list[dict] | None:
    """The five rounds as the history keeps them (name, total, place, won: the lowest total wins), once
    every round of every player is entered; None before. ``data`` is a normalised check."""
    sums = totals(points_table(data))
    if standing(data)[0] != "winner":
        return None
    ranked = places([ranking_key(total) for total in sums])
    return [{"name": data["names"][p], "score": sums[p], "place": ranked[p], "won": ranked[p] == 1}
            for p in range(data["count"])]


def round_complete(data: dict, number: int) -> bool:
    return all(entry_points(data["entries"][number - 1][p]) is not None for p in range(data["count"]))


def check_round(data: dict, number: int) -> None:
    """Refuse a round in which the table holds more copies of a card than the game has
    (the same check, and reason, as ``python -m assistant score biber_gang``)."""
    entries = data["entries"][number - 1][:data["count"]]
    check_card_counts(card for entry in entries if not entry["direct"] for card in entry["cards"] if card is not None)


# --- changes: each one is checked, then saved at once ------------------------------------------
def _save(edit, player: int | None = None, *, entry: bool = True) -> None:
    reason = change(GAME, normalise, edit, entry=entry)
    st.session_state.bk_error = (player, reason) if reason else None


def _set_count() -> None:
    def edit(data):
        data["count"] = st.session_state.bk_count
        for number in range(1, ROUNDS + 1):  # players coming back bring their cards back
            check_round(data, number)
    _save(edit)


def _set_round() -> None:
    def edit(data):
        data["round"] = st.session_state.bk_round
    st.session_state.bk_slot = None
    _save(edit, entry=False)


def _set_name(player: int) -> None:
    _save(name_edit(f"bk_name_{player}", player), player)


def _set_direct(number: int, player: int) -> None:
    def edit(data):
        data["entries"][number - 1][player]["direct"] = bool(st.session_state.get(f"bk_direct_{player}"))
        check_round(data, number)  # the cards count again when points are no longer entered directly
    st.session_state.bk_slot = None
    _save(edit, player)


def _tap_slot(player: int, slot: int) -> None:
    """Mark a place of a display; the palette then fills it. A tap on the place already marked keeps
    it marked: after each card the next place is marked for the player, and the page says to tap a
    place, then its card, so a tap there must not take the palette away."""
    st.session_state.bk_slot = (player, slot)
    st.session_state.bk_error = None


def _pick(number: int, player: int, slot: int, card: int | None) -> None:
    def edit(data):
        data["entries"][number - 1][player]["cards"][slot] = card
        check_round(data, number)
    _save(edit, player)
    if st.session_state.bk_error is None and card is not None:
        # On to the next place, so eight taps of the palette enter a whole display.
        st.session_state.bk_slot = (player, slot + 1) if slot + 1 < DISPLAY_SIZE else None


def _step(number: int, player: int, step: str) -> None:
    def edit(data):
        entry = data["entries"][number - 1][player]
        value = 0 if step == "zero" else (entry["points"] or 0) + STEPS[step]
        entry["points"] = max(LOWEST, min(HIGHEST, value))
    _save(edit, player)


def _clear(number: int, player: int) -> None:
    def edit(data):
        direct = data["entries"][number - 1][player]["direct"]
        data["entries"][number - 1][player] = blank_entry() | {"direct": direct}
    st.session_state.bk_slot = None
    _save(edit, player)


# --- the page ---------------------------------------------------------------------------------
def biber_scorekeeper(saved: SavedCheck | None) -> None:
    data = current_data(GAME, normalise, saved)
    count, number = data["count"], data["round"]
    st.header(f":material/playing_cards: {tr('ui.biber.scorekeeper_title')}")
    st.markdown(tr("ui.biber.scorekeeper_intro"))
    bind("bk_count", count)
    bind("bk_round", number)
    st.segmented_control(tr("ui.players"), options=list(range(2, MAX_PLAYERS + 1)), required=True, key="bk_count",
                         on_change=_set_count)
    st.segmented_control(tr("ui.biber.rounds"), options=list(range(1, ROUNDS + 1)), required=True, key="bk_round",
                         format_func=lambda n: f"{n} ✓" if round_complete(data, n) else str(n), on_change=_set_round)
    error = st.session_state.get("bk_error")
    if error and (error[0] is None or error[0] >= count):
        st.error(error[1], icon=":material/warning:")
    st.caption(tr("ui.biber.tap_slot"))
    _slot_styles(data, number)
    for player in range(count):
        _player_entry(data, number, player)
    _table_and_winner(data)


def _slot_styles(data: dict, number: int) -> None:
    chosen = st.session_state.get("bk_slot")
    rules = []
    for player in range(data["count"]):
        for slot, card in enumerate(data["entries"][number - 1][player]["cards"]):
            look = cards.card_background(card) + " border: none;" if card is not None else \
                "background: #f5f0e8; border: 3px dashed #8d6e63;"
            ring = " box-shadow: 0 0 0 5px #64b5f6;" if chosen == (player, slot) else ""
            rules.append(f".st-key-bk-slot-{player}-{slot} button {{ {look}{ring} height: clamp(72px, 10vw, 120px);"
                         " width: 100%; color: transparent; }")
    for card in PALETTE:
        rules.append(f".st-key-bk-pick-{card} button {{ {cards.card_background(card)} border: none;"
                     " height: clamp(64px, 8vw, 100px); width: 100%; color: transparent; }")
    st.html("<style>" + "\n".join(rules) + "</style>")


def _player_entry(data: dict, number: int, player: int) -> None:
    entry = data["entries"][number - 1][player]
    bind(f"bk_name_{player}", data["names"][player])
    bind(f"bk_direct_{player}", entry["direct"])
    points = entry_points(entry)
    with st.container(border=True):
        top = st.columns([2, 2, 1.4], wrap=False, vertical_alignment="bottom")
        top[0].text_input(tr("ui.player_name", n=player + 1), key=f"bk_name_{player}", max_chars=NAME_LENGTH,
                          on_change=_set_name, args=(player,))
        top[1].toggle(tr("ui.biber.enter_points"), key=f"bk_direct_{player}", on_change=_set_direct,
                      args=(number, player))
        top[2].markdown(f"{tr('ui.biber.round_points')}: **{BLANK if points is None else points}**")
        if entry["direct"]:
            _points_buttons(number, player)
        else:
            _display(entry, number, player)
        error = st.session_state.get("bk_error")
        if error and error[0] == player:
            st.error(error[1], icon=":material/warning:")
        st.button(tr("ui.biber.clear_entry"), key=f"bk-clear-{player}", on_click=_clear, args=(number, player))


def _points_buttons(number: int, player: int) -> None:
    """Points by tapping: steps up and down from blank (which counts as 0), and 0 itself."""
    labels = {"m10": "−10", "m5": "−5", "m1": "−1", "zero": "0", "p1": "+1", "p5": "+5", "p10": "+10"}
    for step, column in zip(labels, st.columns(len(labels), wrap=False), strict=True):
        column.button(labels[step], key=f"bk-pts-{player}-{step}", on_click=_step, args=(number, player, step),
                      width="stretch")


def _display(entry: dict, number: int, player: int) -> None:
    chosen = st.session_state.get("bk_slot")
    left, right = st.columns([1, 1.3], wrap=False)
    with left:
        for row in (range(4), range(4, DISPLAY_SIZE)):
            for slot, column in zip(row, st.columns(4, wrap=False), strict=True):
                card = entry["cards"][slot]
                column.button(BLANK if card is None else _label(card), key=f"bk-slot-{player}-{slot}",
                              on_click=_tap_slot, args=(player, slot), width="stretch")
    with right:
        if chosen and chosen[0] == player:
            st.caption(tr("ui.biber.pick_card"))
            _palette(number, player, chosen[1])


def _label(card) -> str:
    """A card's button label (the button shows the card's picture): its number, or the word beaver."""
    return tr("ui.biber.beaver") if card == BEAVER else str(card)


def _palette(number: int, player: int, slot: int) -> None:
    for first in range(0, len(PALETTE), 5):
        row = PALETTE[first:first + 5]
        for card, column in zip(row, st.columns(5, wrap=False), strict=False):
            column.button(_label(card), key=f"bk-pick-{card}", on_click=_pick, args=(number, player, slot, card),
                          width="stretch")
    st.button(tr("ui.biber.no_card"), key="bk-pick-none", on_click=_pick, args=(number, player, slot, None))


def _table_and_winner(data: dict) -> None:
    names = shown_names(data)
    table = points_table(data)
    rows = []
    for player, (row, total) in enumerate(zip(table, totals(table), strict=True)):
        shown = {tr("ui.name"): plain(names[player])}
        shown.update({str(n + 1): BLANK if p is None else str(p) for n, p in enumerate(row)})
        shown[tr("ui.biber.total")] = BLANK if total is None else str(total)
        rows.append(shown)
    st.table(rows, hide_index=True)
    kind, best = standing(data)
    if kind is None:
        return
    together = " & ".join(plain(names[p]) for p in best)
    if kind == "winner":
        st.success(tr('ui.biber.winner' if len(best) == 1 else 'ui.biber.winners', names=together),
                   icon=":material/emoji_events:")
    else:
        st.info(tr("ui.biber.leading" if len(best) == 1 else "ui.biber.leading_shared", names=together))
