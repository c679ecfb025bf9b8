"""Random Mömmen play checked at every step, and a Hypothesis state machine over it: any mix of
moves, wrong moves, undo and save/load keeps all 64 cards, the scores and the hidden cards in place.

Uniformly random play almost never completes a colour (a round takes tens of thousands of
decisions), so random runs are capped, and whole rounds and matches are played by
``collect_one_colour`` (tests/moemmen/helpers.py), which mostly makes the move that scores its hand best.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, rule

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.moemmen.actions import BENNY, EXCHANGE, PASS, REFRESH, SKIP, TIM
from assistant.games.moemmen.cards import FULL_DECK, HAND_SIZE, IS_MINUS, TABLE_SIZE, full_colour
from assistant.games.moemmen.scoring import round_score
from tests.helpers import snapshot
from tests.machines import GameMachine
from tests.moemmen.helpers import collect_one_colour

GAME = get_game("moemmen")
EVERY_MOVE = [move for row in EXCHANGE for move in row] + [BENNY, TIM, REFRESH, PASS, SKIP]


def check_position(state) -> None:
    """What holds between any two moves."""
    assert sorted(state.cards_in_play()) == list(FULL_DECK)
    assert len(state.table) == TABLE_SIZE and all(hand == sorted(hand) for hand in state.hands)
    assert state.totals == [sum(result["scores"][p] for result in state.results) for p in range(state.num_players)]
    assert all(state.results[n]["round"] == n + 1 for n in range(len(state.results)))
    if state.is_over():
        assert max(state.totals) >= state.target and state.legal_actions() == []
        return
    assert all(len(hand) == HAND_SIZE for hand in state.hands)
    assert not any(full_colour(hand) is not None for hand in state.hands)  # that would have ended the round
    assert state.round == len(state.results) + 1 and state.dealer == (state.round - 2) % state.num_players
    assert 0 <= state.passes < state.num_players and state.legal_actions()
    if state.phase == "tim_take":  # M5: the taker can lay something down, and there is a minus card to take
        assert state.minus_on_table() and not all(IS_MINUS[card] for card in state.hands[state.current_player])
        assert state.current_player != state.turn and state.turn not in state.takers
    else:
        assert state.takers == [] and state.current_player == state.turn


def check_views(state, rng: random.Random) -> None:
    """Views are JSON-safe, a deal made from a view shows that view, and reshuffling every card a seat
    cannot see (other hands, the deck, the discard pile below its top) leaves its view as it was."""
    for seat in range(state.num_players):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        dealt = GAME.sample_from_view(view, rng)
        assert dealt.view(seat) == view and sorted(dealt.cards_in_play()) == list(FULL_DECK)
        if seat == state.current_player:
            assert dealt.legal_actions() == state.legal_actions()
        shuffled = state.clone()
        others = [p for p in range(state.num_players) if p != seat]
        hidden = [card for p in others for card in shuffled.hands[p]] + shuffled.deck + shuffled.discard[:-1]
        rng.shuffle(hidden)
        for p in others:
            shuffled.hands[p] = sorted(hidden.pop() for _ in range(len(state.hands[p])))
        shuffled.discard[:-1] = [hidden.pop() for _ in range(len(state.discard[:-1]))]
        shuffled.deck = hidden
        assert shuffled.view(seat) == view


def check_refused(state, move) -> None:
    """A move that is not legal is refused with a reason in both languages, changing nothing."""
    if move in state.legal_actions():
        return
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(move)
    assert error.value.key.startswith("error.") and error.value.message("de") != error.value.message("en")
    assert snapshot(state) == before


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_random_play_keeps_every_card_and_refuses_without_a_trace(players, seed):
    state, rng = GAME.new_state(players, seed=seed), random.Random(seed)
    for step in range(150):  # a cap: a random round would take tens of thousands of moves
        check_refused(state, rng.choice(EVERY_MOVE))
        state.apply(rng.choice(state.legal_actions()))
        check_position(state)
        if step % 10 == 0:
            check_views(state, rng)
        if step % 25 == 0:
            reloaded = GAME.from_json(state.to_json())
            assert reloaded == state and reloaded.legal_actions() == state.legal_actions()
            future = random.Random(step)
            for _ in range(30):  # the same future: the same draws and the same rebuilt decks
                move = future.choice(state.legal_actions())
                state.apply(move)
                reloaded.apply(move)
            assert reloaded.view(0) == state.view(0) and reloaded.deck == state.deck


@pytest.mark.parametrize("players, seed", [(2, 7), (2, 8), (3, 9), (5, 10)])
def test_whole_matches_end_with_the_highest_total_and_every_round_recorded(players, seed):
    state, rng = GAME.new_state(players, seed=seed, target=40), random.Random(seed)
    while not state.is_over():
        state.apply(collect_one_colour(state.view(state.current_player), state.legal_actions(), rng))
        check_position(state)
    assert len(state.results) >= 2 and state.winners() == [p for p in range(players)
                                                           if state.totals[p] == max(state.totals)]
    for result in state.results:
        assert result["scores"] == [round_score(hand) for hand in result["hands"]]
        assert all(full_colour(result["hands"][p]) is not None for p in result["complete"])
    assert [result["dealer"] for result in state.results] == [(n - 1) % players for n in range(len(state.results))]


class MoemmenMachine(GameMachine):
    @initialize(players=st.integers(2, 5), seed=st.integers(0, 2**32), goal=st.sampled_from([10, 30, 100]))
    def start(self, players, seed, goal):
        self.begin(GAME.new_state(players, seed=seed, target=goal))

    def check(self, state):
        check_position(state)

    def choose(self, view, legal, rng):
        return collect_one_colour(view, legal, rng)  # so that examples reach the end of rounds and matches

    @rule(move=st.sampled_from(EVERY_MOVE))
    def any_move(self, move):
        if move in self.state.legal_actions():
            self._apply(move)
        elif not self.state.is_over():
            check_refused(self.state, move)

    def check_undone(self, move):
        assert move.kind in ("exchange", "pass", "skip")  # M12: nothing else is undone

    def check_reloaded(self, reloaded):
        assert reloaded.deck == self.state.deck and reloaded.hands == self.state.hands
        assert reloaded.discard == self.state.discard and reloaded.results == self.state.results

    @invariant()
    def views_show_nothing_hidden(self):
        check_views(self.state, random.Random(len(self.state.history)))


MoemmenMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestMoemmenMachine = MoemmenMachine.TestCase
