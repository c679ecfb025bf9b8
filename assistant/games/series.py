"""How a game went, turn by turn: each player's figure at the start and after every turn, from one replay.

A state keeps only where the game stands now, so a figure's history (a pile after every turn) comes
from replaying the game's actions. Each engine package that draws such a line (its ``series.py``)
says what a turn is and which figure to take; the app's end-screen charts draw what it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.games import get_game
from assistant.games.base import State

Points = list[tuple[int, int]]  # (turns so far, the figure then)


def after_each_turn(saved: dict[str, Any] | State, turns_of: Callable[[State], int],
                    values_of: Callable[[State], list[int]]) -> list[Points]:
    """Per player, (turn, value) at the start (turn 0) and after every turn to the end of the game.

    ``saved``: a state, or its record (``State.record()``, as the store and the table's ``to_json`` keep it).
    ``turns_of(state)`` counts the turns so far, ``values_of(state)`` gives one value per player. A turn
    the game ended in is counted even if the turn counter did not move (the last turn is cut short)."""
    if isinstance(saved, State):
        game, actions = saved.game, list(saved.history)
        num_players, seed, options = saved.num_players, saved.seed, saved.options
    else:
        game = get_game(saved["game"])
        actions = [game.action_from_data(data) for data in saved["actions"]]
        num_players, seed, options = saved["num_players"], saved["seed"], saved["options"]
    replayed = game.replay(num_players, seed, options, [])
    turn = turns_of(replayed)
    series: list[Points] = [[(0, value)] for value in values_of(replayed)]
    for action in actions:
        replayed.apply(action)
        now = turns_of(replayed)
        if now == turn and not replayed.is_over():
            continue
        turn = now
        for points, value in zip(series, values_of(replayed), strict=True):
            if points[-1][0] == turn:
                points[-1] = (turn, value)  # the game ended within a turn already counted
            else:
                points.append((turn, value))
    return series
