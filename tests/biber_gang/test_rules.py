"""One scenario per Biber Gang ruling (RULINGS.md section 3, docs/RULES.md B1-B4).

Positions: 0-3 top row, 4-7 bottom row; column c is positions c and c + 4.
"""

from __future__ import annotations

import pytest

from assistant import IllegalAction
from assistant.games.biber_gang.actions import DISCARD, DISCARD_TURN, DRAW_DECK, SWAP, SWIM, TAKE_DISCARD, TURN_UP
from assistant.games.biber_gang.scoring import score_display
from tests.biber_gang.helpers import B, rig
from tests.biber_gang.helpers import new_biber_gang as new


def refused(state, move, key):
    before = state.to_json(), [list(d) for d in state.displays], list(state.deck), list(state.discard)
    with pytest.raises(IllegalAction) as error:
        state.apply(move)
    assert error.value.key == key, str(error.value)
    assert (state.to_json(), state.displays, state.deck, state.discard) == before


def test_deal_and_each_player_turns_up_two_then_highest_sum_starts():
    state = new(3, seed=4)
    assert [len(d) for d in state.displays] == [8, 8, 8]
    assert len(state.deck) == 108 - 24 - 1 and len(state.discard) == 1
    assert state.phase == "reveal" and state.current_player == 0
    refused(state, DRAW_DECK, "error.biber.reveal_first")
    for player in range(3):
        assert state.current_player == player
        state.apply(TURN_UP[0])
        refused(state, TURN_UP[0], "error.biber.already_up")
        state.apply(TURN_UP[5])
    sums = state.start_info["sums"]
    assert state.phase == "draw" and sums[state.current_player] == max(sums)
    assert state.start_info["starter"] == state.current_player


def test_opening_tie_is_drawn_at_random_among_the_tied_and_shown():
    starters = set()
    for seed in range(12):
        state = new(2, seed=seed)
        rig(state, [[5, 1, 1, 1, 5, 1, 1, 1], [5, 2, 2, 2, 5, 2, 2, 2]], [[], []], phase="reveal")
        for _ in range(2):
            state.apply(TURN_UP[0])
            state.apply(TURN_UP[4])
        assert state.start_info["tied"] == [0, 1]
        starters.add(state.start_info["starter"])
    assert starters == {0, 1}


def test_beaver_in_the_opening_sum_counts_its_face_up_partner_else_zero():
    state = rig(new(), [[B, 3, 3, 3, 9, 4, 4, 4], [B, 3, 5, 6, 9, 5, 6, 7]], [[0, 4], [0, 1]], deck=[0] * 20,
                phase="reveal")
    assert state.opening_sum(0) == 18  # the beaver copies the 9 below it
    assert state.opening_sum(1) == 3   # partner face down: the beaver counts 0


def test_action_1_swaps_for_a_face_up_card():
    state = rig(new(), [[12, 1, 1, 1, 1, 1, 1, 1], [2] * 8], [[0, 1], [0, 1]], deck=[4] * 10, discard=[9])
    state.apply(DRAW_DECK)
    state.apply(SWAP[0])
    assert state.displays[0][0] == 4 and state.discard[-1] == 12 and state.current_player == 1


def test_action_2_swaps_for_a_face_down_card_unseen():
    state = rig(new(), [[1, 1, 7, 1, 1, 1, 1, 1], [2] * 8], [[0, 1], [0, 1]], deck=[4] * 10, discard=[9])
    state.apply(TAKE_DISCARD)
    state.apply(SWAP[2])
    assert state.displays[0][2] == 9 and state.face_up[0] >> 2 & 1 and state.discard == [7]


def test_action_3_discards_and_turns_up_a_face_down_card():
    state = rig(new(), [[1] * 8, [2] * 8], [[0, 1], [0, 1]], deck=[11] * 10, discard=[9])
    state.apply(DRAW_DECK)
    refused(state, DISCARD, "error.biber.discard_only_last")  # action 4 needs one face-down card left
    state.apply(DISCARD_TURN[6])
    assert state.discard[-1] == 11 and state.face_up[0] >> 6 & 1


def test_action_4_only_with_one_face_down_card_left():
    state = rig(new(), [[1] * 8, [2] * 8], [[0, 1, 2, 3, 4, 5, 6], []], deck=[11] * 10, discard=[9])
    state.apply(DRAW_DECK)
    state.apply(DISCARD)
    assert state.face_up[0].bit_count() == 7 and state.ender is None


def test_discard_pickup_must_be_kept_option():
    state = rig(new(discard_pickup_must_be_kept=True), [[1] * 8, [2] * 8], [[0, 1], [0, 1]], deck=[4] * 9,
                discard=[9])
    state.apply(TAKE_DISCARD)
    refused(state, DISCARD_TURN[5], "error.biber.must_keep")
    state.apply(SWAP[5])
    default = rig(new(), [[1] * 8, [2] * 8], [[0, 1], [0, 1]], deck=[4] * 9, discard=[9])
    default.apply(TAKE_DISCARD)
    default.apply(DISCARD_TURN[5])  # allowed by default (RULINGS: actions 1, 2 and 3 as written)


def test_beaver_swims_for_a_card_equal_to_its_partner():
    # Column 0: beaver over a face-up 7. Drawing a 7 lets the 7 take the beaver's place.
    state = rig(new(), [[B, 1, 1, 10, 7, 1, 1, 5], [2] * 8], [[0, 4], []], deck=[7] * 10, discard=[9])
    state.apply(DRAW_DECK)
    state.apply(SWIM[0][3])  # the beaver swims onto the face-down 10 at top 4
    assert state.displays[0][:5] == [7, 1, 1, B, 7]
    assert state.discard[-1] == 10 and state.face_up[0] >> 3 & 1
    assert score_display(state.displays[0]).column_pairs[0] == 7  # a new pair of 7s


def test_a_beaver_does_not_swim_for_another_value_or_a_hidden_partner():
    state = rig(new(), [[B, 1, 1, 10, 7, 1, 1, 5], [2] * 8], [[0, 4], []], deck=[6] * 10, discard=[9])
    state.apply(DRAW_DECK)
    refused(state, SWIM[0][3], "error.biber.no_swim")
    hidden = rig(new(), [[B, 1, 1, 10, 7, 1, 1, 5], [2] * 8], [[0, 1], []], deck=[7] * 10, discard=[9])
    hidden.apply(DRAW_DECK)
    refused(hidden, SWIM[0][3], "error.biber.no_swim")


def test_a_locked_beaver_pair_cannot_be_swapped_out_but_a_single_beaver_can():
    state = rig(new(), [[B, B, 1, 1, B, 3, 1, 1], [2] * 8], [[0, 4, 1], []], deck=[0] * 10, discard=[9])
    state.apply(DRAW_DECK)
    refused(state, SWAP[0], "error.biber.locked_pair")
    refused(state, SWAP[4], "error.biber.locked_pair")
    state.apply(SWAP[1])  # ruling B2: a single beaver may be swapped out
    assert state.discard[-1] == B


def test_an_empty_deck_is_rebuilt_from_the_discards_but_the_top_card():
    state = rig(new(), [[1] * 8, [2] * 8], [[0, 1], [0, 1]], deck=[4], discard=[9, 8, 7])
    state.apply(DRAW_DECK)
    state.apply(DISCARD_TURN[2])  # discards the 4: it is the new top card
    assert state.discard == [4] and sorted(state.deck) == [7, 8, 9]


def test_after_the_last_card_the_others_get_one_turn_then_the_round_is_scored():
    state = rig(new(3), [[1, 1, 1, 1, 1, 1, 1, 12], [2] * 8, [3] * 8],
                [[0, 1, 2, 3, 4, 5, 6], [0, 1], [0, 1]], deck=[1] * 30, discard=[9])
    state.apply(DRAW_DECK)
    state.apply(SWAP[7])  # player 0 turns up the last card: a 1 takes the 12's place
    assert state.ender == 0 and state.round == 1
    for player in (1, 2):
        assert state.current_player == player
        state.apply(DRAW_DECK)
        state.apply(DISCARD_TURN[3])
    assert state.round == 2
    assert state.round_scores[0] == [-20, -20, -20]  # four pairs of one value each: -20
    assert state.phase == "reveal"


def test_five_rounds_lowest_total_wins_and_ties_share():
    state = new(2, rounds=1)
    rig(state, [[1, 1, 1, 1, 1, 1, 1, 5], [2, 2, 2, 2, 2, 2, 2, 5]], [[0, 1, 2, 3, 4, 5, 6], []],
        deck=[1] * 20, discard=[9])
    state.apply(DRAW_DECK)
    state.apply(SWAP[7])
    state.apply(DRAW_DECK)
    state.apply(DISCARD_TURN[0])
    assert state.is_over() and state.round_scores == [[-20, 2 + 5 - 15]]  # three pairs of 2 and a 2/5 column
    assert state.winners() == [0]
    assert new().rounds == 5


@pytest.mark.parametrize("cards, points", [
    ([5, 5, 3, B, 5, 5, 7, B], -5),           # the rulebook example: the beaver pair becomes 5
    ([1, 2, 0, 0, 1, 2, 0, 5], 5),
    ([4, 4, 9, 9, 4, 4, 9, 9], -20),          # two values, two pairs each: -10 twice
    ([4, 4, 4, 4, 4, 4, 4, 4], -20),          # four pairs of 4: -20 in total, not per pair
    ([12, 11, 10, 9, 0, 1, 2, 3], 48),
    ([B, 7, 3, 3, 6, 7, 2, 3], 0 + 0 + 5 + 0 - 0),   # beaver copies the 6; pairs 6, 7, 3: no matching
    ([B, B, 8, 8, B, B, 8, 3], -15 + 11),     # two beaver pairs choose 8: three pairs of 8
])
def test_scoring(cards, points):
    assert score_display(cards).points == points


def test_view_hides_face_down_cards_the_deck_and_a_drawn_card():
    state = rig(new(), [[1, 2, 3, 4, 5, 6, 7, 8], [9] * 8], [[0, 1], [0]], deck=[11] * 10, discard=[0])
    state.apply(DRAW_DECK)
    mine, theirs = state.view(0), state.view(1)
    assert mine["players"][0]["display"] == [1, 2, None, None, None, None, None, None]
    assert theirs["players"][0]["display"] == mine["players"][0]["display"]
    assert mine["drawn"] == 11 and theirs["drawn"] is None
    assert "deck" not in mine and mine["deck_count"] == 9
    import json
    assert "11" not in json.dumps(theirs["players"]) and json.dumps(theirs)


def test_undo_only_while_no_hidden_card_was_seen():
    state = new(2, seed=3)
    for _ in range(2):
        for position in (0, 1):
            state.apply(TURN_UP[position])
    assert not state.can_undo()  # turning up shows a hidden card
    mover = state.current_player
    state.apply(TAKE_DISCARD)
    assert state.can_undo() and state.last_actor() == mover
    back = state.undo()
    assert back.phase == "draw" and len(back.history) == len(state.history) - 1
    state.apply(SWAP[0])  # action 1: the card taken and the card given up were both seen
    assert state.can_undo()
    state.apply(DRAW_DECK)  # the next player draws: a hidden card is seen
    assert not state.can_undo()
    with pytest.raises(IllegalAction):
        state.undo()
    state.apply(SWAP[6])  # action 2 shows the face-down card it replaces
    assert not state.can_undo()


def test_action_1_with_a_card_from_the_deck_cannot_be_undone():
    """Ruling B4: a card drawn from the deck was seen by the drawer only; placing it shows it to
    everybody, so the move stands (found by the rulebook review: the others' view changed back)."""
    state = new(2, seed=1)
    for _ in range(2):
        for position in (0, 1):
            state.apply(TURN_UP[position])
    state.apply(DRAW_DECK)
    state.apply(SWAP[0])  # action 1 onto a face-up card
    assert not state.can_undo() and state.last_actor() is None


@pytest.mark.parametrize("rounds", [1, 5])
def test_the_move_that_ends_a_round_cannot_be_undone(rounds):
    """Ruling B4: taking the discard and action 1 show no hidden card, but as the round's last
    move they set off the reveal of every card, so they stand (on the last round and before)."""
    state = rig(new(2, rounds=rounds), [[1, 1, 1, 1, 1, 1, 1, 12], [2, 2, 2, 2, 2, 2, 2, 9]],
                [[0, 1, 2, 3, 4, 5, 6], [0, 1]], deck=[1] * 30, discard=[9])
    state.apply(DRAW_DECK)
    state.apply(SWAP[7])  # player 0 turns up the last card: player 1 has one more turn
    state.apply(TAKE_DISCARD)
    assert state.can_undo()  # the 12 on the pile was seen by everyone
    state.apply(SWAP[0])  # action 1 with a face-up 2: the round ends and every card shows
    assert state.round_scores and (state.is_over() or state.round == 2)
    assert not state.can_undo()
    with pytest.raises(IllegalAction):
        state.undo()


@pytest.mark.parametrize("keep", [False, True])
def test_after_taking_the_discard_action_4_is_a_free_pass_unless_the_card_must_be_kept(keep):
    """Ruling B7 (action 4 as written), and what house rule B5 takes away."""
    state = rig(new(discard_pickup_must_be_kept=keep), [[1] * 8, [2] * 8], [[0, 1, 2, 3, 4, 5, 6], [0, 1]],
                deck=[4] * 9, discard=[3, 9])
    state.apply(TAKE_DISCARD)
    if keep:
        refused(state, DISCARD, "error.biber.must_keep")
        refused(state, DISCARD_TURN[7], "error.biber.must_keep")
        return
    state.apply(DISCARD)  # the 9 goes straight back: nothing else changed, the turn passed
    assert state.discard == [3, 9] and state.displays[0] == [1] * 8 and state.face_up[0].bit_count() == 7
    assert state.current_player == 1


@pytest.mark.parametrize("keep", [False, True])
def test_a_beaver_swims_for_a_card_taken_from_the_discard(keep):
    """Ruling B7; under house rule B5 too, because the card stays in the display."""
    state = rig(new(discard_pickup_must_be_kept=keep), [[B, 1, 1, 10, 7, 1, 1, 5], [2] * 8], [[0, 4], []],
                deck=[6] * 10, discard=[7])
    state.apply(TAKE_DISCARD)
    state.apply(SWIM[0][3])
    assert state.displays[0][:5] == [7, 1, 1, B, 7] and state.discard == [10]


def test_a_card_is_written_one_way_everywhere():
    """cards.py writes a card for buttons and bot reasons; the log and the bots use it, not copies."""
    from assistant.bots import biber_gang as bots
    from assistant.games.biber_gang import cards, log

    assert [cards.card_text(B), cards.card_text(7)] == ["🦫", "7"]
    assert [cards.card_to_data(B), cards.card_to_data(0)] == ["beaver", 0]
    assert log.card_text is cards.card_text and bots.card_text is cards.card_text
