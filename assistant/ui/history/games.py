"""Recent games: the last games that ended, played in the app or counted in Score check, newest first,
with who won and everybody's score; a filter by game."""

from __future__ import annotations

import streamlit as st

from assistant import history
from assistant.ui.common import store, tr
from assistant.ui.history.shown import Cell, game_title, number, person_name, table, when
from assistant.ui.nav import game_names

SHOWN = 20
ALL = "all"


def recent_section() -> None:
    games = game_names()
    chosen = st.segmented_control(tr("history.ui.filter_game"), options=[ALL, *games], default=ALL, required=True,
                                  key="hi_recent_game", format_func=_game_option)
    played = history.recent_games(store(), limit=SHOWN, game=None if chosen == ALL else chosen)
    if not played:
        st.info(tr("history.ui.no_games"), icon=":material/history:")
        return
    rows = []
    for game in played:
        winners = [person_name(p.name, p.bot_level) for p in game.players if p.won]
        scores = [Cell(f"{p.place}. {person_name(p.name, p.bot_level)} {number(p.score)}", "won" if p.won else "")
                  for p in game.players]
        rows.append([Cell(when(game.played), "when"), game_title(game.game, game.variant),
                     Cell(" & ".join(winners) or "–", "won name"), scores,
                     Cell(tr(f"history.ui.source_{game.source}"), "muted")])
    table([tr("history.ui.when"), tr("ui.game"), tr("history.ui.winner"), tr("history.ui.scores"),
           tr("history.ui.source")], rows, key="hi-recent")
    st.caption(tr("history.ui.recent_note", count=SHOWN))


def _game_option(name: str) -> str:
    return tr("history.ui.all_games") if name == ALL else game_title(name)
