"""A turn of Hamsterdam after setup (RULINGS.md section 2): the roll, the floods, the breaches,
the movement phase, the end of a round and of the game.

The flow runs on by itself wherever nobody has a choice, and stops for a decision only where
there is one: the flood at a card holding two kinds of piece (which one plugs), the end of the
dam a breach flips (when two ends are left), the piece lost onto a flood token in a breach (when
two kinds move), each player's move, and wherever a special's ability can be used (abilities.py):
its window opens only for players who have a use that would change something. As in setup.py,
functions take the state.
"""

from __future__ import annotations

from assistant.games.hamsterdam import abilities, setup
from assistant.games.hamsterdam.actions import ACCEPT, BREACH, GO_ON, STAY, Move, move_of
from assistant.games.hamsterdam.cards import LEFT, RIGHT, card_of, distinct, numbers, stack_add


# --- the windows of the abilities ---------------------------------------------------------------
def open_window(state, window: str, queue: list[int]) -> None:
    state.window, state.queue = window, queue
    next_in_window(state)


def next_in_window(state) -> None:
    """The next player with a use in this window decides; after the last, the next window."""
    while state.queue:
        if abilities.window_uses(state):
            state.phase = "window"
            return
        state.queue.pop(0)
    order = state.order_from(state.roller())
    if state.window == "roll_own":
        open_window(state, "roll_any", order)
    elif state.window == "roll_any":
        open_window(state, "napster", order)
    elif state.window == "napster":
        start_floods(state)
    else:
        after_movement(state)


def window_moves(state) -> list[Move]:
    return [*abilities.window_uses(state), GO_ON]


def apply_window(state, move: Move) -> None:
    player = state.queue[0]
    if move.kind == "go_on":
        state.queue.pop(0)
    else:
        abilities.use(state, player, move)
        if state.window in ("napster", "skip"):  # one step of Napster, one skip ability a player
            state.queue.pop(0)
        if state.bombing:  # Bombster's flood first, then the window goes on
            resolve_floods(state)
            return
        if state.pending:  # Physicster or Whack-a-Mole: the dice first (rolls.py)
            return
    next_in_window(state)


# --- the floods ----------------------------------------------------------------------------------
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
    if state.bombing:
        state.bombing = False
        next_in_window(state)
    else:
        start_breaches(state)


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


# --- breaches ----------------------------------------------------------------------------------
def start_breaches(state) -> None:
    if state.mode == "classic":  # Classic has no dam breaches
        end_turn(state)
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
    end_turn(state)


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


# --- the end of a turn, the movement phase -----------------------------------------------------
def end_turn(state) -> None:
    """The end comes once the piles together hold the end number (or the supply ran out): the turn
    is complete, no movement phase follows."""
    state.turns += 1
    if game_ends(state):
        return
    if state.turns % state.movement_turns == 0:
        state.say("log.hamsterdam.movement")
        state.start_phase("move", state.turn_order())
        state.moved, state.sped = [False] * state.num_players, [False] * state.num_players
        next_mover(state)
    else:
        state.next_roll()


def game_ends(state) -> bool:
    """Whether the piles together hold the end number, or the supply ran out: then the game is over."""
    if sum(state.piles) < numbers().end_tokens[state.num_players] and not state.exhausted:
        return False
    state.phase = "over"
    winners = state.winners()
    state.say("log.hamsterdam.over" if len(winners) == 1 else "log.hamsterdam.over_shared", winners=winners,
              tokens=sum(state.piles))
    return True


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
    open_window(state, "skip", [player for player in state.turn_order()
                                if not state.moved[player] and not state.sped[player]])


def after_movement(state) -> None:
    """After a round, the redeployment; otherwise the next roll; unless a Bombster's flood ended the
    game (its breaches, if any, come with the next turn's)."""
    if game_ends(state):
        return
    if state.turns % state.round_turns == 0:
        setup.start_redeployment(state)
    else:
        state.next_roll()


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
