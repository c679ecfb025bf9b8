"""Pieces every game page uses: the page skeleton, the rules panel, the standings, the move log,
and computer opponents taking their turns."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import streamlit as st

from assistant import i18n
from assistant.games import is_built
from assistant.ui import phones
from assistant.ui.common import fragment, lang, plain, show_notice, store, tr
from assistant.ui.nav import game_app, lesson_page, offer_unfinished_game, open_on_its_own_page, replay_page
from assistant.ui.pictures import icon
from assistant.ui.table import TOKEN_PARAM, Table, choice, open_table

BOT_SPEEDS = {"quick": 0.0, "normal": 0.4}  # seconds per bot turn; quick plays them all at once


def game_page(game: str) -> None:
    """The same for every game: ``?game=ID`` opens that game (on its own page, whichever page
    the link named), otherwise the unfinished game is offered above the new-game form.

    The game's app side (see assistant/games/registry.py) draws the form, the table
    (``render(table)``) and the rulings shown under it (``rules_in_force(table)``)."""
    app = game_app(game)
    render, rules_in_force = app.render, app.rules_in_force
    game_id = st.query_params.get("game")
    if not game_id:
        offer_unfinished_game(game)
        learn_link(game)
        app.new_game_form()
        return
    open_on_its_own_page(game_id, game)
    # The table is a fragment: a decision on it reruns only the table, not the page around it
    # (styles, language switch, navigation), which the browser would otherwise redraw as well.
    # Whatever must change beyond the table reruns the whole page (st.rerun()).
    fragment(_table)(game, game_id, render)
    table = open_table(game_id, explain=False)
    if table is None:
        return
    links_made = phones.phones_take_part(game_id)
    phones.join_panel(table, links_made)
    if links_made:
        phones.live_updates(game_id)
    # The rules stay the same all game: drawn outside the fragment, a decision does not send them again.
    rules_panel(rules_in_force(table))


def learn_link(game: str) -> None:
    """New to the game: its lesson, a guided first game on this board (assistant/ui/lesson)."""
    from assistant.lessons import lesson_games

    if game in lesson_games():
        st.page_link(lesson_page(), label=tr("ui.lesson.learn_first"), icon=":material/school:",
                     query_params={"lesson": game, "lang": lang()})


def seat_page() -> None:
    """The page a phone opens with its seat link: the game as that seat sees it, for as long as the
    link is in force, followed live."""
    found = phones.held_seat()
    if found is None:
        return
    game_id, seat = found
    name = store().game_of(game_id)
    app = game_app(name) if name is not None and is_built(name) else None
    if app is None:  # a damaged record names no game this app plays: the table says what is wrong
        open_table(game_id, held=seat)
        return
    fragment(_table)(None, game_id, app.render, seat)
    table = open_table(game_id, explain=False, held=seat)
    if table is None:  # explained by the table; a game not drawn has no picture to keep up to date
        return
    phones.live_updates(game_id)
    rules_panel(app.rules_in_force(table))
    # The seat's own game from its first action, as this seat saw it (the replay page reads the link).
    if st.button(tr("ui.replay.seat_replay"), key="seat-replay", icon=":material/replay:"):
        st.switch_page(replay_page(), query_params={TOKEN_PARAM: st.query_params.get(TOKEN_PARAM, ""), "lang": lang()})


def _table(game: str | None, game_id: str, render: Callable[[Table], None], held: int | None = None) -> None:
    pulse = store().pulse(game_id)  # read first: a move made while the page is drawn still shows as new
    table = open_table(game_id, held=held)
    if table is None:
        return
    if held is None:
        st.session_state.setdefault("last_game", {})[game] = game_id
    else:
        you = tr("ui.phones.you_are", name=table.names[held])
        st.html(f'<div class="ht-seat-name">{html.escape(you)}</div>')
    show_notice()
    render(table)
    phones.note_drawn(game_id, pulse)


def rules_panel(lines: list[str]) -> None:
    """Every ruling a player might dispute (texts from the catalogue)."""
    with st.expander(f":material/gavel: {tr('ui.rules_in_force')}"):
        st.markdown("\n".join(f"- {line}" for line in lines))


def standings_table(names: list[str], standings: dict, parts: dict[str, str]) -> None:
    """Place, name, the parts of each score (catalogue keys) and the total, as a static table
    (no floating toolbar on a touch screen)."""
    rows = standings["players"]
    # st.table renders its cells as Markdown: a typed name goes in as plain text.
    columns: dict[str, list[Any]] = {tr("ui.place"): [row["place"] for row in rows],
                                     tr("ui.name"): [plain(names[row["player"]]) for row in rows]}
    for part, key in parts.items():
        columns[tr(key)] = [row.get("breakdown", {}).get(part, "–") for row in rows]
    columns[tr("ui.total")] = [row["score"] for row in rows]
    st.table(columns, hide_index=True)


def log_panel(table: Table, *, last: int = 20) -> None:
    """The newest moves first, a whole round of them at least (the bots' turns between two of
    yours), in a box that scrolls instead of pushing the page down. Only the lines shown are
    written out: the cost stays the same however long the game."""
    lines = table.log(plain_names(table), last=last)
    with st.expander(f":material/history: {tr('ui.log')}", expanded=True):
        with st.container(height=190 if len(lines) > 6 else "content", border=False):
            st.markdown("\n".join(f"- {line}" for line in lines[::-1]) or "–")


def board_messages() -> str:
    """The refused decision's reason and the hint, as the boards show them (HTML, text escaped)."""
    chosen, parts = choice(), []
    if chosen.get("error"):
        parts.append(f'<div class="tb-message tb-error">{icon("warning")} {html.escape(chosen["error"])}</div>')
    hint = chosen.get("hint")
    if hint:
        reason = i18n.t(hint["reason"], lang(), **hint["params"])
        parts.append(f'<div class="tb-message tb-hint-text">{icon("hint")} {html.escape(reason)}</div>')
    return "".join(parts)


def plain_names(table: Table) -> list[str]:
    return [plain(name) for name in table.names]


def bots_move(table: Table, speed: str, render: Callable[[Table], None], is_bot: Callable[[int], bool],
              level_of: Callable[[int], str], pause: Callable[[Table], bool] = lambda table: False) -> bool:
    """Let the computer opponents play while it is their turn. Returns True if they are still playing.

    Quick: every bot turn now, in this run (the log tells what happened). Normal: one bot turn
    about every 0.4 s, in a fragment that reruns itself, so the table can follow each move;
    when the human's turn comes the whole page reruns to show the decision. ``pause`` holds the
    bots back while the page has something to show first (the end of a round).
    """
    def bots_to_move(current: Table) -> bool:
        return not current.is_over() and is_bot(current.current_player) and not pause(current)

    if not bots_to_move(table):
        return False
    delay = BOT_SPEEDS.get(speed, BOT_SPEEDS["normal"])
    if delay == 0:
        while bots_to_move(table):
            if not _bot_turn(table, level_of, pause):
                break
        return False

    def one_turn() -> None:
        current = open_table(table.id, explain=False, held=table.held)
        if current is None:
            return
        if not bots_to_move(current):
            st.rerun(scope="app")
        _bot_turn(current, level_of, pause)
        if not bots_to_move(current):
            # The human's turn is drawn by a whole-page run, never inside this fragment: a tap on a
            # board drawn here would come back to a fragment that has nothing more to do.
            st.rerun(scope="app")
        render(current)

    fragment(one_turn, run_every=delay)()
    return True


def draw_in_the_bots_place(render: Callable[[Table], None], table: Table) -> None:
    """Draw the table where ``bots_move`` draws it while the bots play: in a container, as a fragment is
    one. So the board keeps its place in the page when the human's turn comes and is updated, not made
    anew: made anew, it was blank for a frame or two at every hand-over."""
    with st.container():
        render(table)


def _bot_turn(table: Table, level_of: Callable[[int], str], pause: Callable[[Table], bool]) -> bool:
    """One whole turn of the bot to move (a draw and a placement, say); it stops where the
    page has something to show first (a turn that ended a round does not go on into the next)."""
    seat = table.current_player
    while not table.is_over() and table.current_player == seat and not pause(table):
        if not table.bot_move(level_of(seat)):
            return False
    return True
