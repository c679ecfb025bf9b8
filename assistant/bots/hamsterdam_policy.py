"""How the Hamsterdam bots judge a table and choose a move without search (the bots are in hamsterdam.py).

Easy: greedy, from what the seat sees. Every roll of two dice floods every player's cards showing
its value, so a card of value v floods with the odds of v (``ODDS``: 6 of 36 for a 7, 1 of 36 for
a 2 or a 12), and about ``rolls`` times those odds before the next redeployment. A flood that no
hamster plugs costs a point (a token on the dam or in the pile), so a piece on a card is worth the
chance that the card floods at least once more than the pieces under it can plug (``cover``). From
that: put pieces where they cover most, plain hamsters first (specials later, on top, where a plain
hamster plugs before them); let a spare piece clear a flood token; plug with a plain hamster before
a special; use an ability when it saves about a point; in the movement phase move the piece that
covers more where it goes; flip the end of the dam that floods most and holds the fewest tokens.

Each choice comes with the reason it was made (a catalogue key under ``bot.hamsterdam`` and its
values), for the hints.
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import NamedTuple

from assistant.games.hamsterdam.actions import Move
from assistant.games.hamsterdam.cards import (
    HAMSTER,
    LEFT,
    card_of,
    is_plain,
    numbers,
    piece_text,
    plain_pieces,
    special_name,
    told_apart,
)
from assistant.i18n import Text

ODDS = {value: (6 - abs(value - 7)) / 36 for value in range(2, 13)}
WAYS = {value: 6 - abs(value - 7) for value in range(2, 13)}  # of 36 rolls: for the reasons
PLUG_COST = 0.3  # a piece that plugs is off the dam until the next redeployment
CLEAR_WORTH = 0.7  # a token off the dam is a point back, but the piece leaves the game for good
USE_AT = 0.8  # an ability is used when it saves about this many points: it turns for good
# The hard bot's own moves use abilities more freely: alone, this won 55% of 800 two-player games against
# easy (0.1 did 52%); changing the other weights here one at a time gained nothing clear.
SHARP_USE_AT = 0.4
SPECIAL_ON_TOP = 0.15  # a special on a card with a plain hamster: the plain one plugs first
SPECIAL_LATER = 1.0  # a special is placed after the plain hamsters: its ability is worth keeping off the floods
BREACH_TOKENS = 0.5  # a token a flipped card sends to the pile brings the next breach and the end nearer
MOVE_AT = 0.05  # a move must cover this much more than it leaves bare
# What a kept special is worth to the easy bot, roughly: those that stop floods or clear tokens most.
SPECIAL_WORTH = {
    "janitster": 5, "cheekster": 5, "blobster": 4, "twinsters": 4, "buffster": 3, "spinster": 3, "ninjaster": 3,
    "mobster": 3, "physicster": 2, "napster": 2, "momster": 2, "bombster": 2, "swimster": 2, "copycatster": 2,
    "contractster": 1, "huckster": 1, "speedster": 1, "whack-a-mole": 1,
}


class Table(NamedTuple):
    """What the seat to move knows, from a view or (in rollouts) from a state."""

    me: int
    phase: str
    window: str
    dams: list  # per player: the card values left to right
    flipped: list
    tokens: list
    stacks: list
    hand: list  # my pieces to place
    reserve: list
    held: list  # my dam cards not yet laid
    offered: list  # the specials dealt to me, to keep some
    dice: tuple | None
    value: int  # what the dice show after the roll's abilities
    adjust: list
    second: tuple | None  # Physicster's or Whack-a-Mole's second roll
    rolls: int  # rolls before the next redeployment
    flood: tuple | None  # (player, position) of the flood being resolved


def table_from_view(view: dict) -> Table:
    me = view["me"]
    players = view["players"]
    mine = players[me]
    dams = [[card["value"] for card in p["dam"]] for p in players]
    flipped = [[card["flipped"] for card in p["dam"]] for p in players]
    tokens = [[card["tokens"] for card in p["dam"]] for p in players]
    stacks = [[card["pieces"] for card in p["dam"]] for p in players]
    rolls = view["turns_per_round"] - view["turns"] % view["turns_per_round"]
    return Table(me, view["phase"], view["progress"]["window"], dams, flipped, tokens, stacks, mine["hand"],
                 mine["reserve"], mine["held"], mine["offered"] or [], tuple(view["dice"] or ()) or None,
                 view["value"] or 0, view["adjust"], tuple(view["second"] or ()) or None, rolls,
                 (view["flood"]["player"], view["flood"]["at"]) if view["flood"] else None)


def table_from_state(state) -> Table:
    """The seat to move's own pieces and the public table only (the rollouts play fair in their deal)."""
    me = state.current_player
    rolls = state.round_turns - state.turns % state.round_turns
    return Table(me, state.phase, state.window, state.dams, state.flipped, state.tokens, state.stacks,
                 state.hand[me], state.reserve[me], state.held[me], state.offered[me], state.dice, state.value,
                 state.adjust, state.second, rolls, state.floods[0] if state.phase == "flood" else None)


@cache
def at_least(rolls: int, value: int, count: int) -> float:
    """The chance that ``value`` is rolled at least ``count`` times in ``rolls`` rolls."""
    p = ODDS[value]
    return 1.0 - sum(comb(rolls, k) * p ** k * (1 - p) ** (rolls - k) for k in range(min(count, rolls + 1)))


@cache
def excess(rolls: int, value: int, pieces: int) -> float:
    """The floods a card of ``value`` with ``pieces`` on it can expect in ``rolls`` rolls beyond what
    they plug: each costs a point."""
    return sum(at_least(rolls, value, count) for count in range(pieces + 1, rolls + 1))


def cover(table: Table, player: int, pos: int, pieces: int) -> float:
    """What one more piece on the card adds, with ``pieces`` there already."""
    return at_least(table.rolls, table.dams[player][pos], pieces + 1)


def loss(table: Table, player: int, value: int) -> float:
    """What a flood at ``value`` costs the player now: a point per card without a piece, less with one."""
    dam, flipped, stacks = table.dams[player], table.flipped[player], table.stacks[player]
    return sum(PLUG_COST if stacks[pos] else 1.0 for pos in range(len(dam)) if dam[pos] == value and not flipped[pos])


def net_loss(table: Table, value: int) -> float:
    """My loss at ``value`` less the others' average: rolls that flood the others are good for me."""
    others = [p for p in range(len(table.dams)) if p != table.me]
    return loss(table, table.me, value) - sum(loss(table, p, value) for p in others) / len(others)


def card_at(table: Table, player: int, pos: int, name: str = "value") -> dict:
    """A card as a reason names it, by its number as the table shows it: "the 10", or "the 10 (left)"
    where the dam shows a 10 twice."""
    return {name: told_apart(table.dams[player], pos)}


def use_name(move: Move) -> str:
    """The ability a use makes: a Copycatster's names the special it copies first."""
    name = card_of(move.piece)
    return numbers().special_names[move.cards[0]] if name == "copycatster" else name


def use_args(move: Move) -> tuple:
    return move.cards[1:] if card_of(move.piece) == "copycatster" else move.cards


def piece_rank(piece: str) -> tuple[int, int]:
    """Which piece to give up first: a plain hamster, then a turned special, then the least worth."""
    if piece == HAMSTER:
        return 0, 0
    if piece.startswith("turned:"):
        return 1, 0
    return 2, SPECIAL_WORTH.get(card_of(piece), 0)


# --- the choices: (move, reason key, its values) ---------------------------------------------------
def easy_choice(table: Table, legal: list, use_at: float = USE_AT) -> tuple[Move, str, dict]:
    """The easy choice (``use_at``: the points an ability must save; the hard bot's own is lower)."""
    if len(legal) == 1:
        return legal[0], "only", {}
    kinds = {move.kind for move in legal}
    if table.phase == "window":
        return window_choice(table, legal, use_at)
    for kind in ("pass", "lay", "keep", "breach", "sacrifice", "dice"):
        if kind in kinds:
            return CHOOSERS[kind](table, legal)
    if table.phase == "flood":
        return flood_choice(table, legal)
    if table.phase == "move":
        return move_choice(table, legal)
    return place_choice(table, legal)  # placing, and Whack-a-Mole's card


def pass_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    """Pass the cards that flood most and bring fewest pieces (a 7 has no dots and floods most)."""
    table_data = numbers()

    def burden(value: int) -> float:
        return table.rolls * ODDS[value] - table_data.orange.get(value, 0) - 1.5 * table_data.blue.get(value, 0)

    move = max(legal, key=lambda m: sum(burden(v) for v in m.cards))
    # With two players both cards go to the other player: no left and right.
    return move, "pass_both" if len(table.dams) == 2 else "pass", {"left": move.cards[0], "right": move.cards[1]}


def dam_order(cards: list[int]) -> list[int]:
    """The dam the easy bot aims at: the cards that flood most at the ends (a breach flips an end, and
    then it floods no more), the least likely in the middle."""
    ranked = sorted(cards, key=lambda value: (-ODDS[value], value))
    left, right = [], []
    for n, value in enumerate(ranked):
        (left if n % 2 == 0 else right).append(value)
    return left + right[::-1]


def lay_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    laid = table.dams[table.me]
    aim = dam_order(laid + table.held)[len(laid)]
    move = next((m for m in legal if m.at == aim), legal[0])
    return move, "lay_end" if ODDS[move.at] >= ODDS[6] else "lay_middle", {"value": move.at}


def keep_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    move = max(legal, key=lambda m: sum(SPECIAL_WORTH.get(name, 0) for name in m.cards))
    return move, "keep", {"names": ", ".join(special_name(name) for name in move.cards)}


def breach_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    """Flip the end that floods most (it floods no more) and sends the fewest tokens to the pile."""
    cards = [pos for pos, flipped in enumerate(table.flipped[table.me]) if not flipped]
    dam, tokens = table.dams[table.me], table.tokens[table.me]

    def gain(move: Move) -> float:
        pos = cards[0] if move.side == LEFT else cards[-1]
        return table.rolls * ODDS[dam[pos]] - BREACH_TOKENS * tokens[pos]

    move = max(legal, key=gain)
    pos = cards[0] if move.side == LEFT else cards[-1]
    return move, "breach", card_at(table, table.me, pos) | {"ways": WAYS[dam[pos]]}


def sacrifice_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    move = min(legal, key=lambda m: piece_rank(m.piece))
    return move, "sacrifice", {"piece": piece_text(move.piece)}


def dice_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    move = min(legal, key=lambda m: net_loss(table, sum(m.cards)))
    return move, "dice", {"value": sum(move.cards)}


def flood_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    """A plain hamster (or a turned special) plugs; else Cheekster stops it and stays; else the least worth piece plugs;
    with nothing there, an ability stops it."""
    plugs = sorted((m for m in legal if m.kind == "plug"), key=lambda m: piece_rank(m.piece))
    uses = [m for m in legal if m.kind == "use"]
    cheek = [m for m in uses if use_name(m) == "cheekster"]
    player, pos = table.flood
    where = card_at(table, player, pos)
    if plugs and is_plain(plugs[0].piece):  # a turned special is a plain hamster
        if len(plugs) > 1:
            return plugs[0], "plug_plain", where | {"special": piece_text(plugs[-1].piece)}
        return plugs[0], "plug", where
    if cheek:
        return cheek[0], "cheekster", where
    if plugs:
        return plugs[0], "plug_least" if len(plugs) > 1 else "plug", where
    if uses:
        return uses[0], "stop", where
    return legal[0], "only", {}


def place_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    """Plain hamsters first, each where it covers most; a spare one clears a flood token; then the specials."""
    me = table.me
    stacks = table.stacks[me]

    def worth(move: Move) -> float:
        if move.kind == "use":  # Janitster, or a Copycatster as Janitster (it stays in the game): every token off
            return sum(table.tokens[me]) - (1.5 if move.piece == "janitster" else 1.0)
        if move.kind == "clear":
            return CLEAR_WORTH if move.piece == HAMSTER else CLEAR_WORTH - 0.5
        if move.kind == "done":
            return 0.0
        value = cover(table, me, move.at, len(stacks[move.at]))
        if move.piece != HAMSTER:
            value += special_bonus(table, move) - SPECIAL_LATER
        return value

    # "Place as before" is the table's shortcut for many puts: the bots place piece by piece.
    move = max((move for move in legal if move.kind != "restore"), key=worth)
    if move.kind == "put":
        ways = WAYS[table.dams[me][move.at]]
        return move, "put" if move.piece == HAMSTER else "put_special", card_at(table, me, move.at) | {"ways": ways}
    if move.kind == "clear":
        return move, "clear", card_at(table, me, move.at)
    if move.kind == "done":
        return move, "done", {}
    count = sum(table.tokens[me])
    key = "janitster" if move.piece == "janitster" else "copy_janitster"
    return move, f"{key}_one" if count == 1 else key, {"count": count}


def special_bonus(table: Table, move: Move) -> float:
    """Where a special stands matters: on top of a plain hamster it is not the one to plug; Cheekster
    stops floods on its card, Blobster on the cards beside it."""
    me, pos = table.me, move.at
    stack = table.stacks[me][pos]
    bonus = SPECIAL_ON_TOP if HAMSTER in stack else 0.0
    name = card_of(move.piece)
    dam = table.dams[me]
    if name == "cheekster":
        bonus += table.rolls * ODDS[dam[pos]] * 0.3
    if name == "blobster":
        bonus += sum(ODDS[dam[n]] for n in (pos - 1, pos + 1) if 0 <= n < len(dam)) * table.rolls * 0.2
    return bonus


def move_choice(table: Table, legal: list) -> tuple[Move, str, dict]:
    """The move that covers most where the piece goes less what it leaves; onto a flood token, a plain
    hamster clears it; or no move (after the normal move: no Speedster move). Where no "no move" is
    offered, the best move is made, and its reason says so."""
    me = table.me
    tokens = table.tokens[me]
    move = max(legal, key=lambda m: move_gain(table, m))
    enough = next((m for m in legal if m.kind in ENOUGH), None)
    if enough is not None and (move.kind in ENOUGH or move_gain(table, move) <= MOVE_AT):
        return enough, "stay" if enough.kind == "stay" else "no_speedster", {}
    dam = table.dams[me]
    where = card_at(table, me, move.at, "start") | card_at(table, me, move.to)  # "the 10 (left)"
    if tokens[move.to] and card_of(move.piece) != "swimster":
        return move, "move_clear", where
    if move_gain(table, move) <= MOVE_AT:
        return move, "move_forced", where
    return move, "move", where | {"ways": WAYS[dam[move.to]]}


ENOUGH = ("stay", "go_on")  # no move, or no (more) Speedster move after the normal one


def move_gain(table: Table, move: Move) -> float:
    """What a move in the movement phase covers where the piece goes, less what it leaves bare."""
    if move.kind in ENOUGH:
        return 0.0
    if move.kind == "use" and use_name(move) != "speedster":
        return -1.0
    me = table.me
    stacks = table.stacks[me]
    left = at_least(table.rolls, table.dams[me][move.at], len(stacks[move.at]))
    if table.tokens[me][move.to] and card_of(move.piece) != "swimster":
        arrive = CLEAR_WORTH - 0.5 * (move.piece != HAMSTER)
    else:
        arrive = cover(table, me, move.to, len(stacks[move.to]))
    return arrive - left - (0.1 if move.piece != HAMSTER else 0.0)


def place_candidates(table: Table, legal: list) -> list[Move]:
    """The placing moves worth comparing: for each kind of piece, the put that covers most and the clear
    of the token on the card that floods most; Janitster; done."""
    me = table.me
    stacks, dam = table.stacks[me], table.dams[me]
    best: dict[tuple[str, str], tuple[float, Move]] = {}
    for move in legal:
        if move.kind == "restore":  # the bots place piece by piece
            continue
        if move.kind == "put":
            score = cover(table, me, move.at, len(stacks[move.at]))
        elif move.kind == "clear":
            score = ODDS[dam[move.at]]
        else:
            score = 0.0
        key = (move.kind, move.piece)
        if key not in best or score > best[key][0]:
            best[key] = (score, move)
    return [move for _, move in best.values()]


# --- the abilities' windows -----------------------------------------------------------------------
def window_choice(table: Table, legal: list, use_at: float) -> tuple[Move, str, dict]:
    """The use that saves most, if it saves enough (about a point); else go on."""
    best, best_gain, why, params = None, use_at, "", {}
    for move in legal:
        if move.kind != "use":
            continue
        gain, key, values = use_gain(table, move)
        if gain > best_gain:
            best, best_gain, why, params = move, gain, key, values
    if best is None:
        return next(m for m in legal if m.kind == "go_on"), "go_on", {}
    return best, why, params


def use_gain(table: Table, move: Move) -> tuple[float, str, dict]:
    """What a use saves me (less what it saves the others), in points, and the reason's key and values."""
    name, args = use_name(move), use_args(move)
    value = table.value
    if name in ("buffster", "spinster"):
        if name == "buffster":
            new = 14 - value
        else:
            dice = list(table.dice)
            dice[args[0]] = args[1]
            new = sum(dice)
        return net_loss(table, value) - net_loss(table, new), "use_roll", {"value": value, "new": new}
    if name == "physicster":
        now = net_loss(table, value)
        odds = sum(ODDS[v] * max(0.0, now - net_loss(table, v)) for v in range(2, 13))
        return odds, "use_physicster", {"value": value}
    mine = value + table.adjust[table.me]
    if name == "mobster":
        new = mine + args[0]
        return loss(table, table.me, mine) - loss(table, table.me, new), "use_mobster", {"value": mine, "new": new}
    if name == "ninjaster":
        return loss(table, table.me, mine), "use_ninjaster", {"value": mine}
    if name == "napster":
        dam, stacks = table.dams[table.me], table.stacks[table.me]
        saves = dam[move.to] == mine and not stacks[move.to] and (dam[move.at] != mine or len(stacks[move.at]) > 1)
        return float(saves), "use_napster", card_at(table, table.me, move.to)
    return skip_gain(table, move, name, args)


def skip_gain(table: Table, move: Move, name: str, args: tuple) -> tuple[float, str, dict]:
    """Bombster floods another player's card without a piece; Momster brings two hamsters back."""
    if name == "bombster":
        other = args[0]
        value = table.dams[other][move.to]
        empty = not table.stacks[other][move.to]
        # "player 2" here; the table says the player's name (the seat, for the page to look it up)
        where = card_at(table, other, move.to) | {"player": Text("move.hamsterdam.player", n=other + 1)}
        return (1.0 + ODDS[value] if empty else 0.0), "use_bombster", where
    if name == "momster":
        me = table.me
        pieces = len(table.stacks[me][move.at])
        count = min(2, len(plain_pieces(table.reserve)))  # turned specials come too
        gain = sum(cover(table, me, move.at, pieces + n) for n in range(count))
        return gain, "use_momster", card_at(table, me, move.at)
    return 0.0, "go_on", {}  # Contractster, Huckster, Whack-a-Mole, Speedster here: the easy bot lets them be


CHOOSERS = {"pass": pass_choice, "lay": lay_choice, "keep": keep_choice, "breach": breach_choice,
            "sacrifice": sacrifice_choice, "dice": dice_choice}


def easy_move(view: dict, legal: list) -> Move:
    return legal[0] if len(legal) == 1 else easy_choice(table_from_view(view), legal)[0]


def sharp_choice(view: dict, legal: list) -> tuple[Move, str, dict]:
    return easy_choice(table_from_view(view), legal, SHARP_USE_AT)


def rollout_move(state) -> Move:
    """The easy policy for whoever is to move, read from the state (cheaper than a view)."""
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else easy_choice(table_from_state(state), legal)[0]


def own_rollout_move(state) -> Move:
    """The searching seat's own later moves in a rollout: as it would play them without search."""
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else easy_choice(table_from_state(state), legal, SHARP_USE_AT)[0]
