"""Mömmen's test helpers: cards and exchanges named, a hand-made position, the policy the random
simulation plays Mömmen with (registered as ``tests.moemmen.helpers:collect_one_colour``), and
positions reached by that play."""

from __future__ import annotations

import random
from collections import Counter

from assistant.games import get_game
from assistant.games.base import State
from assistant.games.moemmen.actions import exchange
from assistant.games.moemmen.cards import FULL_DECK as MOEMMEN_DECK
from assistant.games.moemmen.cards import card_from_name
from assistant.games.moemmen.scoring import round_score
from tests.helpers import first_position


def moemmen_cards(names: str) -> list[int]:
    """Mömmen cards from names: ``moemmen_cards("red+3 tim")``."""
    return [card_from_name(name) for name in names.split()]


def moemmen_exchange(give: str, take: str):
    """The Mömmen exchange of ``give`` from the hand for ``take`` from the table."""
    return exchange(card_from_name(give), card_from_name(take))


def rig_moemmen(*hands: str, table: str, deck: str | None = None, discard: str = "", turn: int = 0,
                target: int = 100, totals=None) -> State:
    """A hand-made Mömmen position in round 1, phase "turn" (cards as names, the deck's last card is
    drawn first); without ``deck`` the cards not placed form the deck, in card order."""
    players = len(hands)
    state = get_game("moemmen").new_state(players, seed=0, target=target)
    state.hands = [sorted(moemmen_cards(hand)) for hand in hands]
    state.table, state.discard = moemmen_cards(table), moemmen_cards(discard)
    if deck is None:
        rest = Counter(MOEMMEN_DECK)
        rest.subtract(card for cards in (*state.hands, state.table, state.discard) for card in cards)
        state.deck = sorted(rest.elements())
    else:
        state.deck = moemmen_cards(deck)
    state.round, state.dealer, state.turn, state.phase = 1, (turn - 1) % players, turn, "turn"
    state.passes, state.acted, state.must_lay_minus, state.takers = 0, False, False, []
    state.totals, state.results = list(totals or [0] * players), []
    state.round_moves = []
    state._legal = None  # the moves listed for the dealt position
    return state


def collect_one_colour(view: dict, legal: list, rng: random.Random):
    """A Mömmen player for simulations (uniformly random play almost never ends a round): mostly
    the move after which the hand scores best (M10), so it collects one colour; now and then any
    move, so that Benny, Tim, refresh and passing happen too. Only the view and the moves, as a bot."""
    if rng.random() < 0.2:
        return rng.choice(legal)

    def worth(move) -> tuple[int, float]:
        hand = list(view["hand"])
        if move.kind == "exchange":
            hand.remove(move.give)
            hand.append(move.take)
        return round_score(hand), rng.random()

    return max(legal, key=worth)


def played_until(players: int, wanted, seeds=range(300), target: int = 100) -> State:
    """A match (everybody collecting one colour) up to the first position where ``wanted(state)`` holds."""
    return first_position(lambda seed: get_game("moemmen").new_state(players, seed=seed, target=target), wanted,
                          seeds, choose=collect_one_colour, max_moves=2000)
