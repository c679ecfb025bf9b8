"""The charts' series (assistant/ui/charts.py) are the games' own figures: totals after each round, flood
piles and score piles after each turn from one replay, ending where the game ended; many games on a line
are shown as dots and a running average; two players of one name keep a line each."""

from __future__ import annotations

import json
import random
from itertools import pairwise

from assistant.games import get_game
from assistant.ui import charts


def played_to_end(name: str, players: int, seed: int, **options):
    state = get_game(name).new_state(players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_running_totals_add_up_each_round():
    assert charts.running_totals([10, -2, 7]) == [(1, 10), (2, 8), (3, 15)]
    view = {"players": [{"round_scores": [3, 4]}, {"round_scores": [5, 0]}]}
    assert charts.biber_series(view) == [[(1, 3), (2, 7)], [(1, 5), (2, 5)]]
    standings = {"players": [{"player": 1, "breakdown": {"rounds": [9, 9]}},
                             {"player": 0, "breakdown": {"rounds": [1, 2]}}]}
    assert charts.moemmen_series(standings, 2) == [[(1, 1), (2, 3)], [(1, 9), (2, 18)]]


def test_the_flood_piles_follow_the_turns_to_the_end_of_the_game():
    for seed in (1, 2, 3):
        state = played_to_end("hamsterdam", 3, seed)
        series = charts.hamsterdam_series(json.loads(state.to_json()))
        assert [points[-1][1] for points in series] == state.piles  # where the game ended
        turns = [turn for turn, _ in series[0]]
        assert turns == sorted(set(turns)) and turns[0] == 0 and turns[-1] == state.turns
        assert all(later >= earlier for points in series for (_, earlier), (_, later) in pairwise(points))


def test_the_score_piles_follow_the_turns_to_the_end_of_the_game():
    for seed in (1, 2):
        state = played_to_end("hamsterbacke", 4, seed)
        series = charts.hamsterbacke_series(json.loads(state.to_json()))
        assert [points[-1][1] for points in series] == [len(pile) for pile in state.score_piles]
        assert len({len(points) for points in series}) == 1 and len(series[0]) > 5


def test_names_of_two_players_keep_a_line_each():
    assert charts.distinct(["Ann", "Bo", "Ann", "Ann"]) == ["Ann", "Bo", "Ann (2)", "Ann (3)"]
    assert charts.enough([[(1, 2)], [(1, 3)]]) is False and charts.enough([[(1, 2), (2, 3)]])


def test_many_games_on_a_line_are_dots_and_a_running_average():
    few = [{"name": "Ann", "x": f"2026-01-{day:02d}T20:00:00", "y": day} for day in range(1, 11)]
    many = [{"name": "Ann", "x": f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}T20:00:00", "y": n % 7} for n in range(60)]
    plain = charts.line_chart(few, ["Ann"], "Date", "Score", x_type="T").to_dict()
    smooth = charts.line_chart(many, ["Ann"], "Date", "Score", x_type="T").to_dict()
    assert [layer["mark"]["type"] for layer in plain["layer"]] == ["line"]
    assert [layer["mark"]["type"] for layer in smooth["layer"]] == ["circle", "line"]
    assert smooth["layer"][1]["transform"][0]["frame"] == [1 - charts.SMOOTH, 0]
    assert plain["layer"][0]["encoding"]["x"]["axis"]["format"] == "%d.%m."  # days apart: no hours
