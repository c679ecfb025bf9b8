"""Hamsterbacke's lesson says what its positions show: the rulebook's example of Bernd (score pile 20, hand 5,
blocking stack 3: 15 points), the blocked colour, Carl's gift, and the piles its steps name."""

from __future__ import annotations

import re

import pytest

from assistant.games.hamsterbacke.actions import PLAY
from assistant.games.hamsterbacke.cards import NAMES
from assistant.i18n import t
from assistant.lessons import load_lesson

LESSON = load_lesson("hamsterbacke")
STEPS = {step.key: n for n, step in enumerate(LESSON.steps)}
LIGHT_GREEN = NAMES.index("lightgreen1")


def after_ask(key: str):
    """The position once step ``key``'s move is made."""
    state = LESSON.state_before(STEPS[key]).clone()
    state.apply(LESSON.steps[STEPS[key]].ask)
    return state


def test_bernds_example_is_the_end_of_the_last_game():
    state = LESSON.state_before(STEPS["bernd"])
    assert state.is_over()
    assert (len(state.score_piles[0]), state.hand_sizes[0], len(state.blocking[0])) == (20, 5, 3)
    assert state.scores()[0] == 15
    row = next(row for row in state.standings()["players"] if row["player"] == 0)
    assert row["breakdown"] == {"score_pile": 20, "hand": 5, "blocking": 3} and row["score"] == 15


def test_the_last_turn_begins_with_an_empty_deck_and_four_piles():
    state = LESSON.state_before(STEPS["end"])
    assert not state.deck and state.piles_left() == 4 and not state.ending
    assert state.current_player == 0 and state.actions_left == 2
    taken = after_ask("end")
    assert taken.ending and not taken.is_over()  # three piles left: the turn is completed first


def test_the_light_green_is_blocked_by_bea():
    state = LESSON.state_before(STEPS["blocked"])
    assert state.blocking[1][-1] == LIGHT_GREEN and state.hands[0][LIGHT_GREEN] == 1
    assert PLAY[LIGHT_GREEN][1] not in state.legal_actions()


def test_carl_holds_the_most_cards_and_gives_two():
    state = LESSON.state_before(STEPS["turn"])
    assert state.hand_sizes[2] > max(state.hand_sizes[:2])
    turned = after_ask("turn")
    assert turned.phase == "give" and turned.giver == 2 and turned.gift_size == 2
    assert len(LESSON.state_before(STEPS["gift"]).score_piles[0]) == 4


@pytest.mark.parametrize("lang", ("en", "de"))
def test_the_texts_name_the_piles_the_steps_take(lang):
    for step in LESSON.steps:
        if step.ask is not None and step.ask.kind == "take":
            do = t(f"lesson.hamsterbacke.{step.key}.do", lang)
            assert re.findall(r"\d+", do) == [str(step.ask.at + 1)], (step.key, do)


@pytest.mark.parametrize("lang", ("en", "de"))
def test_bernds_numbers_are_said(lang):
    text = t("lesson.hamsterbacke.bernd.text", lang)
    assert re.findall(r"\d+", text) == ["20", "5", "15", "3", "33"], text


def test_bea_wins_as_the_bernd_step_says():
    state = LESSON.state_before(STEPS["bernd"])
    assert state.scores() == [15, 33, 16] and max(range(3), key=state.scores().__getitem__) == 1


def test_pile_7_holds_a_dark_green_1_which_bea_s_light_green_does_not_block():
    state = LESSON.state_before(STEPS["gift"])
    assert state.piles[6] == [NAMES.index("darkgreen1")] and state.blocking[1][-1] == LIGHT_GREEN
