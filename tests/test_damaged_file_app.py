"""A damaged file of saved games, seen through the app (AppTest): every page either works or says
what is wrong in the player's language, and none shows a traceback, also where the error comes up
inside a fragment (the table, the bots, the live updates), which main()'s own handler never sees.

Each page is opened in English and in German: Home, each registered game's page with one of its
games, the seat page with a link in force, Score check with a saved check, and Print."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from assistant import i18n
from assistant.games import registered
from assistant.store import Store
from tests.components import HOME_PAGE, PRINT_PAGE, SCORE_PAGE, SEAT_PAGE, open_app, texts
from tests.helpers import app_setup, played

GAMES = [info.name for info in registered() if info.built and info.app]


def saved_games(db: Store) -> dict[str, dict[str, str]]:
    """A game of each registered game (forty actions into it), a seat link and a score check; the
    pages that open them, as (page, query) by a name for the test's ids."""
    pages = {"home": (HOME_PAGE, {}), "print": (PRINT_PAGE, {})}
    for name in GAMES:
        state = played(name)
        pages[name] = (name.replace("_", "-"), {"game": db.create(state, app_setup(state))})
    token = db.seat_links(pages[GAMES[0]][1]["game"], [1])[1].token
    pages["seat"] = (SEAT_PAGE, {"t": token})
    check_id = db.create_check("hamstern", {"names": ["Ann"], "side": "A"})
    pages["score_check"] = (SCORE_PAGE, {"check": check_id})
    db.close()  # the write-ahead log folded into the file: the damage below is all there is
    return pages


def garble_the_actions_table(path: Path) -> None:
    """Random bytes over the first page of the actions table: SQLite's own check finds it broken
    when a game's actions are read, while the list of games still reads."""
    with sqlite3.connect(path) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    data[(root - 1) * size:root * size] = os.urandom(size)
    path.write_bytes(bytes(data))


def assert_no_traceback(at) -> str:
    assert not at.exception, at.exception
    shown = texts(at)
    assert "Traceback" not in shown and str(Path.cwd()) not in shown
    return shown


# The pages that read what was damaged, by damage; the others work as ever (Home lists the games,
# Print makes sheets without the file; Score check reads its own table).
READ_ACTIONS = [*GAMES, "seat"]
DAMAGES = {
    "actions table garbled": (garble_the_actions_table, READ_ACTIONS),
    "not SQLite at all": (lambda path: path.write_bytes(os.urandom(8192)), ["home", *READ_ACTIONS, "score_check"]),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_every_page_explains_a_damaged_file_or_works_without_it(db, damage, lang):
    pages = saved_games(db)
    garble, explained = DAMAGES[damage]
    garble(db.path)
    message = i18n.t("storage.damaged", lang)
    for name, (page, query) in pages.items():
        at = open_app(page, lang=lang, **query)
        shown = assert_no_traceback(at)
        if name in explained:
            assert message in shown, f"{name}: {shown[:300]!r}"
            assert shown.count(message) == 1, f"{name}: the message is shown once"
    print_page = open_app(PRINT_PAGE, lang=lang)
    assert i18n.t("ui.print_title", lang) in texts(print_page)  # sheets are printed without the file


@pytest.mark.parametrize("lang", ["en", "de"])
def test_bytes_that_are_not_text_in_the_saved_actions_are_a_damaged_game(db, lang):
    """Random bytes as the actions' values (the file itself is sound): each game says it cannot be
    opened, in the player's language, and the rest of the app goes on."""
    pages = saved_games(db)
    with sqlite3.connect(db.path) as file:
        file.execute("UPDATE actions SET action = CAST(? AS TEXT) WHERE number % 7 = 3", (b"\xff\xfe\x00garbage\x80",))
        file.execute("UPDATE actions SET action = ? WHERE number % 7 = 5", (os.urandom(64),))
    cannot_open = i18n.t("ui.damaged_game", lang, reason="").strip()
    for name, (page, query) in pages.items():
        shown = assert_no_traceback(open_app(page, lang=lang, **query))
        if name in READ_ACTIONS:
            assert cannot_open in shown, f"{name}: {shown[:300]!r}"


def test_a_seat_link_to_a_game_whose_record_names_no_game_is_explained(db):
    pages = saved_games(db)
    with sqlite3.connect(db.path) as file:
        file.execute("UPDATE games SET game = 'chess'")
    page, query = pages["seat"]
    shown = assert_no_traceback(open_app(page, lang="de", **query))
    assert i18n.t("ui.damaged_game", "de", reason="").strip() in shown


@pytest.mark.parametrize("setup", [{"speed": [1]}, {"dice": {"real": True}}, {"mode": ["together"]}])
def test_a_setup_the_pages_could_not_use_is_a_damaged_game(db, setup):
    """The pages look a game's speed, dice and mode up: a list or an object there is damage, told as such."""
    state = played("biber_gang")
    game_id = db.create(state, app_setup(state) | setup)
    shown = assert_no_traceback(open_app("biber-gang", game=game_id))
    assert i18n.t("ui.damaged_game", "en", reason="").strip() in shown
