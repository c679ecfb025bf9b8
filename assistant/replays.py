"""Replays: a saved game stepped through from its first action, forwards and back (issue 24).

A game is fully described by its record ``{game, num_players, options, seed, actions}``, so any
point of it is a replay of its first actions. Replaying from the start at every step would cost
more the later the step (12 ms at action 300 of a 4-player Hamsterdam game), so a ``Replay`` plays
the game through once when it is made, keeping a copy of the state every ``CHECKPOINT`` actions;
a step is then a copy of the checkpoint before it and fewer than ``CHECKPOINT`` actions, or one
action from a neighbouring step still kept (a player steps one at a time). The states, views and
events last asked for are kept, so a page drawn again costs nothing.

The server shares the replays of saved games (``replay_of``): one per game and save, made again
once the game moves on. Files: ``export_record`` writes a game as one JSON file and ``import_record``
(assistant/replay_records.py) reads one back as a new game; ``play_on`` starts a new game from any
step. No Streamlit here: the replay page (assistant/ui/pages/replay.py) draws what this gives.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import import_module
from typing import Any

from assistant.errors import IllegalAction
from assistant.games import get_game, is_built
from assistant.games.base import Action, State, describe, parse_json
from assistant.games.registry import game_info
from assistant.i18n import t
from assistant.replay_records import ImportRefused, import_record, record_file, save_as_new
from assistant.store import DamagedGame, SavedRows, UnknownGame, _checked_setup

__all__ = ["CHECKPOINT", "ImportRefused", "Replay", "export_record", "import_record", "play_on", "replay_of"]

CHECKPOINT = 32  # actions between two kept copies: a step replays fewer than this (about 1 ms in Hamsterdam)
KEPT_STATES = 8  # states last asked for: stepping back and forth, and a page's several reads of one step
KEPT_VIEWS = 32  # views and events last asked for (several seats of one step)
KEPT_REPLAYS = 16  # saved games' replays shared by the server, the least recently used dropped first


class Replay:
    """A saved game, steppable from its first action (step 0 = before any action, step n = after n actions).

    States, views and events handed out are shared with later callers: read them, never change them.
    Safe to use from several threads (the server draws a replay page on one thread per browser tab).
    """

    def __init__(self, start: State, actions: list[Action], names: list[str] | None = None):
        """Play ``actions`` from ``start`` (a new game, kept as it is) once; ValueError for an illegal one."""
        self.game: str = start.game.name
        self.num_players: int = start.num_players
        self.options: dict[str, Any] = dict(start.options)
        self.seed: int = start.seed
        self.actions: tuple[Action, ...] = tuple(actions)
        self.length: int = len(self.actions)
        self.names = list(names) if names is not None else None
        self.setup: dict[str, Any] | None = None  # the app's setup of a saved game (``replay_of`` fills it in)
        self._lock = threading.RLock()
        self._states: OrderedDict[int, State] = OrderedDict()
        self._views: OrderedDict[tuple[int, int | None], dict] = OrderedDict()
        self._events: OrderedDict[int, list] = OrderedDict()
        log = game_info(self.game).log
        self._log = import_module(log) if log else None
        self._checkpoints: list[State] = [start.clone()]
        self._round_starts = [0]
        round_of = _round_function(start)
        state, last_round = start.clone(), round_of(start)
        for number, action in enumerate(self.actions, start=1):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise ValueError(f"action {number} ({describe(action.to_data())}) is not legal: {error}") from None
            if number % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())
            if not state.is_over():  # the end is no round of its own, even where the count moved on
                round_number = round_of(state)
                if round_number > last_round:
                    self._round_starts.append(number)
                last_round = max(last_round, round_number)
        self._actors = [step.actor for step in state.steps]
        self._finished = state.is_over()
        self._keep(self._states, self.length, state, KEPT_STATES)  # a finished game is often watched from its end

    @classmethod
    def of_record(cls, record: dict, names: list[str] | None = None) -> Replay:
        """The replay of ``State.record()``'s data; ValueError, naming what is wrong, for a bad record."""
        if not isinstance(record, dict):
            raise ValueError(f"a game record is a JSON object, not {describe(record)}")
        name = record.get("game")
        if not isinstance(name, str) or not is_built(name):
            raise ValueError(f"a game record names a game this app plays, not {describe(name)}")
        actions = record.get("actions")
        if not isinstance(actions, list):
            raise ValueError(f"a game record's actions are a list, not {describe(actions)}")
        game = get_game(name)
        start = game.from_record({**record, "actions": []})  # the player count, seed and options checked
        if names is not None and not (isinstance(names, list) and len(names) == start.num_players
                                      and all(isinstance(n, str) for n in names)):
            raise ValueError("a replay's names are one text per seat")
        return cls(start, [game.action_from_data(data) for data in actions], names)

    # --- the game at any step -------------------------------------------------------------------
    def state_at(self, step: int) -> State:
        """The state after ``step`` actions, 0 <= step <= length (ValueError else). Read it, never change it."""
        self._check_step(step, 0)
        with self._lock:
            state = self._states.get(step)
            if state is not None:
                self._states.move_to_end(step)
                return state
            # From the nearest state before it: a checkpoint, or a step kept (one action from the last).
            base_step = step - step % CHECKPOINT
            base = self._checkpoints[step // CHECKPOINT]
            for kept_step, kept in self._states.items():
                if base_step < kept_step < step:
                    base_step, base = kept_step, kept
            state = base.clone()
            if step > base_step:
                for action in self.actions[base_step:step - 1]:
                    state.apply(action)
                if step - 1 > base_step:  # the step before is kept too: the step's events are told from it
                    self._keep(self._states, step - 1, state, KEPT_STATES)
                    state = state.clone()
                state.apply(self.actions[step - 1])
            return self._keep(self._states, step, state, KEPT_STATES)

    def view_at(self, step: int, seat: int | None) -> dict:
        """``state_at(step).view(seat)`` (None: what everybody may see), computed once. Read it, never change it."""
        self._check_step(step, 0)  # before the look-up: True would find step 1's view
        if seat is not None and not (type(seat) is int and 0 <= seat < self.num_players):
            raise ValueError(f"a seat is 0 to {self.num_players - 1} or None, not {describe(seat)}")
        with self._lock:
            view = self._views.get((step, seat))
            if view is None:
                view = self._keep(self._views, (step, seat), self.state_at(step).view(seat), KEPT_VIEWS)
            else:
                self._views.move_to_end((step, seat))
            return view

    def actor(self, step: int) -> int:
        """Who took action number ``step`` (1..length): a seat, or CHANCE (a roll the app or a die decided)."""
        self._check_step(step, 1)
        return self._actors[step - 1]

    def events(self, step: int) -> list:
        """The log events of the action that led to ``step`` (the game's log module), [] for step 0."""
        self._check_step(step, 0)
        if step == 0 or self._log is None:
            return []
        with self._lock:
            events = self._events.get(step)
            if events is not None:
                self._events.move_to_end(step)
                return events
            replay = self.state_at(step - 1).clone()
            events = self._log.log_step(replay, self.actions[step - 1])
            if step not in self._states:  # the log played the action: that is the next step's state
                self._keep(self._states, step, replay, KEPT_STATES)
            return self._keep(self._events, step, events, KEPT_VIEWS)

    def sentences(self, step: int, names: list[str], lang: str) -> list[str]:
        """The events of the action that led to ``step``, as sentences in ``lang`` (one at least for a seat's
        action); ``names`` are the seats' names as the page shows them."""
        if not (isinstance(names, list | tuple) and len(names) >= self.num_players):
            raise ValueError("sentences need one name per seat")
        sentences = [self._log.log_text(event, lang, names) for event in self.events(step)]
        if not sentences and step and self.actor(step) >= 0:
            # A step the game's log tells together with the steps that complete it (a Biber Gang draw with its
            # placement, a Hamsterdam card passed once everybody chose): who moved, and nothing it may hide.
            sentences = [t("replays.step.quiet", lang, name=names[self.actor(step)])]
        return sentences

    def opening(self, names: list[str], lang: str) -> list[str]:
        """What the log tells before the first action (Mömmen's first deal and dealer), as sentences: for step 0,
        whose ``sentences`` are none."""
        if self._log is None:
            return []
        return [self._log.log_text(event, lang, names) for event in self._log.log_start(self.state_at(0).clone())]

    def round_starts(self) -> list[int]:
        """The steps where a round begins, ascending, from 0 (each game's rounds: see ``_round_function``)."""
        return list(self._round_starts)

    def is_finished(self) -> bool:
        """The last state is over."""
        return self._finished

    def record(self) -> dict[str, Any]:
        """The whole game as ``State.record()`` gives it."""
        return {"game": self.game, "num_players": self.num_players, "options": dict(self.options), "seed": self.seed,
                "actions": [action.to_data() for action in self.actions]}

    # --- helpers ----------------------------------------------------------------------------------
    def _check_step(self, step: Any, lowest: int) -> None:
        if type(step) is not int or not lowest <= step <= self.length:
            raise ValueError(f"a step of this game is {lowest} to {self.length}, not {describe(step)}")

    @staticmethod
    def _keep(kept: OrderedDict, key: Any, value: Any, most: int) -> Any:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > most:
            kept.popitem(last=False)
        return value


def _round_function(state: State) -> Callable[[State], int]:
    """The round a state is in, counting up: the game's engine package's ``round_number(state)`` (Hamstern:
    a roll and everybody's decision on it; Hamsterdam: the turns of a round, as the table's heading counts
    them; Biber Gang and Mömmen: a deal; Hamsterbacke: a round of turns), else the ``round`` its view shows
    (a view of every step: slower). A game with neither has one round."""
    engine = game_info(state.game.name).engine.split(":")[0]
    helper = getattr(import_module(engine), "round_number", None)
    if helper is not None:
        return helper
    if "round" in state.view(None):
        return lambda state: state.view(None)["round"]
    return lambda state: 1


# --- saved games ----------------------------------------------------------------------------------
_replays: OrderedDict[tuple, Replay] = OrderedDict()
_replays_lock = threading.Lock()


def replay_of(store, game_id: str) -> Replay:
    """The saved game's replay, shared by every page of the server until the game moves on (a save or an
    undo changes its action count or time stamp). UnknownGame or DamagedGame as the store raises them."""
    stamp = store.stamp(game_id)
    if stamp is None:
        raise UnknownGame(game_id)
    with _replays_lock:
        replay = _replays.get((str(store.path), game_id, *stamp))
        if replay is not None:
            _replays.move_to_end((str(store.path), game_id, *stamp))
            return replay
    rows = store.read(game_id)  # a move saved since the stamp is in the rows: the key is theirs
    replay = _replay_of_rows(rows)
    key = (str(store.path), game_id, len(rows.actions), rows.updated)
    with _replays_lock:
        Replay._keep(_replays, key, replay, KEPT_REPLAYS)
    return replay


def _replay_of_rows(rows: SavedRows) -> Replay:
    try:
        name = rows.game
        if not isinstance(name, str) or not is_built(name):
            raise ValueError(f"it is a game this app cannot play ({str(name)[:40]!r})")
        setup = _checked_setup(name, rows.num_players, rows.setup)
        record = {"game": name, "num_players": rows.num_players, "seed": rows.seed,
                  "options": parse_json(rows.options, "the game's options"),
                  "actions": [parse_json(text, "a saved action") for text in rows.actions]}
        replay = Replay.of_record(record, setup["names"])
    except (ValueError, RecursionError) as error:  # as Store.rebuild: anything that cannot be rebuilt
        raise DamagedGame(str(error)) from None
    replay.setup = setup
    return replay


def export_record(store, game_id: str) -> str:
    """The saved game as one JSON file (assistant/replay_records.py says what it holds)."""
    replay = replay_of(store, game_id)
    return record_file(replay.record(), replay.setup)


def play_on(store, game_id: str, step: int) -> str:
    """A new game of the same game, options, seed and setup with the saved game's first ``step`` actions
    (replayed, so legal): its id. ValueError for a step the game does not have.

    The seed is kept, so the rolls and deals to come are the ones the player has already seen: the new
    game is marked ``"origin": "played_on"`` and counts neither in the best scores nor in the history."""
    replay = replay_of(store, game_id)
    replay._check_step(step, 0)
    return save_as_new(store, replay.state_at(step), {**replay.setup, "origin": "played_on"})
