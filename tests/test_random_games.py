"""Every built game, checked the same way over many seeded random games.

At every step: the legal actions are all accepted; a refused action leaves the
state exactly as it was; a saved and reloaded state has the same future; the
views hold nothing drawn from the generator. At the end: scores recomputed by
the score check equal the engine's. New games add a setup and an illegal-action
maker below.
"""

from __future__ import annotations

import json
import random

import pytest

from assistant import IllegalAction
from assistant.__main__ import score
from assistant.games import get_game, is_built
from assistant.games.hamstern import Place, Roll


def hamstern_setups():
    for side in ("A", "B"):
        for players in range(1, 7):
            for seed in range(4):
                yield players, {"side": side, "free_start": seed == 3}, seed


def hamstern_illegal(state, rng: random.Random):
    """Random placements, mostly wrong; the engine must refuse or accept them cleanly."""
    if state.is_chance_node():
        return Roll(rng.choice([0, 7, -1, 100]))
    layout = state.layout
    anchor = rng.choice(layout.cells)
    size = rng.randint(1, 7)
    chosen = {anchor}
    while len(chosen) < size:
        row, col = rng.choice(sorted(chosen))
        step = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (0, 2)])
        chosen.add((row + step[0], col + step[1]))
    return Place(frozenset(chosen))


def hamstern_rescore(state) -> list[int]:
    view = state.view(None)
    record = {
        "side": view["side"],
        "free_start": view["free_start"],
        "players": [
            {"name": f"P{n}", "crossed": player["crossed"], "one_track_struck": player["one_track_struck"]}
            for n, player in enumerate(view["players"])
        ],
    }
    return [player["total"] for player in score("hamstern", record)["players"]]


GAMES = {"hamstern": (hamstern_setups, hamstern_illegal, hamstern_rescore)}
CASES = [(name, *setup) for name, (setups, _, _) in GAMES.items() if is_built(name) for setup in setups()]


@pytest.mark.parametrize("name, players, options, seed", CASES)
def test_random_game_keeps_every_invariant(name, players, options, seed):
    _, make_illegal, rescore = GAMES[name]
    game = get_game(name)
    state = game.new_state(players, seed=seed, **options)
    twin = game.new_state(players, seed=seed + 1000, **options)  # same moves, other generator
    rng = random.Random(seed)
    for step in range(5000):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert state.legal_actions() == legal  # same state, same order
        # A refused action leaves the state exactly as it was.
        before = state.to_json()
        attempt = make_illegal(state, rng)
        try:
            probe = state.clone()
            probe.apply(attempt)
        except IllegalAction:
            with pytest.raises(IllegalAction):
                state.apply(attempt)
            assert state.to_json() == before
        else:
            assert attempt in legal, f"{attempt} was accepted but is not listed as legal"
        action = state.chance_outcome() if state.is_chance_node() else rng.choice(legal)
        assert game.action_from_json(action.to_json()) == action
        state.apply(action)
        twin.apply(action)
        assert json.loads(json.dumps(state.view(0))) == twin.view(0)  # nothing from the generator
        if step % 7 == 0:
            reloaded = game.from_json(state.to_json())
            assert reloaded == state and reloaded.legal_actions() == state.legal_actions()
            if state.is_chance_node():
                assert reloaded.chance_outcome() == state.chance_outcome()
            assert reloaded.scores() == state.scores()
    assert state.is_over(), "the game did not end"
    assert rescore(state) == state.scores()
    assert state.winners() and set(state.winners()) <= set(range(players))
