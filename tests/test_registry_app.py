"""One registration per game, the app's side: the coin-flip game of tests/coin_flip.py, registered
with its one call (its app side in tests/coin_flip_app.py), is on Home with its picture, in the
navigation, in Score check (saved, and reopened from Home), in Print, and playable to its end.
A registered game without an app side still has a page that says so, and a JSON score check."""

from __future__ import annotations

import dataclasses
import json

import pytest

from assistant.games import register_game
from assistant.games.registry import registered, unregister_game
from tests.coin_flip import INFO
from tests.coin_flip_app import picture
from tests.components import HOME_PAGE, PRINT_PAGE, SCORE_PAGE, open_app, switch_page, top_links

PAGE = "coin-flip"  # its url path: the name with "-"


@pytest.fixture
def coin_flip_without_app():
    info = dataclasses.replace(INFO, app=None)
    register_game(info)
    yield info
    unregister_game(info.name)


def test_every_registered_game_offers_the_whole_app_side(coin_flip):
    from assistant.ui.nav import game_app

    for info in registered():
        app = game_app(info.name)
        for name in ("new_game_form", "render", "rules_in_force", "score_form", "picture"):
            assert callable(getattr(app, name, None)), f"{info.name}'s app side has no {name}"
        assert app.picture().startswith("<svg")


def test_home_shows_the_game_with_its_picture_and_opens_its_page(db, coin_flip):
    at = open_app()
    assert "Coin flip" in [markdown.value.strip("*") for markdown in at.markdown]
    assert any(picture() in markdown.value for markdown in at.markdown)
    at.button(key=f"home-play-{INFO.name}").click().run()
    assert not at.exception, at.exception
    assert at.button(key="cf_start")  # its own new-game form, on the page the registry built


def test_the_navigation_lists_the_game(db, coin_flip):
    at = open_app()
    assert PAGE in [info.get("url_pathname") for info in at._registered_pages.values()]
    assert "Coin flip" in [link["label"] for link in top_links(at)]  # in the top bar


def test_the_game_is_playable_to_its_end(db, coin_flip):
    at = open_app(PAGE)
    at.segmented_control(key="cf_new_count").set_value(2).run()
    at.button(key="cf_start").click().run()
    assert not at.exception, at.exception
    game_id = at.query_params["game"]
    for _ in range(3):  # the default: three flips
        at.button(key="cf-call-heads").click().run()
        assert "P1 called Heads" in [markdown.value for markdown in at.markdown]
        at.button(key="cf-call-tails").click().run()
        at.button(key="cf-flip").click().run()
        assert not at.exception, at.exception
    assert "Game over" in [header.value for header in at.header]
    assert "wins" in at.success[0].value
    assert db.load(game_id).state.is_over()
    # The rules panel under the table comes from the game's app side too.
    assert any("Every right call scores a point" in markdown.value for markdown in at.markdown)


def test_score_check_saves_the_game_and_home_reopens_it(db, coin_flip):
    at = open_app(SCORE_PAGE)
    at.segmented_control(key="sc_game").set_value(INFO.name).run()
    at.text_input(key="cf_sc_name_0").input("Ann").run()
    at.number_input(key="cf_sc_right_0").set_value(2).run()
    assert not at.exception, at.exception
    check_id = at.query_params["check"]
    assert db.load_check(check_id).game == INFO.name and db.load_check(check_id).data["right"][0] == 2
    assert "Ann" in at.success[0].value
    home = open_app()  # another session: Home lists the saved check
    home.button(key=f"resume-check-{check_id}").click().run()
    assert not home.exception, home.exception
    assert home.number_input(key="cf_sc_right_0").value == 2
    assert home.text_input(key="cf_sc_name_0").value == "Ann"


def test_a_game_without_an_app_side_says_so_and_checks_json(db, coin_flip_without_app):
    at = open_app()
    at.button(key=f"home-play-{INFO.name}").click().run()
    assert not at.exception, at.exception
    assert any("not in the app yet" in info.value for info in at.info)
    at = open_app(SCORE_PAGE)
    at.segmented_control(key="sc_game").set_value(INFO.name).run()
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


def test_a_game_page_opened_from_another_page(db, coin_flip):
    at = open_app(HOME_PAGE)
    switch_page(at, PAGE).run()
    assert not at.exception, at.exception
    assert at.button(key="cf_start")
