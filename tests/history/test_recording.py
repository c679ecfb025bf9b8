"""The history records a game when it ends, in the same transaction as its last action, and a score check
when it is complete: people by name (case and outer spaces ignored), computer opponents by level."""

from __future__ import annotations

import pytest

from assistant import history
from assistant.games import GAME_NAMES
from assistant.store import Store
from assistant.store_history import BACKFILLED
from tests.history.helpers import check_at, play_to_end, results, setup_for


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "games.sqlite3")


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_is_recorded_when_it_ends_as_its_engine_ranks_it(store, name, seed):
    bots = None if name == "hamstern" else ["human", "human", "hard"]
    game_id = play_to_end(store, name, setup_for(name, ["Ann", "Bo", "Cy"], bots), seed)
    state = store.load(game_id).state
    standings = {row["player"]: row for row in state.standings()["players"]}
    rows = results(store, game_id)
    assert [row[0] for row in rows] == [0, 1, 2]
    for seat, person, level, score, place, won, variant in rows:
        assert score == state.scores()[seat]
        assert (place, bool(won)) == (standings[seat]["place"], standings[seat]["winner"])
        assert variant == ("A" if name == "hamstern" else None)
        assert (person, level) == (("hard", "hard") if bots and seat == 2 else (["Ann", "Bo", "Cy"][seat], None))
    assert {seat for seat, *_, won, _ in rows if won} == set(state.winners())
    with store._connect() as db:
        played = {row[0] for row in db.execute("SELECT played FROM results WHERE source_id = ?", (game_id,))}
        updated = db.execute("SELECT updated FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    assert played == {updated}  # when the last action was saved


def test_a_hamstern_sheet_played_alone_is_recorded_as_a_score_not_a_win(store):
    game_id = play_to_end(store, "hamstern", setup_for("hamstern", ["Ann"]), 4, num_players=1)
    state = store.load(game_id).state
    assert state.winners() == [0]  # the engine's lone player is first ...
    assert results(store, game_id) == [(0, "Ann", None, state.scores()[0], 1, 0, "A")]  # ... but beat nobody


def test_nothing_is_recorded_before_the_end(store):
    game_id = play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 3)
    store.remove_last(game_id, store.action_count(game_id))
    assert results(store, game_id) == []
    assert not store.record_finished_game(game_id)


def test_taking_back_the_last_action_drops_the_results_and_saving_it_again_records_them(store):
    game_id = play_to_end(store, "hamsterbacke", setup_for("hamsterbacke", ["Ann", "Bo", "Cy"]), 4)
    before = results(store, game_id)
    count = store.action_count(game_id)
    last = store.load(game_id).state.history[-1]
    store.remove_last(game_id, count)
    assert results(store, game_id) == []
    state = store.load(game_id).state
    state.apply(last)
    store.append(game_id, count - 1, last, state.scores())
    assert results(store, game_id) == before


def test_deleting_a_game_or_a_check_drops_its_results(store):
    game_id = play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 5)
    check_id = check_at(store, "hamstern", 100.0, [("Ann", 20, 1, True)], variant="A")
    with store._connect() as db:
        db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        db.execute("DELETE FROM score_checks WHERE id = ?", (check_id,))
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0


def test_record_finished_game_records_one_game_again(store):
    game_id = play_to_end(store, "hamsterdam", setup_for("hamsterdam", ["Ann", "Bo", "Cy"]), 6)
    before = results(store, game_id)
    with store._connect() as db:
        db.execute("DELETE FROM results")
    assert store.record_finished_game(game_id)
    assert results(store, game_id) == before
    assert not store.record_finished_game("no-such-game")


def test_computer_opponents_are_players_of_their_level(store):
    play_to_end(store, "moemmen", setup_for("moemmen", ["Ann", "Bot 1", "Bot 2"], ["human", "easy", "easy"]), 1)
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bot 1", "Bot 2"], ["human", "hard", "easy"]), 2)
    bots = {person.key: person for person in history.people(store) if person.bot_level}
    assert set(bots) == {"bot:easy", "bot:hard"}
    assert (bots["bot:easy"].name, bots["bot:easy"].bot_level, bots["bot:easy"].games) == ("easy", "easy", 2)
    assert bots["bot:hard"].games == 1
    # "Bot 1" is only the seat's shown name: no person of that name was made.
    assert [person.name for person in history.people(store) if not person.bot_level] == ["Ann"]


def test_names_are_one_person_whatever_their_case_and_outer_spaces(store):
    play_to_end(store, "hamstern", setup_for("hamstern", ["Ann Lee", " bo", "Cy"]), 1)
    play_to_end(store, "hamstern", setup_for("hamstern", ["ann  lee ", "BO", "cy"]), 2)
    check_at(store, "hamsterdam", 50.0, [(" ANN LEE", 3, 1, True), ("Bo ", 5, 2, False), ("   ", 9, 3, False)])
    people = {person.name: person.games for person in history.people(store)}
    assert people == {"Ann Lee": 3, "bo": 3, "Cy": 2}  # kept as first typed, outer spaces dropped


def test_a_person_named_like_a_bot_is_a_person(store):
    check_at(store, "biber_gang", 10.0, [("bot:hard", 5, 1, True), ("Name:x", 9, 2, False)])
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "B", "C"], ["human", "hard", "hard"]), 3)
    people = history.people(store)
    assert sorted((p.name, p.bot_level) for p in people) == [
        ("Ann", None), ("Name:x", None), ("bot:hard", None), ("hard", "hard")]


def test_a_check_replaces_its_rows_and_skips_blank_names(store):
    check_id = check_at(store, "hamstern", 70.0, [("Ann", 20, 2, False), ("Bo", 25, 1, True)], variant="B")
    store.record_check_result(check_id, "hamstern", [
        {"name": "Ann", "score": 31, "place": 1, "won": True}, {"name": " ", "score": 0, "place": 3, "won": False},
        {"name": "Cy", "score": 12.5, "place": 2, "won": False}], variant="B")
    assert results(store, check_id) == [(0, "Ann", None, 31, 1, 1, "B"), (2, "Cy", None, 12.5, 2, 0, "B")]
    with store._connect() as db:  # a check counts from when it was started, however often it is corrected
        assert {row[0] for row in db.execute("SELECT played FROM results WHERE source_id = ?", (check_id,))} == {70.0}
    store.forget_check_result(check_id)
    assert results(store, check_id) == []


@pytest.mark.parametrize("player", [
    {"name": 3, "score": 1, "place": 1, "won": True}, {"name": "A", "score": "1", "place": 1, "won": True},
    {"name": "A", "score": float("nan"), "place": 1, "won": True}, {"name": "A", "score": 1, "place": 0, "won": True},
    {"name": "A", "score": 1, "place": 1, "won": 1}, {"name": "A", "score": True, "place": 1, "won": True}])
def test_a_check_with_a_bad_player_is_refused_and_keeps_its_rows(store, player):
    check_id = check_at(store, "moemmen", 80.0, [("Ann", 20, 1, True)])
    with pytest.raises(ValueError):
        store.record_check_result(check_id, "moemmen", [{"name": "Bo", "score": 3, "place": 2, "won": False}, player])
    assert results(store, check_id) == [(0, "Ann", None, 20, 1, 0, None)]  # alone: no win (a score)
    with pytest.raises(ValueError):
        store.record_check_result(check_id, "chess", [])


def test_a_game_the_history_cannot_read_is_still_saved(store):
    """A setup that does not fit the game (damaged by hand) must never stop its last move from being saved."""
    game_id = play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 7)
    count = store.action_count(game_id)
    last = store.load(game_id).state.history[-1]
    store.remove_last(game_id, count)
    with store._connect() as db:
        db.execute("UPDATE games SET setup = '{\"names\": [\"Ann\"]}' WHERE id = ?", (game_id,))
    store.append(game_id, count - 1, last, [1, 2, 3])
    assert store.action_count(game_id) == count
    assert results(store, game_id) == []


def test_finished_games_saved_before_the_history_are_recorded_once_on_opening(store, tmp_path):
    first = play_to_end(store, "hamsterbacke", setup_for("hamsterbacke", ["Ann", "Bo", "Cy"]), 8)
    second = play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 9)
    recorded = results(store, first), results(store, second)
    with store._connect() as db:  # as a file saved by the app before the history existed
        db.executescript("DROP TABLE results; DROP TABLE people; DROP TABLE history_flags;")
    store.close()
    again = Store(tmp_path / "games.sqlite3")
    assert (results(again, first), results(again, second)) == recorded
    with again._connect() as db:
        assert db.execute("SELECT value FROM history_flags WHERE name = ?", (BACKFILLED,)).fetchone() == (1,)
        db.execute("DELETE FROM results WHERE source_id = ?", (first,))
    # Done once: opening the file again does not look through the games again.
    assert results(Store(tmp_path / "games.sqlite3"), first) == []


def test_a_read_only_file_opens_without_the_history_filled_in(store, tmp_path, monkeypatch):
    import sqlite3

    game_id = play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 10)
    with store._connect() as db:
        db.execute("DELETE FROM results")
        db.execute("DELETE FROM history_flags")
    store.close()
    path = tmp_path / "games.sqlite3"
    before = path.read_bytes()

    def read_only(self):
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)

    monkeypatch.setattr(Store, "_open", read_only)
    opened = Store(path)
    assert results(opened, game_id) == [] and opened.action_count(game_id) > 0
    opened.close()
    assert path.read_bytes() == before
