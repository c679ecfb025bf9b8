"""The one way a decision made on a board becomes a move: every game page decides through ``decide``.

A board sends ``{"button", "selection", "version"}``; everything in it was written by the browser and
is read as such. The seat a decision is for is never read from it: the page names the seat it drew the
board for, on the server. ``decide`` is the one place where a decision is checked before it is taken:

1. the picture is current (the game did not move on since the board was drawn for that seat);
2. the button and the parts are of the kind our boards send (anything else: one line, nothing taken);
3. Undo: only what ``may_undo`` allows (a seat's own last decision, while the rules let it be taken back);
4. a chance node: only a device that may roll, with the app's roll or real dice (``Moves.roll_of``);
5. a move: only for a seat that decides now; the game reads the move from the button and the parts
   (``Moves.move_of``); in a lesson's game, only the move its step asks for (assistant/ui/lesson/moves.py);
   and the engine checks it (a refusal keeps its reason for the board to show).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from assistant.ui.common import tr
from assistant.ui.lesson import moves as lesson_moves
from assistant.ui.table import Table, choice, reset_choice, set_choice

MAX_SELECTION = 64  # more parts than any board of ours has
WORD = re.compile(r"[A-Za-z0-9_:.-]{1,40}")  # a button or a part, as our boards name them


class Moves(NamedTuple):
    """How one game reads its boards' decisions. ``texts``: the game's catalogue prefix (``not_now``)."""

    texts: str
    move_of: Callable[[Table, int, str, list[str]], Any]  # a move, or None for what our boards never send
    hint: Callable[[Table, int], None] | None = None
    unreadable: str = ""  # the catalogue key said when ``move_of`` gives None (default: "<texts>.not_now")
    roll_of: Callable[[Table, str, list[str]], Any] | None = None  # a chance node's outcome from a decision
    may_roll: Callable[[Table], bool] = lambda table: True
    roll_unreadable: str = ""  # the catalogue key said when ``roll_of`` gives None (default: not_now)
    may_undo: Callable[[Table, int | None], bool] | None = None  # default: the seat's own last decision
    taken: Callable[[Table], None] = lambda table: None  # after a move was taken (roll at once, ...)


def own_last_decision(table: Table, seat: int | None) -> bool:
    """Undo takes back the seat's own last decision only, also once the turn has passed on (on a phone
    nobody hands the device back), as long as the rules let it be taken back."""
    return seat is not None and table.can_undo() and table.last_actor() == seat


def decide(table: Table, seat: int | None, moves: Moves, decision: Any) -> None:
    """Take ``decision``, made on the board drawn for ``seat`` (None: nobody decides on this device)."""
    table = table.fresh()
    if not isinstance(decision, dict) or not table.is_current(decision, seat):
        return
    button, selection = _read(decision)
    if button is None:
        set_choice(error=tr(moves.unreadable or f"{moves.texts}.not_now"))
        return
    if button == "undo":
        undo(table, seat, moves.may_undo or own_last_decision)
        return
    if button == "take_back" and table.decides_at_once() and seat is not None:
        table.take_back(seat)  # a decision kept aside, or the seat's own last one
        return
    if table.is_chance_node():
        _roll(table, moves, button, selection)
        return
    if not table.decides_now(seat):
        if table.decides_at_once() and seat is not None and seat >= 0:
            reset_choice()  # a second tap on Confirm, or another device was first: nothing more to do
        else:
            set_choice(error=tr(f"{moves.texts}.not_now"))
        return
    if button == "hint":
        if moves.hint is not None:
            set_choice(selected=selection)  # the hint is shown beside what the player had chosen
            moves.hint(table, seat)
        return
    move = moves.move_of(table, seat, button, selection)
    if move is None:
        set_choice(error=tr(moves.unreadable or f"{moves.texts}.not_now"))
        return
    not_in_lesson = lesson_moves.refusal(table, move, seat)  # a lesson takes the move its step asks for only
    if not_in_lesson is not None:
        set_choice(error=not_in_lesson, selected=selection)
        return
    # The engine checks the move; a refusal keeps its reason for the board to show.
    taken = table.confirm(seat, move) if table.decides_at_once() else table.act(move)
    if taken:
        moves.taken(table)
    else:
        set_choice(selected=selection)  # refused: what was chosen stays, to be put right


def coach(table: Table, seat: int | None, moves: Moves) -> None:
    """A game started with its hints shown (``"coach"`` in its setup: the first game after a lesson): the
    seat that decides now sees the hint, the move marked and its reason, without asking, as if it had
    tapped Hint. A refusal or a hint already shown stays as it is."""
    if not table.setup.get("coach") or moves.hint is None or seat is None or seat < 0:
        return
    if table.is_over() or table.is_chance_node() or not table.decides_now(seat):
        return
    chosen = choice()
    if chosen.get("hint") or chosen.get("error"):
        return
    moves.hint(table, seat)


def undo(table: Table, seat: int | None, may_undo: Callable[[Table, int | None], bool] = own_last_decision) -> None:
    """Undo asked for by ``seat`` (also from a button beside a board: a cover, the end screen)."""
    table = table.fresh()
    if may_undo(table, seat):
        table.undo()
    else:
        set_choice(error=tr("error.cannot_undo"))


def _roll(table: Table, moves: Moves, button: str, selection: list[str]) -> None:
    if moves.roll_of is None or not moves.may_roll(table):
        set_choice(error=tr(f"{moves.texts}.not_now"))
        return
    prepared = lesson_moves.lesson_roll(table)
    if prepared is not None:  # a lesson's dice show what the lesson prepared, however they are rolled
        not_now = lesson_moves.refusal(table, prepared)
        if not_now is None:
            table.act(prepared)
        else:
            set_choice(error=not_now)
        return
    if button == "roll":
        if table.setup.get("dice") == "real":  # with real dice every roll is entered, a face of each die
            set_choice(error=tr(moves.roll_unreadable or f"{moves.texts}.not_now"))
            return
        table.roll()
        return
    outcome = moves.roll_of(table, button, selection)
    if outcome is None:
        set_choice(error=tr(moves.roll_unreadable or f"{moves.texts}.not_now"))
        return
    table.act(outcome)


def _read(decision: dict) -> tuple[str | None, list[str]]:
    """The button and the parts, if they are of the shape our boards send: a short word of ASCII letters,
    digits and ``_:.-``, and a short list of such words (no "²" that ``isdigit`` takes for a digit)."""
    button, selection = decision.get("button"), decision.get("selection")
    if selection is None:
        selection = []
    if not isinstance(button, str) or not WORD.fullmatch(button) or not isinstance(selection, list):
        return None, []
    if len(selection) > MAX_SELECTION or not all(isinstance(part, str) and WORD.fullmatch(part) for part in selection):
        return None, []
    return button, selection
