"""Hamsterdam breaches (RULINGS.md section 2, docs/RULES.md D11), laid out by hand with ``rig``
as in test_rules.py.
"""

from __future__ import annotations

from assistant import CHANCE
from assistant.games.hamsterdam import Move
from assistant.games.hamsterdam.actions import BREACH
from assistant.games.hamsterdam.cards import HAMSTER, LEFT, RIGHT
from tests.hamsterdam.helpers import hamsterdam_roll as roll
from tests.hamsterdam.helpers import hamsterdam_stack as at
from tests.hamsterdam.helpers import hamsterdam_tokens as tokens_at
from tests.hamsterdam.helpers import rig_hamsterdam as rig
from tests.helpers import assert_refused as refused

H = HAMSTER
T = "turned:physicster"  # a special whose ability was used: a plain hamster that is still its card


# --- breaches ------------------------------------------------------------------------------------
def test_a_third_token_in_the_pile_breaks_the_dam_at_an_end_of_the_players_choice():
    state = rig(mode="full", piles=[2, 0], tokens=[{7: 1, 11: 1}, {}], stacks=[{12: [H, H]}, {7: [H]}])
    roll(state, 7)
    assert state.piles[0] == 3 and state.phase == "breach" and state.current_player == 0
    assert state.legal_actions() == [BREACH[LEFT], BREACH[RIGHT]]
    refused(state, Move("stay"), "error.hamsterdam.now_breach")
    state.apply(BREACH[RIGHT])
    assert state.flipped[0][10] and state.breaches[0] == 1 and state.current_player == CHANCE
    assert at(state, 0, 12) == [] and at(state, 0, 11) == [H]  # one hamster lost onto the token, no choice
    assert state.removed[0] == [H] and tokens_at(state, 0, 11) == 0 and state.piles[0] == 3


def test_the_hamsters_of_a_flipped_card_move_inward_and_its_token_goes_to_the_pile():
    state = rig(mode="full", piles=[2, 0], tokens=[{7: 1, 2: 1}, {}], stacks=[{2: [H, T]}, {}])
    roll(state, 7)
    state.apply(BREACH[LEFT])
    assert at(state, 0, 3) == [H, T] and state.flipped[0][0]
    assert state.piles[0] == 4 and tokens_at(state, 0, 2) == 0  # 4: no breach yet, the next at 5
    assert state.current_player == CHANCE and state.tokens_in_play() == 35


def test_one_moving_hamster_is_sacrificed_onto_a_token_which_is_removed():
    state = rig(mode="full", piles=[2, 0], tokens=[{7: 1, 11: 1}, {}], stacks=[{12: [H, T]}, {}])
    roll(state, 7)
    state.apply(BREACH[RIGHT])
    assert state.phase == "sacrifice"
    assert state.legal_actions() == [Move("sacrifice", H), Move("sacrifice", T)]
    assert state.hamsters_left(0) == 2  # the hamsters on their way still count
    refused(state, Move("sacrifice", "blobster"), "error.hamsterdam.sacrifice_not_there")
    supply = state.supply
    state.apply(Move("sacrifice", T))
    assert state.removed[0] == [T] and at(state, 0, 11) == [H] and tokens_at(state, 0, 11) == 0
    assert state.supply == supply + 1 and state.tokens_in_play() == 35  # the token back to the supply
    assert state.current_player == CHANCE and state.can_undo()


def test_a_breach_onto_two_tokens_costs_a_hamster_for_each():
    """Contractster can put two tokens on a card; one hamster clears one token (its card), and a
    hamster never stands on a token (D14)."""
    state = rig(mode="full", piles=[2, 0], tokens=[{7: 1, 11: 2}, {}], stacks=[{12: [H, H, T]}, {}])
    roll(state, 7)
    state.apply(BREACH[RIGHT])
    assert state.phase == "sacrifice"
    state.apply(Move("sacrifice", T))
    assert state.removed[0] == [T, H] and at(state, 0, 11) == [H] and tokens_at(state, 0, 11) == 0
    assert state.tokens_in_play() == 35 and state.current_player == CHANCE


def test_a_breach_comes_at_five_tokens_and_then_at_every_further_token():
    state = rig(mode="full", piles=[4, 0], tokens=[{7: 1, 8: 1}, {}])
    assert state.breaches == [1, 0]
    roll(state, 7)
    state.apply(BREACH[LEFT])
    assert state.breaches[0] == 2 and state.current_player == CHANCE
    roll(state, 8)
    assert state.piles[0] == 6 and state.phase == "breach"
    state.apply(BREACH[LEFT])
    assert state.breaches[0] == 3 and state.flipped[0][:3] == [True, True, False]


def test_a_token_sent_to_the_pile_by_a_breach_can_cause_the_next_breach():
    state = rig(mode="full", piles=[4, 0], tokens=[{7: 1, 2: 1, 3: 1}, {}])
    roll(state, 7)  # pile 5: a breach; the flipped 2 sends its token: 6, the next breach
    state.apply(BREACH[LEFT])
    assert state.piles[0] == 6 and state.phase == "breach" and state.current_player == 0
    state.apply(BREACH[LEFT])  # card 3's token: 7, one more
    assert state.piles[0] == 7 and state.phase == "breach"
    state.apply(BREACH[RIGHT])
    assert state.breaches[0] == 4 and state.flipped[0] == [True, True] + [False] * 8 + [True]
    assert state.current_player == CHANCE and state.tokens_in_play() == 35


def test_flipped_cards_never_flood_and_the_last_cards_hamsters_go_to_the_reinforcement_pile():
    flipped = [[2, 3, 4, 5, 6, 8, 9, 10, 11, 12], []]
    state = rig(mode="full", piles=[5, 0], flipped=flipped, breaches=[1, 0], stacks=[{7: [H]}, {}],
                tokens=[{}, {12: 1}])
    roll(state, 12)  # seat 0's 12 is flipped: no flood there; seat 1's floods again
    assert state.piles == [5, 1] and state.supply == 35 - 7
    # seat 0 owed a breach: its last card flips, no choice of end, its hamster has no card to go to
    assert all(state.flipped[0]) and state.reserve[0] == [H] and state.current_player == CHANCE


def test_classic_has_no_breaches():
    state = rig(piles=[2, 0], tokens=[{7: 1}, {}])
    roll(state, 7)
    assert state.piles[0] == 3 and not any(state.flipped[0]) and state.current_player == CHANCE
