"""Resolve Dam Breaches (RULINGS.md section 2; not in Classic): a player whose flood pile reaches 3
tokens flips an end card of the dam, again at 5 and at every further token; the hamsters on it move
one card inward, one of them lost for each flood token there.

The flow stops for a decision only where there is one: the end of the dam to flip (when two ends are
left) and the piece lost onto a flood token (when two kinds move). As in setup.py, functions take the
state. When nobody owes a breach any more the turn ends through ``state.pass_the_dice()`` (rules.py).
"""

from __future__ import annotations

from assistant.games.hamsterdam.actions import BREACH, Move, move_of
from assistant.games.hamsterdam.cards import LEFT, RIGHT, distinct, numbers, stack_add


def start_breaches(state) -> None:
    if state.mode == "classic":  # Classic has no dam breaches
        state.pass_the_dice()
        return
    state.queue = state.order_from(state.roller())
    resolve_breaches(state)


def breaches_owed(state, player: int) -> int:
    return numbers().breaches_due(state.piles[player]) - state.breaches[player]


def resolve_breaches(state) -> None:
    """Each player in turn from the roller flips an end of the dam for every breach owed, one at a
    time: a token the flipped card sends to the pile counts towards the next breach."""
    while state.queue:
        player = state.queue[0]
        cards = state.intact(player)
        if breaches_owed(state, player) <= 0 or not cards:
            state.queue.pop(0)
            continue
        if len(cards) > 1:
            state.phase = "breach"
            return
        if not flip(state, player, LEFT):
            return
    state.pass_the_dice()


def breach_moves(state) -> list[Move]:
    return [BREACH[LEFT], BREACH[RIGHT]]


def apply_breach(state, move: Move) -> None:
    if flip(state, state.queue[0], move.side):
        resolve_breaches(state)


def flip(state, player: int, side: str) -> bool:
    """Flip the end card on ``side``: its token goes to the flood pile, its hamsters move one card
    inward, one of them lost (with a token) for each token that card holds. False while the player
    is to choose the hamster lost."""
    cards = state.intact(player)
    pos = cards[0] if side == LEFT else cards[-1]
    state.flipped[player][pos] = True
    state.breaches[player] += 1
    state.say("log.hamsterdam.breach", player=player, **state.card(player, pos))
    if state.tokens[player][pos]:
        state.piles[player] += state.tokens[player][pos]
        state.say("log.hamsterdam.breach_token", player=player, count=state.tokens[player][pos],
                  pile=state.piles[player])
        state.tokens[player][pos] = 0
    moving, state.stacks[player][pos] = state.stacks[player][pos], []
    if len(cards) == 1:  # no card left inward: the hamsters go to the reinforcement pile (D11)
        for piece in moving:
            stack_add(state.reserve[player], piece)
        return True
    inward = pos + 1 if side == LEFT else pos - 1
    state.moving, state.moving_to = moving, inward
    return settle(state, player)


def settle(state, player: int) -> bool:
    """One moving hamster lost per token on the card they move to (Contractster can put two there: one
    hamster clears one token, and none stands on a token, D14); False while the player chooses which."""
    while state.moving and state.tokens[player][state.moving_to]:
        kinds = distinct(state.moving)
        if len(kinds) > 1:
            state.phase = "sacrifice"
            return False
        sacrifice(state, player, kinds[0])
    land(state, player)
    return True


def sacrifice_moves(state) -> list[Move]:
    return [move_of("sacrifice", piece) for piece in distinct(state.moving)]


def apply_sacrifice(state, move: Move) -> None:
    player = state.queue[0]
    sacrifice(state, player, move.piece)
    if settle(state, player):
        resolve_breaches(state)


def sacrifice(state, player: int, piece: str) -> None:
    state.moving.remove(piece)
    state.removed[player].append(piece)
    state.clear_tokens(player, state.moving_to)  # the hamster is lost, the token goes back to the supply
    state.say("log.hamsterdam.sacrifice", player=player, piece=piece, **state.card(player, state.moving_to))


def land(state, player: int) -> None:
    stack = state.stacks[player][state.moving_to]
    for piece in state.moving:
        stack_add(stack, piece)
    state.moving, state.moving_to = [], -1
