"""Who watches a replay, and what they may see: decided here, on the server, from the device and the
token in the address, never from anything else the browser says.

- **The table** (assistant/ui/access.py) opens any saved game: ``/replay?game=ID``. While the game is
  played it sees what the table saw: the one person's hand in a game played alone against computer
  opponents, otherwise only what everybody saw (hands at a shared tablet were each behind a cover).
- **A seat link** (``/replay?t=TOKEN``, from a seat's page) opens that seat's own game only, as that seat
  saw it.
- **A replay link** (``/replay?r=TOKEN``, shared by the table) opens its game only, read-only: only what
  everybody saw while the game is played.

Once a game is over everything is shown, as when the players turn their cards up. A token decides the
game by itself: a ``game=`` beside it is dropped, never followed.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import streamlit as st

from assistant.ui import access
from assistant.ui.common import store, tr
from assistant.ui.table import TOKEN_PARAM

REPLAY_PARAM = "r"  # a replay link: /replay?r=TOKEN
GAME_PARAM = "game"
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")


class Watcher(NamedTuple):
    game_id: str
    seat: int | None  # whose view a game in progress is shown from (None: what everybody saw)
    table: bool  # the table device: it may share, export, import and play on
    link: str | None  # the seat link the page was opened with (kept in its own links), if any


def watcher() -> Watcher | None:
    """Who opened this page and which game they may watch. None (with one line saying why, where
    there is something to say) when there is no game to show."""
    table = access.still_table()
    replay_token, seat_token = st.query_params.get(REPLAY_PARAM), st.query_params.get(TOKEN_PARAM)
    if replay_token is not None or seat_token is not None:
        st.query_params.pop(GAME_PARAM, None)  # the token alone names the game
    if replay_token is not None:
        game_id = store().open_replay_link(replay_token) if TOKEN_SHAPE.fullmatch(replay_token) else None
        if game_id is None:
            st.error(tr("ui.replay.link_gone"), icon=":material/link_off:")
            return None
        return Watcher(game_id, None, table, None)
    if seat_token is not None:
        found = store().open_link(seat_token) if TOKEN_SHAPE.fullmatch(seat_token) else None
        if found is None:
            st.error(tr("ui.phones.link_gone"), icon=":material/link_off:")
            return None
        return Watcher(found[0], found[1], table, seat_token)
    if not table:
        access.join_page()  # a visitor without a link: how to join, as at every other address
        return None
    game_id = st.query_params.get(GAME_PARAM)
    if not game_id:
        return None
    return Watcher(game_id, None, True, None)


def table_seat(setup: dict, num_players: int, on_phones: set[int]) -> int | None:
    """The seat whose hidden cards the table saw while the game was played: the one person at the
    tablet in a game played alone against computer opponents (and not on a phone); else none."""
    humans = [seat for seat, kind in enumerate(_seats(setup, num_players)) if kind == "human"]
    if len(humans) == 1 and humans[0] not in on_phones:
        return humans[0]
    return None


def is_solo(setup: dict, num_players: int) -> bool:
    """One person against computer opponents (or alone, as in Hamstern)."""
    return sum(1 for kind in _seats(setup, num_players) if kind == "human") == 1


def _seats(setup: dict, num_players: int) -> list:
    bots = setup.get("bots")
    return bots if isinstance(bots, list) and len(bots) == num_players else ["human"] * num_players
