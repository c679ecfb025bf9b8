"""Start and Resolve the Flood (RULINGS.md section 2): every player floods at each intact card showing
the value rolled, and resolves it there.

The flow stops only where there is a choice: at a card holding two kinds of piece (which one plugs),
or where an ability could stop the flood (Blobster, Cheekster: abilities.flood_uses). As in setup.py,
functions take the state. When the last flood is resolved the turn goes on through
``state.after_the_flood()`` (rules.py: back to the window after a Bombster's flood, else the breaches).
"""

from __future__ import annotations

from assistant.games.hamsterdam import abilities
from assistant.games.hamsterdam.actions import ACCEPT, Move, move_of
from assistant.games.hamsterdam.cards import card_of, distinct, stack_add


def start_floods(state) -> None:
    """Every player, in turn order from the roller, floods at each intact card showing the value (their
    own value after Mobster; none after Ninjaster)."""
    state.floods = [(player, pos) for player in state.order_from(state.roller()) if not state.ignore[player]
                    for pos in state.intact(player) if state.dams[player][pos] == state.value + state.adjust[player]]
    resolve_floods(state)


def flood_moves(state) -> list[Move]:
    """A hamster there must plug the flood, unless an ability stops it; with no hamster there and an
    ability to stop it, the player may also let it come."""
    player, pos = state.floods[0]
    pieces = distinct(state.stacks[player][pos])
    uses = abilities.flood_uses(state, player, pos)
    return [move_of("plug", piece) for piece in pieces] + uses + ([ACCEPT] if uses and not pieces else [])


def resolve_floods(state) -> None:
    while state.floods:
        player, pos = state.floods[0]
        moves = flood_moves(state)
        if len(moves) > 1:
            state.phase = "flood"
            return
        state.floods.pop(0)
        if moves:
            plug(state, player, pos, moves[0].piece)
        else:
            flood_token(state, player, pos)
    state.after_the_flood()


def apply_flood(state, move: Move) -> None:
    player, pos = state.floods.pop(0)
    if move.kind == "plug":
        plug(state, player, pos, move.piece)
    elif move.kind == "use":
        abilities.use(state, player, move)
    else:
        flood_token(state, player, pos)
    resolve_floods(state)


def plug(state, player: int, pos: int, piece: str) -> None:
    """A hamster there MUST plug the hole: it goes to the reinforcement pile; a Twinster takes its
    twins on the dam along."""
    state.stacks[player][pos].remove(piece)
    stack_add(state.reserve[player], piece)
    state.say("log.hamsterdam.plug", player=player, piece=piece, **state.card(player, pos))
    if card_of(piece) == "twinsters":
        for stack in state.stacks[player]:
            for twin in [other for other in stack if card_of(other) == "twinsters"]:
                stack.remove(twin)
                stack_add(state.reserve[player], twin)


def flood_token(state, player: int, pos: int) -> None:
    """No hamster: a token onto the card, or, with one there already, a token into the flood pile.
    With the supply used up nothing is placed and the game ends after this turn."""
    card = state.card(player, pos)
    if not state.supply:
        state.exhausted = True
        state.say("log.hamsterdam.no_token", player=player, **card)
        return
    state.supply -= 1
    if state.tokens[player][pos]:
        state.piles[player] += 1
        state.say("log.hamsterdam.to_pile", player=player, **card, pile=state.piles[player])
    else:
        state.tokens[player][pos] += 1
        state.say("log.hamsterdam.token", player=player, **card)
