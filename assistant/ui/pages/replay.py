"""Replay: a saved game, finished or not, stepped through from its first action (issue 24).

``/replay?game=ID`` on the table, ``/replay?t=SEATTOKEN`` from a seat's page, ``/replay?r=TOKEN`` from a
shared link: who may see what is decided from the device and the token (assistant/ui/replay/watching.py).
The step is in the address (``&step=N``). The board is drawn by the game's own app side
(``replay_picture``), with nothing to tap; nothing on this page can act in the game.
"""

import streamlit as st

from assistant import CHANCE, replays
from assistant.games.registry import game_info
from assistant.store import DamagedGame, UnknownGame
from assistant.ui import access
from assistant.ui.common import lang, plain, store, tr
from assistant.ui.nav import game_app, seat_page
from assistant.ui.replay import controls, extras, watching
from assistant.ui.replay.board import replay_board
from assistant.ui.table import TOKEN_PARAM
from assistant.ui.variants import variant_label

REPLAY_CSS = """<style>
/* Closer together than other pages: the board below the steps has the rest of the screen. */
[data-testid="stMain"]:has(.st-key-rp-board) [data-testid="stVerticalBlock"] { gap: 0.5rem; }
/* Whose decision it was and what it did: one line in a box, right above the board. */
.st-key-rp-told { padding: 8px 12px; }
.st-key-rp-told p { font-size: 1.05rem; }
.st-key-rp-steps { flex-wrap: wrap; }
/* A tap on the board (for the arrow keys) must not frame the whole page with the browser's focus ring. */
[data-testid="stMain"]:has(.st-key-rp-board):focus, [data-testid="stMain"]:has(.st-key-rp-board) :focus:not(button) {
  outline: none; }
.st-key-rp-steps p { font-size: 1.1rem; margin: 0; }
/* A phone: the game and its step on a line of their own, the four steps below in one row. */
@media (max-width: 640px) {
  .st-key-rp-steps [data-testid="stElementContainer"] { flex: 1 1 0; min-width: 0; }
  .st-key-rp-steps [data-testid="stElementContainer"]:has([data-testid="stMarkdown"]) { order: -1; flex-basis: 100%; }
  .st-key-rp-steps button { width: 100%; padding: 2px; min-height: 52px; }
  .st-key-rp-steps button [data-has-shortcut] { flex-direction: column; gap: 0; }
  .st-key-rp-steps button p { font-size: 0.85rem; }
}
</style>"""


def chance_word(game: str) -> str:
    """Who decides a chance step: the dice in a dice game, the deck in a card game."""
    return tr("ui.replay.the_deck" if game_info(game).kind == "cards" else "ui.replay.the_dice")


def what_is_shown(watcher: watching.Watcher, replay, seat: int | None) -> str:
    if replay.is_finished():  # hands to turn up in a card game; elsewhere nothing stays hidden at the end
        return tr("ui.replay.all_shown" if game_info(replay.game).kind == "cards" else "ui.replay.all_shown_table")
    if seat is not None:
        return tr("ui.replay.seen_as", name=plain(replay.names[seat]))
    return tr("ui.replay.seen_public")


def picture_view(replay, step: int, seat: int | None) -> dict:
    """The view the board is drawn from: a game in progress as ``seat`` saw it (None: what everybody saw);
    a finished game with every seat's view beside it (``seat_views``: every hand turned up)."""
    if not replay.is_finished():
        return replay.view_at(step, seat)
    every = [replay.view_at(step, player) for player in range(replay.num_players)]
    return {**replay.view_at(step, None), "seat_views": every}


def told(replay, step: int, names: list[str]) -> None:
    """Whose decision the step was, and its log sentence(s)."""
    with st.container(border=True, key="rp-told"):
        if step == 0:
            st.markdown(tr("ui.replay.start"))
            return
        actor = replay.actor(step)
        who = chance_word(replay.game) if actor == CHANCE else names[actor]
        sentences = " ".join(replay.sentences(step, names, lang())) or "–"
        st.markdown(f"**{tr('ui.replay.decided_by', name=who)}** · {sentences}")


def show() -> None:
    watcher = watching.watcher()
    if watcher is None:
        if access.still_table():
            st.header(tr("ui.replay.title"))
            st.info(tr("ui.replay.no_game"))
            extras.import_form()
        return
    try:
        replay = replays.replay_of(store(), watcher.game_id)
    except UnknownGame:
        st.error(tr("ui.unknown_game", id=plain(watcher.game_id[:40])))
        return
    except DamagedGame as error:
        st.error(tr("ui.damaged_game", reason=plain(error)))
        return
    app = game_app(replay.game)
    if app is None:
        st.error(tr("ui.no_table_yet"))
        return
    names = [plain(name) for name in replay.names]  # shown in Markdown; the board escapes its own
    seat = watcher.seat
    if watcher.seat is None and watcher.table and not replay.is_finished():
        seat = watching.table_seat(replay.setup, replay.num_players, store().seats_on_phones(watcher.game_id))
    step = controls.current_step(replay.length)

    st.html(REPLAY_CSS)
    title = game_info(replay.game).title(lang())
    variant = game_info(replay.game).variant_of(replay.options)
    if variant:  # what it was played on: "Side A", a Hamstern cave's name (its code, to play or print it again)
        title = f"{title} · {variant_label(replay.game, variant)}"
    counter = tr("ui.replay.move_of", step=step, length=replay.length) if step else \
        tr("ui.replay.start_of", length=replay.length)
    controls.step_buttons(step, replay.length, f"**{plain(title)}** · {plain(counter)}")
    told(replay, step, names)
    phone = not watcher.table
    picture = app.replay_picture(list(replay.names), picture_view(replay, step, seat), seat, phone)
    replay_board(picture, step, replay.length, controls.go_to)
    columns = st.columns([3, 2], vertical_alignment="bottom") if not phone else [st.container(), st.container()]
    with columns[0]:
        controls.slider(step, replay.length)
    with columns[1]:
        controls.round_picker(step, replay.round_starts())
    st.caption(f"{what_is_shown(watcher, replay, seat)} {tr('ui.replay.read_only')} {tr('ui.replay.keys_note')}")
    not_counted = extras.origin_note(replay.setup)  # played on from a replay, or imported
    if not_counted and watcher.table:
        st.caption(not_counted)
    if watcher.link:  # back to the seat this phone holds (a phone has no menu)
        if st.button(tr("ui.replay.back_to_seat"), key="rp-seat", icon=":material/smartphone:"):
            st.switch_page(seat_page(), query_params={TOKEN_PARAM: watcher.link, "lang": lang()})
    if watcher.table:
        with st.container(horizontal=True, key="rp-extras"):
            extras.export(watcher.game_id, replay.game)
            if replay.is_finished() and watching.is_solo(replay.setup, replay.num_players):
                extras.play_on(watcher.game_id, replay.game, step, replay.length)
            extras.share(watcher.game_id, step)


show()
