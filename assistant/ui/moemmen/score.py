"""Score check for Mömmen: each player's six cards at the end of a round, entered by tapping card
pictures; totals and winners from the engine's own check (``assistant.games.moemmen.scorecard``),
which also refuses what no round can end with, with the same reason as the command line.

One tap board holds every hand and a palette of the 26 different cards: a tap on a player's row
chooses whose hand is entered, a tap in the palette adds that card to it, a tap on a card of a
hand takes it out again. Every change is saved at once as a score check (see score_saving).
"""

from __future__ import annotations

import html

import streamlit as st

from assistant.errors import IllegalAction
from assistant.games.moemmen.cards import HAND_SIZE, NAMES, card_from_name
from assistant.games.moemmen.scorecard import check_hands, check_scores
from assistant.games.standings import places
from assistant.store import SavedCheck
from assistant.ui.common import lang, plain, refusal, tr
from assistant.ui.components import tap_board
from assistant.ui.moemmen.board import TABLE_CSS
from assistant.ui.moemmen.pictures import card_box
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

GAME = "moemmen"
COUNTS = (2, 3, 4, 5)
MOST = max(COUNTS)
BOARD = "mm-check"
ACTIVE = "mm_sc_player"  # session key: whose hand the palette fills
PARTS = ("colour_points", "other_plus", "minus", "tim_benny")
NO_ROUND_END = "error.moemmen.no_full_colour"  # six cards each, none of six plus cards of one colour


def normalise(raw: dict) -> dict:
    """A complete check from saved data: a player count, six names, a hand of at most six known cards
    for each of five players (anything unreadable is dropped)."""
    rows = raw.get("hands") if isinstance(raw.get("hands"), list) else []
    hands = []
    for n in range(MOST):
        row = rows[n] if n < len(rows) and isinstance(rows[n], list) else []
        hands.append([card for card in row if isinstance(card, str) and card in NAMES][:HAND_SIZE])
    return {"count": whole_number(raw.get("count"), min(COUNTS), max(COUNTS), 2),
            "names": names_from(raw.get("names")), "hands": hands}


def _check(data: dict, *, finished: bool = False) -> None:
    """Refuse hands no round can end with (more copies of a card than the deck has, a seventh card);
    ``finished``: also hands of fewer than six cards (IllegalAction, with the command line's reason)."""
    hands = [[card_from_name(card) for card in hand] for hand in data["hands"][:data["count"]]]
    check_hands(shown_names(data), hands, finished=finished)


def result(data: dict) -> list[dict] | None:
    """The round's end as the history keeps it (name, score, place, won), once every hand is entered and
    a round ends with them; None before. ``data`` is a normalised check."""
    names = shown_names(data)
    players = [{"name": names[p], "hand": data["hands"][p]} for p in range(data["count"])]
    try:
        _check(data, finished=True)
        checked = check_scores({"players": players})
    except ValueError:  # IllegalAction too: a hand still missing cards, or no round ends with them
        return None
    totals = [player["total"] for player in checked["players"]]
    ranked = places(totals)
    return [{"name": data["names"][p], "score": totals[p], "place": ranked[p], "won": ranked[p] == 1}
            for p in range(data["count"])]


def _save(edit) -> None:
    st.session_state.sc_error = change(GAME, normalise, edit)


def _set_count() -> None:
    _save(count_edit("mm_sc_count", _check))  # players coming back bring their cards back


def _set_name(player: int) -> None:
    _save(name_edit(f"mm_sc_name_{player}", player))


def _tapped(decision: dict) -> None:
    """A row chooses the player; a palette card goes into that player's hand; a hand's card comes out."""
    tapped = str((decision.get("selection") or [""])[0])
    if tapped.startswith("p") and tapped[1:].isdigit():
        st.session_state[ACTIVE] = int(tapped[1:])
        st.session_state.sc_error = None
    elif tapped.startswith("x"):
        player, _, place = tapped[1:].partition("-")
        if player.isdigit() and place.isdigit():
            _take_out(int(player), int(place))
    elif tapped.startswith("c") and tapped[1:] in NAMES:
        _add(st.session_state.get(ACTIVE, 0), tapped[1:])


def _add(player: int, card: str) -> None:
    def edit(data):
        hand = data["hands"][player]
        hand.append(card)
        _check(data)
        if len(hand) == HAND_SIZE:  # on to the next hand still to enter
            open_hands = [p for p in range(data["count"]) if len(data["hands"][p]) < HAND_SIZE]
            st.session_state[ACTIVE] = next((p for p in open_hands if p > player), open_hands[0] if open_hands
                                            else player)
    _save(edit)


def _take_out(player: int, place: int) -> None:
    def edit(data):
        if place < len(data["hands"][player]):
            del data["hands"][player][place]
    st.session_state[ACTIVE] = player
    _save(edit)


def moemmen_check(saved: SavedCheck | None) -> None:
    data = current_data(GAME, normalise, saved)
    count = data["count"]
    active = min(st.session_state.get(ACTIVE, 0), count - 1)
    st.session_state[ACTIVE] = active
    st.header(f":material/calculate: {tr('ui.moemmen.setup_title')}")
    st.markdown(tr("ui.moemmen.check_intro"))
    bind("mm_sc_count", count)
    st.segmented_control(tr("ui.players"), options=list(COUNTS), required=True, key="mm_sc_count",
                         on_change=_set_count)
    columns = st.columns(min(count, 3), wrap=False)
    for player in range(count):
        bind(f"mm_sc_name_{player}", data["names"][player])
        columns[player % len(columns)].text_input(tr("ui.player_name", n=player + 1), key=f"mm_sc_name_{player}",
                                                  max_chars=NAME_LENGTH, on_change=_set_name, args=(player,))
    if st.session_state.get("sc_error"):
        st.error(st.session_state.sc_error, icon=":material/warning:")
    names = shown_names(data)
    tap_board(BOARD, _board(data, names, active), tappable=_parts(data), select="one", choose_button="tap",
              on_decision=_tapped)
    _results(data, names)


def _parts(data: dict) -> list[str]:
    rows = [f"p{p}" for p in range(data["count"])]
    held = [f"x{p}-{n}" for p in range(data["count"]) for n in range(len(data["hands"][p]))]
    return rows + held + [f"c{card}" for card in NAMES]


def _board(data: dict, names: list[str], active: int) -> str:
    """Every hand (the one being entered marked), then the palette."""
    rows = []
    for player in range(data["count"]):
        hand = data["hands"][player]
        cards = "".join(card_box(card, lang(), tap=f"x{player}-{n}") for n, card in enumerate(hand))
        cards += '<div class="mm-empty"></div>' * (HAND_SIZE - len(hand))
        marked = " mm-active" if player == active else ""
        count = html.escape(tr("ui.moemmen.check_count", count=len(hand)))
        rows.append(f'<div class="mm-check-row{marked}"><div class="mm-check-name" data-tap="p{player}">'
                    f'<span class="mm-pname">{html.escape(names[player])}</span><span>{count}</span></div>'
                    f'<div class="mm-check-hand">{cards}</div></div>')
    palette = "".join(card_box(card, lang(), tap=f"c{card}") for card in NAMES)
    caption = html.escape(tr("ui.moemmen.check_palette", name=names[active]))
    return (f'<style>{TABLE_CSS}</style><div class="mm-check">{"".join(rows)}'
            f'<div class="mm-caption">{caption}</div><div class="mm-palette">{palette}</div></div>')


def _results(data: dict, names: list[str]) -> None:
    count = data["count"]
    players = [{"name": names[p], "hand": data["hands"][p]} for p in range(count)]
    try:
        result = check_scores({"players": players}, finished=False)  # hands still being entered
    except ValueError as error:  # IllegalAction too: a check saved by another tab can hold too many copies
        st.error(refusal(error), icon=":material/warning:")
        return
    totals = [player["total"] for player in result["players"]]
    rows = {tr("ui.place"): places(totals), tr("ui.name"): [plain(name) for name in names[:count]],
            tr("ui.moemmen.colour"): [tr(f"card.moemmen.{player['breakdown']['colour']}") if data["hands"][p] else "–"
                                      for p, player in enumerate(result["players"])]}
    for part in PARTS:
        rows[tr(f"ui.moemmen.column_{part}")] = [player["breakdown"][part] for player in result["players"]]
    rows[tr("ui.total")] = totals
    st.table(rows, hide_index=True)
    try:
        _check(data, finished=True)
    except IllegalAction as error:  # the totals above are shown, with what is still missing
        if error.key == NO_ROUND_END:  # every hand is entered, and no round ends with them: a refusal
            st.warning(refusal(error), icon=":material/warning:")
        else:
            st.info(refusal(error), icon=":material/info:")
        return
    winners = " & ".join(plain(name) for name in result["winners"])
    st.success(tr("ui.moemmen.check_winner" if len(result["winners"]) == 1 else "ui.moemmen.check_winners",
                  names=winners), icon=":material/emoji_events:")
