"""The Mömmen lesson's positions say what its texts say (assistant/lessons/moemmen.json,
assistant/locales/moemmen/lesson.*.toml): the rulebook's examples as the engine plays them, and the
scoring example's numbers on the board at the end of the match."""

from __future__ import annotations

from assistant.games.moemmen.actions import exchange
from assistant.games.moemmen.cards import COLOUR_OF, COLOURS, IS_MINUS, IS_PLUS, card_from_name
from assistant.games.moemmen.scoring import breakdown, colour_score
from assistant.lessons import load_lesson
from tests.components import board_text
from tests.lessons.playing import open_lesson

LESSON = load_lesson("moemmen")
RED, YELLOW, BLUE = (COLOURS.index(name) for name in ("red", "yellow", "blue"))


def index_of(key: str) -> int:
    return next(n for n, step in enumerate(LESSON.steps) if step.key == key)


def before(key: str):
    """The game as the step ``key`` shows it."""
    return LESSON.state_before(index_of(key))


def cards(*names: str) -> list[int]:
    return [card_from_name(name) for name in names]


def red_plus_on(table) -> bool:
    return any(IS_PLUS[card] and COLOUR_OF[card] == RED for card in table)


def test_a_minus_card_goes_only_for_a_plus_card_of_its_colour():
    state = before("exchange")
    minus, red_four = cards("red-3", "red+4")
    assert minus in state.hands[0] and red_four in state.table
    for other in state.table:
        allowed = exchange(minus, other) in state.legal_actions()
        assert allowed == (other == red_four), other


def test_benny_brings_a_new_table_and_the_same_player_goes_on():
    state = before("benny")
    assert not red_plus_on(state.table)  # "no red plus card is left on the table"
    old = list(state.table)
    state.apply(LESSON.steps[index_of("benny")].ask)
    assert state.current_player == 0 and state.discard[-len(old):] == old and len(state.hands[0]) == 6


def test_three_minus_cards_may_be_refreshed_and_tim_needs_a_minus_card():
    assert sum(IS_MINUS[card] for card in before("refresh").table) == 3
    state = before("tim")
    assert card_from_name("tim") in state.hands[0] and card_from_name("green-2") in state.table


def test_after_tim_a_minus_card_goes_for_any_table_card():
    state = before("tim_exchange")
    assert state.phase == "tim_exchange" and card_from_name("blue+4") in state.hands[0]  # "You drew the blue +4"
    move = exchange(*cards("green-3", "red+4"))
    assert move in state.legal_actions()
    normal = before("tim")  # in a normal turn the same cards could not be exchanged
    assert exchange(*cards("green-3", "green+2")) in normal.legal_actions()
    assert exchange(*cards("green-3", "red+4")) not in normal.legal_actions()


def test_the_others_take_minus_cards_and_everybody_sees_it():
    state = before("tim_take")
    takes = [(entry["player"], entry["move"]) for entry in state.view(0)["round_moves"] if entry["phase"] == "tim_take"]
    assert [player for player, _ in takes] == [1, 2]
    assert all(IS_MINUS[card_from_name(move["take"])] and IS_PLUS[card_from_name(move["give"])] for _, move in takes)
    assert card_from_name("red+3") in state.view(0)["known"][2]  # "Carl took the red +3", under his name
    assert not red_plus_on(state.table) and not red_plus_on(before("pass").table)


def test_when_everybody_passes_the_table_is_replaced():
    old, state = before("pass").table, before("all_passed")
    assert [entry["move"]["move"] for entry in state.view(0)["round_moves"][-3:]] == ["pass"] * 3
    assert state.table != old and card_from_name("red+2") in state.table and state.current_player == 0


def test_the_round_ends_and_the_match_is_won_as_the_texts_say():
    state = before("complete")
    assert state.round == 2 and state.totals == [12, 10, 15] and state.target == 30
    assert sum(IS_PLUS[card] and COLOUR_OF[card] == YELLOW for card in state.hands[0]) == 5
    end = before("scoring")
    assert end.over and end.totals[0] == 30 and end.totals[0] == max(end.totals)
    result = end.results[-1]
    assert result["complete"] == [0] and result["scores"][0] == 18
    bea = result["hands"][1]
    assert result["colours"][1] == RED and result["scores"][1] == 5
    assert breakdown(bea) == {"colour": "red", "colour_points": 11, "other_plus": -1, "minus": -2, "tim_benny": -3}
    assert colour_score(bea, RED) == max(colour_score(bea, colour) for colour in range(len(COLOURS)))
    assert result["colours"][2] == BLUE and result["scores"][2] == 10


def test_the_end_of_the_match_shows_bea_s_hand_scored_with_red(db):
    at = open_lesson("moemmen", step=str(index_of("scoring")))
    shown = board_text(at, "mm-results")
    assert "+5 this round · total 15" in shown
    assert "red: +11 · other plus cards: −1 · minus cards: −2 · Tim and Benny: −3" in shown
