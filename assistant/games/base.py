"""What every game shares: the seed, the action log, JSON, replay, legal actions, undo, standings.

A game is fully described by ``{game, num_players, options, seed, actions}``.
Saving stores that record; loading replays it. Every state owns one seeded
``random.Random`` and draws from it only inside ``apply`` (or when a chance
node is created), so a replay of the same actions meets the same draws.
"""

from __future__ import annotations

import copy
import json
import random
import reprlib
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from assistant import CHANCE, TERMINAL
from assistant.errors import IllegalAction
from assistant.games import standings

if TYPE_CHECKING:
    from assistant.games.registry import GameInfo

# Saved games and actions come from files and URLs: anything may arrive. Error messages
# show such data through this short, depth-limited repr, so a value nested a thousand
# levels deep or a megabyte long still gives a short one-line reason (and no RecursionError).
_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxstring = 60
_SHORT_REPR.maxother = 60
_SHORT_REPR.maxlong = 60


def describe(data: Any) -> str:
    """A short one-line repr of untrusted data, for error messages."""
    return _SHORT_REPR.repr(data)


def parse_json(text: Any, what: str) -> Any:
    """``json.loads`` that raises only ValueError: ``what`` names the thing expected."""
    if not isinstance(text, str | bytes | bytearray):
        raise ValueError(f"not {what}: expected JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"not {what}: the JSON is nested too deeply") from None
    except ValueError as error:  # bad JSON, bytes that are not UTF-8, a number too long
        raise ValueError(f"not {what}: {getattr(error, 'msg', error)}") from None


class Action(ABC):
    """A move or a chance outcome. Subclasses are frozen dataclasses (hashable)."""

    # A player's move may be taken back unless its class says otherwise (boardgame.io's
    # ``undoable``); a chance outcome, such as a roll, never may.
    undoable: ClassVar[bool] = True

    @abstractmethod
    def to_data(self) -> Any:
        """A JSON-safe value that ``Game.action_from_json`` turns back into this action."""

    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"))


class KeyedAction(Action):
    """An immutable action whose equality and hash come from its fields, kept as a key built once:
    random play and the bots look actions up in lists and sets millions of times. A subclass
    names its fields in ``FIELDS`` and calls ``_freeze`` with their values in that order."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def _freeze(self, *values: Any) -> None:
        for name, value in zip(self.FIELDS, values, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_key", values)
        object.__setattr__(self, "_hash", hash(values))

    def __setattr__(self, name, value):
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __eq__(self, other) -> bool:
        return self is other or (type(other) is type(self) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key!r}"


class Step(NamedTuple):
    """How one applied action stands towards undo: who took it, whether it may be taken
    back, and whether it showed hidden information (a drawn or turned-up card).

    Undo takes back the last action only while it is undoable and showed nothing hidden:
    what a player has seen cannot be unseen, so such an action stands, and with it
    everything before it.
    """

    actor: int
    undoable: bool
    revealed: bool


class State(ABC):
    """One game in progress. Subclasses implement the rules."""

    # The catalogue key of the reason undo is refused; a game may name its own.
    cannot_undo_key: ClassVar[str] = "error.cannot_undo"
    # Deciding at once: a game whose players all decide on the same chance outcome (a roll-and-write:
    # crosses on the same roll) sets this and offers ``is_undecided(seat)``, ``legal_actions_for(seat)``
    # and ``check_for(seat, action)``; a decision made ahead of its turn is then kept aside and taken
    # into the record in seat order (assistant/ahead.py). Games without it pay nothing for it.
    decides_at_once: ClassVar[bool] = False

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any]):
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        # One (actor, undoable, revealed) per action in history: plain tuples, because random
        # play and the bots' rollouts apply millions of actions; ``steps`` reads them as Steps.
        self._marks: list[tuple[int, bool, bool]] = []
        self._legal: list[Action] | None = None  # legal_actions(), until the next apply

    # --- the rules: subclasses fill these in -------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """A player index, CHANCE or TERMINAL."""

    @abstractmethod
    def _list_legal_actions(self) -> list[Action]:
        """For the current player, or the outcomes at a chance node; same state, same order."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise IllegalAction with a reason if ``action`` is not allowed now (the game is not over:
        ``check`` has seen to that). Never mutates."""

    @abstractmethod
    def _apply(self, action: Action) -> bool:
        """Carry out an action that ``check`` accepted. Return True if doing so showed
        information that was hidden (a card drawn or turned up): it then stands (see Step)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each player's score in the game's own terms; running totals before the end."""

    @abstractmethod
    def standings(self) -> dict[str, Any]:
        """Places, scores and winners as ``standings.table`` builds them."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """What ``player`` may see (None: a spectator), JSON-safe."""

    @abstractmethod
    def chance_outcome(self) -> Action:
        """The outcome the app rolls at a chance node (drawn from the state's generator)."""

    # --- shared behaviour ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Listed once per position: bots and the random play ask again and again."""
        if self._legal is None:
            self._legal = self._list_legal_actions()
        return list(self._legal)  # a copy: a caller may change its list, never ours

    def is_legal(self, action: Action) -> bool:
        if self._legal is None:
            self._legal = self._list_legal_actions()
        for legal in self._legal:  # games that build every action once are answered by identity
            if legal is action:
                return True
        return action in self._legal

    def check(self, action: Action) -> None:
        """Raise IllegalAction with a reason if ``action`` is not allowed now. Never mutates.

        A finished game allows nothing, and says so: a game's own checks need not think of it (a
        finished game's phase may have no legal moves listed at all)."""
        if self.current_player == TERMINAL:
            raise IllegalAction("error.game_over")
        self._check(action)

    def apply(self, action: Action) -> None:
        """Carry out ``action``; on IllegalAction the state is exactly as before."""
        actor = self.current_player
        if actor == TERMINAL:
            raise IllegalAction("error.game_over")
        self._check(action)
        revealed = self._apply(action)
        self._legal = None
        self.history.append(action)
        self._marks.append((actor, actor != CHANCE and action.undoable, revealed))

    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def chance_outcomes(self) -> int:
        """How many chance outcomes (rolls) the game has had: a decision made ahead of its turn answers
        the outcome in force when it was made, and no later one."""
        return sum(1 for actor, _, _ in self._marks if actor == CHANCE)

    def winners(self) -> list[int]:
        """Indices sharing first place after the tie-breaks; empty until the game is over."""
        return standings.winners_of(self.standings()) if self.is_over() else []

    # --- undo ------------------------------------------------------------------------
    @property
    def steps(self) -> list[Step]:
        """How each action in ``history`` stands towards undo."""
        return [Step(*mark) for mark in self._marks]

    def can_undo(self) -> bool:
        if not self._marks:
            return False
        last = Step(*self._marks[-1])
        return last.undoable and not last.revealed

    def last_actor(self) -> int | None:
        """The seat whose action undo would take back (None if nothing can be taken back)."""
        return Step(*self._marks[-1]).actor if self.can_undo() else None

    def undo(self) -> State:
        """A new state without the last action (this one is left as it is)."""
        if not self.can_undo():
            raise IllegalAction(self.cannot_undo_key)
        # A replay meets the same draws (every draw comes from the seeded generator).
        return self.game.replay(self.num_players, self.seed, self.options, self.history[:-1])

    # --- saving and copying ----------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The whole game as data: enough to rebuild this state exactly."""
        return {
            "game": self.game.name,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "actions": [action.to_data() for action in self.history],
        }

    def to_json(self) -> str:
        return json.dumps(self.record(), separators=(",", ":"))

    def clone(self) -> State:
        """An independent copy with the same future. A replay is always right; a game whose
        simulations clone often overrides this with ``_copy`` and copies of its own lists."""
        return self.game.replay(self.num_players, self.seed, self.options, self.history)

    def _copy(self) -> State:
        """A shallow copy with its own history, options and generator (for a fast ``clone``).

        The cached legal actions are shared: the list is never changed, only replaced.
        """
        other = copy.copy(self)
        other.history = list(self.history)
        other._marks = list(self._marks)
        other.options = dict(self.options)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.record() == other.record()

    __hash__ = None  # states are mutable


class Game(ABC):
    """The rules of one game: how to start, and how to read saved games and actions."""

    info: ClassVar[GameInfo]  # the game's registration: its name, player range and options

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def option_defaults(self) -> dict[str, Any]:
        return self.info.option_defaults()

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def action_from_data(self, data: Any) -> Action:
        """Raise ValueError for data that is no action of this game."""

    # A card game also offers ``sample_from_view(view, rng) -> State``: a deal consistent
    # with everything that player saw, for the bots' search (written beside its deal code).

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; raise ValueError naming an unknown or bad option."""
        known = {option.name: option for option in self.info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            names = ", ".join(sorted(known)) or "none"
            raise ValueError(f"unknown option {describe(unknown[0])} for {self.name} (known: {names})")
        merged = {**self.option_defaults, **options}
        for name, value in merged.items():
            known[name].check(value)
        return merged

    def new_state(self, num_players: int, *, seed: int, **options: Any) -> State:
        return self._checked_new_state(num_players, seed, options)

    def _checked_new_state(self, num_players: Any, seed: Any, options: dict[str, Any]) -> State:
        # Options as a dict, not **kwargs: a saved game's options may hold any key,
        # even "seed", which as a keyword would be a TypeError instead of a reason.
        if type(num_players) is not int or not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {describe(num_players)}"
            )
        if type(seed) is not int:
            raise ValueError(f"seed must be an integer, not {describe(seed)}")
        return self._new_state(num_players, seed, self.validate_options(options))

    def action_from_json(self, text: str | bytes) -> Action:
        """The action ``text`` names; ValueError (and nothing else) for any other text."""
        return self.action_from_data(parse_json(text, "an action"))

    def replay(self, num_players: int, seed: int, options: dict[str, Any], actions) -> State:
        """A new game with ``actions`` applied in order (IllegalAction if one is refused)."""
        state = self._checked_new_state(num_players, seed, options)
        for action in actions:
            state.apply(action)
        return state

    def from_record(self, record: Any) -> State:
        """Rebuild a state from ``State.record()``; tampered data raises ValueError."""
        if not isinstance(record, dict):
            raise ValueError("a saved game must be a JSON object")
        missing = {"game", "num_players", "options", "seed", "actions"} - set(record)
        if missing:
            raise ValueError(f"a saved game needs the field {sorted(missing)[0]!r}")
        if record["game"] != self.name:
            raise ValueError(f"this saved game is {describe(record['game'])}, not {self.name!r}")
        if not isinstance(record["options"], dict) or not isinstance(record["actions"], list):
            raise ValueError("a saved game's options must be an object and its actions a list")
        state = self._checked_new_state(record["num_players"], record["seed"], record["options"])
        for number, data in enumerate(record["actions"], start=1):
            action = self.action_from_data(data)
            try:
                state.apply(action)
            except IllegalAction as error:
                raise ValueError(f"saved action {number} ({action}) is not legal: {error}") from None
        return state

    def from_json(self, text: str | bytes) -> State:
        """The saved game ``text`` holds; ValueError (and nothing else) for any other text."""
        return self.from_record(parse_json(text, "a saved game"))
