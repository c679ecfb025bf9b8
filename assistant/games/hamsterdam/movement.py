"""Movement Phase and Removing Flood Tokens (RULINGS.md section 2, D8, D13, D15): after every player
has had a turn (two in a 2-player game), each player in turn order from the start player may move one
hamster one card left or right; onto a flood token it leaves the game and takes the token off.

A face-up Speedster moves once more, before or after the normal move (abilities.speedster_uses). As in
setup.py, functions take the state. The movement starts in rules.py (``state.pass_the_dice``); after
everybody, those who neither moved nor used Speedster get the skip-movement window
(``state.open_window``), through the state rather than an import of the flow.
"""

from __future__ import annotations

from assistant.games.hamsterdam import abilities
from assistant.games.hamsterdam.actions import GO_ON, STAY, Move, move_of
from assistant.games.hamsterdam.cards import distinct


def move_moves(state) -> list[Move]:
    """The normal move (until it is made) and each face-up Speedster's extra move, before or after it
    (D15: a Speedster turns after its move, so each moves once); then no (more) move."""
    player = state.queue[0]
    cards = state.intact(player)
    moves = []
    if not state.moved[player]:
        for pos in cards:
            for piece in distinct(state.stacks[player][pos]):
                moves += [move_of("move", piece, pos, to) for to in (pos - 1, pos + 1) if to in cards]
    moves += abilities.speedster_uses(state, player)
    return [*moves, GO_ON if state.moved[player] else STAY]


def next_mover(state) -> None:
    """A player with nothing (more) to move is passed over; after everybody, those who neither moved nor
    used Speedster may use a skip-movement ability (D8, D13)."""
    while state.queue:
        if len(move_moves(state)) > 1:
            state.phase = "move"
            return
        state.queue.pop(0)
    state.open_window("skip", [player for player in state.turn_order()
                               if not state.moved[player] and not state.sped[player]])


def apply_move(state, move: Move) -> None:
    """One card left or right; onto a flood token the hamster leaves the game, the token back to the supply (a
    Swimster shares the card instead). The player goes on while a Speedster can still move (D15)."""
    player = state.queue[0]
    if move.kind == "use":  # Speedster: in addition to the move
        abilities.use(state, player, move)
        next_mover(state)
        return
    state.moved[player] = True
    state.stacks[player][move.at].remove(move.piece)
    if not state.tokens[player][move.to] or abilities.swims(move.piece):
        state.say("log.hamsterdam.move", player=player, piece=move.piece, **state.card(player, move.at, "start"),
                  **state.card(player, move.to))
    abilities.land(state, player, move.to, move.piece)
    next_mover(state)


def apply_stay(state, move: Move) -> None:
    state.say("log.hamsterdam.stay", player=state.queue.pop(0))
    next_mover(state)


def apply_go_on(state, move: Move) -> None:
    """After the normal move: no (more) Speedster move."""
    state.queue.pop(0)
    next_mover(state)
