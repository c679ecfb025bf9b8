"""How a learner reaches a lesson, and what a lesson's games are to the table (none of its games)."""

from __future__ import annotations

import gzip
import json

from assistant import history_backup
from assistant.lessons import load_lesson
from assistant.ui.lesson.runner import lesson_setup
from tests.components import HOME_PAGE, open_app, switch_page, texts
from tests.lessons.playing import open_lesson, query, shown_step


def test_home_has_a_learn_button_per_game_that_opens_its_lesson(db):
    at = open_app(HOME_PAGE)
    learn = [button for button in at.button if button.key.startswith("home-learn-")]
    assert [button.key for button in learn] == [f"home-learn-{name}" for name in
                                                ("hamstern", "hamsterdam", "biber_gang", "hamsterbacke", "moemmen")]
    at.button(key="home-learn-hamsterbacke").click().run()
    assert not at.exception
    assert query(at, "lesson") == "hamsterbacke" and shown_step(at) == 0
    assert "Learn Hamsterbacke · step 1 of" in texts(at)


def test_a_game_s_page_offers_its_lesson_above_the_new_game_form(db):
    at = switch_page(open_app(), "hamsterbacke").run()
    links = [link for link in at.get("page_link")]
    assert any("New to this game?" in link.proto.label for link in links)


def test_an_unknown_lesson_lists_the_lessons(db):
    at = open_app("learn", lesson="chess")
    assert "Learn to play: a guided first game" in texts(at)
    assert len([link for link in at.get("page_link") if "Learn " in link.proto.label]) == 5


def test_a_lesson_s_games_are_not_listed_not_backed_up_and_replaced(db):
    lesson = load_lesson("hamsterbacke")
    at = open_lesson("hamsterbacke")
    first = query(at, "game")
    assert db.recent() == [] and db.recent(unfinished_only=True, game="hamsterbacke") == []
    content = json.loads(gzip.decompress(history_backup.backup(db)))
    assert content["games"] == []
    # Back to a step on another position: the lesson's old game is deleted, a new one made.
    at = open_lesson("hamsterbacke", step=str(len(lesson.steps) - 1), game=first)
    at.button(key="ls-back").click().run()
    assert query(at, "game") != first
    assert db.stamp(first) is None


def test_forgetting_a_lesson_s_game_never_deletes_another_game(db):
    from assistant.games import get_game

    state = get_game("hamsterbacke").new_state(3, seed=1)
    kept = db.create(state, {"names": ["A", "B", "C"], "bots": ["human", "easy", "easy"], "mode": "alone",
                             "speed": "quick"})
    db.forget_lesson_game(kept)
    assert db.stamp(kept) is not None
    lesson = load_lesson("hamsterbacke")
    with_lesson = db.create(state, lesson_setup(lesson, 0))
    db.forget_lesson_game(with_lesson)
    assert db.stamp(with_lesson) is None

