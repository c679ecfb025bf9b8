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
from assistant.games.biber_gang.actions import _BY_DATA as ALL_BIBER_MOVES
from assistant.games.biber_gang.cards import FULL_DECK
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


def biber_setups():
    for players in range(2, 7):
        for seed in range(5):
            yield players, {"rounds": 2, "discard_pickup_must_be_kept": seed == 4}, seed


def biber_illegal(state, rng: random.Random):
    return rng.choice(sorted(ALL_BIBER_MOVES.values(), key=repr))


def biber_rescore(state) -> list[int]:
    totals = [0] * state.num_players
    for results in state.round_results:
        record = {"players": [{"name": f"P{n}", "display": [r["display"][:4], r["display"][4:]]}
                              for n, r in enumerate(results)]}
        record = json.loads(json.dumps(record).replace("13", '"beaver"'))
        for n, player in enumerate(score("biber_gang", record)["players"]):
            totals[n] += player["total"]
    return totals


def biber_invariants(state, rng: random.Random) -> None:
    assert sorted(state.cards_in_play()) == list(FULL_DECK), "cards must be conserved"
    # A view must not change when what it hides changes: reshuffle the deck and the face-down cards.
    shuffled = state.clone()
    rng.shuffle(shuffled.deck)
    hidden = [(p, i) for p in range(state.num_players) for i in range(8) if not state.face_up[p] >> i & 1]
    values = [shuffled.displays[p][i] for p, i in hidden]
    rng.shuffle(values)
    for (p, i), value in zip(hidden, values, strict=True):
        shuffled.displays[p][i] = value
    for player in range(state.num_players):
        if player != state.current_player or state.phase != "place" or state.drawn_from == "discard":
            assert shuffled.view(player) == state.view(player)
        assert state.view(player)["players"] == shuffled.view(player)["players"]


GAMES = {
    "hamstern": (hamstern_setups, hamstern_illegal, hamstern_rescore),
    "biber_gang": (biber_setups, biber_illegal, biber_rescore),
}
INVARIANTS = {"biber_gang": biber_invariants}
SAME_MOVES_WITH_ANOTHER_SEED = {"hamstern"}  # dice games: the moves do not depend on the deal
CASES = [(name, *setup) for name, (setups, _, _) in GAMES.items() if is_built(name) for setup in setups()]


@pytest.mark.parametrize("name, players, options, seed", CASES)
def test_random_game_keeps_every_invariant(name, players, options, seed):
    _, make_illegal, rescore = GAMES[name]
    game = get_game(name)
    state = game.new_state(players, seed=seed, **options)
    twin = game.new_state(players, seed=seed + 1000, **options) if name in SAME_MOVES_WITH_ANOTHER_SEED else None
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
        assert json.loads(json.dumps(state.view(0))) == state.view(0)  # JSON-safe
        if twin is not None:
            twin.apply(action)
            assert twin.view(0) == state.view(0)  # nothing drawn from the generator shows
        if name in INVARIANTS:
            INVARIANTS[name](state, rng)
        if step % 7 == 0:
            reloaded = game.from_json(state.to_json())
            assert reloaded == state and reloaded.legal_actions() == state.legal_actions()
            if state.is_chance_node():
                assert reloaded.chance_outcome() == state.chance_outcome()
            assert reloaded.scores() == state.scores()
    assert state.is_over(), "the game did not end"
    assert rescore(state) == state.scores()
    assert state.winners() and set(state.winners()) <= set(range(players))
