"""The coin-flip game's app side (tests/coin_flip.py names it in its one registration): a new-game
form, a table where each player calls heads or tails with a button and the coin is flipped, a
score-check form saved like every other, and a picture. It shows that a game needs nothing outside
its own places to be on Home, in the navigation, in Score check and playable.

A test game keeps its few texts here, in both languages, rather than in the app's catalogues."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.store import SavedCheck
from assistant.ui.common import lang, plain, store
from assistant.ui.score_saving import bind, change, count_edit, current_data, name_edit, names_from, whole_number
from assistant.ui.table import Table, choice

GAME = "coin_flip"
SIDES = ("heads", "tails")
TEXTS = {
    "en": {"setup_title": "Coin flip: new game", "players": "Players", "start": "Start the game",
           "heads": "Heads", "tails": "Tails", "call": "{name}, call the coin", "flip": "Flip the coin",
           "called": "{name} called {side}", "points": "{name}: {points} right", "flips": "Flip {n}",
           "over": "Game over", "winner": "{names} wins!", "check_title": "Coin flip: check the calls",
           "right_calls": "Right calls of {name}", "rule_calls": "Everybody calls, then the coin is flipped.",
           "rule_points": "Every right call scores a point; the most points win."},
    "de": {"setup_title": "Münzwurf: neues Spiel", "players": "Spieler", "start": "Spiel beginnen",
           "heads": "Kopf", "tails": "Zahl", "call": "{name}, sag die Münze an", "flip": "Münze werfen",
           "called": "{name} sagt {side}", "points": "{name}: {points} richtig", "flips": "Wurf {n}",
           "over": "Spiel vorbei", "winner": "{names} gewinnt!", "check_title": "Münzwurf: Ansagen prüfen",
           "right_calls": "Richtige Ansagen von {name}", "rule_calls": "Alle sagen an, dann wird die Münze geworfen.",
           "rule_points": "Jede richtige Ansage gibt einen Punkt; die meisten Punkte gewinnen."},
}


def text(key: str, **values) -> str:
    return TEXTS[lang()][key].format(**values)


def new_game_form() -> None:
    st.header(text("setup_title"))
    count = st.segmented_control(text("players"), options=[1, 2, 3], default=2, required=True, key="cf_new_count")
    if st.button(text("start"), type="primary", key="cf_start"):
        state = get_game(GAME).new_state(count, seed=secrets.randbits(32))
        names = [f"P{n + 1}" for n in range(count)]
        st.query_params["game"] = store().create(state, {"names": names})
        st.rerun()


def render(table: Table) -> None:
    view = table.view(table.held)
    for seat, side in enumerate(view["calls"]):
        st.markdown(text("called", name=plain(table.names[seat]), side=text(side)))
    st.markdown(" · ".join(text("points", name=plain(name), points=points)
                           for name, points in zip(table.names, view["points"], strict=True)))
    if table.is_over():
        best = max(view["points"])
        winners = [plain(table.names[seat]) for seat, points in enumerate(view["points"]) if points == best]
        st.header(text("over"))
        st.success(text("winner", names=" & ".join(winners)))
        return
    st.caption(text("flips", n=view["flips"] + 1))
    if choice().get("error"):
        st.error(choice()["error"])
    if table.is_chance_node():
        st.button(text("flip"), key="cf-flip", type="primary", on_click=table.roll)
        return
    st.markdown(text("call", name=plain(table.names[table.current_player])))
    for action in table.legal_actions():
        st.button(text(action.side), key=f"cf-call-{action.side}", on_click=table.act, args=(action,))


def rules_in_force(table: Table) -> list[str]:
    return [text("rule_calls"), text("rule_points")]


def normalise(raw: dict) -> dict:
    right = raw.get("right") if isinstance(raw.get("right"), list) else []
    return {"count": whole_number(raw.get("count"), 1, 3, 2), "names": names_from(raw.get("names")),
            "right": [whole_number(right[n] if n < len(right) else None, 0, 5, 0) for n in range(3)]}


def _set_right(player: int) -> None:
    def edit(data: dict) -> None:
        data["right"][player] = int(st.session_state.get(f"cf_sc_right_{player}") or 0)
    change(GAME, normalise, edit)


def score_form(saved: SavedCheck | None) -> None:
    data = current_data(GAME, normalise, saved)
    st.header(text("check_title"))
    bind("cf_sc_count", data["count"])
    st.segmented_control(text("players"), options=[1, 2, 3], required=True, key="cf_sc_count",
                         on_change=lambda: change(GAME, normalise, count_edit("cf_sc_count")))
    for player in range(data["count"]):
        bind(f"cf_sc_name_{player}", data["names"][player])
        st.text_input(f"{player + 1}", key=f"cf_sc_name_{player}",
                      on_change=lambda p=player: change(GAME, normalise, name_edit(f"cf_sc_name_{p}", p)))
        bind(f"cf_sc_right_{player}", data["right"][player])
        st.number_input(text("right_calls", name=player + 1), min_value=0, max_value=5, step=1,
                        key=f"cf_sc_right_{player}", on_change=_set_right, args=(player,))
    best = max(data["right"][:data["count"]])
    names = [data["names"][n] or f"{n + 1}" for n in range(data["count"]) if data["right"][n] == best]
    st.success(text("winner", names=" & ".join(plain(name) for name in names)))


def picture() -> str:
    """A coin showing heads."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img" aria-label="coin">'
            '<circle cx="60" cy="45" r="36" fill="#f9a825" stroke="#8d6e00" stroke-width="4"/>'
            '<text x="60" y="55" font-size="28" text-anchor="middle" font-family="sans-serif">H</text></svg>')
