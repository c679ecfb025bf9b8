"""Deals sampled from a view, and the one determinized search the hard card-game bots share."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from assistant.bots import biber_gang as biber_bots
from assistant.bots.search import Playout, search
from assistant.games import get_game
from assistant.games.biber_gang.cards import FULL_DECK

GAME = get_game("biber_gang")


def mid_round(players: int, seed: int, moves: int):
    state = GAME.new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players, seed, moves", [(2, 1, 9), (3, 2, 40), (5, 3, 23), (6, 4, 200)])
def test_a_sampled_deal_shows_the_seat_what_it_saw(players, seed, moves):
    state = mid_round(players, seed, moves)
    for player in range(players):
        view = state.view(player)
        deals = [GAME.sample_from_view(view, random.Random(n)) for n in range(5)]
        for deal in deals:
            assert deal.view(player) == view
            assert Counter(deal.cards_in_play()) == Counter(FULL_DECK)
            if player == state.current_player:  # another seat's moves may hang on its hidden drawn card
                assert deal.legal_actions() == state.legal_actions()
        # The cards the seat cannot see are dealt afresh each time.
        assert len({repr((deal.displays, deal.deck)) for deal in deals}) > 1


def test_a_sampled_deal_depends_on_the_view_only():
    state = mid_round(3, 7, 30)
    other = state.clone()
    other.deck.reverse()
    hidden = [(p, i) for p in range(3) for i in range(8) if not state.face_up[p] >> i & 1]
    cards = [other.displays[p][i] for p, i in hidden]
    for (p, i), card in zip(hidden, reversed(cards), strict=True):
        other.displays[p][i] = card
    one = GAME.sample_from_view(state.view(1), random.Random(3))
    two = GAME.sample_from_view(other.view(1), random.Random(3))
    assert (one.displays, one.deck, one.drawn) == (two.displays, two.deck, two.drawn)


def test_a_finished_game_can_be_sampled_too():
    state = mid_round(2, 5, 0)
    while not state.is_over():
        state.apply(random.Random(len(state.history)).choice(state.legal_actions()))
    deal = GAME.sample_from_view(state.view(0), random.Random(0))
    assert deal.is_over() and deal.view(0) == state.view(0) and deal.totals() == state.totals()


def _place_position():
    state = mid_round(2, 8, 0)
    rng = random.Random(8)
    while state.phase != "place":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_search_keeps_the_candidate_with_the_best_average_value():
    state = _place_position()
    view, candidates = state.view(state.current_player), state.legal_actions()[:4]
    target = candidates[2]

    def value(finished, me):  # the sampled deal starts without history: the first action is the candidate
        return 1.0 if finished.history[0] == target else 0.0

    playout = Playout(sample=biber_bots.sample_this_round, policy=biber_bots.rollout_move, value=value)
    found = search(view, candidates, random.Random(1), playout, samples=3, seconds=60)
    assert found.action == target and found.samples == 3 and found.values[target] == 1.0
    # A prior moves the decision where the rollouts agree; the time budget cuts the samples short.
    prior = {move: 2.0 if move == candidates[0] else 0.0 for move in candidates}
    found = search(view, candidates, random.Random(1), playout, samples=50, seconds=0, prior=prior)
    assert found.action == candidates[0] and found.samples == 1


def test_the_hard_biber_gang_bot_decides_with_the_shared_search(monkeypatch):
    state = _place_position()
    asked = []

    def spy(view, candidates, rng, playout, **budget):
        asked.append((view, playout))
        return search(view, candidates, rng, playout, **budget)

    monkeypatch.setattr(biber_bots, "search", spy)
    view = state.view(state.current_player)
    advice = biber_bots.HardBot(samples=4, seconds=60).advise(view, state.legal_actions(), random.Random(2))
    assert advice.action in state.legal_actions()
    assert asked == [(view, biber_bots.PLAYOUT)]
