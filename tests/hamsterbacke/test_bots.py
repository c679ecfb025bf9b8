"""Hamsterbacke bots: legal in every phase, reading only the view, with reasons in both languages,
and the hard bot stronger than random."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from assistant import i18n
from assistant.bots import get_bot
from assistant.bots import hamsterbacke as backe_bots
from assistant.bots.search import Playout, search
from assistant.games import get_game
from assistant.games.hamsterbacke.actions import give

GAME = get_game("hamsterbacke")
LOCALES = Path(backe_bots.__file__).resolve().parent.parent / "locales" / "hamsterbacke"


def quick_hard_bot():
    """The hard bot with a fixed, small number of samples instead of a time budget: the same
    game every run, whatever the machine's load (bench/hamsterbacke.py measures the real one)."""
    return backe_bots.HardBot(samples=3, seconds=float("inf"), depth=8)


def play(levels, seed, phases=None):
    bots = [quick_hard_bot() if level == "hard" else get_bot("hamsterbacke", level) for level in levels]
    state, rng = GAME.new_state(len(levels), seed=seed), random.Random(seed)
    while not state.is_over():
        player = state.current_player
        legal = state.legal_actions()
        advice = bots[player].advise(state.view(player), legal, rng)
        assert advice.action in legal, (state.phase, advice)
        for lang in ("en", "de"):
            assert i18n.t(advice.reason, lang, **advice.params) != advice.reason
        if phases is not None and levels[player] != "random":
            phases.add(state.phase)
        state.apply(advice.action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_choose_legal_moves_in_every_phase(players):
    phases = set()
    for seed in range(3):
        levels = (["easy", "random", "easy", "hard", "random"] if seed != 1 else ["easy"] * 5)[:players]
        state = play(levels, seed=10 * players + seed, phases=phases)
        assert state.is_over() and state.winners()
    assert {"act", "give"} <= phases  # the gift phase is met too, not only the actions


def test_a_bot_picks_a_giver_among_tied_players():
    seen = 0
    for seed in range(40):
        state, rng = GAME.new_state(4, seed=seed), random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            if state.phase == "choose_giver":
                view = state.view(state.current_player)
                for bot in (get_bot("hamsterbacke", "easy"), quick_hard_bot()):
                    assert bot.choose(view, legal, random.Random(seed)) in legal
                seen += 1
            state.apply(rng.choice(legal))
        if seen >= 3:
            break
    assert seen >= 3


def test_the_giver_keeps_complete_sets_while_leftovers_suffice():
    weights = backe_bots.weights(40, 8, False, 2)
    hand = [4, 0, 1, 0, 1, 2, 0]  # a red set, a single yellow, a single light blue, two dark green sets
    assert backe_bots.easy_gift(hand, 2, weights) == (0, 0, 1, 0, 1, 0, 0)
    assert sum(backe_bots.easy_gift(hand, 4, weights)[:1]) == 0  # the red set stays whole


def test_easy_beats_random_nearly_always():
    wins = sum(play(["easy", "random"] if seed % 2 == 0 else ["random", "easy"], seed).winners() == [seed % 2]
               for seed in range(20))
    assert wins >= 18


def test_the_hard_bot_beats_random_over_a_few_games():
    share = 0.0
    for seed in range(4):
        levels = ["hard", "random"] if seed % 2 == 0 else ["random", "hard"]
        winners = play(levels, seed=200 + seed).winners()
        share += 1 / len(winners) if levels.index("hard") in winners else 0.0
    assert share >= 3.5


def mid_game(players, seed, phase="act"):
    state, rng = GAME.new_state(players, seed=seed), random.Random(seed)
    while len(state.history) < 30 or state.phase != phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("phase", ["act", "give"])
def test_the_bots_never_see_hidden_cards(phase):
    """The same view with other cards hidden in hands, score piles and the deck: the same advice."""
    state = mid_game(3, 5, phase)
    seat = state.current_player
    view = state.view(seat)
    others = [GAME.sample_from_view(view, random.Random(n)) for n in range(2)]
    assert any(o.hands != state.hands or o.deck != state.deck for o in others)  # the hidden cards really differ
    for bot in (get_bot("hamsterbacke", "easy"), quick_hard_bot()):
        first = bot.advise(view, state.legal_actions(), random.Random(1))
        for other in others:
            assert other.view(seat) == view
            assert bot.advise(other.view(seat), other.legal_actions(), random.Random(1)) == first


def test_the_hard_bot_decides_with_the_shared_search(monkeypatch):
    state = mid_game(2, 3)
    asked = []

    def spy(view, candidates, rng, playout, **budget):
        asked.append(playout)
        return search(view, candidates, rng, playout, **budget)

    monkeypatch.setattr(backe_bots, "search", spy)
    advice = quick_hard_bot().advise(state.view(state.current_player), state.legal_actions(), random.Random(2))
    assert advice.action in state.legal_actions()
    assert asked and asked[0].depth == 8 and asked[0].policy is backe_bots.rollout_move


def test_a_rollout_stops_after_its_depth_and_is_judged_unfinished():
    state = mid_game(2, 4)
    view, lengths = state.view(state.current_player), []

    def value(rolled, me):
        lengths.append((len(rolled.history), rolled.is_over()))
        return 0.0

    playout = Playout(sample=GAME.sample_from_view, policy=backe_bots.rollout_move, value=value, depth=3)
    search(view, state.legal_actions()[:2], random.Random(0), playout, samples=2, seconds=60)
    assert lengths == [(4, False)] * 4  # the candidate, then three moves


def test_the_gift_a_bot_names_is_a_legal_move():
    state = mid_game(2, 6, "give")
    advice = get_bot("hamsterbacke", "easy").advise(state.view(state.giver), state.legal_actions(), random.Random(0))
    assert advice.action.kind == "give" and advice.action == give(advice.action.cards)
    assert advice.reason in ("bot.backe.give", "bot.backe.give_one", "bot.backe.give_sets", "bot.backe.give_end")


def test_both_catalogues_hold_the_same_hint_keys():
    catalogues = [tomllib.loads((LOCALES / f"bots.{lang}.toml").read_text("utf-8")) for lang in ("en", "de")]
    assert set(catalogues[0]) == set(catalogues[1]) == {"bot"}
    english, german = (set(catalogue["bot"]["backe"]) for catalogue in catalogues)
    assert english == german and {"take", "play", "turn", "give", "give_one", "giver", "best", "best_one"} <= english
