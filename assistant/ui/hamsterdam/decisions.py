"""Which tap, or which button, makes each legal Hamsterdam move (board.py names the parts).

Every legal move is reachable: a phase maps a move to the part a player would tap for it (the
hamster that plugs, the card a hamster moves to, the end of the dam that flips); a move whose part
is taken already, or that has no part, becomes a button with the move in words. The same mapping
reads a decision back, so the board and the engine never disagree on what a tap means.

- one tap decides (``select="one"``): laying, plugging, abilities, breaches, sacrifices, Whack-a-Mole;
- two taps and a button (``pairs``): passing (a card to the left, one to the right), moving (a hamster,
  then the card it goes to);
- a tap per card with the piece chosen above (``modes``): placing hamsters;
- several taps and a button: keeping specials, the two dice of a real roll.
"""

from __future__ import annotations

from typing import NamedTuple

from assistant.games.hamsterdam.actions import Move
from assistant.games.hamsterdam.cards import HAMSTER, card_of, distinct

# Moves whose card lies in ``cards`` (a Copycatster's use names the special copied first).
TARGET_ELSEWHERE = ("bombster",)


class Board(NamedTuple):
    """What the tap board is given, and how to read a decision back into a move."""

    select: str  # "one", "many" or "none"
    tappable: list[str]
    most: int = 0  # parts a selection holds at most ("many")
    pairs: dict[str, list[str]] | None = None
    modes: list[dict] = []
    taps: dict = {}  # a part, a (part, part) pair or a (mode, part): the move it makes
    extra: list[tuple[str, Move]] = []  # (button id, move) for moves no tap makes
    button: str = ""  # the button that decides a selection ("pass", "keep", "move")


def piece_part(seat: int, at: int, piece: str) -> str:
    return f"p{seat}-{at}-{piece}"


def card_part(seat: int, at: int) -> str:
    return f"c{seat}-{at}"


def board_for(view: dict, legal: list, seat: int) -> Board:
    """The board of the decision ``seat`` makes now, from its view and the legal moves."""
    phase = view["phase"]
    if phase == "pass":
        return _passing(view, legal, seat)
    if phase == "keep":
        return Board("many", [f"k{n}" for n in range(len(view["players"][seat]["offered"] or []))],
                     most=len(legal[0].cards) if legal else 0, button="keep")
    if phase == "place":
        return _placing(legal, seat)
    if phase == "move":
        return _moving(legal, seat)
    return _one_tap(view, legal, seat)


def _one_tap(view: dict, legal: list, seat: int) -> Board:
    """Each move its part, first come first served; the rest become buttons."""
    taps: dict[str, Move] = {}
    extra = []
    # An ability before a plain plug: a tap on a Cheekster uses it (a plug with it stays a button).
    for move in sorted(legal, key=lambda move: move.kind != "use"):
        part = _part_of(view, move, seat)
        if part is None or part in taps:
            extra.append((f"x{legal.index(move)}", move))
        else:
            taps[part] = move
    extra.sort(key=lambda item: legal.index(item[1]))
    return Board("one", sorted(taps), taps=taps, extra=extra)


def _part_of(view: dict, move: Move, seat: int) -> str | None:
    kind = move.kind
    if kind == "lay":
        return f"h{move.at}"
    if kind == "plug":
        return piece_part(seat, view["flood"]["at"], move.piece)
    if kind == "sacrifice":
        return f"m-{move.piece}"
    if kind == "breach":
        intact = [pos for pos, card in enumerate(view["players"][seat]["dam"]) if not card["flipped"]]
        return card_part(seat, intact[0] if move.side == "left" else intact[-1])
    if kind == "put":  # Whack-a-Mole lands on a card of the second roll
        return card_part(seat, move.at)
    if kind != "use":
        return None
    name = card_of(move.piece)
    copied = name == "copycatster"
    if name in ("napster", "speedster"):
        return card_part(seat, move.to)
    if name in ("blobster", "cheekster") and view["phase"] == "flood":
        return piece_part(seat, move.at, move.piece)
    if copied and view["phase"] == "flood":
        return None
    if name in TARGET_ELSEWHERE and not copied:
        return card_part(move.cards[0], move.to)
    return None  # Contractster, Huckster, Momster, the roll's specials: a button says what they do


def _passing(view: dict, legal: list, seat: int) -> Board:
    held = view["players"][seat]["held"]
    if view["num_players"] == 2:  # both cards to the opponent: any two
        return Board("many", [f"h{value}" for value in distinct(held)], most=2, button="pass")
    pairs: dict[str, list[str]] = {}
    for move in legal:
        left, right = move.cards
        pairs.setdefault(f"l{left}", []).append(f"r{right}")
        pairs.setdefault(f"r{right}", []).append(f"l{left}")
    return Board("many", sorted(pairs), most=2, pairs=pairs, button="pass")


def passing_move(view: dict, seat: int, selection: list[str]) -> Move | None:
    if view["num_players"] == 2:
        values = sorted(_number(part[1:]) for part in selection if part.startswith("h"))
        return Move("pass", cards=tuple(values)) if len(values) == 2 and None not in values else None
    left = [_number(part[1:]) for part in selection if part.startswith("l")]
    right = [_number(part[1:]) for part in selection if part.startswith("r")]
    if len(left) != 1 or len(right) != 1 or None in left + right:
        return None
    return Move("pass", cards=(left[0], right[0]))


def selection_parts(view: dict, seat: int, move: Move) -> list[str]:
    """The parts a player selects for a pass or a keep (what a hint marks, what a test taps)."""
    if move.kind == "pass":
        if view["num_players"] == 2:
            return [f"h{value}" for value in move.cards]
        return [f"l{move.cards[0]}", f"r{move.cards[1]}"]
    offered, parts = list(view["players"][seat]["offered"] or []), []
    for name in move.cards:  # two copies of one special are two parts
        parts.append(next(f"k{n}" for n, shown in enumerate(offered) if shown == name and f"k{n}" not in parts))
    return parts


def keeping_move(view: dict, seat: int, selection: list[str]) -> Move | None:
    offered = view["players"][seat]["offered"] or []
    numbers = [_number(part[1:]) for part in selection if part.startswith("k")]
    if not numbers or any(number is None or number >= len(offered) for number in numbers):
        return None
    return Move("keep", cards=tuple(sorted(offered[number] for number in numbers)))


def _placing(legal: list, seat: int) -> Board:
    """A mode per kind of piece in the hand (plain hamsters first); a tap on a card puts it there, or,
    on a card with a flood token, clears the token with it."""
    pieces = distinct(move.piece for move in legal if move.kind in ("put", "clear"))
    pieces.sort(key=lambda piece: piece != HAMSTER)
    taps: dict[tuple[str, str], Move] = {}
    for move in sorted(legal, key=lambda move: move.kind != "put"):  # a Swimster is put, not spent
        if move.kind in ("put", "clear"):
            taps.setdefault((f"x{pieces.index(move.piece)}", card_part(seat, move.at)), move)
    modes = [{"id": f"x{n}", "piece": piece,
              "tappable": sorted(part for mode, part in taps if mode == f"x{n}")} for n, piece in enumerate(pieces)]
    extra = [(f"x{legal.index(move)}b", move) for move in legal if move.kind not in ("put", "clear")]
    return Board("one", [], modes=modes, taps=taps, extra=extra)


def _moving(legal: list, seat: int) -> Board:
    """A hamster, then the card it goes to (Speedster: any card), then Move."""
    taps: dict[tuple[str, str], Move] = {}
    pairs: dict[str, list[str]] = {}
    for move in legal:
        if move.kind not in ("move", "use"):
            continue
        pair = (piece_part(seat, move.at, move.piece), card_part(seat, move.to))
        if pair in taps:
            continue
        taps[pair] = move
        pairs.setdefault(pair[0], []).append(pair[1])
        pairs.setdefault(pair[1], []).append(pair[0])
    extra = [(f"x{legal.index(move)}", move) for move in legal if move.kind not in ("move", "use")]
    return Board("many", sorted(pairs), most=2, pairs=pairs, taps=taps, extra=extra, button="move")


def move_of(board: Board, view: dict, seat: int, button: str, selection: list[str]) -> Move | None:
    """The move a decision names on ``board``, or None for one our board never sends."""
    for button_id, move in board.extra:
        if button_id == button:
            return move
    phase = view["phase"]
    if button == "pass" and phase == "pass":
        return passing_move(view, seat, selection)
    if button == "keep" and phase == "keep":
        return keeping_move(view, seat, selection)
    if button == "move" and len(selection) == 2:
        first, second = selection
        return board.taps.get((first, second)) or board.taps.get((second, first))
    if board.modes and len(selection) == 1:
        return board.taps.get((button, selection[0]))
    if button == "choose" and len(selection) == 1:
        return board.taps.get(selection[0])
    return None


def parts_of(board: Board, move: Move) -> tuple[list[str], str | None]:
    """The parts a hint marks for ``move``, and the mode or button it needs (for the hint's ring)."""
    for key, taken in board.taps.items():
        if taken == move:
            if isinstance(key, str):
                return [key], None
            if board.modes:
                return [key[1]], key[0]
            return list(key), None
    for button_id, taken in board.extra:
        if taken == move:
            return [], button_id
    return [], None


def dice_roll(selection: list[str]) -> tuple[int, int] | None:
    """A real roll: one face of each die (parts ``a{face}``, ``b{face}``)."""
    first = [_number(part[1:]) for part in selection if part.startswith("a")]
    second = [_number(part[1:]) for part in selection if part.startswith("b")]
    if len(first) != 1 or len(second) != 1 or not all(face in range(1, 7) for face in first + second):
        return None
    return first[0], second[0]


def dice_pairs() -> dict[str, list[str]]:
    return {**{f"a{face}": [f"b{other}" for other in range(1, 7)] for face in range(1, 7)},
            **{f"b{face}": [f"a{other}" for other in range(1, 7)] for face in range(1, 7)}}


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else None
