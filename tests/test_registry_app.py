"""One registration per game, the app's side: the coin-flip game of tests/test_registry.py,
registered with its one call, appears in the navigation, on Home, in Score check and in Print."""

from __future__ import annotations

import json

from tests.coin_flip import INFO
from tests.components import open_app

SCORE_PAGE, PRINT_PAGE = "assistant/ui/pages/score_check.py", "assistant/ui/pages/print_sheets.py"


def test_home_shows_the_registered_game_and_its_page_exists(db, coin_flip):
    at = open_app()
    assert "Coin flip" in [markdown.value.strip("*") for markdown in at.markdown]
    at.button(key=f"home-play-{INFO.name}").click().run()
    assert not at.exception, at.exception
    # It has no table in the app yet: its page says so (and is reached through the navigation).
    assert any("not in the app yet" in info.value for info in at.info)


def test_score_check_offers_the_registered_game(db, coin_flip):
    at = open_app(SCORE_PAGE)
    control = at.segmented_control(key="sc_game")
    assert INFO.name in control.options or any("Coin flip" in option for option in control.options)
    control.set_value(INFO.name).run()
    field = at.text_area(key=f"sc_json_{INFO.name}")
    field.input(json.dumps({"players": [{"name": "Ann", "right_calls": 2}, {"name": "Bo", "right_calls": 1}]})).run()
    assert not at.exception, at.exception
    table = at.table[0].value  # checked by the game's own score check
    assert list(table["Total"]) == [2, 1] and "Ann" in at.success[0].value
    at.text_area(key=f"sc_json_{INFO.name}").input('{"players": [{"name": "Ann"}]}').run()
    assert not at.exception and at.error  # another shape: one clear line, no traceback


def test_print_offers_the_registered_sheet(db, coin_flip):
    at = open_app(PRINT_PAGE)
    control = at.segmented_control(key="print_kind")
    assert any("Coin flip" in option for option in control.options)
    control.set_value("coin-flip").run()
    assert not at.exception, at.exception
    assert at.get("download_button")
