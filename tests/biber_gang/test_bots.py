"""Biber Gang bots: legal, reading only the view, and ordered by strength."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from assistant import i18n
from assistant.bots import get_bot
from assistant.games import get_game

GAME = get_game("biber_gang")


def play(levels, seed, rounds=5):
    bots = [steady_hard_bot() if level == "hard" else get_bot("biber_gang", level) for level in levels]
    state, rng = GAME.new_state(len(levels), seed=seed, rounds=rounds), random.Random(seed)
    while not state.is_over():
        player = state.current_player
        legal = state.legal_actions()
        advice = bots[player].advise(state.view(player), legal, rng)
        assert advice.action in legal
        assert i18n.t(advice.reason, "de", **advice.params) != advice.reason
        state.apply(advice.action)
    return state


def test_easy_beats_random_nearly_always():
    wins = sum(play(["easy", "random"], seed).winners() == [0] for seed in range(20))
    assert wins >= 18


@pytest.mark.parametrize("players", [3, 6])
def test_bots_play_full_games_at_bigger_tables(players):
    levels = (["easy", "random"] * 3)[:players]
    state = play(levels, seed=players, rounds=2)
    assert state.is_over() and state.winners()


def steady_hard_bot():
    """The hard bot with a fixed number of samples instead of a time budget: the same game
    every run, whatever the machine's load (bench/biber_gang.py measures the real one)."""
    from assistant.bots.biber_gang import HardBot

    return HardBot(samples=16, seconds=float("inf"))


def test_hard_beats_easy_over_a_few_games():
    margin = 0
    for seed in range(6):
        levels = ["hard", "easy"] if seed % 2 == 0 else ["easy", "hard"]
        totals = play(levels, seed=100 + seed, rounds=1).totals()
        hard, easy = (totals[0], totals[1]) if seed % 2 == 0 else (totals[1], totals[0])
        margin += easy - hard
    assert margin > 0


def test_the_hard_bot_never_sees_hidden_cards():
    """Its advice must be the same whatever the face-down cards and the deck hold."""
    state = GAME.new_state(2, seed=8)
    rng = random.Random(8)
    while state.phase != "place":
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    other = state.clone()
    other.deck.reverse()
    assert other.view(state.current_player) == view
    bot = get_bot("biber_gang", "hard")
    first = bot.advise(view, state.legal_actions(), random.Random(1)).action
    second = bot.advise(other.view(state.current_player), other.legal_actions(), random.Random(1)).action
    assert first == second


def test_score_check_cli_for_biber_gang():
    table = ('{"players": [{"name": "Jasmin", "display": [[5, 5, 3, "beaver"], [5, 5, 7, "beaver"]]},'
             ' {"name": "Ricarda", "display": [[1, 2, 0, 0], [1, 2, 0, 5]]}]}')
    result = subprocess.run([sys.executable, "-m", "assistant", "score", "biber_gang", "-"], input=table,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert '"winners": [\n    "Jasmin"' in result.stdout and '"total": -5' in result.stdout
    for bad, reason in (('{"players": [{"name": "A", "display": [[14, 1, 1, 1], [1, 1, 1, 1]]},'
                         ' {"name": "B", "display": [[1, 1, 1, 1], [1, 1, 1, 1]]}]}', "0..12"),
                        ('{"players": [{"name": "A", "display": [[1, 1, 1], [1, 1, 1, 1]]},'
                         ' {"name": "B", "display": [[1, 1, 1, 1], [1, 1, 1, 1]]}]}', "two rows of four"),
                        ('{"players": [{"name": "A", "display": [[1, 1, 1, 1], [1, 1, 1, 1]]},'
                         ' {"name": "B", "display": [[1, 1, 1, 1], [1, 1, 1, 1]]}]}', "more 1 cards"),
                        ('{"players": [{"name": "A", "display": [[1, 1, 1, 1], [1, 1, 1, 1]]}]}', "2 to 6")):
        result = subprocess.run([sys.executable, "-m", "assistant", "score", "biber_gang", "-"], input=bad,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2 and reason in result.stderr and "Traceback" not in result.stderr
