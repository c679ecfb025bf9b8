"""Hamsterdam's test helpers: a hand-made position before a roll, rolls, what lies on a dam card,
the setup played, the moves of specials, and games reached by random play and saved for the app."""

from __future__ import annotations

import random

from assistant.games import get_game
from assistant.games.hamsterdam import HamsterdamGame
from assistant.games.hamsterdam import Move as HamsterdamMove
from assistant.games.hamsterdam import Roll as HamsterdamRoll
from assistant.games.hamsterdam.actions import STAY
from assistant.games.hamsterdam.cards import numbers as hamsterdam_numbers
from assistant.store import Store


def rig_hamsterdam(players=2, mode="classic", stacks=None, tokens=None, piles=None, dams=None, flipped=None,
                   reserve=None, start_player=0, turns=0, supply=None, breaches=None):
    """A hand-made Hamsterdam position before a roll (dams 2..12 unless given). ``stacks[p]`` maps a
    card value to its pieces, ``tokens[p]`` a card value to its flood tokens, ``flipped[p]`` lists
    flipped card values; the roll to come is by seat ``start_player + turns``."""
    state = HamsterdamGame().new_state(players, seed=0, mode=mode)
    seats = range(players)
    state.held, state.hand = [[] for _ in seats], [[] for _ in seats]
    state.dams = [list(dam) for dam in (dams or [range(2, 13)] * players)]
    state.offered, state.kept = [[] for _ in seats], [[] for _ in seats]
    state.reserve = [list(pile) for pile in (reserve or [[] for _ in seats])]
    state.stacks = [[[] for _ in range(11)] for _ in seats]
    state.tokens, state.flipped = [[0] * 11 for _ in seats], [[False] * 11 for _ in seats]
    for p in seats:
        for value, pieces in (stacks[p] if stacks else {}).items():
            state.stacks[p][state.dams[p].index(value)] = list(pieces)
        for value, count in (tokens[p] if tokens else {}).items():
            state.tokens[p][state.dams[p].index(value)] = count
        for value in (flipped[p] if flipped else []):
            state.flipped[p][state.dams[p].index(value)] = True
    table = hamsterdam_numbers()
    state.piles = list(piles or [0] * players)
    state.breaches = list(breaches or [table.breaches_due(pile) for pile in state.piles])
    placed = sum(state.piles) + sum(map(sum, state.tokens))
    # A ``supply`` given rigs a short box: the tokens missing from the 35 are simply not in this game.
    state.supply = table.supply_tokens - placed if supply is None else supply
    state.start_player, state.turns = start_player, turns
    state.next_roll()
    state._legal = None  # the actions listed for the position before
    return state


def hamsterdam_roll(state, value, first=None):
    """Roll ``value`` in Hamsterdam (as ``first`` and the rest, or the lowest pair)."""
    first = first or max(1, value - 6)
    state.apply(HamsterdamRoll(first, value - first))


def hamsterdam_stack(state, player, value):
    """The pieces on ``player``'s dam card of ``value``."""
    return state.stacks[player][state.dams[player].index(value)]


def hamsterdam_tokens(state, player, value):
    """The flood tokens on ``player``'s dam card of ``value``."""
    return state.tokens[player][state.dams[player].index(value)]


def play_hamsterdam_setup(state, choose=lambda legal: legal[0]):
    """Every Hamsterdam decision before the first turn roll: the first legal one, the app's rolls."""
    while state.phase != "roll":
        state.apply(state.chance_outcome() if state.is_chance_node() else choose(state.legal_actions()))
    return state


def hamsterdam_pos(value: int) -> int:
    """The position of a card on a dam laid 2..12."""
    return value - 2


def hamsterdam_use(piece: str, at: int, to: int = -1, *cards: int) -> HamsterdamMove:
    return HamsterdamMove("use", piece, at, to, cards)


def hamsterdam_uses(state) -> list[HamsterdamMove]:
    return [move for move in state.legal_actions() if move.kind == "use"]


def rig_hamsterdam_movement(stacks, tokens=None, reserve=None):
    """Two players just before the roll that ends with a movement phase; the roll floods the 12s."""
    state = rig_hamsterdam(stacks=stacks, tokens=tokens, reserve=reserve, turns=3)
    state.apply(HamsterdamRoll(6, 6))
    return state


def rig_hamsterdam_redeployment(stacks, tokens, reserve=None):
    """Two players just after the last roll of a round (it floods the 12s), nobody moving: redeployment."""
    state = rig_hamsterdam(stacks=stacks, tokens=tokens, reserve=reserve, turns=11)
    state.apply(HamsterdamRoll(6, 6))
    while state.phase == "move":
        state.apply(STAY)
    return state


# --- games reached by random play, saved for the app ------------------------------------------------
def saved(db: Store, game, *, bots=("random",), names=None, dice="app", mode="alone") -> str:
    """``game`` saved for the app: alone (Ann and computer opponents) or together (``bots``: every seat's kind)."""
    kinds = ["human", *bots] if mode == "alone" else list(bots)
    names = names or (["Ann"] + [f"Bot {n}" for n in range(1, len(kinds))])
    return db.create(game, {"names": names, "bots": kinds, "mode": mode, "speed": "quick", "dice": dice})


def new_state(players: int, seed: int, mode: str):
    return get_game("hamsterdam").new_state(players, seed=seed, mode=mode)


def advance(game, rng: random.Random, wanted) -> None:
    """Random play (the app's rolls) until ``wanted(game)`` holds."""
    while not game.is_over():
        if wanted(game):
            return
        game.apply(game.chance_outcome() if game.is_chance_node() else rng.choice(game.legal_actions()))
    raise AssertionError("the wanted position never came")


def position(players: int, mode: str, wanted, seeds=range(40)):
    """The first game (of these seeds) in which random play reaches a position ``wanted`` accepts."""
    for seed in seeds:
        game = new_state(players, seed, mode)
        try:
            advance(game, random.Random(seed), wanted)
        except AssertionError:
            continue
        return game
    raise AssertionError("no game reached the wanted position")
