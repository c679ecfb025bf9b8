"""Hamsterdam's cards and numbers, read once from ``templates/hamsterdam.toml``.

That file is the single source for the engine, the app and the printed dam tracker
(docs/RULES.md D1): the dots on each dam card, the numbers per player count and each
special hamster's timing window. Nothing here repeats its numbers.

A hamster card on the table is a *piece*, written as a string: ``"hamster"`` for a plain
hamster, a special's name (``"blobster"``) for a special showing its ability, and
``"turned:blobster"`` for a special turned to its plain side after its ability was used
(it still counts as that card, and plugs like a plain hamster).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from assistant import i18n

HAMSTER = "hamster"
TURNED = "turned:"
MARKED = "marked:"  # a Cheekster that stopped its first flood (D7)
LEFT, RIGHT = "left", "right"


@dataclass(frozen=True)
class Special:
    name: str
    window: str  # roll, flood, movement, redeploy, always, any (Copycatster)
    flips: bool  # turns to its plain side after its ability is used (D2)
    skip_movement: bool = False  # used instead of its owner's move (D8)
    own_roll: bool = False  # "after your roll": only after its owner's own roll (D5)


@dataclass(frozen=True)
class Numbers:
    """The table's data: dots per dam card, numbers per player count, the specials."""

    dam_values: tuple[int, ...]
    orange: dict[int, int]
    blue: dict[int, int]
    turns_per_round: dict[int, int]
    turns_before_movement: dict[int, int]
    end_tokens: dict[int, int]
    supply_tokens: int
    first_breach: int
    second_breach: int
    classic_hamsters: int
    classic_specials: int
    specials: dict[str, Special]

    @property
    def special_names(self) -> tuple[str, ...]:
        return tuple(self.specials)

    def hamsters_for(self, cards) -> int:
        return sum(self.orange.get(value, 0) for value in cards)

    def blue_dots(self, cards) -> int:
        return sum(self.blue.get(value, 0) for value in cards)

    def breaches_due(self, pile: int) -> int:
        """Breaches a flood pile of ``pile`` tokens has caused in all: one at the first mark,
        a second at the second mark, then one for every further token."""
        if pile < self.first_breach:
            return 0
        if pile < self.second_breach:
            return 1
        return 2 + pile - self.second_breach


def _player_counts(table: dict) -> dict[int, int]:
    return {int(players): int(value) for players, value in table.items()}


@cache
def numbers() -> Numbers:
    source = resources.files("templates").joinpath("hamsterdam.toml")
    return parse_numbers(source.read_text("utf-8"))


def parse_numbers(text: str) -> Numbers:
    """The data file's contents; ValueError names the first thing that does not add up."""
    data = tomllib.loads(text)
    count = data["numbers"]
    specials = {name: Special(name, entry["window"], bool(entry["flips"]), bool(entry.get("skip_movement", False)),
                              bool(entry.get("own_roll", False)))
                for name, entry in data["specials"].items()}
    result = Numbers(
        dam_values=tuple(data["dam_values"]),
        orange={int(value): dots for value, dots in data["orange_dots"].items()},
        blue={int(value): dots for value, dots in data["blue_dots"].items()},
        turns_per_round=_player_counts(count["turns_per_round"]),
        turns_before_movement=_player_counts(count["turns_before_movement"]),
        end_tokens=_player_counts(count["end_tokens"]),
        supply_tokens=count["supply_tokens"],
        first_breach=count["first_breach"],
        second_breach=count["second_breach"],
        classic_hamsters=count["classic_hamsters"],
        classic_specials=count["classic_specials"],
        specials=specials,
    )
    # Classic gives each player the hamsters and specials of one whole 2..12 set (RULINGS.md section 2).
    if result.hamsters_for(result.dam_values) != result.classic_hamsters:
        raise ValueError(f"the orange dots of one dam add up to {result.hamsters_for(result.dam_values)}, "
                         f"not {result.classic_hamsters}")
    if result.blue_dots(result.dam_values) != result.classic_specials:
        raise ValueError(f"the blue dots of one dam add up to {result.blue_dots(result.dam_values)}, "
                         f"not {result.classic_specials}")
    if "twinsters" not in specials:
        raise ValueError("the specials must include the Twinsters")
    return result


# --- pieces ---------------------------------------------------------------------------------
def ability_of(piece: str) -> str | None:
    """The special whose ability ``piece`` still shows (None: a plain or turned card)."""
    if piece == HAMSTER or piece.startswith(TURNED):
        return None
    return piece[len(MARKED):] if piece.startswith(MARKED) else piece


def is_plain(piece: str) -> bool:
    """A plain hamster, or a special turned to its "normal hamster back side" (rulebook): the latter is a
    plain hamster for every rule that names a hamster, a "standard" or a "plain" one (RULINGS.md section 2)."""
    return piece == HAMSTER or piece.startswith(TURNED)


def plain_pieces(pieces) -> list[str]:
    """The plain hamsters among ``pieces``, the plain ``hamster`` cards first: which of them a rule takes
    changes nothing in the game, and a turned card left where it was keeps telling which special it was."""
    return sorted((piece for piece in pieces if is_plain(piece)), key=lambda piece: piece != HAMSTER)


def card_of(piece: str) -> str:
    """The card a piece is, whichever side shows: ``turned:blobster`` is the Blobster card."""
    for prefix in (TURNED, MARKED):
        if piece.startswith(prefix):
            return piece[len(prefix):]
    return piece


def turned(piece: str) -> str:
    """The piece after its ability was used: its plain side for good (D2)."""
    return TURNED + card_of(piece)


def piece_order(piece: str) -> int:
    """Plain hamsters at the bottom of a stack, specials on top (the rulebook's setup)."""
    return 0 if piece == HAMSTER else 1


def hand_order(piece: str) -> tuple[int, str]:
    """A hand or a reinforcement pile in order: plain hamsters first, then the specials by name."""
    return piece_order(piece), piece


def stack_add(stack: list[str], piece: str) -> None:
    """Put ``piece`` on its place in ``stack``: a plain one under the specials, a special on top."""
    if piece == HAMSTER:
        stack.insert(0, piece)
    else:
        stack.append(piece)


def distinct(pieces) -> list[str]:
    """Each kind of piece once, in the order met: two plain hamsters are one choice."""
    return list(dict.fromkeys(pieces))


def piece_text(piece: str) -> i18n.Text:
    if piece == HAMSTER:
        return i18n.Text("piece.hamsterdam.hamster")
    if piece.startswith(TURNED):
        return i18n.Text("piece.hamsterdam.turned", name=special_name(card_of(piece)))
    if piece.startswith(MARKED):
        return i18n.Text("piece.hamsterdam.marked", name=special_name(card_of(piece)))
    return i18n.Text("piece.hamsterdam.special", name=special_name(piece))


# --- dam cards in words -----------------------------------------------------------------------
def named_card(dam: list[int], pos: int, name: str = "value") -> dict:
    """The card at ``pos`` as a text names it: ``{name: value}``, and ``{name}_at``: its position too where
    the dam shows that value twice (passing can bring a second copy), so that "from card 10 to card 10"
    cannot happen."""
    value = dam[pos]
    return {name: value, f"{name}_at": pos} if dam.count(value) > 1 else {name: value}


def card_words(params: dict) -> dict:
    """``params`` with each card that ``named_card`` gave a position told as "10 (position 3)", the
    number the board prints under the card."""
    told = dict(params)
    for key in [key for key in params if key.endswith("_at")]:
        name = key[:-len("_at")]
        told[name] = i18n.Text("log.hamsterdam.card_at", value=told[name], at=told.pop(key) + 1)
    return told


def told_apart(dam: list[int], pos: int) -> int | i18n.Text:
    """The card at ``pos`` as the buttons and the hints name it: its number, and where the dam shows that
    number more than once (passing brings copies, three at most), which of them it is from the left:
    "10 (left)", "10 (middle)", "10 (right)"."""
    value = dam[pos]
    copies = [n for n, shown in enumerate(dam) if shown == value]
    if len(copies) == 1:
        return value
    rank = copies.index(pos)
    side = "left" if rank == 0 else "right" if rank == len(copies) - 1 else "middle"
    return i18n.Text(f"move.hamsterdam.copy_{side}", value=value)


def special_name(name: str) -> str:
    """The name printed on the card (``whack-a-mole`` -> ``Whack-a-Mole``): the same in every language."""
    return "-".join(part if part == "a" else part.capitalize() for part in name.split("-"))
