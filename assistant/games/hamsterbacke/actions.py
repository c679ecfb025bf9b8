"""Hamsterbacke moves. Every move except a gift exists once, built here, so that listing the
legal moves is only gathering constants (the random-play speed depends on it).

- ``take`` a pile of the circle (``at`` = the pile, 0..7 clockwise);
- ``play`` sets of one colour (``at`` = the colour, ``count`` = how many sets);
- ``turn_pile``: the blocking stack onto the score pile;
- ``giver``: the active player picks who gives among those tied for the most cards;
- ``give``: the giver's chosen cards (``cards``, a count per colour);
- ``pass``: only when nothing else is possible (ruling 4).
"""

from __future__ import annotations

from typing import Any

from assistant import i18n
from assistant.games.base import KeyedAction, describe
from assistant.games.hamsterbacke.cards import (
    KINDS,
    NAMES,
    PILES,
    card_from_name,
    card_text,
    cards_of,
    cards_text,
    pile_text,
    sets_text,
)

MAX_SETS = 11  # eleven sets of a 1 are the most one colour can give
MAX_PLAYERS = 5


class Move(KeyedAction):
    """Immutable and hashable (``KeyedAction``)."""

    FIELDS = ("kind", "at", "count", "cards")

    def __init__(self, kind: str, at: int = -1, count: int = 0, cards: tuple[int, ...] = ()):
        self._freeze(kind, at, count, cards)

    def to_data(self) -> Any:
        data: dict[str, Any] = {"move": self.kind}
        if self.kind == "take":
            data["pile"] = self.at
        elif self.kind == "play":
            data.update(card=NAMES[self.at], sets=self.count)
        elif self.kind == "giver":
            data["player"] = self.at
        elif self.kind == "give":
            data["cards"] = [NAMES[card] for card in cards_of(self.cards)]
        return data

    @property
    def given(self) -> int:
        """How many cards a gift holds."""
        return sum(self.cards)

    def text(self) -> i18n.Text:
        """The move in words, to be translated into the player's language."""
        if self.kind == "take":
            return i18n.Text("move.backe.take", pile=pile_text(self.at))
        if self.kind == "play":
            return i18n.Text("move.backe.play", sets=sets_text(self.count), card=card_text(self.at))
        if self.kind == "giver":
            return i18n.Text("move.backe.giver", player=self.at + 1)
        if self.kind == "give":
            return i18n.Text("move.backe.give", cards=cards_text(self.given))
        return i18n.Text(f"move.backe.{self.kind}")

    def __str__(self) -> str:
        text = self.text()
        return i18n.t(text.key, "en", **text.params)


TAKE = tuple(Move("take", pile) for pile in range(PILES))
PLAY = tuple(tuple(Move("play", card, sets) for sets in range(MAX_SETS + 1)) for card in range(KINDS))  # [card][sets]
TURN_PILE = Move("turn_pile")
GIVER = tuple(Move("giver", player) for player in range(MAX_PLAYERS))
PASS = Move("pass")
_GIFTS: dict[tuple[int, ...], Move] = {}


def give(counts) -> Move:
    """The gift of ``counts`` (a count per colour), one Move per gift."""
    key = tuple(counts)
    move = _GIFTS.get(key)
    if move is None:
        move = _GIFTS[key] = Move("give", cards=key)
    return move


def move_from_data(data: Any) -> Move:
    """The move ``data`` names; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("move"), str):
        raise ValueError(f'a Hamsterbacke move is {{"move": kind, ...}}, not {describe(data)}')
    kind, fields = data["move"], set(data) - {"move"}
    try:
        if kind == "take" and fields == {"pile"} and _index(data["pile"], PILES):
            return TAKE[data["pile"]]
        if kind == "play" and fields == {"card", "sets"} and _index(data["sets"], MAX_SETS + 1) and data["sets"]:
            return PLAY[card_from_name(data["card"])][data["sets"]]
        if kind == "turn_pile" and not fields:
            return TURN_PILE
        if kind == "giver" and fields == {"player"} and _index(data["player"], MAX_PLAYERS):
            return GIVER[data["player"]]
        if kind == "give" and fields == {"cards"} and isinstance(data["cards"], list) and 0 < len(data["cards"]) <= 4:
            counts = [0] * KINDS
            for name in data["cards"]:
                counts[card_from_name(name)] += 1
            return give(counts)
        if kind == "pass" and not fields:
            return PASS
    except ValueError:
        pass
    raise ValueError(f"no such Hamsterbacke move: {describe(data)}")


def _index(value: Any, size: int) -> bool:
    return type(value) is int and 0 <= value < size
