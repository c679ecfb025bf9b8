"""Hamstern bots: legal, deterministic, reading only the view, and ordered by strength."""

from __future__ import annotations

import random
import statistics

import pytest

from assistant import i18n
from assistant.bots import get_bot
from tests.hamstern.helpers import hamstern


def solo_game(level: str, side: str, seed: int):
    bot = get_bot("hamstern", level)
    state = hamstern(side=side, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        if state.is_chance_node():
            state.apply(state.chance_outcome())
            continue
        legal = state.legal_actions()
        action = bot.choose(state.view(state.current_player), legal, rng)
        assert action in legal
        state.apply(action)
    return state


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_bots_play_legal_games_to_the_end(level):
    for seed in range(3):
        assert solo_game(level, "B", seed).is_over()


def test_bots_serve_every_player_at_a_shared_table():
    bots = [get_bot("hamstern", level) for level in ("random", "easy", "hard")]
    state = hamstern(players=3, seed=4)
    rng = random.Random(4)
    while not state.is_over():
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
    assert state.winners()


def test_stronger_bots_score_more():
    means = {
        level: statistics.mean(solo_game(level, "A", seed).scores()[0] for seed in range(8))
        for level in ("random", "easy", "hard")
    }
    assert means["random"] + 15 < means["easy"] <= means["hard"] + 3


def test_hint_has_a_reason_in_both_languages():
    state = hamstern(seed=2)
    state.apply(state.chance_outcome())
    advice = get_bot("hamstern", "hard").advise(state.view(0), state.legal_actions(), random.Random(0))
    assert advice.action in state.legal_actions()
    for lang in ("en", "de"):
        text = i18n.t(advice.reason, lang, **advice.params)
        assert text != advice.reason


def test_unknown_bots_are_refused():
    with pytest.raises(ValueError, match="level"):
        get_bot("hamstern", "genius")
    with pytest.raises(ValueError, match="no bots"):
        get_bot("chess", "easy")
