"""One scenario per Mömmen ruling (RULINGS.md section 5, docs/RULES.md M1-M13).

Positions are laid out by hand (``rig``): hands, table, deck and discard pile are written as
card names, the deck's last card is drawn first. Scoring, the score check, the views and the
log are in test_scoring.py.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from assistant import TERMINAL, IllegalAction
from assistant.games import get_game
from assistant.games.moemmen.actions import BENNY, PASS, REFRESH, SKIP, TIM, Move
from assistant.games.moemmen.cards import FULL_DECK, card_from_name
from tests.helpers import assert_refused
from tests.moemmen.helpers import moemmen_cards as C
from tests.moemmen.helpers import moemmen_exchange as X
from tests.moemmen.helpers import rig_moemmen as rig

GAME = get_game("moemmen")
RED_FIVE = "red+1 red+2 red+3 red+4 red+4"  # one red plus card short of the end of a round
NO_MINUS = "green+2 red+4 blue+3 yellow+1 green+1"  # a table without minus cards


def hand(state, seat: int) -> list[int]:
    return sorted(state.hands[seat])


# --- M1: the deal ------------------------------------------------------------------------------
def test_the_deal_gives_six_cards_each_and_five_to_the_table_and_seat_0_begins():
    state = GAME.new_state(4, seed=11)
    assert [len(h) for h in state.hands] == [6] * 4 and len(state.table) == 5 and len(state.deck) == 64 - 29
    assert sorted(state.cards_in_play()) == list(FULL_DECK) and not state.discard
    assert (state.round, state.dealer, state.turn, state.current_player) == (1, 3, 0, 0)
    assert len(FULL_DECK) == 64 and Counter(FULL_DECK)[card_from_name("tim")] == 4


# --- M2: the exchange --------------------------------------------------------------------------
def test_an_exchange_puts_the_hand_card_in_the_taken_cards_place_and_ends_the_turn():
    state = rig("red+1 red+2 red+3 blue+1 blue-2 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="green+2 red+4 blue+3 yellow-3 green-3")
    state.apply(X("blue+1", "red+4"))
    assert hand(state, 0) == sorted(C("red+1 red+2 red+3 red+4 blue-2 tim"))
    assert state.table == C("green+2 blue+1 blue+3 yellow-3 green-3")
    assert state.current_player == 1 and state.phase == "turn" and state.can_undo()


def test_the_card_laid_down_decides_a_minus_card_goes_only_for_a_plus_card_of_its_colour():
    state = rig("red+1 red+2 red+3 blue+1 blue-2 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="green+2 red+1 blue+3 yellow-3 red+4")
    legal = state.legal_actions()
    assert X("blue-2", "blue+3") in legal  # a minus card for a plus card of its colour
    assert X("red+1", "yellow-3") in legal and X("tim", "yellow-3") in legal  # any other card for any card
    error = assert_refused(state, X("blue-2", "red+4"), "error.moemmen.minus_for_own_colour")
    assert "plus card of its colour" in str(error) and "blue plus card" in str(error)
    assert_refused(state, X("blue-2", "yellow-3"), "error.moemmen.minus_for_own_colour")
    assert_refused(state, X("red+1", "red+1"), "error.moemmen.same_card")
    assert_refused(state, X("green+1", "red+4"), "error.moemmen.not_held")
    assert_refused(state, X("red+1", "green+4"), "error.moemmen.not_on_table")
    assert_refused(state, SKIP, "error.moemmen.skip_only_after_tim")
    assert_refused(state, "not a move", "error.moemmen.not_a_move")
    assert legal.count(X("red+1", "blue+3")) == 1  # identical cards are the same move


# --- M3: Benny ---------------------------------------------------------------------------------
def test_benny_draws_to_six_replaces_the_table_and_the_same_player_goes_again():
    state = rig("red+1 red+2 red+3 blue+1 blue-2 benny", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 green+2",
                table="green+3 red+4 blue+3 yellow-3 green-3", deck="blue+4 blue+2 green+4 red-2 yellow+4 benny")
    state.apply(BENNY)
    assert hand(state, 0) == sorted(C("red+1 red+2 red+3 blue+1 blue-2 benny"))  # drew another Benny
    assert state.table == C("yellow+4 red-2 green+4 blue+2 blue+4") and not state.deck
    assert state.discard == C("benny green+3 red+4 blue+3 yellow-3 green-3")
    assert state.current_player == 0 and state.phase == "turn" and not state.can_undo()
    assert BENNY in state.legal_actions()  # Benny again, as often as held
    assert_refused(rig("red+1", "red+2", table="red+3 red+4 blue+1 blue+2 blue+3"), BENNY, "error.moemmen.not_held")


# --- M4: Tim and the Tim player's exchange -----------------------------------------------------


def test_tim_needs_a_minus_card_on_the_table_or_in_the_hand():
    without = rig("red+1 red+2 red+3 blue+1 green+4 tim", "yellow+1 yellow+2", table=NO_MINUS)
    assert TIM not in without.legal_actions()
    assert_refused(without, TIM, "error.moemmen.tim_needs_minus")
    assert TIM in rig("red+1 red+2 red+3 blue+1 green-2 tim", "yellow+1", table=NO_MINUS).legal_actions()
    assert TIM in rig("red+1 red+2 red+3 blue+1 green+4 tim", "yellow+1",
                      table="green+2 red+4 blue+3 yellow-3 green+1").legal_actions()
    assert_refused(rig("red+1 red+2", "yellow+1", table=NO_MINUS), TIM, "error.moemmen.not_held")


def test_after_tim_the_player_draws_to_six_and_may_exchange_a_minus_card_for_any_card():
    state = rig("red+1 red+2 red+3 red-2 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="blue+4 yellow-3 green+1 green+2 yellow+1", deck="green+4 red+4")
    state.apply(TIM)
    assert hand(state, 0) == sorted(C("red+1 red+2 red+3 red+4 red-2 blue+1")) and state.discard == C("tim")
    assert (state.phase, state.current_player, state.must_lay_minus) == ("tim_exchange", 0, False)
    legal = state.legal_actions()
    assert SKIP in legal and X("red-2", "blue+4") in legal and X("blue+1", "yellow-3") in legal
    for move in (BENNY, PASS, REFRESH, TIM):
        assert_refused(state, move, "error.moemmen.tim_exchange_only")
    assert not state.can_undo()  # Tim drew a card
    state.apply(X("red-2", "blue+4"))  # a minus card for any table card
    assert state.table == C("red-2 yellow-3 green+1 green+2 yellow+1") and state.can_undo()
    assert state.phase == "tim_take" and state.current_player == 1


def test_with_no_minus_card_on_the_table_the_tim_exchange_is_compulsory_and_lays_down_a_minus_card():
    state = rig("red+1 red+2 red+3 green-3 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table=NO_MINUS, deck="red-2 blue+2")
    state.apply(TIM)
    assert state.must_lay_minus and state.view(0)["must_lay_minus"]
    assert {move.give for move in state.legal_actions()} == set(C("green-3"))  # no skip either
    assert len(state.legal_actions()) == 5  # for any of the five table cards
    assert_refused(state, SKIP, "error.moemmen.tim_must_lay_minus")
    assert_refused(state, X("blue+1", "red+4"), "error.moemmen.tim_must_lay_minus")
    state.apply(X("green-3", "red+4"))
    assert state.current_player == 1 and state.view(0)["takers"] == [1]


def test_every_refusal_during_a_compulsory_tim_exchange_says_the_exchange_is_compulsory():
    state = rig("red+1 red+2 red+3 green-3 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table=NO_MINUS, deck="red-2 blue+2")
    state.apply(TIM)
    for move in (PASS, BENNY, REFRESH, TIM):  # "you may make no exchange" would be wrong here
        error = assert_refused(state, move, "error.moemmen.tim_must_lay_minus")
        assert "must exchange" in str(error)


def test_the_same_card_after_tim_points_to_no_exchange_not_to_passing():
    state = rig("red+1 red+2 red+3 green-3 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="red+1 yellow-2 green+4 blue+4 red+3", deck="red-2 blue+2")
    state.apply(TIM)
    assert_refused(state, PASS, "error.moemmen.tim_exchange_only")  # passing is refused here...
    error = assert_refused(state, X("red+1", "red+1"), "error.moemmen.same_card_after_tim")
    assert "pass" not in str(error).lower() and "No exchange" in str(error)  # ...so the reason may not advise it
    assert "Nicht tauschen" in error.message("de")


@pytest.mark.parametrize("move", [Move("exchange", 99, 0), Move("exchange", -1, -1), Move("pass", 3, 4), Move("dance")])
def test_a_hand_made_move_that_names_no_card_or_no_kind_is_no_move(move):
    state = rig("red+1 red+2 red+3 green-3 blue+1 tim", "yellow+1", table=NO_MINUS)
    assert_refused(state, move, "error.moemmen.not_a_move")


# --- M5: every opponent in turn takes a minus card ---------------------------------------------
def test_each_opponent_in_turn_takes_a_minus_card_then_the_player_after_the_tim_player_is_on_turn():
    state = rig("yellow+1 yellow+2 yellow+3 green+1 green+2 benny", "red+1 red+2 red+3 red-2 blue+1 tim",
                "blue+2 blue+3 blue+4 green+3 green+4 tim", table="red-3 yellow-2 blue-3 green+2 red+4",
                deck="green+4 yellow+4", turn=1)
    state.apply(TIM)
    state.apply(SKIP)
    assert state.phase == "tim_take" and state.current_player == 2 and state.takers == [2, 0]
    assert state.view(0)["tim_player"] == 1
    legal = state.legal_actions()
    assert {m.take for m in legal} == set(C("red-3 yellow-2 blue-3")) and len(legal) == 6 * 3  # Tim may be laid
    assert_refused(state, X("blue+2", "green+2"), "error.moemmen.must_take_minus")
    assert_refused(state, PASS, "error.moemmen.must_take_minus")
    assert_refused(state, X("yellow+1", "red-3"), "error.moemmen.not_held")
    state.apply(X("tim", "red-3"))
    assert state.current_player == 0 and state.table == C("tim yellow-2 blue-3 green+2 red+4") and state.can_undo()
    state.apply(X("benny", "yellow-2"))
    assert (state.phase, state.turn, state.current_player) == ("turn", 2, 2)  # after the Tim player, seat 1
    assert state.table == C("tim benny blue-3 green+2 red+4")  # Tim and Benny laid down just lie there (M5)
    legal = state.legal_actions()
    assert X("green+3", "tim") in legal and X("blue+2", "benny") in legal and TIM not in legal and BENNY not in legal


def test_a_minus_card_may_not_be_laid_down_and_an_opponent_with_only_minus_cards_is_skipped():
    state = rig("red+1 red+2 red+3 red-2 blue+1 tim", "green-2 green-3 yellow-2 yellow-3 blue-2 blue-3",
                "blue+1 blue+2 red-3 green+3 green+4 benny", table="yellow+1 blue+4 green+1 green+2 yellow+4",
                deck="red+4 blue+3")
    state.apply(TIM)
    state.apply(X("red-2", "blue+4"))  # no minus card lay on the table: compulsory
    assert state.current_player == 2 and state.takers == [2]  # seat 1 holds only minus cards
    assert_refused(state, X("red-3", "red-2"), "error.moemmen.must_take_minus")
    state.apply(X("benny", "red-2"))
    assert (state.phase, state.current_player) == ("turn", 1)


def test_the_tim_phase_ends_once_no_minus_card_is_left():
    state = rig("red+1 red+2 red+3 blue-2 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                "blue+2 blue+3 blue+4 green+3 green+4 benny", table="yellow-3 red+4 green+1 green+2 yellow+4",
                deck="green-2 red+4")
    state.apply(TIM)
    state.apply(SKIP)
    state.apply(X("benny", "yellow-3"))  # seat 1 takes the only minus card: seat 2 is not asked
    assert (state.phase, state.current_player) == ("turn", 1)
    state = rig("red+1 red+2 red+3 blue+1 blue+2 tim", "yellow+1 yellow+2", "blue+3 blue+4",
                table="yellow-3 red+4 green+1 green+2 yellow+4", deck="green-2 red+4")
    state.apply(TIM)
    state.apply(X("blue+1", "yellow-3"))  # the Tim player took the last minus card (a plus card for any)
    assert (state.phase, state.current_player, state.takers) == ("turn", 1, [])


# --- M6: refresh -------------------------------------------------------------------------------
def test_refresh_needs_three_minus_cards_and_the_same_player_goes_on():
    two = rig("red+1 red+2", "yellow+1", table="yellow-3 red-2 green+1 green+2 yellow+4")
    assert REFRESH not in two.legal_actions()
    assert "not 2" in str(assert_refused(two, REFRESH, "error.moemmen.refresh_needs_three"))
    state = rig("red+1 red+2", "yellow+1", table="yellow-3 red-2 green-2 green+2 yellow+4",
                deck="blue+1 blue+2 blue+3 blue+4 green+1")
    state.apply(REFRESH)
    assert state.table == C("green+1 blue+4 blue+3 blue+2 blue+1") and len(state.discard) == 5
    assert state.current_player == 0 and state.acted and not state.can_undo()


# --- M7: passing -------------------------------------------------------------------------------
def test_when_every_player_in_a_row_only_passed_the_table_is_replaced():
    state = rig("red+1 red+2", "yellow+1 benny", table=NO_MINUS, deck="blue+1 blue+2 blue+3 blue+4 green+4 red-3")
    state.apply(PASS)
    assert state.passes == 1 and state.can_undo() and state.table == C(NO_MINUS)
    state.apply(PASS)
    assert state.passes == 0 and state.discard == C(NO_MINUS) and state.table == C("red-3 green+4 blue+4 blue+3 blue+2")
    assert not state.can_undo() and state.current_player == 0


def test_a_turn_with_benny_or_an_exchange_breaks_the_row_of_passes():
    state = rig("red+1 red+2 red+3 red+4 blue+1 benny", "yellow+1 benny", table=NO_MINUS)
    state.apply(PASS)
    state.apply(BENNY)  # seat 1: Benny, then a pass is no turn of only a pass
    laid_by_benny = list(state.table)
    state.apply(PASS)
    assert state.passes == 0 and state.table == laid_by_benny
    state.apply(PASS)
    assert state.passes == 1
    state.apply(next(move for move in state.legal_actions() if move.kind == "exchange"))
    assert state.passes == 0


# --- M8: the deck is rebuilt from the discard pile ---------------------------------------------
def test_an_empty_deck_is_rebuilt_from_the_whole_discard_pile_a_table_just_discarded_included():
    state = rig("red+1 red+2 red+3 red+4 blue+1 benny", "yellow+1", table=NO_MINUS, deck="",
                discard="green+3 green+4 blue+2")
    before = Counter(state.cards_in_play())
    state.apply(BENNY)  # draws from green+3, green+4, blue+2 and Benny; the table then needs the old table
    assert state.rebuilds == 2 and len(state.deck) == 3 and not state.discard
    assert Counter(state.cards_in_play()) == before and len(state.hands[0]) == 6
    assert set(state.deck + state.table[3:]) <= set(C(NO_MINUS))


# --- M9: the end of a round --------------------------------------------------------------------
def test_six_plus_cards_of_one_colour_after_an_exchange_end_the_round_and_the_next_is_dealt():
    state = rig(f"{RED_FIVE} blue+1", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="red+3 blue+4 green+1 green+2 yellow+4", totals=[3, 4])
    state.apply(X("blue+1", "red+3"))
    [result] = state.results
    assert result == {"round": 1, "dealer": 1, "complete": [0], "colours": [0, 1],
                      "hands": [sorted(C(f"{RED_FIVE} red+3")), sorted(C("yellow+1 yellow+2 yellow+3 yellow+4 "
                                                                         "green+1 benny"))],
                      "scores": [17, 10 - 1 - 3], "totals": [20, 10]}
    assert state.totals == [20, 10] and state.view(1)["results"] == [result]
    assert (state.round, state.dealer, state.turn, state.phase) == (2, 0, 1, "turn")
    assert sorted(state.cards_in_play()) == list(FULL_DECK) and not state.can_undo()


@pytest.mark.parametrize("card", ["benny", "tim"])
def test_a_draw_that_makes_six_plus_cards_of_one_colour_ends_the_round_at_once(card):
    state = rig(f"{RED_FIVE} {card}", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="red-3 blue+4 green+1 green+2 yellow+4", deck="blue+1 red+3")
    state.apply(BENNY if card == "benny" else TIM)
    assert state.results[0]["complete"] == [0] and state.results[0]["scores"][0] == 17 and state.round == 2


def test_the_tim_players_exchange_may_end_the_round_and_nobody_takes_a_minus_card():
    state = rig(f"{RED_FIVE} tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="red-3 red+3 green+1 green+2 yellow+4", deck="blue+1 blue-2")
    state.apply(TIM)
    state.apply(X("blue-2", "red+3"))
    assert state.results[0]["complete"] == [0] and state.results[0]["scores"][0] == 17
    assert (state.round, state.phase, state.takers) == (2, "turn", []) and not state.can_undo()


class Arranged(random.Random):
    """A generator whose next shuffles put the given cards first, in order (a rigged deal)."""

    def __init__(self, *firsts: list[int]):
        super().__init__(0)
        self.firsts = list(firsts)

    def shuffle(self, cards) -> None:
        if not self.firsts:
            return super().shuffle(cards)
        first = self.firsts.pop(0)
        rest = Counter(cards)
        rest.subtract(first)
        cards[:] = first + sorted(rest.elements())


def test_a_dealt_hand_of_six_plus_cards_of_one_colour_ends_the_round_at_once():
    state = rig(f"{RED_FIVE} blue+1", "yellow+1", table="red+3 blue+4 green+1 green+2 yellow+4")
    blue = C("blue+1 blue+1 blue+2 blue+2 blue+3 blue+4")
    state.rng = Arranged(blue + C("tim tim benny benny red-2 red-3"))
    state.apply(X("blue+1", "red+3"))  # ends round 1; round 2 is dealt with six blue plus cards to seat 0
    assert [(result["round"], result["complete"]) for result in state.results] == [(1, [0]), (2, [0])]
    assert state.results[1]["hands"][0] == blue and state.results[1]["scores"] == [13, -2 - 3 - 12]
    assert (state.round, state.dealer, state.turn) == (3, 1, 0) and state.totals == [17 + 13, 1 - 17]


# --- M11: the match ----------------------------------------------------------------------------
@pytest.mark.parametrize("totals, other, winners", [
    ([15, 10], "yellow+1 yellow+2 green+1 green+2 blue+1 benny", [0]),  # 32 and 7: only seat 0 reached 20
    ([15, 19], "yellow+1 yellow+2 yellow+3 yellow+4 green+1 red-2", [0]),  # 32 and 26: both reached, the highest
    ([15, 26], "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny", [0, 1]),  # 32 and 32: shared
])
def test_the_match_ends_once_a_total_reaches_the_target_and_the_highest_total_wins(totals, other, winners):
    state = rig(f"{RED_FIVE} blue+1", other, table="red+3 blue+4 green+1 green+2 yellow+4", target=20, totals=totals)
    state.apply(X("blue+1", "red+3"))
    assert state.is_over() and state.current_player == TERMINAL and state.legal_actions() == []
    assert state.winners() == winners and state.scores()[0] == 32 and state.view(0)["phase"] == "over"
    assert [row["player"] for row in state.standings()["players"] if row["winner"]] == winners
    with pytest.raises(IllegalAction):
        state.apply(PASS)


def test_below_the_target_the_next_round_begins_with_the_next_dealer():
    state = GAME.new_state(3, seed=2)
    seen = []
    for _ in range(4):
        seen.append((state.round, state.dealer, state.turn))
        seat = state.turn
        state.hands[seat] = sorted(C(f"{RED_FIVE} blue+1"))
        state.table[0], state.totals = card_from_name("red+3"), [0, 0, 0]
        state._legal = None
        state.apply(X("blue+1", "red+3"))
    assert seen == [(1, 2, 0), (2, 0, 1), (3, 1, 2), (4, 2, 0)]


# --- M12: undo ---------------------------------------------------------------------------------
def test_undo_takes_back_an_exchange_or_a_pass_of_a_real_game():
    state = GAME.new_state(2, seed=5)
    for move in (next(m for m in state.legal_actions() if m.kind == "exchange"), PASS):
        before = state.to_json()
        state.apply(move)
        assert state.can_undo() and state.last_actor() is not None
        assert state.undo().to_json() == before
    with pytest.raises(IllegalAction) as error:
        rig("red+1 benny", "yellow+1", table=NO_MINUS).undo()
    assert error.value.key == "error.moemmen.cannot_undo"
