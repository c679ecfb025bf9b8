"""A game played on a cave, after it is saved or over (AppTest): its cave is named by the code that plays or prints
it again wherever a side would be (the end screen, Home, the button that continues it, the replay, the
history), "New game" offers the same cave again, and the leaderboard offers each cave played here."""

from __future__ import annotations

import dataclasses

from assistant import history
from assistant.games import get_game
from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import parse_layout
from tests.components import HAMSTERN_PAGE, HOME_PAGE, open_app, texts
from tests.hamstern.helpers import drawn_cave
from tests.helpers import play_saved

HISTORY_PAGE = "assistant/ui/pages/history.py"
REPLAY_PAGE = "assistant/ui/pages/replay.py"


def shown(text: str) -> str:
    """Markdown as it reads: plain() writes a code's hyphen as "\\-"."""
    return text.replace("\\", "")


def todays_cave() -> str:
    """Today's date as a cave's code, its cave at hand at once: a cave drawn for tests (drawn_cave) under it."""
    today = caves.cave_of_the_day()
    drawn = caves._made[drawn_cave(9)]
    text = drawn.text.replace(f'side = "{drawn.code}"', f'side = "{today}"')
    caves._made[today] = dataclasses.replace(drawn, code=today, text=text, layout=parse_layout(text))
    return today


def cave_game(db, side: str, names=("Ann", "Bo"), seed: int = 5, actions: int | None = None) -> str:
    """A Hamstern game on ``side`` saved as the app saves it, played to its end (or ``actions`` actions)."""
    state = get_game("hamstern").new_state(len(names), seed=seed, side=side)
    return play_saved(db, state, {"names": list(names), "dice": "app"}, seed=seed, actions=actions)


def test_the_end_screen_names_the_cave_and_new_game_offers_it_again(db):
    code = drawn_cave(7)
    game_id = cave_game(db, code)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "Game over" in texts(at)
    assert shown(at.markdown[0].value).startswith(f":material/landscape: **Cave {code}** · “New game” offers this cave")
    at.button(key="hs-new").click().run()
    assert not at.exception and "game" not in at.query_params
    assert at.segmented_control(key="hs_new_side_kind").value == "code"
    assert at.text_input(key="hs_new_side_code").value == code and not at.button(key="hs_start").disabled
    at.button(key="hs_start").click().run()
    assert db.load(at.query_params["game"]).state.options["side"] == code


def test_the_end_screen_speaks_german_and_a_solo_game_names_its_cave_too(db):
    code = drawn_cave(8)
    game_id = cave_game(db, code, names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id, lang="de")
    assert not at.exception and "Spielende" in texts(at)
    assert f"**Höhle {code}** · „Neues Spiel“ bietet diese Höhle wieder an" in shown(texts(at))


def test_new_game_after_side_b_or_the_cave_of_the_day_offers_that_again(db):
    at = open_app(HAMSTERN_PAGE, game=cave_game(db, "B"))
    assert "Cave" not in at.markdown[0].value  # sides A and B have no line of their own
    at.button(key="hs-new").click().run()
    assert at.segmented_control(key="hs_new_side_kind").value == "B"
    today = todays_cave()
    try:
        at = open_app(HAMSTERN_PAGE, game=cave_game(db, today))
        assert f"Cave of the day {today}" in shown(texts(at))
        at.button(key="hs-new").click().run()
        assert not at.exception and at.segmented_control(key="hs_new_side_kind").value == "day"
        assert f"Cave of the day {today}" in shown(texts(at)) and not at.button(key="hs_start").disabled
    finally:
        caves._made.pop(today, None)


def test_home_the_continue_button_and_the_replay_name_the_cave(db):
    code = drawn_cave(7)
    unfinished = cave_game(db, code, actions=6)
    finished = cave_game(db, "A", names=["Cy", "Di"], seed=6)
    at = open_app(HOME_PAGE)
    rows = [shown(m.value) for m in at.markdown if "Hamstern" in m.value]
    assert any(f"**Hamstern** · Cave {code} · Ann, Bo" in row for row in rows)
    assert any("**Hamstern** · Side A · Cy, Di" in row for row in rows)
    at = open_app(HAMSTERN_PAGE)
    label = shown(at.button(key="continue-hamstern").label)
    assert label.startswith(f"▶ Continue the unfinished game: Ann, Bo · Cave {code} · ")
    at = open_app(HAMSTERN_PAGE, lang="de")
    assert f"Ann, Bo · Höhle {code} · " in shown(at.button(key="continue-hamstern").label)
    at = open_app(REPLAY_PAGE, game=unfinished)
    assert not at.exception and f"**Hamstern · Cave {code}** · " in shown(texts(at))
    assert "**Hamstern · Side A** · " in shown(texts(open_app(REPLAY_PAGE, game=finished)))


def test_the_history_counts_caves_together_for_a_player_and_apart_on_the_leaderboard(db):
    first, second = drawn_cave(7), drawn_cave(8)
    for n, side in enumerate(["A", first, second, first]):
        cave_game(db, side, seed=10 + n)
    at = open_app(HISTORY_PAGE, part="leaders")
    board = at.segmented_control(key="hi_board_side")
    # The latest cave played first: one choice per cave, the code to play it again.
    assert [shown(option) for option in board.options] == ["All", "Side A", "Side B", f"Cave {first}", f"Cave {second}"]
    board.set_value(second).run()
    assert not at.exception
    ann = next(p for p in history.people(db) if p.name == "Ann")
    assert [s.games for s in history.leaderboard(db, "hamstern", second) if s.person_id == ann.id] == [1]
    assert "Ann" in texts(at) and "Bo" in texts(at)
    at = open_app(HISTORY_PAGE, part="recent")
    assert f"Hamstern · Cave {first}" in texts(at) and f"Hamstern · Cave {second}" in texts(at)
    at = open_app(HISTORY_PAGE, part="players")
    at.pills(key="hi_player").set_value(ann.id).run()
    assert not at.exception
    rows = "\n".join(e.proto.body for e in at.get("html"))  # the player's table, a row per game
    assert "Hamstern · side A" in rows and "Hamstern · Caves" in rows and f"Cave {first}" not in rows
