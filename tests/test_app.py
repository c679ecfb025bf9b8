"""The Streamlit app through AppTest: every Hamstern flow a table goes through."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.games import get_game
from assistant.games.hamstern import Place, Roll
from assistant.store import Store
from tests.helpers import cells, play_randomly

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
HAMSTERN_PAGE = "assistant/ui/pages/hamstern.py"


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(path))
    return Store(path)


def open_app(page: str | None = None, **query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    if page:
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def saved_game(db: Store, state, dice="real", names=("Ann", "Bo")) -> str:
    return db.create(state, {"names": list(names)[: state.num_players], "dice": dice})


def tap(at: AppTest, names: str) -> None:
    for row, col in sorted(cells(names)):
        at.button(key=f"hc-{row}-{col}").click().run()


def texts(at: AppTest) -> str:
    kinds = ("markdown", "error", "info", "warning", "success", "header", "subheader", "caption")
    parts = [e.value for kind in kinds for e in getattr(at, kind)]
    parts += [e.proto.body for e in at.get("html")]
    return "\n".join(str(p) for p in parts)


def test_home_lists_the_games_and_marks_the_coming_ones(db):
    at = open_app()
    assert "Hamster Table" in at.title[0].value
    coming = [b.key for b in at.button if b.key.startswith("home-play-") and b.disabled]
    assert coming == ["home-play-hamsterdam", "home-play-hamsterbacke", "home-play-moemmen"]
    assert not at.button(key="home-play-hamstern").disabled
    assert not at.button(key="home-play-biber_gang").disabled


def test_start_roll_place_and_next_player(db):
    at = open_app(HAMSTERN_PAGE)
    at.segmented_control(key="hs_new_dice").set_value("real").run()
    at.button(key="hs_start").click().run()
    game_id = at.query_params["game"]
    assert db.load(game_id).state.num_players == 2
    at.button(key="hs-die-3").click().run()
    assert "Player 1, your turn" in texts(at)
    tap(at, "F5 G5 H5")
    assert at.button(key="hs-confirm").label.endswith("Cross 3")
    at.button(key="hs-confirm").click().run()
    assert not at.exception
    state = db.load(game_id).state
    assert state.history == [Roll(3), Place(cells("F5 G5 H5"))]
    assert "Player 2, your turn" in texts(at)


def test_illegal_placement_shows_the_reason_and_changes_nothing(db):
    state = get_game("hamstern").new_state(2, seed=1)
    state.apply(Roll(2))
    game_id = saved_game(db, state)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    tap(at, "A1 B1")
    at.button(key="hs-confirm").click().run()
    assert "start chamber" in at.error[0].value
    assert len(db.load(game_id).state.history) == 1
    assert at.session_state["hs_selected"] == cells("A1 B1")  # kept, to be corrected


def test_a_one_shows_the_track_and_strikes_boxes(db):
    state = get_game("hamstern").new_state(1, seed=2)
    state.apply(Roll(1))
    game_id = saved_game(db, state, dice="app", names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "A 1: tap 1 to 7" in texts(at)
    tap(at, "F5 G5 H5 F6")
    at.button(key="hs-confirm").click().run()
    assert db.load(game_id).state.struck[0] == 4


def test_nothing_fits_offers_only_the_pass(db):
    state = get_game("hamstern").new_state(1, seed=3)
    for roll, names in ((1, "F5 G5 H5 F6 G6 H6 F7"), (1, "D5 C5 B5")):
        state.apply(Roll(roll))
        state.apply(Place(cells(names)))
    state.apply(Roll(1))
    game_id = saved_game(db, state, names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "Nothing fits" in texts(at)
    assert not [b for b in at.button if b.key == "hs-confirm"]
    at.button(key="hs-pass").click().run()
    assert db.load(game_id).state.is_chance_node()


def test_undo_takes_back_the_placement_but_not_the_roll(db):
    state = get_game("hamstern").new_state(1, seed=4)
    state.apply(Roll(2))
    state.apply(Place(cells("F5 G5")))
    game_id = saved_game(db, state, names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    at.button(key="hs-undo").click().run()
    assert db.load(game_id).state.history == [Roll(2)]
    assert not [b for b in at.button if b.key == "hs-undo"]  # the roll stays


def test_hint_highlights_the_hard_bots_choice_and_can_be_taken(db):
    state = get_game("hamstern").new_state(1, seed=5)
    state.apply(Roll(4))
    game_id = saved_game(db, state, names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    at.button(key="hs-hint").click().run()
    assert at.info and at.info[0].value
    at.button(key="hs-take-hint").click().run()
    at.button(key="hs-confirm").click().run()
    after = db.load(game_id).state
    assert len(after.history) == 2 and len(after.history[-1].cells) == 4


def test_end_screen_ranks_with_the_breakdown(db):
    state = play_randomly(get_game("hamstern").new_state(2, seed=6), random.Random(6))
    game_id = saved_game(db, state)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "Game over" in texts(at)
    assert at.success and ("wins" in at.success[0].value or "share" in at.success[0].value)
    table = at.dataframe[0].value
    assert list(table["Total"]) == sorted(state.scores(), reverse=True)


def test_solo_end_compares_with_the_hard_bot_and_keeps_best_scores(db):
    state = play_randomly(get_game("hamstern").new_state(1, seed=7, side="B"), random.Random(7))
    *before, last = state.history
    game_id = db.create(state.game.replay(1, state.seed, state.options, before), {"names": ["Solo"], "dice": "app"})
    db.append(game_id, len(before), last, state.scores())  # the last action, saved as the app saves it
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "The hard bot, with the same rolls, scores" in texts(at)
    assert "Your best scores on side B" in texts(at)


def test_resume_by_game_id_and_unknown_or_damaged_ids(db):
    state = get_game("hamstern").new_state(2, seed=8)
    state.apply(Roll(5))
    game_id = saved_game(db, state)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "The die shows 5" in texts(at)
    at = open_app(HAMSTERN_PAGE, game="no-such-game")
    assert "no saved game" in at.error[0].value and at.button(key="hs_home")
    with db._connect() as connection:
        connection.execute("INSERT INTO actions (game_id, number, action) VALUES (?, 2, '{\"roll\": 9}')", (game_id,))
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "cannot be opened" in at.error[0].value


def test_two_tabs_never_lose_an_action(db):
    state = get_game("hamstern").new_state(2, seed=9)
    game_id = saved_game(db, state)
    first, second = open_app(HAMSTERN_PAGE, game=game_id), open_app(HAMSTERN_PAGE, game=game_id)
    first.button(key="hs-die-4").click().run()
    second.button(key="hs-die-6").click().run()  # acted on an old picture of the game
    assert db.load(game_id).state.history == [Roll(4)]
    assert "another tab" in second.warning[0].value
    assert "The die shows 4" in texts(second)


def test_language_switch_reaches_every_page(db):
    at = open_app()
    at.sidebar.segmented_control(key="lang_switch").set_value("de").run()
    assert "Letzte Spiele" in texts(at)
    assert at.query_params["lang"] == "de"
    at.switch_page(HAMSTERN_PAGE).run()
    assert "Hamstern: neues Spiel" in texts(at)
    at.switch_page("assistant/ui/pages/score_check.py").run()
    assert "fertiges Blatt" in texts(at)
    at.switch_page("assistant/ui/pages/print_sheets.py").run()
    assert "Blätter drucken" in texts(at)


def test_print_page_offers_the_pdf(db):
    at = open_app("assistant/ui/pages/print_sheets.py")
    assert not at.exception
    downloads = at.get("download_button")
    assert downloads


def test_score_check_totals_update_as_cells_are_tapped(db):
    at = open_app("assistant/ui/pages/score_check.py")
    for row, col in sorted(cells("F5 G5 H5 F6 G6 H6 F7 G7 H7")):
        at.button(key=f"sc-{row}-{col}").click().run()
    table = at.dataframe[0].value
    assert list(table["Total"]) == [5, 0]  # start chamber 3 + two mushrooms
    at.button(key="sc-0-0").click().run()
    assert "cannot have been reached" in at.warning[0].value
