"""What a tap on a part of the Hamsterdam table that cannot be tapped now says (the tap board's notes),
so that no tap goes unanswered: the engine's reason, asked of the engine with the move the tap would
mean, in the player's language.

- a card or a hamster of the dam deciding that the decision cannot use: the move a tap on it would
  mean, refused by the rules ("Card 10 is flipped by a dam breach", "You made your move in this
  movement phase", "No hamster on card 4");
- every other part (another dam, a card while a flood is plugged): what the rules want now ("Now the
  flood is stopped: choose the hamster that plugs it"), the engine's answer to a move of another kind;
- two parts that do not go together (a hamster and a card it cannot move to, one card passed both
  ways): why not, when the second is tapped (the board starts the choice anew with it);
- while another player decides, or the dice are to be rolled on another device: whom the table waits for.
"""

from __future__ import annotations

from assistant.games.hamsterdam.actions import STAY, Move
from assistant.games.hamsterdam.cards import HAMSTER, distinct
from assistant.ui.common import tr
from assistant.ui.hamsterdam.decisions import Board, card_part, piece_part
from assistant.ui.hamsterdam.devices import may_roll, roller
from assistant.ui.table import Table

TEXTS = "ui.hamsterdam"
SOMETHING_ELSE = Move("lay", at=2)  # a move of the arranging: any other phase names itself in its refusal


def why_not(table: Table, view: dict, seat: int | None, deciding: bool, board: Board) -> dict[str, str]:
    """The notes of the board drawn for ``seat`` (``board``: what the decision may tap). ``"*"`` speaks
    for every part without a note of its own, ``"a>b"`` for ``b`` tapped with ``a`` selected."""
    if table.is_chance_node():
        rolling = roller(view)
        if may_roll(table, view):  # rolled or entered here: the rules say the dice come first
            return {"*": table.refusal(STAY) or ""}
        return {"*": tr(f"{TEXTS}.waiting_roll", name=table.names[rolling] if rolling is not None else "")}
    if not deciding or seat is None:
        actor = view["deciding"]
        if actor is None:
            return {}
        return {"*": tr(f"{TEXTS}.{'waiting_for' if table.held is not None else 'waiting'}", name=table.names[actor])}
    phase = view["phase"]
    notes = {"*": table.refusal(STAY if phase == "arrange" else SOMETHING_ELSE) or ""}
    notes |= _dam_notes(table, view, seat, board)
    if phase == "move":
        notes |= _unpaired_moves(table, view, seat, board)
    if phase == "pass" and view["num_players"] > 2:
        notes |= _passed_both_ways(table, view, seat)
    return {part: note for part, note in notes.items() if note}


def game_over(table: Table) -> dict[str, str]:
    """The dams at the end: a tap says the game is over."""
    return {"*": table.refusal(STAY) or ""}


def _dam_notes(table: Table, view: dict, seat: int, board: Board) -> dict[str, str]:
    """The cards and pieces of the dam deciding that no tap can choose now, each with the rules' reason for
    the move a tap on it would mean (in each mode of the placing, the first that refuses it)."""
    modes = [(mode["piece"], set(mode["tappable"])) for mode in board.modes] or [(None, set(board.tappable))]
    notes = {}
    for pos, card in enumerate(view["players"][seat]["dam"]):
        parts = [(card_part(seat, pos), None)] + [(piece_part(seat, pos, piece), piece)
                                                  for piece in distinct(card["pieces"])]
        for part, piece in parts:
            for chosen, tappable in modes:
                if part in tappable:
                    continue
                tried = _tapped(view, seat, pos, card, piece, chosen)
                reason = table.refusal(tried) if tried is not None else None
                if reason:
                    notes[part] = reason
                    break
    return notes


def _tapped(view: dict, seat: int, pos: int, card: dict, piece: str | None, chosen: str | None) -> Move | None:
    """The move a tap on a dam card (``piece`` None) or on a piece standing on it would mean now; None where
    it would mean none of its own (the phase's reason then answers)."""
    phase = view["phase"]
    dam = view["players"][seat]["dam"]
    if phase == "place" and piece is None and chosen is not None:
        return Move("clear" if card["tokens"] else "put", chosen, pos)
    if phase == "mole" and piece is None:
        return Move("put", "whack-a-mole", pos)
    if phase == "move":
        beside = [other for other in (pos - 1, pos + 1) if 0 <= other < len(dam)]
        if piece is not None:  # this piece one card along
            return _moving(piece, pos, beside[0]) if beside else None
        # onto this card: a piece from beside it (a card with nothing beside it: the rules say no piece is there)
        start = next((other for other in beside if dam[other]["pieces"]), beside[0] if beside else None)
        if start is None:
            return None
        return _moving((dam[start]["pieces"] or [HAMSTER])[0], start, pos)
    if phase == "flood" and piece is not None:
        return Move("plug", piece)
    return None


def _moving(piece: str, start: int, to: int) -> Move:
    """A move in the movement phase: a face-up Speedster's is its ability, any other piece's a move."""
    return Move("use", piece, start, to) if piece == "speedster" else Move("move", piece, start, to)


def _unpaired_moves(table: Table, view: dict, seat: int, board: Board) -> dict[str, str]:
    """A hamster, then a card it cannot go to: the rules' reason for that move ("a>b")."""
    pairs = board.pairs or {}
    cards = [part for part in pairs if part.startswith("c")]
    notes = {}
    for pos, card in enumerate(view["players"][seat]["dam"]):
        for piece in distinct(card["pieces"]):
            part = piece_part(seat, pos, piece)
            if part not in pairs:
                continue
            for target in cards:
                if target in pairs[part]:
                    continue
                reason = table.refusal(_moving(piece, pos, int(target.rsplit("-", 1)[1])))
                if reason:
                    notes[f"{part}>{target}"] = reason
    return notes


def _passed_both_ways(table: Table, view: dict, seat: int) -> dict[str, str]:
    """One card to the left and the same card to the right: the rules' reason ("l5>r5")."""
    notes = {}
    for value in distinct(view["players"][seat]["held"]):
        reason = table.refusal(Move("pass", cards=(value, value)))
        if reason:
            notes[f"l{value}>r{value}"] = reason
    return notes
