"""Decisions made ahead of their turn, for every game whose players decide at once
(``state.decides_at_once``: everybody crosses or places on the same roll).

On paper everybody decides at the same time; in the record the decisions stand in seat order. A
decision made before the seats ahead of it have decided is checked against that seat's own position
(``state.check_for``), kept aside in the store at once, and taken into the record as soon as every
seat before it has decided. The record is therefore the same whatever order the decisions arrived in.

Games that do not decide at once never reach the store from here: ``take_in`` returns at once.
"""

from __future__ import annotations

import threading

from assistant.errors import IllegalAction
from assistant.games.base import Action
from assistant.positions import Position, Positions
from assistant.store import StaleGame

# One device at a time takes decisions in (in this server; another server process meets StaleGame).
_TAKING = threading.Lock()


def kept_aside(positions: Positions, position: Position) -> dict[int, Action]:
    """The decisions kept aside for the chance outcome in force, by seat."""
    state = position.state
    if not state.decides_at_once:
        return {}
    outcome = state.chance_outcomes()
    kept = {}
    for seat, (answers, text) in positions.store.pending(position.id).items():
        if answers == outcome:
            try:
                action = state.game.action_from_json(text)
                state.check_for(seat, action)
            except ValueError:  # a damaged row, or one the engine refuses: as if the seat had not decided
                continue  # (taking in drops it)
            kept[seat] = action
    return kept


def decide_ahead(positions: Positions, position: Position, seat: int, action: Action, *,
                 then_roll: bool = False) -> Position:
    """``seat``'s decision on the chance outcome in force, whoever is in turn; the position after every
    decision that could be taken in. IllegalAction (nothing kept) when the engine refuses it."""
    state = position.state
    if not state.decides_at_once:
        raise IllegalAction("error.not_your_turn")
    with _TAKING:
        position = positions.latest(position.id)
        position.state.check_for(seat, action)
        if seat not in kept_aside(positions, position):  # a damaged or stale row stands in nobody's way
            positions.store.drop_pending(position.id, seat)
        if not positions.store.add_pending(position.id, seat, position.state.chance_outcomes(), action):
            raise IllegalAction("error.already_decided")
        return _take_in(positions, position, then_roll)


def take_back(positions: Positions, position: Position, seat: int) -> bool:
    """Forget ``seat``'s decision kept aside; False if there was none (it was taken in meanwhile)."""
    return position.state.decides_at_once and positions.store.drop_pending(position.id, seat)


def take_in(positions: Positions, position: Position, *, then_roll: bool = False) -> Position:
    """Take every decision kept aside that is now in turn into the record, in seat order; ``then_roll``:
    roll when the last one ends the decisions on this outcome. Costs nothing for other games."""
    if not position.state.decides_at_once:
        return position
    with _TAKING:
        return _take_in(positions, positions.latest(position.id), then_roll)


def _take_in(positions: Positions, position: Position, then_roll: bool) -> Position:
    store, game_id = positions.store, position.id
    kept = store.pending(game_id)
    if not kept:
        return position
    state = position.state
    outcome = state.chance_outcomes()
    stale = [seat for seat, (answers, _) in kept.items() if answers != outcome or not state.is_undecided(seat)]
    for seat in stale:  # from an earlier roll, or the seat was decided on another device
        store.drop_pending(game_id, seat)
    taken = False
    while position.state.current_player in kept and position.state.current_player not in stale:
        seat = position.state.current_player
        try:
            position = positions.save(position, state.game.action_from_json(kept[seat][1]))
        except ValueError:  # refused (the position changed since: an undo) or damaged: the seat decides again
            store.drop_pending(game_id, seat)
            break
        except StaleGame:  # another server process was first: start again from the game as it is now
            return _take_in(positions, positions.latest(game_id), then_roll)
        store.drop_pending(game_id, seat)
        taken = True
    if taken and then_roll and position.state.is_chance_node():
        position = positions.save(position, position.state.chance_outcome())
    return position
