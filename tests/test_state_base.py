"""What ``base.State`` gives every game: clone, cached legal actions, undo driven by
data (each action's Step), the last actor, and standings."""

from __future__ import annotations

import random

import pytest

from assistant import CHANCE, IllegalAction
from assistant.bots.hamstern import rival_score
from assistant.games import get_game
from assistant.games import standings as ranking
from assistant.games.base import Step
from assistant.games.biber_gang.actions import DRAW_DECK, SWAP, TAKE_DISCARD, TURN_UP
from assistant.games.biber_gang.scoring import lowest
from assistant.games.hamstern import Place, Roll
from tests.biber_gang.helpers import new_biber_gang, rig
from tests.hamstern.helpers import cells, hamstern, turn
from tests.helpers import play_randomly


@pytest.mark.parametrize("name, players", [("hamstern", 3), ("biber_gang", 4)])
def test_clone_is_equal_and_independent(name, players):
    state = get_game(name).new_state(players, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    twin = state.clone()
    assert twin == state and twin.steps == state.steps and twin.view(0) == state.view(0)
    if state.is_chance_node():
        assert twin.chance_outcome() == state.chance_outcome()
    before = state.to_json()
    play_randomly(twin, random.Random(1))
    assert state.to_json() == before and not state.is_over()


def test_legal_actions_are_listed_once_per_position(monkeypatch):
    state = new_biber_gang(2, seed=1)
    calls = []
    listed = type(state)._list_legal_actions
    monkeypatch.setattr(type(state), "_list_legal_actions", lambda self: calls.append(1) or listed(self))
    first = state.legal_actions()
    first.clear()  # the caller's copy
    assert state.legal_actions() and state.is_legal(TURN_UP[0]) and len(calls) == 1
    state.apply(TURN_UP[0])
    assert TURN_UP[0] not in state.legal_actions() and len(calls) == 2  # a new position, listed anew


def test_each_action_is_recorded_with_its_undo_data():
    state = hamstern(players=2)
    turn(state, 2, "F5 G5", "F5 G5")
    assert state.steps == [Step(CHANCE, False, False), Step(0, True, False), Step(1, True, False)]
    assert len(state.steps) == len(state.history)
    biber = new_biber_gang(2, seed=3)
    for _ in range(2):
        for position in (0, 1):
            biber.apply(TURN_UP[position])
    biber.apply(TAKE_DISCARD)
    assert [step.revealed for step in biber.steps] == [True, True, True, True, False]


def test_a_roll_blocks_undo_and_a_placement_after_it_is_undone_alone():
    """Ruling H5, from the data: a chance step is never undoable."""
    state = hamstern(players=2)
    turn(state, 2, "F5 G5", "F5 G5")
    state.apply(Roll(3))
    assert not state.can_undo() and state.last_actor() is None
    with pytest.raises(IllegalAction) as refused:
        state.undo()
    assert refused.value.key == "error.hamstern.nothing_to_undo"
    state.apply(Place(cells("H5 H6 H7")))
    assert state.last_actor() == 0
    back = state.undo()
    assert back.history == state.history[:-1] and not back.can_undo()  # the roll stands


def test_a_revealing_move_blocks_undo_of_itself_and_everything_before():
    """Ruling B4: action 2 shows the face-down card it replaces; taking the discard before it stays."""
    state = rig(new_biber_gang(2, seed=3), [[1] * 8, [2] * 8], [[0, 1], [0, 1]], deck=[4] * 20, discard=[9])
    state.apply(TAKE_DISCARD)
    assert state.can_undo() and state.last_actor() == 0
    state.apply(SWAP[6])  # face down: shown now
    assert state.steps[-1] == Step(0, True, True) and not state.can_undo()
    with pytest.raises(IllegalAction) as refused:
        state.undo()
    assert refused.value.key == "error.biber.cannot_undo"
    state.apply(DRAW_DECK)
    assert not state.can_undo() and state.last_actor() is None


def test_places_share_and_skip():
    assert ranking.places([(5,), (7,), (5,), (1,)]) == [2, 1, 2, 4]
    assert ranking.places([(3,), (3,), (1,)]) == [1, 1, 3]
    assert ranking.best([(3, 1), (3, 2), (3, 2)]) == [1, 2]


def test_biber_gang_standings_lowest_total_wins_and_ties_share():
    assert lowest([12, -5, 30, -5]) == [1, 3]
    state = new_biber_gang(3, seed=2, rounds=1)
    state.round_scores = [[12, -5, -5]]
    table = state.standings()
    assert [(row["player"], row["place"], row["winner"]) for row in table["players"]] == [
        (1, 1, False), (2, 1, False), (0, 3, False)]  # the game is not over: leaders, no winners
    assert state.winners() == [] and table["decided_by"] is None
    state = play_randomly(new_biber_gang(3, seed=2, rounds=2), random.Random(2))
    totals = state.totals()
    table = state.standings()
    assert [row["player"] for row in table["players"] if row["winner"]] == state.winners()
    assert state.winners() == [p for p, total in enumerate(totals) if total == min(totals)]


def test_hamstern_standings_name_the_tie_break_and_the_breakdowns():
    state = hamstern(players=2)
    play_randomly(state, random.Random(4))
    table = state.standings()
    assert table["over"] and table["decided_by"] == state.deciding_tie_break()
    first = table["players"][0]
    assert first["winner"] and first["place"] == 1 and first["player"] in state.winners()
    assert first["breakdown"] == state.breakdowns()[first["player"]].to_data()
    assert [row["score"] for row in sorted(table["players"], key=lambda row: row["player"])] == state.scores()


def test_the_solo_rival_plays_the_players_rolls():
    game = get_game("hamstern")
    solo = game.new_state(1, seed=11)
    play_randomly(solo, random.Random(11))
    score = rival_score(solo)
    assert score == rival_score(game.from_json(solo.to_json())) and 0 <= score <= 80
    # The same seed with other rolls entered from a real die gives the rival other rolls.
    sixes = game.new_state(1, seed=11)
    rng = random.Random(11)
    while not sixes.is_over():
        sixes.apply(Roll(6) if sixes.is_chance_node() else rng.choice(sixes.legal_actions()))
    assert rival_score(sixes) != score
