"""Hamsterdam actions: the roll of the two dice (a chance outcome) and a player's moves.

A move names dam positions (``at``, ``to``: 0 is the leftmost card of the player's dam) and
pieces (cards.py: ``"hamster"``, a special's name, ``"turned:NAME"``), never hand slots:
two plain hamsters are the same choice.

- ``pass``: the two dam cards passed at setup, ``cards`` = (to the left, to the right); with two
  players both go to the opponent and ``cards`` is sorted;
- ``lay``: the next dam card, left to right, while arranging (``at`` = its value);
- ``keep``: the specials kept of those dealt (``cards`` = their names, sorted);
- ``put``: a piece from the hand onto a dam card (setup and redeployment);
- ``clear``: a piece from the hand leaves the game to clear a flood token at ``at`` (redeployment);
- ``restore``: every piece of the hand that can goes back where it stood when the round ended (redeployment);
- ``done``: end the placing with pieces left that fit nowhere;
- ``plug``: the piece that stops the flood at the card being resolved;
- ``breach``: the end of the dam to flip, ``side`` left or right;
- ``sacrifice``: the moving piece lost onto a flood token in a breach;
- ``move``: one piece from ``at`` to the neighbouring card ``to`` (movement phase);
- ``stay``: no move in the movement phase;
- ``use``: a special's ability (abilities.py): ``piece`` the special, ``at`` where it stands,
  ``to`` the card it acts on, ``cards`` what else it needs (a die and a face, a player, a card);
- ``accept``: let a flood come that an ability could stop; ``go_on``: use no (more) abilities now;
- ``dice``: after Physicster's second roll, the dice kept (``cards``: the two dice).
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from assistant import i18n
from assistant.games.base import KeyedAction, describe
from assistant.games.hamsterdam.cards import (
    HAMSTER,
    LEFT,
    RIGHT,
    card_of,
    numbers,
    piece_text,
    special_name,
    told_apart,
)

POSITIONS = 11  # every dam has one card of each value 2..12, passing keeps the count
KINDS = ("pass", "lay", "keep", "put", "clear", "restore", "done", "plug", "breach", "sacrifice", "move", "stay", "use",
         "accept", "go_on", "dice")
# What the ``cards`` of a special's use hold, in order, as the texts name them (to a player: counting from 1).
USE_EXTRAS = {"spinster": ("die", "face"), "mobster": ("change",), "bombster": ("player",), "contractster": ("start",),
              "huckster": ("player", "start")}


class Roll(KeyedAction):
    """The two dice (``.dice``, low die first) and their sum ``.value``: rolled by the app or
    entered from real dice."""

    FIELDS = ("dice",)
    undoable: ClassVar[bool] = False

    def __init__(self, first: int, second: int):
        self._freeze((min(first, second), max(first, second)))

    @property
    def value(self) -> int:
        return self.dice[0] + self.dice[1]

    def to_data(self) -> Any:
        return {"roll": list(self.dice)}

    def __str__(self) -> str:
        return i18n.t("move.hamsterdam.roll", "en", first=self.dice[0], second=self.dice[1], value=self.value)


ROLLS = tuple(Roll(first, second) for first in range(1, 7) for second in range(first, 7))


class Move(KeyedAction):
    """A player's decision; immutable and hashable (``KeyedAction``)."""

    FIELDS = ("kind", "piece", "at", "to", "cards")

    def __init__(self, kind: str, piece: str = "", at: int = -1, to: int = -1, cards: tuple = ()):
        self._freeze(kind, piece, at, to, tuple(cards))

    @property
    def side(self) -> str:
        return self.piece  # a breach names its end in ``piece``: left or right

    def to_data(self) -> Any:
        if self.kind == "use":
            return {"move": "use", "piece": self.piece, "at": self.at, "to": self.to, "cards": list(self.cards)}
        data: dict[str, Any] = {"move": self.kind}
        if self.piece:
            data["side" if self.kind == "breach" else "piece"] = self.piece
        if self.at >= 0:
            data["value" if self.kind == "lay" else "at"] = self.at
        if self.to >= 0:
            data["to"] = self.to
        if self.cards:
            data["cards"] = list(self.cards)
        return data

    def text(self, dams: list[list[int]] | None = None, seat: int = -1, names: list[str] | None = None) -> i18n.Text:
        """The move in words, to be translated into the player's language. With ``dams`` (each seat's dam
        card values) and ``seat`` (whose move it is) it names cards by their number, as the table's buttons
        do ("card 10"); without, by their position on the dam (the log, which may not see the dams).
        ``names``: the seats' names, for a special that acts on another player's dam ("player 2" without)."""
        where = _Where(dams, seat, names)
        params: dict[str, Any] = {}
        if self.kind in ("put", "clear", "plug", "sacrifice", "move"):
            params["piece"] = piece_text(self.piece)
        if self.kind in ("put", "clear", "move"):
            params["at"] = where.card(self.at)
        if self.kind == "move":
            params["to"] = where.card(self.to)
        if self.kind == "lay":
            params["value"] = self.at
        if self.kind == "pass":
            params.update(left=self.cards[0], right=self.cards[1])
        if self.kind == "dice":
            params.update(first=self.cards[0], second=self.cards[1], value=sum(self.cards))
        if self.kind == "keep":
            params["names"] = ", ".join(special_name(name) for name in self.cards)
        if self.kind == "breach":
            return i18n.Text(f"move.hamsterdam.breach_{self.side}")
        if self.kind == "use" and card_of(self.piece) == "copycatster" and self.cards:
            name = numbers().special_names[self.cards[0]]
            if name == "janitster":  # Janitster's own text has it leave the game; the Copycatster does not
                return i18n.Text("move.hamsterdam.use_copycatster_janitster")
            copy = Move("use", name, self.at, self.to, self.cards[1:])
            return i18n.Text("move.hamsterdam.use_copycatster", copied=copy.text(dams, seat, names))
        if self.kind == "use":
            return i18n.Text(f"move.hamsterdam.use_{card_of(self.piece)}", **self.use_params(where))
        return i18n.Text(f"move.hamsterdam.{self.kind}", **params)

    def use_params(self, where: _Where | None = None) -> dict[str, Any]:
        """A special's use in words: the cards it stands on and acts on, the die, the player."""
        where = where or _Where(None, -1, None)
        extras = dict(zip(USE_EXTRAS.get(card_of(self.piece), ()), self.cards, strict=False))
        other = extras.get("player")  # Bombster and Huckster act on that player's dam
        params: dict[str, Any] = {"at": where.card(self.at), "to": where.card(self.to, other)}
        for name, value in extras.items():
            if name == "change":
                params[name] = f"{value:+d}"
            elif name == "face":
                params[name] = value
            elif name == "player":
                params[name] = where.player(value)
            elif name == "start":
                params[name] = where.card(value, other)
            else:  # the die: counted from 1
                params[name] = value + 1
        return params

    def __str__(self) -> str:
        text = self.text()
        return i18n.t(text.key, "en", **text.params)


class _Where:
    """How a move's text names a card and a player: by number and name where the dams and names are
    given (the table), by position and seat number otherwise (the log)."""

    def __init__(self, dams: list[list[int]] | None, seat: int, names: list[str] | None):
        self.dams, self.seat, self.names = dams, seat, names

    def card(self, pos: int, player: int | None = None) -> i18n.Text:
        dam = None if self.dams is None else self.dams[self.seat if player is None else player]
        if dam is None or not 0 <= pos < len(dam):
            return i18n.Text("move.hamsterdam.position", at=pos + 1)
        return i18n.Text("move.hamsterdam.card", value=told_apart(dam, pos))

    def player(self, seat: int) -> str | i18n.Text:
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return i18n.Text("move.hamsterdam.player", n=seat + 1)


@cache
def move_of(kind: str, piece: str = "", at: int = -1, to: int = -1, cards: tuple = ()) -> Move:
    """The one Move of these fields: listing the legal moves then builds none (random play's speed)."""
    return Move(kind, piece, at, to, cards)


DONE, STAY, ACCEPT, GO_ON = move_of("done"), move_of("stay"), move_of("accept"), move_of("go_on")
RESTORE = move_of("restore")
BREACH = {side: move_of("breach", side) for side in (LEFT, RIGHT)}


def action_from_data(data: Any) -> KeyedAction:
    """The action ``data`` names; ValueError for anything else."""
    if isinstance(data, dict) and set(data) == {"roll"}:
        dice = data["roll"]
        if isinstance(dice, list) and len(dice) == 2 and all(type(die) is int and 1 <= die <= 6 for die in dice):
            return Roll(*dice)
        raise ValueError(f"a roll is two dice 1..6, not {describe(dice)}")
    if not isinstance(data, dict) or data.get("move") not in KINDS:
        raise ValueError(f'a Hamsterdam action is {{"roll": [die, die]}} or {{"move": kind, ...}}, '
                         f'not {describe(data)}')
    kind = data["move"]
    allowed = FIELDS_OF[kind]
    if set(data) - {"move"} != allowed:
        raise ValueError(f"no such Hamsterdam move: {describe(data)}")
    piece = data.get("piece", data.get("side", ""))
    at, to = data.get("at", data.get("value", -1)), data.get("to", -1)
    cards = data.get("cards", [])
    if not (_is_piece(piece) or kind == "breach" and piece in (LEFT, RIGHT) or not piece and "piece" not in allowed):
        raise ValueError(f"no such piece: {describe(piece)}")
    if not all(type(n) is int and -1 <= n <= max(POSITIONS, 12) for n in (at, to)):
        raise ValueError(f"no such dam position: {describe(data)}")
    if not isinstance(cards, list) or len(cards) > 8:
        raise ValueError(f"no such cards: {describe(cards)}")
    if kind == "pass" and not (len(cards) == 2 and all(type(c) is int and 2 <= c <= 12 for c in cards)):
        raise ValueError(f"two dam cards are passed, not {describe(cards)}")
    if kind == "keep" and not (cards and all(isinstance(c, str) and c in numbers().specials for c in cards)):
        raise ValueError(f"no such specials: {describe(cards)}")
    if kind == "dice" and not (len(cards) == 2 and all(type(c) is int and 1 <= c <= 6 for c in cards)):
        raise ValueError(f"two dice 1..6, not {describe(cards)}")
    specials = len(numbers().specials)  # a Copycatster's use names the special copied by its number first
    if kind == "use" and not (len(cards) <= 3 and all(type(c) is int and -1 <= c < specials for c in cards)):
        raise ValueError(f"no such use of a special: {describe(data)}")
    return Move(kind, piece, at, to, tuple(cards))


FIELDS_OF = {
    "pass": {"cards"}, "lay": {"value"}, "keep": {"cards"}, "put": {"piece", "at"}, "clear": {"piece", "at"},
    "restore": set(), "done": set(), "plug": {"piece"}, "breach": {"side"}, "sacrifice": {"piece"},
    "move": {"piece", "at", "to"}, "stay": set(), "use": {"piece", "at", "to", "cards"}, "accept": set(),
    "go_on": set(), "dice": {"cards"},
}


def _is_piece(piece: Any) -> bool:
    if not isinstance(piece, str):
        return False
    return piece == HAMSTER or card_of(piece) in numbers().specials
