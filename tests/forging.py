"""Forging a phone's decisions (tests/test_forged_decisions.py, tests/test_browser_forged.py): a saved game
in which a phone's seat decides, what a rewritten browser sends, and the game as saved."""

from __future__ import annotations

import json
import random

import pytest

from assistant.games import get_game
from assistant.games.registry import registered
from tests.components import boards, send_trigger

GAMES = [info.name for info in registered() if info.built and info.app]
NAMES = ["Ann", "Ben", "Cid"]
REFUSED = ("That was not on offer on this screen", "This game moved on")
NOT_OFFERED_BUTTONS = ["undo", "hint", "roll", "die-6", "die-1", "next_round", "new_game", "take_back", "give",
                       "confirm", "pass", "choose", "send_picture_", "keep"]
JUNK = [None, 0, -1, 1.5, True, 10**30, float("inf"), "", "ü", "a" * 5000, [], {}, [[[[["deep"]]]]],
        {"button": "confirm"}, ["confirm"]]


def phone_on_its_turn(db, game: str, seed: int = 5) -> tuple[str, str]:
    """A saved game of three people in which Ben (seat 1), on his phone, has a decision to make."""
    state = get_game(game).new_state(len(NAMES), seed=seed)
    rng = random.Random(seed)
    for _ in range(2000):
        decides = state.decides_at_once and not state.is_chance_node() and state.is_undecided(1) \
            if state.decides_at_once else state.current_player == 1
        if decides and state.history:
            break
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    else:
        pytest.fail(f"{game}: Ben never had a decision")
    game_id = db.create(state, {"names": NAMES, "bots": ["human"] * 3, "mode": "together", "speed": "normal",
                                "dice": "app"})
    return game_id, db.seat_links(game_id, [0, 1, 2])[1].token


def send(at, value) -> None:
    """What a rewritten browser sends as the board's decision."""
    (element,) = boards(at)
    send_trigger(at, element, json.dumps([{"event": "action", "value": value}]))


def record(db, game_id: str) -> tuple:
    return db.action_count(game_id), db.pending(game_id), db.load(game_id).state.to_json()


def other_versions(version) -> list:
    """Pictures other than the one drawn: another seat's, an older one, a newer one."""
    if not isinstance(version, list):
        return [None, "x", [version]]
    found = []
    for n, value in enumerate(version):
        if isinstance(value, int) and not isinstance(value, bool):
            for other in (value - 1, value + 1, -1):
                found.append(version[:n] + [other] + version[n + 1:])
    return found + [version[:-1], version + [0], json.dumps(version)]


