"""Names and ids people type are shown as text, never as Markdown or HTML; a game id finds
its own page; a game page offers the unfinished game first; /biber_gang reaches Biber Gang."""

from __future__ import annotations

import html
import random

from streamlit.testing.v1 import AppTest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.ui.common import plain
from tests.components import (
    BG,
    BIBER_PAGE,
    HAMSTERN_PAGE,
    HOME_PAGE,
    HS,
    assert_offered,
    board_html,
    boards,
    decide,
    has_board,
    open_app,
    payload,
    roll_shown,
    shown_html,
    switch_page,
)
from tests.hamstern.helpers import cell_ids
from tests.helpers import play_randomly

# What a player may type (the forms allow 20 characters) and what a damaged or tampered
# file may hold (anything): Markdown links and emphasis, HTML, Streamlit's own directives.
TYPED = ["[y](https://e.org)", "<b>x</b> *z* :red[r]"]
STORED = ["[y](https://example.org) <img src=x onerror=alert(1)>", "**bold** <a href='https://e.org'>a</a> $x$"]
LINK_ID = "[click](https://example.org)"


def markdown_bodies(at: AppTest) -> list[str]:
    """Everything the page hands to Streamlit's Markdown renderer."""
    kinds = ("markdown", "error", "info", "warning", "success", "header", "subheader", "caption", "title")
    bodies = [str(e.value) for kind in kinds for e in getattr(at, kind)]
    bodies += [b.label for b in at.button] + [e.label for e in at.expander]
    # st.table renders its cells as Markdown too (st.dataframe did not)
    bodies += [str(cell) for table in at.table for row in table.value.itertuples(index=False) for cell in row]
    return bodies


def html_bodies(at: AppTest) -> list[str]:
    """Everything the page hands to the browser as HTML: html blocks and the boards' pictures."""
    shown = [payload(e) for e in boards(at)]
    bodies = [e.proto.body for e in at.get("html")] + [shown_html(data) for data in shown]
    return bodies + [spec["label"] for data in shown for spec in data["buttons"] if spec.get("html")]


def board_labels(at: AppTest) -> list[str]:
    """The boards' button labels the browser writes as text (textContent), not as HTML."""
    shown = [payload(e) for e in boards(at)]
    return [spec["label"] for data in shown for spec in data["buttons"] if not spec.get("html")]


def assert_shown_as_text(at: AppTest, names, *, least: int = 1) -> None:
    """No name reaches a renderer as it was typed; each appears escaped (so the player reads it)."""
    assert not at.exception, at.exception
    markdown, markup, labels = markdown_bodies(at), html_bodies(at), board_labels(at)
    for name in names:
        assert not [body for body in markdown if name in body], f"{name!r} rendered as Markdown"
        assert not [body for body in markup if "<" in name and name in body], f"{name!r} rendered as HTML"
        shown = sum(body.count(plain(name)) for body in markdown)
        shown += sum(body.count(html.escape(name)) for body in markup)  # escaped for the browser
        shown += sum(text.count(name) for text in labels)  # written as text: the characters typed
        assert shown >= least, f"{name!r} is not shown ({shown} times)"


def test_hamstern_names_typed_at_setup_stay_text_in_headings_and_undo(db):
    at = open_app(HAMSTERN_PAGE)
    at.segmented_control(key="hs_new_dice").set_value("real").run()
    for n, name in enumerate(TYPED):
        at.text_input(key=f"hs_new_name_{n}").input(name).run()
    at.button(key="hs_start").click().run()
    assert db.load(at.query_params["game"]).setup["names"] == TYPED
    decide(at, HS, "die-3")
    assert_shown_as_text(at, TYPED)  # whose turn, beside the sheet; the other sheet's heading
    decide(at, HS, "confirm", cell_ids("F5 G5 H5"))
    assert_shown_as_text(at, TYPED[:1], least=2)  # the undo button and the other sheet name player 1
    status = board_html(at, HS)  # "<b>x</b> *z* :red[r], your turn", as text
    assert "&lt;b&gt;x&lt;/b&gt; *z* :red[r], your turn" in status and "<b>x</b>" not in status


def test_hamstern_end_screen_names_stay_text(db):
    state = play_randomly(get_game("hamstern").new_state(2, seed=6), random.Random(6))
    game_id = db.create(state, {"names": STORED, "dice": "app"})
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "Game over" in "".join(markdown_bodies(at))
    assert_shown_as_text(at, STORED)
    assert [plain(name) for name in STORED if plain(name) in at.success[0].value]  # the winner


def test_biber_gang_names_stay_text_in_log_headings_and_end(db):
    at = open_app(BIBER_PAGE)
    at.text_input(key="bg_new_name").input(TYPED[1]).run()
    at.segmented_control(key="bg_new_speed").set_value("quick").run()
    at.button(key="bg_start").click().run()
    decide(at, BG, "tap", ["p0"])
    decide(at, BG, "tap", ["p5"])  # the bot turns up its cards; the log names us both
    assert_shown_as_text(at, TYPED[1:], least=2)  # the log and the name over my display
    mine = board_html(at, BG)
    assert "&lt;b&gt;x&lt;/b&gt; *z* :red[r]" in mine and "<b>x</b>" not in mine
    state = get_game("biber_gang").new_state(2, seed=7, rounds=1)
    rng = random.Random(7)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    game_id = db.create(state, {"names": STORED, "bots": ["human", "easy"], "mode": "solo", "speed": "quick"})
    at = open_app(BIBER_PAGE, game=game_id)
    assert at.success  # the end: the winner is named
    assert_shown_as_text(at, STORED, least=2)  # headings, round results, log, winner


def test_the_resume_list_on_home_shows_names_as_text(db):
    state = get_game("hamstern").new_state(2, seed=1)
    db.create(state, {"names": STORED, "dice": "app"})
    db.create(get_game("biber_gang").new_state(2, seed=1),
              {"names": [TYPED[0], TYPED[1]], "bots": ["human", "easy"], "mode": "solo"})
    assert_shown_as_text(open_app(), STORED + TYPED)


def test_an_id_from_the_url_is_shown_as_text(db):
    for page in (HAMSTERN_PAGE, BIBER_PAGE):
        at = open_app(page, game=LINK_ID)
        assert_shown_as_text(at, [LINK_ID])
        assert "no saved game" in at.error[0].value


# --- which page -----------------------------------------------------------------------------
def test_a_game_id_on_the_other_games_page_opens_its_own_page(db):
    biber_id = db.create(get_game("biber_gang").new_state(2, seed=3),
                         {"names": ["Ann", "Bot 1"], "bots": ["human", "easy"], "mode": "solo"})
    state = get_game("hamstern").new_state(2, seed=3)
    state.apply(Roll(5))
    hamstern_id = db.create(state, {"names": ["Ann", "Bo"], "dice": "real"})
    at = open_app(HAMSTERN_PAGE, game=biber_id)
    assert has_board(at, BG) and not has_board(at, HS) and at.query_params["game"] == biber_id
    at = open_app(BIBER_PAGE, game=hamstern_id)
    assert roll_shown(at) == 5 and at.query_params["game"] == hamstern_id


def test_leaving_through_the_menu_and_coming_back_offers_the_unfinished_game_first(db):
    db.create(get_game("hamstern").new_state(2, seed=4), {"names": ["Cy", "Di"], "dice": "app"})
    mine = db.create(get_game("hamstern").new_state(2, seed=5), {"names": ["Ann", "Bo"], "dice": "real"})
    db.create(get_game("hamstern").new_state(2, seed=6), {"names": ["Eve", "Fay"], "dice": "app"})  # another table's
    at = open_app(HAMSTERN_PAGE, game=mine)
    at.switch_page(HOME_PAGE)
    del at.query_params["game"]  # the top menu opens a page without the game's id
    at.run()
    switch_page(at, HAMSTERN_PAGE).run()
    assert not at.exception, at.exception
    keys = [b.key for b in at.button]
    assert keys.index("continue-hamstern") < keys.index("hs_start")  # above the new-game form
    assert at.button(key="continue-hamstern").proto.type == "primary"  # the prominent kind of button
    assert "Ann" in at.button(key="continue-hamstern").label  # this tab's game, though not the newest
    at.button(key="continue-hamstern").click().run()
    assert at.query_params["game"] == mine
    assert_offered(at, HS, "die-1")


def test_a_fresh_visit_offers_the_newest_unfinished_game_and_never_a_finished_one(db):
    finished = play_randomly(get_game("biber_gang").new_state(2, seed=7, rounds=1), random.Random(7))
    *before, last = finished.history
    finished_id = db.create(finished.game.replay(2, finished.seed, finished.options, before),
                            {"names": ["Old", "Bot 1"], "bots": ["human", "easy"], "mode": "solo"})
    db.append(finished_id, len(before), last, finished.scores())
    at = open_app(BIBER_PAGE)
    assert not [b for b in at.button if b.key == "continue-biber_gang"]
    unfinished = db.create(get_game("biber_gang").new_state(2, seed=8),
                           {"names": ["New", "Bot 1"], "bots": ["human", "easy"], "mode": "solo"})
    at = open_app(BIBER_PAGE)
    assert "New" in at.button(key="continue-biber_gang").label
    at.button(key="continue-biber_gang").click().run()
    assert at.query_params["game"] == unfinished


def test_biber_gang_is_registered_under_biber_underscore_gang_too():
    # st.Page needs a running script; the app's page list is built the way the app builds it.
    # (tests/test_browser_links.py opens /biber_gang in a real browser.)
    at = AppTest.from_string(
        "import streamlit as st\n"
        "from assistant.ui import nav\n"
        "st.session_state['pages'] = [(p.url_path, p.visibility) for p in nav.pages()]\n"
    ).run()
    pages = dict(at.session_state["pages"])
    assert pages["biber-gang"] == "visible" and pages["biber_gang"] == "hidden"
