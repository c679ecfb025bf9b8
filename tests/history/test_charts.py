"""The end screens' charts: each game's series are the game's own figures, computed where the game lives
(totals after each round from its view or standings, flood and score piles after each turn from one
replay in its engine package, ending where the game ended), described by its app side and drawn by
assistant/ui/charts.py, which knows no game. Many games on a line are shown as dots and a running
average; the turns of one long game never are. Two players of one name keep a line each."""

from __future__ import annotations

import json
import random
from itertools import count, pairwise
from types import SimpleNamespace

import pytest

from assistant.games import get_game
from assistant.games.hamsterbacke.series import score_piles_by_turn
from assistant.games.hamsterdam.series import flood_piles_by_turn
from assistant.ui import charts
from assistant.ui.biber_gang.chart import end_chart as biber_chart
from assistant.ui.moemmen.chart import round_scores

_IDS = count()


def played_to_end(name: str, players: int, seed: int, **options):
    state = get_game(name).new_state(players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def table_of(state, names: list[str]) -> SimpleNamespace:
    """What a game's ``end_chart`` reads of a finished ``Table``: the same names, from the state here."""
    return SimpleNamespace(id=f"test-{next(_IDS)}", game=state.game.name, names=names, num_players=state.num_players,
                           held=None, actions_taken=len(state.record()["actions"]), to_json=state.to_json,
                           view=state.view, standings=state.standings)


def drawn(spec: charts.ChartSpec) -> dict:
    """The chart as the end screen draws it, as Vega-Lite's JSON."""
    names = charts.distinct(spec.names)
    return charts.line_chart(charts.rows_of(names, spec.series), names, spec.x_title, spec.y_title, title=spec.title,
                             x_type=spec.x_type, target=spec.target, target_title=spec.target_title,
                             per_game=spec.per_game).to_dict()


def test_running_totals_add_up_each_round():
    assert charts.running_totals([10, -2, 7]) == [(1, 10), (2, 8), (3, 15)]
    view = {"players": [{"round_scores": [3, 4]}, {"round_scores": [5, 0]}]}
    table = SimpleNamespace(names=["Ann", "Bo"], view=lambda seat: view)
    assert biber_chart(table).series == [[(1, 3), (2, 7)], [(1, 5), (2, 5)]]
    standings = {"players": [{"player": 1, "breakdown": {"rounds": [9, 9]}},
                             {"player": 0, "breakdown": {"rounds": [1, 2]}}]}
    assert round_scores(standings, 2) == [[1, 2], [9, 9]]
    spec = charts.totals_chart(["Ann", "Bo"], round_scores(standings, 2), target=30)
    assert spec.series == [[(1, 1), (2, 3)], [(1, 9), (2, 18)]] and spec.target == 30 and "30" in spec.target_title


def test_the_flood_piles_follow_the_turns_to_the_end_of_the_game():
    for seed in (1, 2, 3):
        state = played_to_end("hamsterdam", 3, seed)
        series = flood_piles_by_turn(json.loads(state.to_json()))
        assert series == flood_piles_by_turn(state)  # from the record or from the state: the same
        assert [points[-1][1] for points in series] == state.piles  # where the game ended
        turns = [turn for turn, _ in series[0]]
        assert turns == sorted(set(turns)) and turns[0] == 0 and turns[-1] == state.turns
        assert all(later >= earlier for points in series for (_, earlier), (_, later) in pairwise(points))


def test_the_score_piles_follow_the_turns_to_the_end_of_the_game():
    for seed in (1, 2):
        state = played_to_end("hamsterbacke", 4, seed)
        series = score_piles_by_turn(json.loads(state.to_json()))
        assert series == score_piles_by_turn(state)
        assert [points[-1][1] for points in series] == [len(pile) for pile in state.score_piles]
        assert len({len(points) for points in series}) == 1 and len(series[0]) > 5


@pytest.mark.parametrize(("game", "players", "seed"), [("hamsterbacke", 2, 2), ("hamsterdam", 2, 1)])
def test_a_long_game_is_drawn_turn_by_turn_never_as_an_average(game, players, seed):
    """A play-test: a 32-turn Hamsterbacke game was drawn as "a dot per game, the average of the last 10",
    its ramps no real piles. The turns of one game are its own points, however many."""
    state = played_to_end(game, players, seed)
    spec = charts.end_spec(table_of(state, ["Ann", "Bo"]))  # found through the registry's app side
    assert spec.x_type == "Q" and not spec.per_game
    assert len(spec.series[0]) > charts.SMOOTH_FROM  # longer than a line of games that is smoothed
    real = flood_piles_by_turn(state) if game == "hamsterdam" else score_piles_by_turn(state)
    assert spec.series == real
    chart = drawn(spec)
    assert [layer["mark"]["type"] for layer in chart["layer"]] == ["line"]
    assert "subtitle" not in chart["title"] and "transform" not in chart["layer"][0]
    rows = chart["data"]["values"]  # one layer: Altair lifts its rows to the top
    assert [(row["x"], row["y"]) for row in rows if row["name"] == "Ann"] == real[0]  # the piles as they were


def test_a_finished_game_is_replayed_once(monkeypatch):
    state = played_to_end("hamsterbacke", 3, 1)
    table = table_of(state, ["Ann", "Bo", "Cy"])
    first = charts.end_spec(table)
    monkeypatch.setattr(type(state.game), "replay", lambda *args: pytest.fail("replayed again"))
    assert charts.end_spec(table).series is first.series


def test_a_game_whose_app_side_draws_no_chart_has_none(coin_flip):
    table = SimpleNamespace(game=coin_flip.name)
    assert charts.end_spec(table) is None


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
    turns = [{"name": "Ann", "x": n, "y": n // 3} for n in range(60)]  # one game's turns: never smoothed
    assert [layer["mark"]["type"] for layer in charts.line_chart(turns, ["Ann"], "Turn", "Pile",
                                                                 x_type="Q").to_dict()["layer"]] == ["line"]
