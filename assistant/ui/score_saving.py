"""Score checks are saved like games: in SQLite the moment anything is typed in, with
their id in the URL (``/score-check?check=ID``), so a refresh, a restarted server or a
trip to another page finds them again.

Every change reloads the check from SQLite, changes it and saves it at once, so two
tabs on one check add to each other instead of overwriting older pictures. Until the
first entry a check lives only in this browser tab (a "draft"): opening the page
creates nothing on Home.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from assistant import IllegalAction
from assistant.games.registry import GameInfo, registered
from assistant.store import DamagedGame, SavedCheck, UnknownGame
from assistant.store_errors import StorageError
from assistant.ui.common import not_saved, plain, refusal, show_storage_error, store, tr
from assistant.ui.nav import game_app

# Not "game": a score check is not a game, and ?game= belongs to the game pages.
CHECK_PARAM = "check"
MAX_PLAYERS = 6
NAME_LENGTH = 20


def names_from(raw) -> list[str]:
    """Six name slots (a player count can go down and up again without losing a name)."""
    names = raw if isinstance(raw, list) else []
    names = [name[:NAME_LENGTH] if isinstance(name, str) else "" for name in names[:MAX_PLAYERS]]
    return names + [""] * (MAX_PLAYERS - len(names))


def count_edit(key: str, check: Callable[[dict], None] | None = None) -> Callable[[dict], None]:
    """The edit (for ``change``) that keeps the player count chosen in the widget ``key``; ``check``
    refuses it where players coming back bring entries no game allows."""
    def edit(data: dict) -> None:
        data["count"] = st.session_state[key]
        if check:
            check(data)
    return edit


def name_edit(key: str, player: int) -> Callable[[dict], None]:
    """The edit (for ``change``) that keeps the name typed into the text input ``key`` as ``player``'s."""
    def edit(data: dict) -> None:
        data["names"][player] = (st.session_state.get(key) or "").strip()[:NAME_LENGTH]
    return edit


def whole_number(raw, low: int, high: int, default: int | None) -> int | None:
    """``raw`` if it is a whole number from ``low`` to ``high``, else ``default`` (bool is no number)."""
    return raw if type(raw) is int and low <= raw <= high else default


def shown_names(data: dict) -> list[str]:
    """The players' names as the page shows them: a blank name is "Player n"."""
    count = whole_number(data.get("count"), 1, MAX_PLAYERS, 2)
    return [name.strip() or tr("ui.default_name", n=n + 1) for n, name in enumerate(names_from(data.get("names")))
            ][:count]


def remember(game: str, check_id: str | None) -> None:
    """The check this tab works on per game, so switching game or page and back returns to it."""
    st.session_state.setdefault("sc_checks", {})[game] = check_id


def games() -> dict[str, GameInfo]:
    """The games Score check offers: every registered game with a score check, in the registry's
    order. A saved check of any other game reads as damaged."""
    return {info.name: info for info in registered() if info.score_check}


def chosen_game() -> str:
    """The game this tab checks: the one chosen last, else the first the page offers."""
    chosen = st.session_state.get("sc_chosen")
    offered = games()
    return chosen if chosen in offered else next(iter(offered))


def open_check() -> tuple[bool, SavedCheck | None]:
    """The check named in the URL (or the one this tab worked on last for the chosen game).

    Returns ``(ok, saved)``; ``saved`` is None for a check with nothing typed in yet.
    ``ok`` is False when the id names no readable check; the reason is on screen then.
    """
    check_id = st.query_params.get(CHECK_PARAM)
    if not check_id:
        check_id = st.session_state.get("sc_checks", {}).get(chosen_game())
        if not check_id:
            return True, None
        st.query_params[CHECK_PARAM] = check_id  # back from another page: the URL names the check again
    try:
        saved = store().load_check(check_id)
        if saved.game not in games():
            raise DamagedGame(saved.game)
    except UnknownGame:
        st.error(tr("ui.check_unknown", id=plain(check_id[:40])))
    except DamagedGame:
        st.error(tr("ui.check_damaged"))
    except StorageError as error:
        show_storage_error(error)
    else:
        st.session_state.sc_chosen = saved.game
        remember(saved.game, saved.id)
        return True, saved
    st.button(tr("ui.check_new"), key="sc_new_check", on_click=start_new)
    return False, None


def start_new() -> None:
    """Put the check named in the URL aside (it stays saved and on Home); the next entry starts a new one."""
    st.query_params.pop(CHECK_PARAM, None)
    remember(chosen_game(), None)
    st.session_state.setdefault("sc_drafts", {}).pop(chosen_game(), None)


def current_data(game: str, normalise: Callable[[dict], dict], saved: SavedCheck | None) -> dict:
    """What the page shows: the saved check, or this tab's draft before the first entry."""
    raw = saved.data if saved else st.session_state.get("sc_drafts", {}).get(game, {})
    return normalise(raw)


def change(game: str, normalise: Callable[[dict], dict], edit: Callable[[dict], None], *,
           entry: bool = True) -> str | None:
    """Apply ``edit`` to the latest saved data and save the result at once.

    ``edit`` raises IllegalAction to refuse: then nothing is saved and the reason, in the
    player's language, is returned. ``entry=False`` (only looking at another player or
    round) saves into a check that exists but does not create one.
    """
    check_id = st.query_params.get(CHECK_PARAM)
    try:
        raw = store().load_check(check_id).data if check_id else st.session_state.get("sc_drafts", {}).get(game, {})
    except UnknownGame:
        return tr("ui.check_unknown", id=plain(check_id[:40]))
    except DamagedGame:
        return tr("ui.check_damaged")
    except StorageError as error:
        return not_saved(error)
    data = normalise(raw)  # new lists and dicts: a refused edit leaves the draft as it was
    try:
        edit(data)
    except IllegalAction as error:
        return refusal(error)
    try:
        if check_id:
            store().save_check(check_id, data)
        elif entry:
            check_id = store().create_check(game, data)
            st.query_params[CHECK_PARAM] = check_id
            remember(game, check_id)
            st.session_state.setdefault("sc_drafts", {}).pop(game, None)
        else:
            st.session_state.setdefault("sc_drafts", {})[game] = data
            return None
        record_result(game, check_id, data)
    except StorageError as error:  # the disk is full or the file read-only: what was saved stays as it was
        return not_saved(error)
    return None


def record_result(game: str, check_id: str, data: dict) -> None:
    """The history counts a score check once it is complete, like a game played in the app: after every
    save the game's ``score_result`` (its score page's ``result``) says who scored what, or None while the
    check is not complete, and the history keeps that or forgets the check again. Hamstern's results are
    kept per side (``score_variant``). A player whose name was left blank is nobody the history knows:
    the store leaves them out."""
    app = game_app(game) if game in games() else None
    players = app.score_result(data) if hasattr(app, "score_result") else None
    if players:
        variant = app.score_variant(data) if hasattr(app, "score_variant") else None
        store().record_check_result(check_id, game, players, variant=variant)
    else:
        store().forget_check_result(check_id)


def bind(key: str, value) -> None:
    """Show the saved ``value`` in the widget ``key`` (set before the widget is drawn).

    Streamlit forgets a widget's value when the widget is not drawn in a run (another
    player's sheet, another round, another page); the saved check is what we show.
    """
    st.session_state[key] = value
