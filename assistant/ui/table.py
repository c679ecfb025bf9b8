"""A game at the table as one browser tab holds it: the controller every game page acts through.

A page never reads the engine's insides: it asks a ``Table`` for a seat's view, the legal
actions and the standings, and acts through ``act``, ``undo`` and ``hint``. The table keeps
the state per tab and reloads it from SQLite only when the saved action count moved (another
tab acted), so a rerun does not replay the game.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

import streamlit as st

from assistant import IllegalAction
from assistant.bots import get_bot
from assistant.games.registry import game_info
from assistant.store import DamagedGame, SavedGame, StaleGame, UnknownGame
from assistant.store_errors import StorageError
from assistant.ui.common import lang, not_saved, plain, store, tr

TABLES = "tables"  # session key: game id -> SavedGame, this tab's picture of each game
CHOICE = "table_choice"  # session key: what this tab has chosen but not decided (error, hint, selection)
TOKEN_PARAM = "t"  # a phone's address names its seat link: /seat?t=TOKEN


class Table:
    def __init__(self, saved: SavedGame, held: int | None = None):
        self._saved = saved
        self.held = held  # the seat this device holds through a seat link; None: the table device
        self._phones: set[int] | None = None
        self._pending: dict[int, Any] | None = None

    # --- what a page may read ------------------------------------------------------------
    @property
    def id(self) -> str:
        return self._saved.id

    @property
    def game(self) -> str:
        return self._saved.state.game.name

    @property
    def setup(self) -> dict[str, Any]:
        return self._saved.setup

    @property
    def names(self) -> list[str]:
        return self._saved.setup["names"]

    @property
    def num_players(self) -> int:
        return self._saved.state.num_players

    @property
    def current_player(self) -> int:
        return self._saved.state.current_player

    @property
    def actions_taken(self) -> int:
        return len(self._saved.state.history)

    def view(self, seat: int | None) -> dict:
        return self._saved.state.view(seat)

    def legal_actions(self) -> list:
        return self._saved.state.legal_actions()

    def is_over(self) -> bool:
        return self._saved.state.is_over()

    def is_chance_node(self) -> bool:
        return self._saved.state.is_chance_node()

    def can_undo(self) -> bool:
        return self._saved.state.can_undo()

    def last_action(self):
        history = self._saved.state.history
        return history[-1] if history else None

    def last_actor(self) -> int | None:
        """Whose action Undo would take back (None when nothing can be taken back)."""
        return self._saved.state.last_actor()

    def actors(self) -> list[int]:
        """Who took each action so far, oldest first (passing the tablet asks who decided last)."""
        return [step.actor for step in self._saved.state.steps]

    def standings(self) -> dict:
        """Places, scores, winners and the deciding tie-break, as the engine ranks them."""
        return self._saved.state.standings()

    def log(self, names: list[str]) -> list[str]:
        """The moves so far as sentences in the player's language, oldest first; ``names`` are
        the seats' names as the page shows them. Empty for a game that keeps no log."""
        module = game_info(self.game).log
        if module is None:
            return []
        log = import_module(module)
        return [log.log_text(event, lang(), names) for event in log.game_log(self._saved.state)]

    def rival_score(self) -> int:
        """Alone at Hamstern: the hard bot's score on the same rolls."""
        from assistant.bots.hamstern import rival_score

        return rival_score(self._saved.state)

    # --- seats on phones ----------------------------------------------------------------------
    def on_phones(self) -> set[int]:
        """The seats a phone holds: the table device leaves their decisions (and hands) to it."""
        if self._phones is None:
            self._phones = store().seats_on_phones(self.id)
        return self._phones

    def pending(self) -> dict[int, Any]:
        """Hamstern: the placements confirmed on this roll ahead of their turn, by seat."""
        if self._pending is None:
            game, rolls = self._saved.state.game, self._saved.state.rolls
            self._pending = {seat: game.action_from_json(text)
                             for seat, (roll, text) in store().pending(self.id).items() if roll == rolls}
        return self._pending

    def has_decided(self, seat: int) -> bool:
        """Hamstern: ``seat`` has decided on the roll in use (taken into the record, or pending)."""
        return not self._saved.state.is_undecided(seat) or seat in self.pending()

    def legal_actions_for(self, seat: int) -> list:
        return self._saved.state.legal_actions_for(seat)

    def still_held(self) -> bool:
        """A phone's link is still in force (checked before each of its decisions: a phone that slept
        through the withdrawal of its link must not act for the seat). Always True on the table device."""
        if self.held is None:
            return True
        if store().open_link(st.query_params.get(TOKEN_PARAM, "")) == (self.id, self.held):
            return True
        set_choice(error=tr("ui.phones.link_gone"))
        return False

    def confirm(self, seat: int, action) -> bool:
        """Hamstern: ``seat``'s placement on the roll in use, whoever is in turn; saved at once, and
        taken into the record in seat order. False with the reason kept as the tab's error."""
        if not self.still_held():
            return False
        if seat == self.current_player:
            return self.act(action)
        try:
            store().confirm_ahead(self.id, seat, action, then_roll=bool(self.setup.get("auto_roll")))
        except IllegalAction as error:
            set_choice(error=error.message(lang()))
            return False
        except StorageError as error:
            set_choice(error=not_saved(error))
            return False
        self._reload()
        return True

    def take_back(self, seat: int) -> None:
        """Hamstern: ``seat``'s pending placement, or its last placement if nobody decided after it."""
        if not self.still_held():
            return
        try:
            if store().take_back_pending(self.id, seat):
                self._reload()
                return
        except StorageError as error:
            set_choice(error=not_saved(error))
            return
        if self.can_undo() and self.last_actor() == seat:
            self.undo()
        else:
            self._reload()

    # --- deciding --------------------------------------------------------------------------
    def is_current(self, decision: dict) -> bool:
        """Was ``decision`` made on the game as it is? A tab whose picture another tab has moved
        on from is told so, and its decision is not taken (it could act for the next player)."""
        version = decision.get("version")
        if version is None or version == self.actions_taken:
            return True
        st.session_state.notice = tr("ui.stale")
        reset_choice()
        return False

    def refusal(self, action) -> str | None:
        """Why the rules refuse ``action`` now, in the player's language; None if they allow it."""
        try:
            self._saved.state.check(action)
        except IllegalAction as error:
            return error.message(lang())
        return None

    def act(self, action, *, quiet: bool = False) -> bool:
        """Check ``action`` on a copy, save it, then take it; False with the reason kept as the
        tab's error when the rules refuse it or the file of saved games cannot take it.
        ``quiet``: a computer opponent's move, which another device may have saved first."""
        if not quiet and not self.still_held():
            return False
        state = self._saved.state
        probe = state.clone()
        try:
            probe.apply(action)
        except IllegalAction as error:
            set_choice(error=error.message(lang()))
            return False
        try:
            store().append(self.id, len(state.history), action, probe.scores() if probe.is_over() else None)
        except StaleGame:
            self._reload(notice=None if quiet else tr("ui.stale"))
            return False
        except StorageError as error:
            set_choice(error=not_saved(error))
            return False
        self._saved.state = probe
        if store().take_pending(self.id, then_roll=bool(self.setup.get("auto_roll"))):
            self._reload()  # placements confirmed on phones ahead of their turn (Hamstern) were taken in
        reset_choice()
        return True

    def roll(self) -> bool:
        """The app's roll at a chance node (drawn from the game's own generator)."""
        return self.act(self._saved.state.chance_outcome())

    def undo(self) -> None:
        if not self.still_held():
            return
        try:
            store().remove_last(self.id, self.actions_taken)
        except StaleGame:
            self._reload(notice=tr("ui.stale"))
            return
        except StorageError as error:
            set_choice(error=not_saved(error))
            return
        self._saved.state = self._saved.state.undo()
        reset_choice()

    def hint(self, seat: int, legal: list | None = None):
        """The hard bot's advice for ``seat``, from that seat's view only (``legal``: what that seat
        may do, when it decides ahead of its turn)."""
        state = self._saved.state
        return get_bot(self.game, "hard").advise(state.view(seat), legal or state.legal_actions(),
                                                 random.Random(len(state.history)))

    def bot_move(self, level: str) -> bool:
        """The seat to move is a computer opponent: it chooses from its own view, and the move is saved."""
        state = self._saved.state
        seat = state.current_player
        move = get_bot(self.game, level).choose(state.view(seat), state.legal_actions(),
                                                random.Random(len(state.history)))
        return self.act(move, quiet=True)

    def _reload(self, notice: str | None = None) -> None:
        """Read the game again, after a change made outside this tab's picture of it (``notice``: tell
        the player so)."""
        if notice:
            st.session_state.notice = notice
        st.session_state[TABLES].pop(self.id, None)
        fresh = open_table(self.id, explain=False, held=self.held)
        if fresh is not None:
            self._saved, self._phones, self._pending = fresh._saved, None, None
        reset_choice()


def open_table(game_id: str, *, explain: bool = True, held: int | None = None) -> Table | None:
    """This tab's table for ``game_id``: kept between reruns, reloaded when another tab moved it.

    An unknown or damaged id is explained (with a way home) and gives None.
    """
    tables = st.session_state.setdefault(TABLES, {})
    saved = tables.get(game_id)
    try:
        if saved is None or store().action_count(game_id) != len(saved.state.history):
            saved = tables[game_id] = store().load(game_id)
            if st.session_state.get(CHOICE, {}).get("game") != game_id:
                reset_choice(game_id)
        return Table(saved, held)
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
