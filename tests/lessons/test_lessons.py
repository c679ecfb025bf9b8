"""Every game's lesson (assistant/lessons, assistant/ui/lesson): reachable under the rules, texts in both
languages, every rule of the game's rules panel taught, and played through in the app as a learner would."""

from __future__ import annotations

import html
import json

import pytest

from assistant.games.registry import GAME_NAMES
from assistant.i18n import catalogue
from assistant.lessons import HERE, lesson_games, load_lesson
from assistant.ui import common
from assistant.ui.nav import game_app
from tests.components import board_data, boards, decide, message, offered, payload, shown_html, switch_page
from tests.lessons.playing import lesson_marks, make_step, open_lesson, play_through, query, shown_step

LESSONS = lesson_games()


def test_every_game_has_a_lesson():
    assert LESSONS == GAME_NAMES


@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_is_reachable_under_the_rules(game):
    lesson = load_lesson(game)  # replays every start and every step through the engine
    for index in range(len(lesson.steps)):
        state = lesson.state_before(index)
        ask = lesson.steps[index].ask
        if ask is not None:
            assert ask in state.legal_actions(), lesson.steps[index].key


@pytest.mark.parametrize("game", LESSONS)
def test_a_move_the_engine_refuses_names_its_step(game, tmp_path):
    data = json.loads((HERE / f"{game}.json").read_text(encoding="utf-8"))
    lesson = load_lesson(game)
    asking = next(n for n, step in enumerate(lesson.steps) if step.ask is not None)
    # A move the rules do not allow there: one allowed a few moves later, but not now.
    state = lesson.state_before(asking)
    later = state.clone()
    illegal = None
    for move in lesson.script(lesson.steps[asking].segment)[lesson.steps[asking].asked_at:]:
        later.apply(move)
        illegal = next((m for m in later.legal_actions() if m not in state.legal_actions()), None)
        if illegal is not None:
            break
    assert illegal is not None
    data["steps"][asking]["ask"] = json.loads(illegal.to_json())
    (tmp_path / f"{game}.json").write_text(json.dumps(data), encoding="utf-8")
    import assistant.lessons as lessons

    load_lesson.cache_clear()
    original = lessons.HERE
    lessons.HERE = tmp_path
    try:
        with pytest.raises(ValueError, match=f"{game} lesson, start"):
            load_lesson(game)
    finally:
        lessons.HERE = original
        load_lesson.cache_clear()


@pytest.mark.parametrize("lang", ("en", "de"))
@pytest.mark.parametrize("game", LESSONS)
def test_every_step_has_its_texts(game, lang):
    texts, lesson = catalogue(lang), load_lesson(game)
    assert f"lesson.{game}.done" in texts
    for step in lesson.steps:
        assert f"lesson.{game}.{step.key}.text" in texts, step.key
        if step.ask is not None:
            assert f"lesson.{game}.{step.key}.do" in texts, step.key
        for rule in step.rules:
            assert rule in texts, (step.key, rule)


class _LessonTable:
    """What a game's ``rules_in_force`` reads of a table: the view of its first prepared position."""

    def __init__(self, state):
        self.state = state
        self.setup = {}

    def view(self, seat):
        return self.state.view(seat)


@pytest.mark.parametrize("game", LESSONS)
def test_every_rule_of_the_rules_panel_is_taught(game, monkeypatch):
    monkeypatch.setattr(common, "lang", lambda: "en")
    lesson = load_lesson(game)
    panel = game_app(game).rules_in_force(_LessonTable(lesson.state_before(0)))
    taught = {common.tr(rule) for step in lesson.steps for rule in step.rules}
    missing = [line for line in panel if line not in taught]
    assert not missing, f"{game}: the lesson does not teach {missing}"


@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_plays_to_its_end(game, db):
    lesson = load_lesson(game)
    at = play_through(game, lesson)
    assert "ls-first" in [button.key for button in at.button]
    # The lesson's games are none of the table's: not listed, not counted.
    assert db.recent() == []


@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_plays_in_german(game, db):
    play_through(game, load_lesson(game), "de")


@pytest.mark.parametrize("game", LESSONS)
def test_another_move_is_refused_with_the_step_s_reason(game, db):
    lesson = load_lesson(game)
    index = next(n for n, step in enumerate(lesson.steps) if step.ask is not None and step.taps)
    at = open_lesson(game, step=str(index))
    step = lesson.steps[index]
    state = lesson.state_before(index)
    other = next((move for move in state.legal_actions() if move != step.ask), None)
    if other is None:
        pytest.skip("the first asking step has one legal move")
    game_id = query(at, "game")
    before = db.load(game_id).state.to_json()
    data = board_data(at, step.taps["board"])
    tappable = set(data["select"]["tappable"]) | {p for mode in data["modes"] for p in mode["tappable"]}
    wrong = sorted(tappable - set(step.taps.get("selection", [])))
    if not wrong:
        pytest.skip("the board offers the asked move only")
    decide(at, step.taps["board"], step.taps["button"], [wrong[0]])
    assert message(at, step.taps["board"]), "a refusal with its reason"
    assert db.load(game_id).state.to_json() == before
    assert shown_step(at) == index


@pytest.mark.parametrize("game", LESSONS)
def test_back_skip_and_a_reload_keep_the_step(game, db):
    lesson = load_lesson(game)
    at = open_lesson(game, step="2")
    assert shown_step(at) == 2
    at.button(key="ls-back").click().run()
    assert shown_step(at) == 1 and lesson_marks(at) == set(lesson.steps[1].show)
    game_id = query(at, "game")
    again = open_lesson(game, step="1", game=game_id)  # a reload: the same step on the same game
    assert shown_step(again) == 1 and query(again, "game") == game_id
    skip = "ls-skip" if lesson.steps[1].ask is not None else "ls-next"
    again.button(key=skip).click().run()
    assert shown_step(again) == 2
    assert [move.to_json() for move in db.load(query(again, "game")).state.history] == \
        [move.to_json() for move in lesson.before(2)]


@pytest.mark.parametrize("game", LESSONS)
def test_the_first_game_after_the_lesson_shows_its_hints(game, db):
    """The end of the lesson offers a real game against the easy bot, its hint (the reason) shown at every
    decision without asking."""
    lesson = load_lesson(game)
    at = open_lesson(game, step=str(len(lesson.steps)))
    at.text_input(key="ls-name").set_value("Mira")
    at.button(key="ls-first").click().run()
    assert not at.exception, at.exception
    saved = db.recent()
    assert saved[0]["setup"]["names"][0] == "Mira"  # a real game: it counts under the learner's own name
    assert len(saved) == 1 and saved[0]["setup"]["coach"] is True
    assert [kind for kind in saved[0]["setup"].get("bots", ["human"])] == \
        ["human", *["easy"] * (len(saved[0]["setup"]["names"]) - 1)]
    # The coached game counts as any other: it is no lesson's.
    assert saved[0]["setup"].get("origin") is None
    board_key = next(step.taps["board"] for step in lesson.steps if step.taps)
    if "roll" in offered(at, board_key):  # a game that begins with the app's roll (Hamstern): the learner rolls
        switch_page(at, game.replace("_", "-"))  # AppTest's next run: the game's page, as the browser stays on it
        decide(at, board_key, "roll")
    shown = [shown_html(payload(element)) for element in boards(at)]
    assert any('class="tb-message tb-hint-text"' in markup for markup in shown), "the hint's reason, without asking"


@pytest.mark.parametrize("game", LESSONS)
def test_hint_in_a_lesson_points_at_the_move_the_step_asks_for(game, db):
    """The bots' advice may be another good move, which the lesson would refuse: in a lesson, Hint gives the
    step's own move, its instruction as the reason, and making the hinted move takes the lesson on."""
    lesson = load_lesson(game)
    asked = [n for n, step in enumerate(lesson.steps) if step.taps]
    tried = 0
    for index in asked:
        step = lesson.steps[index]
        at = open_lesson(game, step=str(index))
        if "hint" not in offered(at, step.taps["board"]):
            continue
        decide(at, step.taps["board"], "hint")
        assert not at.exception, at.exception
        do = html.escape(catalogue("en")[f"lesson.{game}.{step.key}.do"], quote=False)
        shown = shown_html(board_data(at, step.taps["board"]))
        assert f"This step asks for this move. {do}" in shown, (step.key, "the step's instruction as the hint's reason")
        make_step(at, lesson, index)  # the move hinted at is the one the lesson takes
        assert not at.exception, at.exception
        assert shown_step(at) > index, step.key
        tried += 1
        if tried == 3:
            break
    assert tried, f"no step of the {game} lesson offers Hint"
