"""The special hamsters' abilities (templates/hamsterdam.toml, docs/RULES.md D2-D8, D13, D14).

Each window lists the uses a player can make now, and only those that would change something:

- roll, after a roll and before the floods (D5): first the roller's own-roll abilities (Buffster,
  Spinster, Physicster, Whack-a-Mole), then each player in turn order from the roller, for
  themselves (Mobster, Ninjaster), then Napster's step;
- flood, while a flood is resolved: Blobster from a neighbouring card, Cheekster at its card;
- movement: Speedster in its owner's movement turn, before or after the normal move (D15); after
  everybody moved, those who neither moved nor used Speedster may use a skip-movement ability instead
  (Bombster, Contractster, Huckster, Momster; D8);
- redeployment: Janitster, if it stood on the dam when the redeployment began; so may a Copycatster that
  stood there face up while a face-up Janitster stood on any dam (D13).

Physicster and Whack-a-Mole roll the dice again (``roll_again``; the second roll is rolls.py's).
Swimster and the Twinsters are lasting properties (``swims`` here, ``floods.plug``). A Copycatster
uses, in its window, the ability of another special showing it on anybody's dam (``able``, ``COPYABLE``).

The flow between windows is rules.py's; here only what a use may be and what it does. This module
imports no other phase (they all import it): a use that needs the dice again only sets the phase.
"""

from __future__ import annotations

from assistant.games.hamsterdam.actions import Move, move_of
from assistant.games.hamsterdam.cards import (
    HAMSTER,
    MARKED,
    ability_of,
    card_of,
    distinct,
    numbers,
    plain_pieces,
    stack_add,
    turned,
)

SKIP_MOVEMENT = ("bombster", "contractster", "huckster", "momster")  # skip_uses: instead of the move (D8)
COPYCAT = "copycatster"
# What a Copycatster may copy (D13). Not the abilities that move the special itself (Napster, Speedster,
# Whack-a-Mole) or mark it (Cheekster): the Copycatster goes to the reinforcement pile after its use (D3), so
# copying them does nothing a plain hamster does not. Janitster is copied at redeployment (redeploy_uses).
COPYABLE = ("buffster", "spinster", "physicster", "mobster", "ninjaster", "blobster", "bombster", "contractster",
            "huckster", "momster", "janitster")
JANITSTER = "janitster"
INDEX = {name: index for index, name in enumerate(numbers().special_names)}


def swims(piece: str) -> bool:
    """Swimster shares a card with a flood token, in movement and redeployment, and never removes one
    (RULINGS.md section 2). Its lasting ability: only face up (it never turns, D2)."""
    return ability_of(piece) == "swimster"


def standing(state, player: int, name: str) -> list[tuple[int, str]]:
    """Where a special ``name`` showing its ability stands on the player's dam. Specials lie on top of
    their stack, so a stack topped by a plain hamster holds none; a flipped card holds nothing."""
    return [(pos, piece) for pos, stack in enumerate(state.stacks[player]) if stack and stack[-1] != HAMSTER
            for piece in distinct(stack) if ability_of(piece) == name]


def able(state, player: int, name: str) -> list[tuple[int, str, tuple]]:
    """``(position, piece, prefix)`` of each piece of the player that can use ``name``'s ability: the
    special itself, and a Copycatster while a ``name`` shows its ability on anybody's dam (D3). A
    Copycatster's use names the ability copied first in its ``cards``: ``prefix``."""
    found = [(pos, piece, ()) for pos, piece in standing(state, player, name)]
    copycats = standing(state, player, COPYCAT) if name in COPYABLE else []
    if copycats and any(standing(state, other, name) for other in range(state.num_players)):
        found += [(pos, piece, (INDEX[name],)) for pos, piece in copycats]
    return found


def neighbours(state, player: int, pos: int) -> list[int]:
    cards = state.intact(player)
    return [to for to in (pos - 1, pos + 1) if to in cards]


def has_card(state, player: int, value: int) -> bool:
    return any(state.dams[player][pos] == value for pos in state.intact(player))


# --- what can be used now ------------------------------------------------------------------------
def window_uses(state) -> list[Move]:
    player = state.queue[0]
    return WINDOWS[state.window](state, player)


def roll_own_uses(state, player: int) -> list[Move]:
    dice = state.dice
    uses = [move_of("use", piece, pos, cards=copy) for pos, piece, copy in able(state, player, "buffster")
            if sum(dice) != 7]
    uses += [move_of("use", piece, pos, cards=copy) for pos, piece, copy in able(state, player, "physicster")]
    if not state.whacked:  # Whack-a-Mole never turns: once a roll
        uses += [move_of("use", piece, pos) for pos, piece in standing(state, player, "whack-a-mole")]
    sides = (0,) if dice[0] == dice[1] else (0, 1)  # two equal dice: turning either is the same
    uses += [move_of("use", piece, pos, cards=(*copy, die, face))
             for pos, piece, copy in able(state, player, "spinster") for die in sides for face in range(1, 7)
             if face != dice[die]]
    return uses


def roll_any_uses(state, player: int) -> list[Move]:
    if state.ignore[player]:
        return []
    value = state.value
    changes = [change for change in (-1, 1) if 2 <= value + change <= 12 and not state.adjust[player]
               and (has_card(state, player, value) or has_card(state, player, value + change))]
    uses = [move_of("use", piece, pos, cards=(*copy, change)) for pos, piece, copy in able(state, player, "mobster")
            for change in changes]
    if has_card(state, player, value + state.adjust[player]):
        uses += [move_of("use", piece, pos, cards=copy) for pos, piece, copy in able(state, player, "ninjaster")]
    return uses


def napster_uses(state, player: int) -> list[Move]:
    tokens = state.tokens[player]
    return [move_of("use", piece, pos, to) for pos, piece in standing(state, player, "napster")
            for to in neighbours(state, player, pos) if not tokens[to]]


def skip_uses(state, player: int) -> list[Move]:
    others = [other for other in range(state.num_players) if other != player]
    uses = [move_of("use", piece, pos, to, (*copy, other)) for pos, piece, copy in able(state, player, "bombster")
            for other in others for to in state.intact(other)]
    tokens, stacks = state.tokens[player], state.stacks[player]
    # never under a hamster that does not swim: no hamster stands on a token outside Swimster's rule (D14)
    uses += [move_of("use", piece, pos, to, (*copy, start)) for pos, piece, copy in able(state, player, "contractster")
             for start in state.intact(player) if tokens[start] for to in neighbours(state, player, start)
             if all(map(swims, stacks[to]))]
    uses += [move_of("use", piece, pos, to, (*copy, other, start))
             for pos, piece, copy in able(state, player, "huckster")
             for other in others for start in state.intact(other) if plain_pieces(state.stacks[other][start])
             for to in neighbours(state, other, start)]
    if plain_pieces(state.reserve[player]):  # a turned special is a plain hamster (RULINGS.md section 2)
        uses += [move_of("use", piece, pos, cards=copy) for pos, piece, copy in able(state, player, "momster")]
    return uses


def speedster_uses(state, player: int) -> list[Move]:
    """Each face-up Speedster moves once a movement phase: it turns after its move (D2, D15)."""
    return [move_of("use", piece, pos, to) for pos, piece in standing(state, player, "speedster")
            for to in state.intact(player) if to != pos]


def flood_uses(state, player: int, pos: int) -> list[Move]:
    beside = neighbours(state, player, pos)
    uses = [move_of("use", piece, at, pos, copy) for at, piece, copy in able(state, player, "blobster") if at in beside]
    return uses + [move_of("use", piece, pos, pos) for piece in distinct(state.stacks[player][pos])
                   if ability_of(piece) == "cheekster"]


def note_janitster(state) -> None:
    """As redeployment begins, before the dams are taken up: who has Janitster on the dam, and who a
    face-up Copycatster while a face-up Janitster stands on any dam (D13, D15)."""
    state.janitor = [bool(standing(state, player, JANITSTER)) for player in range(state.num_players)]
    state.copy_janitor = [any(state.janitor) and bool(standing(state, player, COPYCAT))
                          for player in range(state.num_players)]


def redeploy_uses(state, player: int) -> list[Move]:
    """Janitster, or a Copycatster as Janitster, with a flood token on the dam to clear."""
    if not any(state.tokens[player]):
        return []
    uses = [move_of("use", JANITSTER)] if state.janitor[player] and JANITSTER in state.hand[player] else []
    if state.copy_janitor[player] and COPYCAT in state.hand[player]:
        uses.append(move_of("use", COPYCAT, cards=(INDEX[JANITSTER],)))
    return uses


WINDOWS = {"roll_own": roll_own_uses, "roll_any": roll_any_uses, "napster": napster_uses, "skip": skip_uses}


# --- what a use does -----------------------------------------------------------------------------
def use(state, player: int, move: Move) -> None:
    """Carry out a use that was listed; the special turns where D2 says so. A Copycatster does what
    the special copied does, and then goes to the reinforcement pile, turned (D3)."""
    name = card_of(move.piece)
    state.say("log.hamsterdam.used", player=player, use=move.to_data())
    if name == COPYCAT:  # the copied effect sends the Copycatster used, and only it, off (_turn_in_place)
        EFFECTS[numbers().special_names[move.cards[0]]](state, player, copied(move))
    else:
        EFFECTS[name](state, player, move)


def after_use(piece: str) -> str:
    """The side a special shows after its ability was used: its plain side for good where the data
    file says it flips (D2), else its own."""
    return turned(piece) if numbers().specials[card_of(piece)].flips else piece


def copied(move: Move) -> Move:
    """A Copycatster's use as the use of the special it copies, made by the Copycatster."""
    return Move("use", move.piece, move.at, move.to, move.cards[1:])


def _turn_in_place(state, player: int, pos: int, piece: str) -> None:
    """The special used turns where it stands; a Copycatster goes to the reinforcement pile instead (D3).
    Only the piece used: another Copycatster on the same card, face up or turned, stays there."""
    if card_of(piece) == COPYCAT:
        _retire(state, player, pos, piece)
        return
    stack = state.stacks[player][pos]
    stack.remove(piece)
    stack_add(stack, after_use(piece))


def _retire(state, player: int, pos: int, piece: str) -> None:
    """To the reinforcement pile after its use (Blobster, Ninjaster, a marked Cheekster, a Copycatster)."""
    state.stacks[player][pos].remove(piece)
    stack_add(state.reserve[player], after_use(piece))


def _buffster(state, player: int, move: Move) -> None:
    state.dice = (7 - state.dice[0], 7 - state.dice[1])
    state.value = sum(state.dice)
    _turn_in_place(state, player, move.at, move.piece)


def _spinster(state, player: int, move: Move) -> None:
    die, face = move.cards
    dice = list(state.dice)
    dice[die] = face
    state.dice, state.value = (dice[0], dice[1]), sum(dice)
    _turn_in_place(state, player, move.at, move.piece)


def _mobster(state, player: int, move: Move) -> None:
    state.adjust[player] = move.cards[0]
    _turn_in_place(state, player, move.at, move.piece)


def _ninjaster(state, player: int, move: Move) -> None:
    state.ignore[player] = True
    _retire(state, player, move.at, move.piece)


def _napster(state, player: int, move: Move) -> None:
    state.stacks[player][move.at].remove(move.piece)
    stack_add(state.stacks[player][move.to], after_use(move.piece))  # Napster does not flip (D2)


def _speedster(state, player: int, move: Move) -> None:
    state.stacks[player][move.at].remove(move.piece)
    state.sped[player] = True
    land(state, player, move.to, after_use(move.piece))


def land(state, player: int, to: int, piece: str) -> None:
    """A piece moved in the movement phase: onto a flood token it leaves the game and the token goes
    back to the supply, unless it swims."""
    if state.tokens[player][to] and not swims(piece):
        state.clear_tokens(player, to)
        state.removed[player].append(piece)
        state.say("log.hamsterdam.move_cleared", player=player, piece=piece, **state.card(player, to))
    else:
        stack_add(state.stacks[player][to], piece)


def _bombster(state, player: int, move: Move) -> None:
    _turn_in_place(state, player, move.at, move.piece)
    state.floods = [(move.cards[0], move.to)]  # resolved by the player whose dam it hits (D8)
    state.bombing = True


def _contractster(state, player: int, move: Move) -> None:
    state.tokens[player][move.cards[0]] -= 1
    state.tokens[player][move.to] += 1
    _turn_in_place(state, player, move.at, move.piece)


def _huckster(state, player: int, move: Move) -> None:
    """Another player's plain hamster (a turned special too) one card along."""
    other, start = move.cards
    hamster = plain_pieces(state.stacks[other][start])[0]
    state.stacks[other][start].remove(hamster)
    land(state, other, move.to, hamster)
    _turn_in_place(state, player, move.at, move.piece)


def _momster(state, player: int, move: Move) -> None:
    """Two plain hamsters (turned specials too) from the reinforcement pile to Momster's card."""
    for hamster in plain_pieces(state.reserve[player])[:2]:
        state.reserve[player].remove(hamster)
        stack_add(state.stacks[player][move.at], hamster)
    _turn_in_place(state, player, move.at, move.piece)


def _blobster(state, player: int, move: Move) -> None:
    _retire(state, player, move.at, move.piece)


def _cheekster(state, player: int, move: Move) -> None:
    """The first flood marks Cheekster (a marker, not a flood token: D7); the second sends it off."""
    if move.piece.startswith(MARKED):
        _retire(state, player, move.at, move.piece)
    else:
        stack = state.stacks[player][move.at]
        stack.remove(move.piece)
        stack_add(stack, MARKED + move.piece)


def _physicster(state, player: int, move: Move) -> None:
    _turn_in_place(state, player, move.at, move.piece)
    roll_again(state, "physicster", move.at)


def _whack_a_mole(state, player: int, move: Move) -> None:
    state.whacked = True
    roll_again(state, "whack-a-mole", move.at)


def roll_again(state, pending: str, at: int) -> None:
    """A use that needs the dice rolled once more: the chance node of the second roll (rolls.second_roll
    resolves it, then the window goes on)."""
    state.pending, state.pending_at = pending, at
    state.phase = "reroll"
    state.draw_dice()


def _janitster(state, player: int, move: Move) -> None:
    """Every flood token off the dam, back to the supply (D15). Janitster leaves the game; a Copycatster
    that copied it goes to the reinforcement pile, turned (D3)."""
    state.hand[player].remove(move.piece)
    if card_of(move.piece) == COPYCAT:
        stack_add(state.reserve[player], after_use(move.piece))
    else:
        state.removed[player].append(move.piece)
    for pos, count in enumerate(state.tokens[player]):
        state.clear_tokens(player, pos, count)


EFFECTS = {
    "buffster": _buffster, "spinster": _spinster, "mobster": _mobster, "ninjaster": _ninjaster, "napster": _napster,
    "speedster": _speedster, "bombster": _bombster, "contractster": _contractster, "huckster": _huckster,
    "momster": _momster, "blobster": _blobster, "cheekster": _cheekster, "janitster": _janitster,
    "physicster": _physicster, "whack-a-mole": _whack_a_mole,
}
