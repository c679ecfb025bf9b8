"""Hamsterbacke cards: 120 hamster cards in seven colours, each colour with one value.

A card is an int, the index of its colour in ``COLOURS``; it is written as in the contract
(``"red4"``). A hand is held as a count per colour (seven ints): which card of a colour
is which never matters. A set is as many cards of one colour as their value.
"""

from __future__ import annotations

from collections import Counter

from assistant.i18n import Text

COLOURS = ("red", "orange", "yellow", "darkblue", "lightblue", "darkgreen", "lightgreen")
VALUES = (4, 3, 3, 2, 2, 1, 1)
COPIES = (24, 21, 21, 16, 16, 11, 11)
NAMES = tuple(f"{colour}{value}" for colour, value in zip(COLOURS, VALUES, strict=True))  # "red4"
KINDS = len(COLOURS)
FULL_DECK: tuple[int, ...] = tuple(card for card in range(KINDS) for _ in range(COPIES[card]))
TOTAL_CARDS = len(FULL_DECK)  # 120

PILES = 8  # the circle
HAND_AT_START = 2
LAID_PER_TAKE = 3
END_PILES = 3  # with this many piles or fewer left, the turn is completed and the game ends


def card_name(card: int) -> str:
    return NAMES[card]


def card_from_name(name) -> int:
    """``"red4"`` -> 0; ValueError for anything that is no card of the game."""
    if isinstance(name, str) and name in NAMES:
        return NAMES.index(name)
    raise ValueError(f"a card is one of {', '.join(NAMES)}, not {name!r}")


def card_text(card: int) -> Text:
    """The card in the player's language ("red 4", "rote 4")."""
    return Text(f"card.backe.{NAMES[card]}")


def cards_text(count: int) -> Text:
    """"1 card", "3 cards" in the player's language."""
    return Text("card.backe.cards_one" if count == 1 else "card.backe.cards", count=count)


def sets_text(count: int) -> Text:
    """"1 set", "2 sets" in the player's language."""
    return Text("card.backe.sets_one" if count == 1 else "card.backe.sets", count=count)


def pile_text(pile: int) -> Text:
    """A pile of the circle as players count them, clockwise from the top: "pile 1" .. "pile 8"."""
    return Text("card.backe.pile", number=pile + 1)


def counts_of(cards) -> list[int]:
    """Seven counts from a list of cards."""
    counts = [0] * KINDS
    for card in cards:
        counts[card] += 1
    return counts


def cards_of(counts) -> list[int]:
    """The cards a count per colour stands for, in colour order."""
    return [card for card in range(KINDS) for _ in range(counts[card])]


def complete_sets(counts) -> list[int]:
    """How many complete sets of each colour ``counts`` holds."""
    return [count // value for count, value in zip(counts, VALUES, strict=True)]


def blocked_colours(stacks: list[list[int]], player: int) -> set[int]:
    """The colours ``player`` may not play: those on top of another player's blocking stack (K2).
    ``stacks`` are every player's blocking stack, from a state or a view."""
    return {stack[-1] for other, stack in enumerate(stacks) if stack and other != player}


def unseen_counts(view: dict) -> list[int]:
    """Per colour, the cards a seat cannot see: other hands beyond what is known of them, every
    score pile and the deck."""
    unseen = Counter(dict(enumerate(COPIES)))
    unseen.subtract(dict(enumerate(view["hand"])))
    for player in view["players"]:
        unseen.subtract(player["blocking"])
        if player is not view["players"][view["me"]]:
            unseen.subtract(dict(enumerate(player["known"])))
    for pile in view["piles"]:
        unseen.subtract(pile)
    return [unseen[card] for card in range(KINDS)]
