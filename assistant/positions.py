"""Games in play, kept live in the server and shared by every browser it serves.

Loading a saved game replays it from its seed: 20 ms at action 300 of a 4-player dice-and-cards game,
on every device, for every move. Instead the server keeps each game's latest ``Position`` (the state
after the saved actions, with its views and its log computed at most once), and every read checks it
against the store's stamp (the saved action count and the time of the last change), one small query:

- nothing moved: the position is used as it is;
- actions were added (here, on another device, or by another server process): they are applied to
  a copy of the position, one step each, without a replay;
- actions were taken back: the position before is kept for that (``previous``), or the game is
  replayed once, as after a restart.

A position is never changed once made, so a page drawing it on one thread is never disturbed by a
move made on another. Saving still goes through the store, whose numbered rows refuse a move made on
an old picture of the game (``StaleGame``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from importlib import import_module
from typing import Any

from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.registry import game_info
from assistant.store import DamagedGame, SavedGame, Store, UnknownGame

KEPT_GAMES = 64  # games kept live; the least recently used one is replayed again when it comes back
KEPT_BEHIND = 16  # positions kept before the latest: Undo and the log step back without a replay
TEXTS_KEPT = 64  # log sentences a position hands on to the next (a page shows the newest 20)


class Position:
    """One saved game after its first ``len(actions)`` actions: its state, its views and its log."""

    def __init__(self, saved: SavedGame, actions: tuple[str, ...], stamp: Any, previous: Position | None = None):
        self.saved = saved
        self.actions = actions  # the actions as saved (JSON): tells a continuation from another game
        self.stamp = stamp
        self.previous = previous
        self._views: dict[int | None, dict] = {}
        self._events: list | None = None
        # The log's sentences written so far, by (language, names) and the event's index: the newest lines
        # are written once, not again on every redraw of every device.
        self._texts: dict[tuple[str, tuple[str, ...]], dict[int, str]] = {}

    @property
    def id(self) -> str:
        return self.saved.id

    @property
    def state(self) -> State:
        return self.saved.state

    @property
    def setup(self) -> dict:
        return self.saved.setup

    def view(self, seat: int | None) -> dict:
        """``state.view(seat)``, computed once for this position (read it, never change it)."""
        if seat not in self._views:
            self._views[seat] = self.state.view(seat)
        return self._views[seat]

    def events(self) -> list:
        """The game's log as events: the position before's log and one step, or a replay for the first."""
        if self._events is None:
            log = self._log()
            if log is None:
                self._events = []
            elif self.previous is not None and self.previous._events is not None:
                replay = self.previous.state.clone()
                self._events = self.previous._events + log.log_step(replay, self.state.history[-1])
            else:
                self._events = log.game_log(self.state)
        return self._events

    def following(self, action: Action, text: str, stamp: Any) -> Position:
        """The position after ``action`` (checked by the engine: IllegalAction leaves this one as it is)."""
        state = self.state.clone()
        log = self._log()
        if log is None:
            state.apply(action)
            told = []
        else:  # the log's step applies the action and tells what it did: the move is played once, not twice
            told = log.log_step(state, action)
        after = Position(SavedGame(self.id, state, self.setup, self.saved.updated), self.actions + (text,), stamp,
                         previous=self)
        after._events = self.events() + told  # the game's log grows by this move only
        newest = len(after._events) - TEXTS_KEPT
        # Read from copies (dict.copy is one step for the interpreter): another device's thread may be writing
        # this position's sentences meanwhile, and a dict that grows while it is read stops the move.
        after._texts = {key: {index: text for index, text in texts.copy().items() if index >= newest}
                        for key, texts in self._texts.copy().items()}
        _forget_beyond(after, KEPT_BEHIND)
        return after

    def log_texts(self, lang: str, names: list[str], last: int | None = None) -> list[str]:
        """The log's events (the ``last`` ones only, if given) as sentences in ``lang``, oldest first;
        ``names`` are the seats' names as the page shows them."""
        log, events = self._log(), self.events()
        if log is None:
            return []
        texts = self._texts.setdefault((lang, tuple(names)), {})
        start = max(0, len(events) - last) if last else 0
        for index in range(start, len(events)):
            if index not in texts:
                texts[index] = log.log_text(events[index], lang, names)
        return [texts[index] for index in range(start, len(events))]

    def _log(self):
        """The game's log module (assistant/games/logs.py), or None for a game that keeps no log."""
        module = game_info(self.state.game.name).log
        return import_module(module) if module else None


def _forget_beyond(position: Position, depth: int) -> None:
    for _ in range(depth):
        if position.previous is None:
            return
        position = position.previous
    position.previous = None


class Positions:
    """The live games of one store, by id."""

    def __init__(self, store: Store):
        self.store = store
        self._games: OrderedDict[str, Position] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def _game_lock(self, game_id: str) -> threading.Lock:
        with self._lock:
            return self._locks.setdefault(game_id, threading.Lock())

    def _keep(self, position: Position) -> Position:
        with self._lock:
            self._games[position.id] = position
            self._games.move_to_end(position.id)
            while len(self._games) > KEPT_GAMES:
                gone, _ = self._games.popitem(last=False)
                self._locks.pop(gone, None)
        return position

    def latest(self, game_id: str) -> Position:
        """The game as saved now. UnknownGame, DamagedGame or StorageError as ``Store.load`` raises them."""
        with self._game_lock(game_id):
            known = self._games.get(game_id)
            stamp = self.store.stamp(game_id)  # read before the rows: a move made meanwhile is seen next time
            if stamp is None:
                raise UnknownGame(game_id)
            if known is not None and known.stamp == stamp:
                return known
            rows = self.store.read(game_id)
            return self._keep(self._catch_up(known, rows, stamp))

    def _catch_up(self, known: Position | None, rows, stamp: Any) -> Position:
        """The position ``rows`` hold, from ``known`` if they continue it, else by a replay."""
        saved = rows.actions
        while known is not None and saved[:len(known.actions)] != known.actions:
            known = known.previous  # actions were taken back: step back to where the game agrees
        if known is None:
            rebuilt = self.store.rebuild(rows)
            return Position(rebuilt, saved, stamp)
        game = known.state.game
        position = known
        for number in range(len(known.actions), len(saved)):
            text = saved[number]
            try:
                action = game.action_from_json(text)
                position = position.following(action, text, stamp)
            except IllegalAction as error:
                raise DamagedGame(f"saved action {number + 1} is not legal: {error}") from None
            except ValueError as error:  # an action no game has (every game's parsing raises only ValueError)
                raise DamagedGame(str(error)) from None
        position.stamp = stamp
        return position

    def save(self, position: Position, action: Action) -> Position:
        """Check ``action`` on ``position``, save it as the next action, and give the position after it.

        IllegalAction (nothing saved), StaleGame (the game moved on meanwhile: nothing saved) or
        StorageError (nothing saved)."""
        text = action.to_json()
        after = position.following(action, text, None)  # the engine's check, before anything is written
        state = after.state
        self.store.append(position.id, len(position.actions), action, state.scores() if state.is_over() else None)
        with self._game_lock(position.id):
            after.stamp = self.store.stamp(position.id)
            # Another move saved between the append and the stamp would be missing from ``after``: keep
            # it only when the stamp counts exactly its actions.
            if after.stamp is not None and after.stamp[0] == len(after.actions):
                self._keep(after)
        return after

    def take_back(self, position: Position) -> Position:
        """Remove the last saved action (StaleGame if it is no longer the last) and give the position before."""
        state = position.state
        if not state.can_undo():
            raise IllegalAction(state.cannot_undo_key)
        self.store.remove_last(position.id, len(position.actions))
        with self._game_lock(position.id):
            stamp = self.store.stamp(position.id)
            before = position.previous
            if before is None:  # forgotten (more than KEPT_BEHIND moves ago): replayed once
                before = self._catch_up(None, self.store.read(position.id), stamp)
            before.stamp = stamp
            if stamp is not None and stamp[0] == len(before.actions):
                self._keep(before)
        return before
