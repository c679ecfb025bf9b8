"""The Biber Gang lesson (assistant/lessons/biber_gang.json) shows what its texts say: the rulebook's lucky
Jasmin, whose 6 lets the beaver swim, a deck that runs out, and the scoring example (-5 and 5) with its
pairs and matching pairs, on the round's end screen. The generic lesson tests (tests/lessons) play it."""

from __future__ import annotations

from assistant.games.biber_gang.cards import BEAVER
from assistant.lessons import load_lesson
from tests.components import BG, board_data, buttons, texts
from tests.lessons.playing import open_lesson

LESSON = load_lesson("biber_gang")


def step_number(key: str) -> int:
    return next(n for n, step in enumerate(LESSON.steps) if step.key == key)


def state_before(key: str):
    return LESSON.state_before(step_number(key))


def state_after(key: str):
    """The game once step ``key`` is done (its ask made)."""
    state = state_before(key)
    ask = LESSON.steps[step_number(key)].ask
    if ask is not None:
        state.apply(ask)
    return state


def test_the_highest_opening_sum_starts_as_the_draw_step_says():
    state = state_before("draw")
    assert state.start_info == {"sums": [20, 6], "tied": [0], "starter": 0}
    assert state.turn == 0 and state.phase == "draw"


def test_each_drawn_card_is_the_one_the_texts_name():
    assert state_before("swap").drawn == 0
    assert state_before("swap").displays[0][5] == 11
    assert state_before("draw_again").discard[-1] == 3  # Bea's 3, swapped for her 1
    assert state_before("turn_up").drawn == 12
    take = state_before("take")
    assert take.discard[-1] == 9 and take.displays[0][3] == 9
    assert state_after("pair").displays[0][7] == 9  # the pair under the 9


def test_jasmin_s_6_lets_the_beaver_swim_under_the_10():
    before = state_before("beaver")
    cards, up = before.displays[0], before.face_up[0]
    assert (cards[0], cards[4], cards[1]) == (6, BEAVER, 10) and all(up >> p & 1 for p in (0, 4, 1))
    assert not up >> 5 & 1, "the card under the 10 is face down"
    assert len(before.deck) == 1
    swim = state_before("swim")
    assert swim.drawn == 6 and swim.deck == []
    after = state_after("swim")
    assert after.displays[0][:2] == [6, 10] and after.displays[0][4:6] == [6, BEAVER]
    assert after.discard[-1] == 12, "the face-down card the beaver swam onto lies on the discard pile"


def test_the_empty_deck_is_rebuilt_at_the_end_of_the_turn():
    rebuilt = state_before("rebuilt")
    assert len(rebuilt.deck) > 80 and rebuilt.turn == 0


def test_bea_s_action_4_is_the_one_the_rebuilt_step_names():
    """Bea, with one face-down card left, puts the 2 she drew straight onto the discard pile (action 4)."""
    rebuilt = state_before("rebuilt")
    assert bin(rebuilt.face_up[1]).count("1") == 7 and rebuilt.discard[-1] == 2
    assert [move.to_json() for move in LESSON.steps[step_number("rebuilt")].auto][-1] == '{"move":"discard"}'


def test_the_scoring_example_is_the_rulebook_s():
    """Columns (5,5) (5,5) (3,7) and the locked beaver pair as 5: three matching pairs, 10 - 15 = -5 (RULINGS.md);
    Bea's two pairs of different values earn nothing: 5, as Jasmin's and Ricarda's first round."""
    ended = state_before("scored")
    you, bea = ended.round_results[0]
    assert you["display"] == [5, 5, 3, BEAVER, 5, 5, 7, BEAVER]
    assert (you["points"], you["column_pairs"], you["bonus"], you["beaver_pair_values"]) == \
        (-5, [5, 5, None, 5], -15, [5])
    assert (bea["points"], bea["bonus"]) == (5, 0)
    assert [value for value in bea["column_pairs"] if value is not None] == [12, 4]
    # her two 1s lie in different columns (top right, bottom second): no pair, they count 1 + 1
    assert [at for at, card in enumerate(bea["display"]) if card == 1] == [3, 5] and bea["column_pairs"][1] is None


def test_the_locked_beaver_pair_cannot_be_swapped_out(db):
    at = open_lesson("biber_gang", step=str(step_number("last_swap")))
    swap = next(mode for mode in board_data(at, BG)["modes"] if mode["id"] == "swap")
    assert "p3" not in swap["tappable"] and "p7" not in swap["tappable"]


def test_undo_is_offered_where_the_lesson_teaches_it(db):
    at = open_lesson("biber_gang", step=str(step_number("pair")))
    assert "undo" in buttons(at, BG)


def test_the_round_s_end_shows_the_scores_of_the_example(db):
    at = open_lesson("biber_gang", step=str(step_number("scored")))
    shown = texts(at)
    assert "Round 1 is over" in shown
    assert "Ann : -5" in shown and "Bea : 5" in shown  # the board's words, as texts() reads them
    german = open_lesson("biber_gang", "de", step=str(step_number("scored")))
    assert "Runde 1 ist vorbei" in texts(german)


def test_the_round_s_end_in_the_lesson_has_only_the_lesson_s_next(db):
    """The round's end is the lesson's last step: the game's own "Next round" is not offered there (it would deal
    the next round under the lesson's words about this one); the lesson's Next ends the lesson."""
    index = step_number("scored")
    at = open_lesson("biber_gang", step=str(index))
    assert "bg-next-round" not in [button.key for button in at.button]
    assert "Round 1 is over" in texts(at)
    at.button(key="ls-next").click().run()
    assert "ls-first" in [button.key for button in at.button]
