"""One scenario per Hamsterdam rule (RULINGS.md section 2, docs/RULES.md D1-D12); breaches
are in test_breaches.py, undo, saving and the log in test_saving.py.

Positions are laid out by hand with ``rig``: dams 2..12 unless given, hamsters and tokens named
by card value, the next thing to happen a roll by ``start_player + turns``.
"""

from __future__ import annotations

from importlib import resources

import pytest

from assistant import CHANCE, TERMINAL
from assistant.games.hamsterdam import ROLLS, HamsterdamGame, Move, Roll
from assistant.games.hamsterdam.actions import ACCEPT, DONE, STAY, action_from_data
from assistant.games.hamsterdam.cards import HAMSTER, numbers, parse_numbers
from tests.hamsterdam.helpers import hamsterdam_roll as roll
from tests.hamsterdam.helpers import hamsterdam_stack as at
from tests.hamsterdam.helpers import hamsterdam_tokens as tokens_at
from tests.hamsterdam.helpers import rig_hamsterdam as rig
from tests.helpers import assert_refused as refused

GAME = HamsterdamGame()
H = HAMSTER
T = "turned:physicster"  # a special whose ability was used: a plain hamster that is still its card
VALUES = list(range(2, 13))


# --- the data file ---------------------------------------------------------------------------
def test_the_numbers_come_from_the_data_file_and_it_is_checked():
    table = numbers()
    assert table.hamsters_for(VALUES) == table.classic_hamsters == 14
    assert table.blue_dots(VALUES) == table.classic_specials == 2
    assert [table.breaches_due(pile) for pile in range(9)] == [0, 0, 0, 1, 1, 2, 3, 4, 5]
    assert len(table.specials) == 18 and table.specials["physicster"].window == "roll"
    text = resources.files("templates").joinpath("hamsterdam.toml").read_text("utf-8")
    with pytest.raises(ValueError, match="orange dots of one dam add up to 15"):
        parse_numbers(text.replace("2 = 2\n3 = 2", "2 = 3\n3 = 2", 1))


def test_options_and_player_counts_are_checked():
    with pytest.raises(ValueError, match="2 to 4 players"):
        GAME.new_state(5, seed=0)
    with pytest.raises(ValueError, match="'mode' must be one of"):
        GAME.new_state(2, seed=0, mode="quick")
    assert GAME.new_state(2, seed=0).mode == "full"


# --- setup: Classic ----------------------------------------------------------------------------
def test_classic_gives_one_special_per_blue_dot_and_nobody_chooses():
    """D9: Classic is "14 hamsters + 2 specials each" (RULINGS.md): dealt and kept, no keep decision."""
    state = GAME.new_state(3, seed=4, mode="classic")
    assert state.phase == "start_roll" and state.current_player == CHANCE and state.dams == [VALUES] * 3
    for p in range(3):
        assert not state.offered[p] and len(state.kept[p]) == 2 + state.kept[p].count("twinsters") // 2
        assert state.hand[p][:14] == [H] * 14 and sorted(state.hand[p][14:]) == sorted(state.kept[p])
    assert not state.can_undo()  # everybody's specials are on the table


def test_the_set_aside_twinster_joins_the_player_who_keeps_the_other():
    state = GAME.new_state(2, seed=0)
    while state.phase != "keep":
        state.apply(state.legal_actions()[0])
    state.offered = [["blobster", "physicster", "swimster", "twinsters"],
                     ["bombster", "buffster", "mobster", "spinster"]]
    state._legal = None
    state.apply(Move("keep", cards=("blobster", "twinsters")))
    state.apply(Move("keep", cards=("bombster", "buffster")))
    hamsters = [numbers().hamsters_for(dam) for dam in state.dams]
    assert state.hand[0].count("twinsters") == 2 and len(state.hand[0]) == hamsters[0] + 3
    assert len(state.hand[1]) == hamsters[1] + 2
    # In Classic too: a player dealt the Twinster gets its twin.
    dealt = next(state for state in (GAME.new_state(4, seed=seed, mode="classic") for seed in range(200))
                 if "twinsters" in sum(state.kept, []))
    twin = next(p for p in range(4) if "twinsters" in dealt.kept[p])
    assert dealt.hand[twin].count("twinsters") == 2 and len(dealt.hand[twin]) == 14 + 3


def test_the_start_player_has_the_highest_roll_and_ties_roll_again():
    state = GAME.new_state(3, seed=1, mode="classic")
    state.apply(Roll(6, 6))
    state.apply(Roll(1, 2))
    state.apply(Roll(6, 6))  # seats 0 and 2 tie at 12
    assert state.phase == "start_roll" and state.queue == [0, 2]
    state.apply(Roll(1, 1))
    state.apply(Roll(3, 4))
    assert state.start_player == 2 and state.phase == "place" and state.current_player == 2
    assert state.queue == [2, 0, 1]  # placing in turn order from the start player


def test_placing_puts_every_hamster_one_at_a_time_specials_on_top():
    state = GAME.new_state(2, seed=2, mode="classic")
    state.apply(Roll(6, 6))
    state.apply(Roll(1, 1))
    special = state.hand[0][-1]
    state.apply(Move("put", special, 5))
    state.apply(Move("put", H, 5))
    assert state.stacks[0][5] == [H, special]  # a special stays on top
    assert state.can_undo() and state.undo().stacks[0][5] == [special]
    missing = next(name for name in numbers().specials if name not in state.hand[0])
    refused(state, Move("put", missing, 1), "error.hamsterdam.no_piece")
    refused(state, DONE, "error.hamsterdam.can_still_place")
    refused(state, Roll(1, 2), "error.hamsterdam.no_roll_now")
    while state.current_player == 0:
        state.apply(Move("put", state.hand[0][0], 0))
    assert state.hand[0] == [] and sum(map(len, state.stacks[0])) == 16 and state.current_player == 1
    while state.current_player == 1:
        state.apply(state.legal_actions()[0])
    assert state.phase == "roll" and state.current_player == CHANCE


# --- setup: the full game ----------------------------------------------------------------------
def test_passing_gives_one_card_to_each_neighbour_hidden_until_everybody_chose():
    state = GAME.new_state(3, seed=0)
    assert state.phase == "pass" and len(state.legal_actions()) == 11 * 10
    state.apply(Move("pass", cards=(2, 12)))  # 2 to the left (seat 1), 12 to the right (seat 2)
    assert state.view(1)["players"][0]["pass"] is None and state.view(0)["players"][0]["pass"] == [2, 12]
    assert state.can_undo()
    refused(state, Move("pass", cards=(5, 5)), "error.hamsterdam.pass_two")
    state.apply(Move("pass", cards=(7, 3)))
    state.apply(Move("pass", cards=(7, 8)))
    assert not state.can_undo()  # the cards received are seen
    assert state.held[0] == [3, 3, 4, 5, 6, 7, 7, 8, 9, 10, 11]  # gave 2 and 12, got 3 (seat 1) and 7 (seat 2)
    assert state.held[1] == [2, 2, 4, 5, 6, 8, 8, 9, 10, 11, 12]  # gave 7 and 3, got 2 (seat 0) and 8 (seat 2)
    assert state.held[2] == [2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 12]  # gave 7 and 8, got 12 (seat 0) and 7 (seat 1)
    assert state.phase == "arrange" and state.view(2)["players"][0]["pass"] == [2, 12]


def test_with_two_players_both_cards_go_to_the_opponent():
    state = GAME.new_state(2, seed=0)
    assert len(state.legal_actions()) == 55 and Move("pass", cards=(12, 2)) not in state.legal_actions()
    state.apply(Move("pass", cards=(2, 3)))
    state.apply(Move("pass", cards=(11, 12)))
    assert state.held == [sorted([4, 5, 6, 7, 8, 9, 10, 11, 12, 11, 12]), sorted([2, 3, 4, 5, 6, 7, 8, 9, 10, 2, 3])]


def test_arranging_lays_the_dam_left_to_right_and_the_dots_of_the_cards_held_count():
    state = GAME.new_state(2, seed=0)
    state.apply(Move("pass", cards=(6, 7)))  # seat 0 gives a blue dot away and gets two blue dots
    state.apply(Move("pass", cards=(6, 8)))
    assert state.phase == "arrange"
    refused(state, Move("lay", at=7), "error.hamsterdam.not_held")
    order = [12, 6, 11, 10, 9, 8, 5, 4, 3, 2]
    for value in order:
        state.apply(Move("lay", at=value))
    assert state.dams[0] == [*order, 8]  # the last card needs no choice
    assert state.current_player == 1
    for value in [2, 3, 4, 5, 6, 9, 10, 11, 12]:
        state.apply(Move("lay", at=value))
    assert state.dams[1] == [2, 3, 4, 5, 6, 9, 10, 11, 12, 7, 7]  # two copies of one value: no choice either
    assert state.phase == "keep" and not state.can_undo()  # the specials are dealt
    assert len(state.offered[0]) == 2 * 3 and len(state.offered[1]) == 2 * 1  # blue dots on 6 and 8
    table = numbers()
    assert state.hand[0].count(H) == table.hamsters_for(state.dams[0])
    assert state.hand[1].count(H) == table.hamsters_for(state.dams[1])


# --- the roll ------------------------------------------------------------------------------------
def test_a_roll_carries_both_dice_and_their_sum_and_real_dice_may_be_entered():
    state = rig(stacks=[{7: [H]}, {7: [H]}])
    assert state.current_player == CHANCE and state.legal_actions() == list(ROLLS) and len(ROLLS) == 21
    outcome = state.chance_outcome()
    assert outcome in ROLLS and outcome.value == sum(outcome.dice)
    assert Roll(5, 2).dice == (2, 5) and Roll(5, 2).value == 7 and Roll(5, 2) == Roll(2, 5)
    assert action_from_data({"roll": [6, 1]}) == Roll(1, 6)
    with pytest.raises(ValueError):
        action_from_data({"roll": [0, 7]})
    refused(state, Move("stay"), "error.hamsterdam.roll_first")
    refused(state, Roll(0, 7), "error.hamsterdam.bad_roll")
    state.apply(Roll(3, 4))
    assert state.dice == (3, 4) and state.view(None)["value"] == 7
    assert not state.can_undo()  # a roll never is taken back


def test_the_dice_are_rolled_again_while_nobody_has_the_value_on_an_intact_card():
    state = rig(mode="full", flipped=[[12], [12]], stacks=[{11: [H]}, {}])
    roll(state, 12)
    assert state.current_player == CHANCE and state.rerolls == 1 and state.turns == 0
    roll(state, 11)
    assert state.turns == 1 and state.reserve[0] == [H] and tokens_at(state, 1, 11) == 1


# --- the flood -----------------------------------------------------------------------------------
def test_a_hamster_there_must_plug_the_flood_and_goes_to_the_reinforcement_pile():
    state = rig(stacks=[{7: [H, H]}, {7: [H]}])
    roll(state, 7)
    assert at(state, 0, 7) == [H] and at(state, 1, 7) == [] and state.reserve == [[H], [H]]
    assert state.supply == 35 and state.current_player == CHANCE  # no choice, nothing to decide


def test_a_flood_cannot_be_let_in_where_a_hamster_stands_and_the_reason_says_so():
    state = rig(stacks=[{7: [H], 6: ["blobster"]}, {}])
    roll(state, 7)
    assert state.legal_actions() == [Move("plug", H), Move("use", "blobster", 4, 5)]
    refused(state, ACCEPT, "error.hamsterdam.must_plug")


def test_the_player_chooses_which_hamster_plugs_a_special_as_a_plain_hamster():
    state = rig(stacks=[{7: [H, "blobster"]}, {}])
    roll(state, 7)
    assert state.phase == "flood" and state.current_player == 0
    assert state.legal_actions() == [Move("plug", H), Move("plug", "blobster")]
    refused(state, Move("plug", T), "error.hamsterdam.plug_not_there")
    refused(state, STAY, "error.hamsterdam.now_flood")
    assert state.view(1)["flood"] == {"player": 0, "at": 5, "value": 7}
    state.apply(Move("plug", "blobster"))
    assert state.reserve[0] == ["blobster"] and at(state, 0, 7) == [H]  # not turned: used as a plain hamster
    assert tokens_at(state, 1, 7) == 1 and state.can_undo()


def test_no_hamster_puts_a_flood_token_on_the_card_and_a_token_there_sends_one_to_the_pile():
    state = rig(tokens=[{7: 1}, {}])
    roll(state, 7)
    assert tokens_at(state, 0, 7) == 1 and state.piles == [1, 0] and tokens_at(state, 1, 7) == 1
    assert state.supply == 35 - 3 and state.scores() == [2, 1]


def test_every_card_with_the_value_floods_in_turn_order_from_the_roller():
    dams = [[2, 3, 4, 5, 6, 7, 7, 9, 10, 11, 12], VALUES]
    state = rig(mode="full", dams=dams, start_player=1, stacks=[{7: [H, T]}, {7: [H, "blobster"]}])
    state.stacks[0][6] = ["swimster", H]
    roll(state, 7)
    assert state.current_player == 1 and state.floods == [(1, 5), (0, 5), (0, 6)]
    state.apply(Move("plug", "blobster"))
    assert state.current_player == 0
    state.apply(Move("plug", T))
    state.apply(Move("plug", H))
    assert state.stacks[0][5:7] == [[H], ["swimster"]] and state.current_player == CHANCE


def test_when_the_supply_is_used_up_nothing_is_placed_and_the_game_ends_after_the_turn():
    state = rig(players=3, supply=1)
    state._log = events = []
    roll(state, 7)
    assert state.tokens[0][5] == 1 and state.tokens[1][5] == state.tokens[2][5] == 0
    assert state.supply == 0 and state.exhausted and state.current_player == TERMINAL
    assert state.tokens_in_play() == 1  # the rigged box held one token: it is on the dam now
    assert ("log.hamsterdam.no_token", {"player": 1, "value": 7}) in events


def test_a_token_cleared_goes_back_to_the_supply_and_can_flood_again():
    state = rig(stacks=[{5: [H, H]}, {8: [H]}], tokens=[{6: 1}, {}], turns=3, supply=2)
    roll(state, 9)  # both 9s take the last two tokens
    assert state.supply == 0 and not state.exhausted and state.phase == "move"
    state.apply(Move("move", H, 3, 4))  # onto the 6: the token goes back to the supply
    state.apply(STAY)
    assert state.supply == 1 and state.tokens_in_play() == 3
    roll(state, 8)  # seat 1's hamster plugs its 8, seat 0's 8 takes the token cleared
    assert tokens_at(state, 0, 8) == 1 and state.supply == 0
    assert not state.exhausted and state.current_player == CHANCE


# --- the end -------------------------------------------------------------------------------------
def test_the_game_ends_once_the_piles_reach_the_end_number_after_the_whole_turn():
    state = rig(piles=[6, 3], tokens=[{7: 1}, {7: 1}], turns=3)  # this turn would start a movement phase
    roll(state, 7)
    assert state.piles == [7, 4] and state.is_over()  # both players' floods were resolved
    assert state.legal_actions() == [] and state.current_player == TERMINAL
    assert state.winners() == [1] and state.scores() == [8, 5]
    refused(state, STAY, "error.game_over")


def test_fewest_tokens_win_then_more_hamsters_then_the_win_is_shared():
    state = rig(piles=[4, 5], tokens=[{7: 1, 3: 1}, {7: 1}], stacks=[{2: [H]}, {2: [H, H]}])
    roll(state, 7)  # piles 5 and 6, and 2 and 1 tokens on the dams: 7 each
    assert state.is_over() and state.scores() == [7, 7]
    assert state.winners() == [1] and state.standings()["decided_by"] == "hamsters"
    state = rig(piles=[4, 5], tokens=[{7: 1, 3: 1}, {7: 1}], stacks=[{2: [H]}, {2: ["blobster"]}])
    roll(state, 7)
    assert state.winners() == [0, 1] and state.standings()["decided_by"] == "shared"
    lead = rig(piles=[2, 1]).standings()
    assert [row["player"] for row in lead["players"]] == [1, 0] and not any(row["winner"] for row in lead["players"])


# --- movement ------------------------------------------------------------------------------------
def test_after_every_players_turn_each_may_move_one_hamster_one_card():
    state = rig(players=3, stacks=[{5: [H, T]}, {}, {12: [H]}], start_player=1, turns=2)
    roll(state, 9)
    assert state.phase == "move" and state.current_player == 2  # seat 1 has nothing to move
    assert state.legal_actions() == [Move("move", H, 10, 9), STAY]
    state.apply(STAY)
    assert state.current_player == 0
    refused(state, Move("move", H, 3, 5), "error.hamsterdam.not_neighbour")
    refused(state, Move("move", H, 4, 3), "error.hamsterdam.not_there")
    state.apply(Move("move", T, 3, 4))
    assert at(state, 0, 6) == [T] and at(state, 0, 5) == [H] and state.current_player == CHANCE


def test_with_two_players_the_movement_phase_comes_after_two_turns_each():
    state = rig(stacks=[{5: [H]}, {5: [H]}], turns=2)
    roll(state, 9)
    assert state.current_player == CHANCE
    roll(state, 9)
    assert state.phase == "move" and state.turns == 4


def test_a_hamster_moved_onto_a_flood_token_leaves_the_game_and_the_token_goes_back_to_the_supply():
    state = rig(stacks=[{5: [H, H]}, {}], tokens=[{6: 1}, {}], turns=3)
    roll(state, 9)
    assert state.supply == 35 - 3  # the 6 and the two 9s
    state.apply(Move("move", H, 3, 4))
    assert tokens_at(state, 0, 6) == 0 and at(state, 0, 5) == [H] and state.removed[0] == [H]
    assert state.supply == 35 - 2 and state.tokens_in_play() == 35 and state.scores() == [1, 1]  # the 9s


# --- redeployment --------------------------------------------------------------------------------
def test_after_a_round_everybody_places_all_hamsters_again_and_may_clear_tokens():
    state = rig(stacks=[{5: [H, H], 9: [T], 12: [H]}, {}], reserve=[[H], []], tokens=[{6: 1, 9: 1}, {}],
                turns=11)
    roll(state, 12)  # turn 12 ends the round: a movement phase, then the redeployment
    state.apply(STAY)
    assert state.phase == "place" and state.current_player == 0
    assert state.hand[0] == [H, H, H, H, T] and state.reserve[0] == []
    assert state.stacks[0] == [[]] * 11
    refused(state, Move("put", H, 4), "error.hamsterdam.token_on_card")
    refused(state, Move("clear", H, 0), "error.hamsterdam.no_token")
    assert Move("clear", T, 4) in state.legal_actions()
    supply = state.supply
    state.apply(Move("clear", H, 4))
    assert tokens_at(state, 0, 6) == 0 and state.removed[0] == [H] and state.supply == supply + 1
    for piece in (H, T, H, H):
        state.apply(Move("put", piece, 4))
    assert at(state, 0, 6) == [H, H, H, T] and state.phase == "roll"  # seat 1 has nothing to place
    assert state.view(None)["round"] == 2


@pytest.mark.parametrize(("players", "each", "movement"), [(2, 6, 4), (3, 4, 3), (4, 3, 4)])
def test_a_round_is_six_four_or_three_turns_each_and_always_twelve_rolls(players, each, movement):
    state = rig(players=players, stacks=[{5: [H]}] + [{}] * (players - 1), turns=11, start_player=players - 1)
    assert (state.round_turns, state.movement_turns) == (each * players, movement) and state.roller() == players - 2
    roll(state, 9)
    assert state.phase == "move" and state.current_player == 0  # the round's last turn: a movement phase first
    state.apply(STAY)
    assert state.phase == "place" and state.queue[0] == 0 and state.hand[0] == [H]
    state.apply(Move("put", H, 10))
    assert state.current_player == CHANCE and state.roller() == players - 1  # the start player rolls first again


def test_a_player_whose_free_cards_are_all_gone_may_stop_placing():
    state = rig(mode="full", stacks=[{3: [H, H]}, {}], tokens=[{3: 1}, {}],
                flipped=[[2, 4, 5, 6, 7, 8, 9, 10, 11, 12], []], turns=11)
    roll(state, 5, first=1)  # seat 1 floods; then the round ends; seat 0 has no neighbour to move to
    assert state.phase == "place" and state.legal_actions() == [Move("clear", H, 1), DONE]
    state.apply(DONE)
    assert state.reserve[0] == [H, H] and state.phase == "roll"
