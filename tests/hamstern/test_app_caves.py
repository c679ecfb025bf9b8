"""Caves from codes in the app (AppTest): the new-game form, the print page, the score check and the history
offer and name them; a bad code says why and starts nothing."""

from __future__ import annotations

import datetime

from assistant.games import get_game
from assistant.games.hamstern import caves
from tests.components import HAMSTERN_PAGE, PRINT_PAGE, SC, SCORE_PAGE, open_app, tappable, texts
from tests.hamstern.helpers import drawn_cave
from tests.helpers import play_saved

HISTORY_PAGE = "assistant/ui/pages/history.py"

CODE = "BAKO-MIRU"


def test_the_new_game_form_offers_sides_the_cave_of_the_day_and_a_code(db):
    at = open_app(HAMSTERN_PAGE)
    side = at.segmented_control(key="hs_new_side_kind")
    assert side.options == ["A · light, regular chambers", "B · dark, crooked chambers", "Cave of the day",
                            "A cave's code"]
    side.set_value("code").run()
    assert at.button(key="hs_start").disabled  # nothing typed yet
    at.text_input(key="hs_new_side_code").input("ba/ko").run()
    assert "A cave code has only letters A to Z, digits, spaces and hyphens." in [e.value for e in at.error]
    assert at.button(key="hs_start").disabled
    at.text_input(key="hs_new_side_code").input("bako miru").run()
    assert not at.exception and not at.error
    cave = caves.cave(CODE)
    assert f"Cave {CODE}" in texts(at) and f"{cave.figures.mean:.1f} points on average" in texts(at)
    at.button(key="hs_start").click().run()
    state = db.load(at.query_params["game"]).state
    assert state.options["side"] == CODE and state.layout is cave.layout
    assert not at.exception and "Roll the die" in texts(at)


def test_the_cave_of_the_day_is_todays_date_and_a_new_code_can_be_drawn(db):
    at = open_app(HAMSTERN_PAGE)
    at.segmented_control(key="hs_new_side_kind").set_value("day").run()
    today = datetime.date.today().isoformat()
    assert f"Cave of the day {today}" in texts(at) and not at.button(key="hs_start").disabled
    at.segmented_control(key="hs_new_side_kind").set_value("code").run()
    at.button(key="hs_new_side_new").click().run()
    drawn = at.text_input(key="hs_new_side_code").value
    assert caves.normalise(drawn) == drawn and len(drawn) == 9  # two made-up words
    assert not at.exception and not at.button(key="hs_start").disabled


def test_the_form_speaks_german_too(db):
    at = open_app(HAMSTERN_PAGE)
    # AppTest formats a choice in the test's own language, so it is chosen before switching to German.
    at.segmented_control(key="hs_new_side_kind").set_value("code").run()
    at.segmented_control(key="lang_switch").set_value("de").run()
    assert "Code einer Höhle" in at.segmented_control(key="hs_new_side_kind").options
    at.text_input(key="hs_new_side_code").input("2026-02-30").run()
    assert "2026-02-30 ist kein Datum" in at.error[0].value
    at.text_input(key="hs_new_side_code").input(CODE).run()
    assert f"Höhle {CODE}" in texts(at) and "Testspielen" in texts(at)


def test_the_print_page_prints_a_cave_from_its_code(db):
    at = open_app(PRINT_PAGE)
    side = at.segmented_control(key="print_side_hamstern_kind")
    assert "Cave of the day" in side.options and "A cave's code" in side.options
    assert at.get("download_button")  # side A by default
    side.set_value("code").run()
    assert not at.get("download_button")  # no code yet: nothing to download
    at.text_input(key="print_side_hamstern_code").input("x").run()
    assert "at least 3 letters" in at.error[0].value and not at.get("download_button")
    at.text_input(key="print_side_hamstern_code").input("bako miru").run()
    assert not at.exception
    assert len(at.get("download_button")) == 1
    assert f"Cave {CODE}" in texts(at)
    at.segmented_control(key="print_lang").set_value("de").run()  # the sheet's language, not the page's
    assert not at.exception and len(at.get("download_button")) == 1


def test_the_score_check_takes_a_cave_and_the_history_names_it(db):
    at = open_app(SCORE_PAGE)
    at.segmented_control(key="sc_side").set_value("code").run()
    assert at.text_input(key="sc_cave_code").value in ("", None)
    at.text_input(key="sc_cave_code").input(CODE.lower()).run()
    assert not at.exception
    check = db.load_check(at.query_params["check"])
    assert check.data["side"] == CODE
    assert at.segmented_control(key="sc_side").value == "code" and at.text_input(key="sc_cave_code").value == CODE
    cave = caves.cave(CODE)
    assert tappable(at, SC) == {f"{row}-{col}" for row, col in cave.layout.cells}
    assert "as hard as side A" in texts(at) or "than side A" in texts(at)
    at.segmented_control(key="sc_side").set_value("A").run()
    assert db.load_check(at.query_params["check"]).data["side"] == "A"


def test_a_finished_cave_game_is_kept_under_its_cave(db):
    code = drawn_cave(7)
    state = get_game("hamstern").new_state(2, seed=5, side=code)
    play_saved(db, state, {"names": ["Ann", "Bo"], "dice": "real"}, seed=5)  # as the app saves each move
    at = open_app(HISTORY_PAGE)
    assert f"Hamstern · Cave {code}" in texts(at)
    assert not at.exception
