"""Players against each other: head to head (two players, the games they both played, who placed better
per game) and a leaderboard per game (per variant if wished: Hamstern's sides and the caves played here)."""

from __future__ import annotations

from functools import partial

import streamlit as st

from assistant import history
from assistant.games.registry import game_info
from assistant.ui.common import store, tr
from assistant.ui.history.players import pick_person
from assistant.ui.history.shown import Cell, game_title, label, number, percent, person_name, table
from assistant.ui.nav import game_names
from assistant.ui.variants import variant_label

BOTH_SIDES = "both"
MIN_GAMES = (1, 3, 5, 10)
MOST_CAVES = 8  # caves offered on the leaderboard (the latest played): the choices stay a few rows on a tablet


def head_to_head_section() -> None:
    everyone = history.people(store())
    if len(everyone) < 2:
        st.info(tr("history.ui.no_duel"), icon=":material/group:")
        return
    columns = st.columns(2, wrap=False)
    with columns[0]:
        a = pick_person("hi_a", everyone, tr("history.ui.player_a"))
    with columns[1]:
        b = pick_person("hi_b", everyone, tr("history.ui.player_b"), exclude=a)
    if a is None or b is None:
        st.caption(tr("history.ui.pick_two"))
        return
    names = {p.id: person_name(p.name, p.bot_level) for p in everyone}
    duel = history.head_to_head(store(), a, b)
    if not duel.games:
        st.info(tr("history.ui.never_met"), icon=":material/info:")
        return
    with st.container(horizontal=True, key="hi-duel-figures"):
        # A metric's label is Markdown: the names go in as text (the table below escapes its own).
        st.metric(tr("history.ui.ahead", name=label(names[a])), duel.a_ahead, border=True)
        st.metric(tr("history.ui.tied"), duel.tied, border=True)
        st.metric(tr("history.ui.ahead", name=label(names[b])), duel.b_ahead, border=True)
    order = {game: n for n, game in enumerate(game_names())}
    rows = [[game_title(game), Cell(d.games), Cell(d.a_ahead), Cell(d.b_ahead), Cell(d.tied)]
            for game, d in sorted(duel.per_game.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))]
    table([tr("ui.game"), tr("history.ui.together"), tr("history.ui.ahead", name=names[a]),
           tr("history.ui.ahead", name=names[b]), tr("history.ui.tied")], rows, numeric=(1, 2, 3, 4),
          key="hi-duel")
    st.caption(tr("history.ui.duel_note"))


def leaderboard_section() -> None:
    games = game_names()
    game = st.segmented_control(tr("ui.game"), options=games, default=games[0], required=True, key="hi_board_game",
                                format_func=game_title)
    variant = None
    options = st.columns([1, 1], wrap=False)
    sides = game_info(game).variants()
    if sides:
        # The sides, then the caves played at this table (the latest first): each has a board of its own.
        others = [played for played in history.variants_played(store(), game) if played not in sides]
        offered = [BOTH_SIDES, *sides, *others[:MOST_CAVES]]
        if st.session_state.get("hi_board_side") not in offered:  # chosen for another game
            st.session_state.pop("hi_board_side", None)
        side = options[0].segmented_control(tr("ui.side"), options=offered, default=BOTH_SIDES, required=True,
                                            key="hi_board_side", format_func=partial(_side, game, bool(others)),
                                            wrap=True)
        variant = None if side == BOTH_SIDES else side
    least = options[1].segmented_control(tr("history.ui.min_games"), options=list(MIN_GAMES), default=1,
                                         required=True, key="hi_board_min", wrap=True)
    board = history.leaderboard(store(), game, variant=variant, min_games=least)
    if not board:
        st.info(tr("history.ui.no_board"), icon=":material/leaderboard:")
        return
    rows, place, previous = [], 0, None
    for n, standing in enumerate(board, start=1):
        key = (standing.wins, standing.win_rate, standing.average)
        place = place if key == previous else n  # equal figures share a place
        previous = key
        first = "won" if place == 1 else ""
        rows.append([Cell(place, first), Cell(person_name(standing.name, standing.bot_level), f"{first} name".strip()),
                     Cell(standing.games), Cell(standing.wins), Cell(percent(standing.win_rate, standing.with_others)),
                     Cell(number(standing.average)), Cell(number(standing.best))])
    table(["#", tr("ui.name"), tr("history.ui.games"), tr("history.ui.wins"), tr("history.ui.win_rate"),
           tr("history.ui.average"), tr("history.ui.best")], rows, numeric=(0, 2, 3, 4, 5, 6), key="hi-board")
    st.caption(tr("history.ui.board_note_low" if _lowest_wins(game) else "history.ui.board_note"))
    if any(standing.games != standing.with_others for standing in board):  # somebody played alone
        st.caption(tr("history.ui.board_alone_note"))


def _side(game: str, caves: bool, side: str) -> str:
    """A choice of the board: every game ("Both sides", or "All" once there are caves too), a side, a cave."""
    if side == BOTH_SIDES:
        return tr("history.ui.all_variants" if caves else "history.ui.both_sides")
    return label(variant_label(game, side))


def _lowest_wins(game: str) -> bool:
    from assistant.store_history import lowest_wins

    return lowest_wins(game)
