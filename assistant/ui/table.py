"""A game at the table as one browser tab sees it: the controller every game page acts through.

A page never reads the engine's insides: it asks a ``Table`` for a seat's view, the legal actions
and the standings, and acts through ``act``, ``undo`` and ``hint``. The game itself is the server's
live position (assistant/positions.py), shared by every tab and device: a rerun, a redraw or a
phone's update reads it without replaying the game, and a move adds one step to it. The table reads
the state only through the contract's names (CONTRACT.md; ``chance_outcome``, ``check``, ``steps``
and ``standings`` are the shared ``State``'s).
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import streamlit as st

from assistant import IllegalAction, ahead
from assistant.bots import get_bot
from assistant.positions import Position, Positions
from assistant.store import DamagedGame, StaleGame, UnknownGame
from assistant.store_errors import StorageError
from assistant.ui.common import lang, not_saved, plain, store, tr

CHOICE = "table_choice"  # session key: what this tab has chosen but not decided (error, hint, selection)
TOKEN_PARAM = "t"  # a phone's address names its seat link: /seat?t=TOKEN

_POSITIONS: dict[Path, Positions] = {}
_POSITIONS_LOCK = threading.Lock()


def positions() -> Positions:
    """The live games of the store in use, one set for the whole server (every tab shares it)."""
    saved = store()
    with _POSITIONS_LOCK:
        live = _POSITIONS.get(saved.path)
        if live is None or live.store is not saved:
            live = _POSITIONS[saved.path] = Positions(saved)
        return live


class Table:
    def __init__(self, position: Position, held: int | None = None):
        self._position = position
        self.held = held  # the seat this device holds through a seat link; None: the table device
        self._phones: set[int] | None = None
        self._kept: dict[int, Any] | None = None
        self._marks: dict[str, int] | None = None

    # --- what a page may read ------------------------------------------------------------
    @property
    def id(self) -> str:
        return self._position.id

    @property
    def game(self) -> str:
        return self._position.state.game.name

    @property
    def setup(self) -> dict[str, Any]:
        return self._position.setup

    @property
    def names(self) -> list[str]:
        return self._position.setup["names"]

    @property
    def num_players(self) -> int:
        return self._position.state.num_players

    @property
    def current_player(self) -> int:
        return self._position.state.current_player

    @property
    def actions_taken(self) -> int:
        return len(self._position.actions)

    def view(self, seat: int | None) -> dict:
        """What ``seat`` sees (None: everybody), computed once per position: read it, never change it."""
        return self._position.view(seat)

    def legal_actions(self) -> list:
        return self._position.state.legal_actions()

    def is_over(self) -> bool:
        return self._position.state.is_over()

    def is_chance_node(self) -> bool:
        return self._position.state.is_chance_node()

    def can_undo(self) -> bool:
        return self._position.state.can_undo()

    def moves(self) -> list:
        """Every move so far, oldest first (a lesson compares them with its script)."""
        return list(self._position.state.history)

    def last_action(self):
        history = self._position.state.history
        return history[-1] if history else None

    def last_actor(self) -> int | None:
        """Whose action Undo would take back (None when nothing can be taken back)."""
        return self._position.state.last_actor()

    def actors(self) -> list[int]:
        """Who took each action so far, oldest first (passing the tablet asks who decided last)."""
        return [step.actor for step in self._position.state.steps]

    def standings(self) -> dict:
        """Places, scores, winners and the deciding tie-break, as the engine ranks them."""
        return self._position.state.standings()

    def to_json(self) -> str:
        """The whole game as saved (for what a page computes from the whole game, such as a rival's score)."""
        return self._position.state.to_json()

    def log(self, names: list[str], last: int | None = None) -> list[str]:
        """The moves so far (the ``last`` ones only, if given) as sentences in the player's language, oldest
        first; ``names`` are the seats' names as the page shows them. Empty for a game that keeps no log."""
        return self._position.log_texts(lang(), names, last)

    # --- deciding at once, and seats on phones ------------------------------------------------
    def on_phones(self) -> set[int]:
        """The seats a phone holds: the table device leaves their decisions (and hands) to it."""
        if self._phones is None:
            self._phones = store().seats_on_phones(self.id)
        return self._phones

    def marks(self) -> dict[str, int]:
        """What the screen between two decisions shows, as saved for every device (assistant/store_screens.py)."""
        if self._marks is None:
            self._marks = store().marks(self.id)
        return self._marks

    def pending(self) -> dict[int, Any]:
        """The decisions made on the chance outcome in force ahead of their turn, by seat (assistant/ahead.py)."""
        if self._kept is None:
            self._kept = ahead.kept_aside(positions(), self._position)
        return self._kept

    def has_decided(self, seat: int) -> bool:
        """A game that decides at once: ``seat`` has decided on the roll in use (in the record, or kept aside)."""
        return not self._position.state.is_undecided(seat) or seat in self.pending()

    def legal_actions_for(self, seat: int) -> list:
        return self._position.state.legal_actions_for(seat)

    def still_held(self) -> bool:
        """A phone's link is still in force (checked before each of its decisions: a phone that slept
        through the withdrawal of its link must not act for the seat). Always True on the table device."""
        if self.held is None:
            return self._still_the_table()
        if store().open_link(st.query_params.get(TOKEN_PARAM, "")) == (self.id, self.held):
            return True
        set_choice(error=tr("ui.phones.link_gone"))
        return False

    @staticmethod
    def _still_the_table() -> bool:
        from assistant.ui.access import still_table  # access uses common, as this module does

        if still_table():
            return True
        st.session_state.notice = tr("ui.access.shut_out")
        return False

    def confirm(self, seat: int, action) -> bool:
        """A game that decides at once: ``seat``'s decision on the roll in use, whoever is in turn; saved at
        once, and taken into the record in seat order. False with the reason kept as the tab's error."""
        if not self.still_held():
            return False
        if seat == self.current_player:
            return self.act(action)
        try:
            self._moved_to(ahead.decide_ahead(positions(), self._position, seat, action, then_roll=self._auto_roll()))
        except IllegalAction as error:
            set_choice(error=error.message(lang()))
            return False
        except StorageError as error:
            set_choice(error=not_saved(error))
            return False
        return True

    def take_back(self, seat: int) -> None:
        """``seat``'s decision kept aside, or its last decision if nobody decided after it."""
        if not self.still_held():
            return
        try:
            if ahead.take_back(positions(), self._position, seat):
                self._reload()
                return
        except StorageError as error:
            set_choice(error=not_saved(error))
            return
        if self.can_undo() and self.last_actor() == seat:
            self.undo()
        else:
            self._reload()

    def _auto_roll(self) -> bool:
        return bool(self.setup.get("auto_roll"))

    # --- deciding --------------------------------------------------------------------------
    def decides_at_once(self) -> bool:
        return self._position.state.decides_at_once

    def picture(self, seat: int | None) -> list:
        """What names the picture a board shows ``seat``: the decision is taken only on that picture. In
        a game that decides at once it stays the same while other seats decide on the same roll."""
        state = self._position.state
        if state.decides_at_once:
            return [state.chance_outcomes(), seat, seat is not None and seat >= 0 and self.has_decided(seat)]
        return [self.actions_taken, seat]

    def is_current(self, decision: dict, seat: int | None) -> bool:
        """Was ``decision`` made on the picture of the game as it is, shown to ``seat``? A tab whose picture
        another tab has moved on from is told so, and its decision is not taken (it could act for the
        next player)."""
        if decision.get("version") == self.picture(seat):
            return True
        st.session_state.notice = tr("ui.stale")
        reset_choice()
        return False

    def decides_now(self, seat: int | None) -> bool:
        """``seat`` has a decision to make now: in turn, or, in a game that decides at once, undecided."""
        if seat is None or seat < 0:
            return False
        if self.decides_at_once():
            return not self.has_decided(seat)
        return self.current_player == seat

    def fresh(self) -> Table:
        """This table as saved now (a decision arrives after the page was drawn), of the same kind."""
        found = open_table(self.id, explain=False, held=self.held)
        return type(self)(found._position, self.held) if found is not None else self

    def refusal(self, action, seat: int | None = None) -> str | None:
        """Why the rules refuse ``action`` now, in the player's language; None if they allow it. ``seat``:
        in a game that decides at once, for that seat (which may decide before its turn comes)."""
        try:
            if seat is not None and self.decides_at_once():
                self._position.state.check_for(seat, action)
            else:
                self._position.state.check(action)
        except IllegalAction as error:
            return error.message(lang())
        return None

    def act(self, action, *, quiet: bool = False) -> bool:
        """Check ``action``, save it, then take it; False with the reason kept as the tab's error when the
        rules refuse it or the file of saved games cannot take it. ``quiet``: a computer opponent's move,
        which another device may have saved first."""
        if not quiet and not self.still_held():
            return False
        try:
            after = positions().save(self._position, action)
        except IllegalAction as error:
            set_choice(error=error.message(lang()))
            return False
        except StaleGame:
            self._reload(notice=None if quiet else tr("ui.stale"))
            return False
        except StorageError as error:
            set_choice(error=not_saved(error))
            return False
        # Decisions made ahead of their turn that are in turn now enter the record (games that decide at once).
        self._moved_to(ahead.take_in(positions(), after, then_roll=self._auto_roll()))
        reset_choice()
        return True

    def roll(self) -> bool:
        """The app's roll at a chance node (drawn from the game's own generator)."""
        return self.act(self._position.state.chance_outcome())

    def undo(self) -> None:
        if not self.still_held():
            return
        try:
            self._moved_to(positions().take_back(self._position))
        except IllegalAction as error:
            set_choice(error=error.message(lang()))
            return
        except StaleGame:
            self._reload(notice=tr("ui.stale"))
            return
        except StorageError as error:
            set_choice(error=not_saved(error))
            return
        reset_choice()

    def hint(self, seat: int, legal: list | None = None):
        """The hard bot's advice for ``seat``, from that seat's view only (``legal``: what that seat
        may do, when it decides ahead of its turn); in a lesson, the move its step asks for."""
        from assistant.ui.lesson.moves import asked_move_advice  # the lesson's moves know this module

        legal = legal or self.legal_actions()
        asked = asked_move_advice(self, legal)
        if asked is not None:
            return asked
        # A view of its own: a bot may change what it is given, and the position's views are shared.
        view = self._position.state.view(seat)
        return get_bot(self.game, "hard").advise(view, legal, random.Random(self.actions_taken))

    def bot_move(self, level: str) -> bool:
        """The seat to move is a computer opponent: it chooses from its own view, and the move is saved."""
        seat = self.current_player
        view = self._position.state.view(seat)  # its own copy, as for a hint
        move = get_bot(self.game, level).choose(view, self.legal_actions(), random.Random(self.actions_taken))
        return self.act(move, quiet=True)

    def _moved_to(self, position: Position) -> None:
        self._position, self._phones, self._kept, self._marks = position, None, None, None

    def _reload(self, notice: str | None = None) -> None:
        """Read the game again, after a change made outside this tab's picture of it (``notice``: tell
        the player so)."""
        if notice:
            st.session_state.notice = notice
        fresh = open_table(self.id, explain=False, held=self.held)
        if fresh is not None:
            self._moved_to(fresh._position)
        reset_choice()


def open_table(game_id: str, *, explain: bool = True, held: int | None = None) -> Table | None:
    """The game ``game_id`` as saved now (the server's live position: no replay unless it was restarted).

    An unknown or damaged id is explained (with a way home) and gives None.
    """
    try:
        position = positions().latest(game_id)
        chosen = choice()
        if chosen.get("game") != game_id:
            reset_choice(game_id)
        elif chosen.get("seen") != len(position.actions):
            chosen["error"] = None  # a refusal is about the picture it was given on: the game moved on since
        choice()["seen"] = len(position.actions)
        if held is not None and not 0 <= held < position.state.num_players:
            raise DamagedGame(f"a seat link names seat {held}, which this game does not have")
        return Table(position, held)
    except UnknownGame:
        message = tr("ui.unknown_game", id=plain(game_id[:40]))  # typed into the URL: shown as text
    except DamagedGame as error:
        message = tr("ui.damaged_game", reason=plain(error))
    if explain:
        st.error(message)
        if st.button(tr("ui.back_home"), key="table-home"):
            st.query_params.pop("game", None)
            st.rerun()
    return None


# --- what this tab has chosen but not decided -------------------------------------------------
def choice() -> dict[str, Any]:
    return st.session_state.setdefault(CHOICE, {"game": None, "error": None, "hint": None, "selected": []})


def set_choice(**values) -> None:
    choice().update(values)


def reset_choice(game_id: str | None = None) -> None:
    game = game_id or choice().get("game")
    st.session_state[CHOICE] = {"game": game, "error": None, "hint": None, "selected": []}
