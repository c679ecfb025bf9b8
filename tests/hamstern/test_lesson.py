"""The Hamstern lesson (assistant/lessons/hamstern.json) shows the rulebook's own examples with the right
positions and numbers: the first three crosses, the green and red places, a new chamber through a reached
corridor, a 1 with two crosses striking two boxes, the hourglass crossed when Bea enters her fourth chamber,
the counter ticked by the next 4, a pass, and the scores the scoring steps name."""

from __future__ import annotations

import pytest

from assistant import IllegalAction, i18n
from assistant.games.hamstern import PASS, Place
from assistant.games.hamstern.layout import load_layout
from assistant.lessons import load_lesson
from tests.components import decide, message
from tests.hamstern.helpers import cell_ids, cells
from tests.lessons.playing import open_lesson, shown_step

LESSON = load_lesson("hamstern")
LAYOUT = load_layout("A")


def step_of(key: str) -> int:
    return next(n for n, step in enumerate(LESSON.steps) if step.key == key)


def before(key: str):
    return LESSON.state_before(step_of(key))


def after(key: str):
    state = before(key)
    state.apply(LESSON.steps[step_of(key)].ask)
    return state


def refusal(state, names: str) -> str | None:
    try:
        state.clone().apply(Place(cells(names)))
    except IllegalAction as error:
        return error.key
    return None


def test_the_first_three_crosses_lie_together_in_the_start_chamber():
    state = after("first")
    assert LAYOUT.cells_of(state.crossed[0]) == cells("F6 G6 F7")
    assert all(cell in LAYOUT.start_chamber.cells for cell in cells("F6 G6 F7"))


def test_the_green_places_are_the_ones_a_single_cross_may_take_and_the_red_ones_are_refused():
    state = before("green")
    assert state.roll == 1
    singles = {min(action.cells) for action in state.legal_actions() if len(action.cells) == 1}
    assert singles == cells("F5 G5 H6 G7")
    assert set(LESSON.steps[step_of("green")].show) == {*cell_ids("F5 G5 H6 G7"), "button:confirm"}
    for red in ("H5", "H7"):
        assert refusal(state, red) == "error.hamstern.must_touch"


def test_a_new_chamber_begins_at_the_corridor_reached_and_not_at_the_others():
    state = before("corridor")
    assert refusal(state, "G9 H9 I9 J9") is None  # G7, at the corridor, is crossed
    for far_end in ("D5 C5 B5 A5", "G3 G2 G1 F1", "J6 K6 L6 M6"):  # beyond F5, G5 and H6: not crossed
        assert refusal(state, far_end) == "error.hamstern.must_touch"


def test_a_one_with_two_crosses_strikes_two_boxes():
    state = before("one")
    assert state.roll == 1 and state.struck[0] == 1  # the 1 of step green struck the first (its text says so)
    assert after("one").struck[0] == 3


def test_the_hourglass_is_crossed_when_bea_enters_her_fourth_chamber_and_the_next_four_ticks():
    start = LESSON.starts[1]
    state = LESSON.state_before(step_of("hourglass"))
    assert state.hourglass and state.ticks == 0
    assert state.chambers_started(1) == 4 and state.chambers_started(0) == 3  # Bea, not you
    without_bea = state.game.replay(start.players, start.seed, start.options, list(start.actions))
    assert not without_bea.hourglass
    tick = before("tick")
    assert tick.roll == 4 and tick.ticks == 1


def test_a_roll_that_fits_nowhere_is_passed():
    state = before("pass")
    assert state.roll == 6 and state.ticks == 5
    assert state.legal_actions() == [PASS]


def test_the_scoring_steps_name_the_scores_of_the_sheet():
    state = before("full")
    mine = state.breakdowns()[0]
    assert mine.complete == ("S",) and mine.chambers == 3
    assert mine.mushrooms == 7 and mine.acorns == 4 and mine.total == 14
    assert not cells("D10") & LAYOUT.cells_of(state.crossed[0])  # the 9-point chamber: one cell short
    texts = i18n.catalogue("en")
    assert "3 points" in texts["lesson.hamstern.full.text"] and "D10" in texts["lesson.hamstern.not_full.text"]
    assert "you have 7" in texts["lesson.hamstern.mushrooms.text"]
    assert "4 points, 14 in all" in texts["lesson.hamstern.acorns.text"]
    assert cells("C9") & {cell for pair in LAYOUT.corridors for cell in pair}  # a corridor's end, and a mushroom
    assert LAYOUT.icons[(8, 2)] == "mushroom"


def test_the_last_roll_ticks_the_last_box_and_fills_a_chamber():
    state = after("last")
    assert state.ticks == state.layout.round_counter_length and not state.is_over()  # Bea still uses it
    assert "e" in state.breakdowns()[0].complete and state.scores()[0] == 20


def test_the_game_ends_in_a_shared_win_after_every_tie_break():
    """Bea's last cross (A5 to D5) takes no mushroom: 20 to 20, chambers, mushrooms and acorns level."""
    state = LESSON.state_before(step_of("result"))
    assert state.is_over() and state.scores() == [20, 20] and state.winners() == [0, 1]
    mine, bea = state.breakdowns()
    assert (mine.chambers, mine.mushrooms, mine.acorns) == (bea.chambers, bea.mushrooms, bea.acorns) == (8, 8, 4)
    assert LAYOUT.cells_of(state.crossed[1]) >= cells("A5 B5 C5 D5")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_red_place_is_refused_with_the_rule_and_another_green_one_with_the_step_s_reason(db, lang):
    index = step_of("green")
    at = open_lesson("hamstern", lang, step=str(index))
    decide(at, "hs-board", "confirm", cell_ids("H5"))
    assert message(at, "hs-board") == i18n.t("error.hamstern.must_touch", lang)
    decide(at, "hs-board", "confirm", cell_ids("F5"))
    assert message(at, "hs-board") == i18n.t("lesson.hamstern.green.why", lang)
    assert shown_step(at) == index
