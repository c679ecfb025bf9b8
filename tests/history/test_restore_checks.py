"""Restoring takes from a backup only what the app itself could have written: a game's results are its
replay's (a score, a win or a player made up in the file does not count), a score check's rows fit the
check, every time is one the pages can show, a variant is the game's, a game holds the app's own rolls
where the app rolls and names as long as the name fields allow; and a gzip bomb is refused at once,
without the memory it asks for."""

from __future__ import annotations

import gzip
import json
import random
import time
import tracemalloc
import zlib

import pytest

from assistant import history, history_checks
from assistant.games import get_game
from assistant.games.hamstern.rules import Roll
from assistant.history import RestoreRefused
from assistant.store import Store
from tests.history.helpers import check_at, play_to_end, results, setup_for, table_rows

FRAME = b'{"format":"hamster-table-backup","version":1,"checks":[],"people":[],"results":[],"games":['


def source(tmp_path) -> Store:
    """A game of Biber Gang against a hard bot, and a score check of Hamstern's side A."""
    store = Store(tmp_path / "source.sqlite3")
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"], ["human", "human", "hard"]), 3)
    check_at(store, "hamstern", 1000.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)], variant="A")
    return store


def content_of(store: Store) -> dict:
    return json.loads(gzip.decompress(history.backup(store)))


def unchecked_content(store: Store, monkeypatch) -> dict:
    """Every row of the store as a backup would hold it if nothing were left out (as a file made by hand)."""
    with monkeypatch.context() as patched:
        patched.setattr(history_checks, "leave_out_unsound", lambda content: 0)
        return content_of(store)


def packed(content: dict) -> bytes:
    return gzip.compress(json.dumps(content).encode())


def refused(tmp_path, data: bytes, key: str = "history.restore.damaged") -> None:
    target = Store(tmp_path / "target.sqlite3")
    check_at(target, "moemmen", 5.0, [("Ann", 30, 1, True), ("Eve", 10, 2, False)])
    before = table_rows(target)
    with pytest.raises(RestoreRefused) as error:
        history.restore(target, data)
    assert error.value.key == key
    assert table_rows(target) == before


def person_id(content: dict, key: str) -> int:
    return next(person["id"] for person in content["people"] if person["key"] == key)


def rows_of(content: dict, source: str) -> dict[int, dict]:
    return {row["seat"]: row for row in content["results"] if row["source"] == source}


# --- a game's results: the replay's --------------------------------------------------------------------
def test_a_games_results_are_its_replays_whatever_the_file_says(tmp_path):
    store = source(tmp_path)
    [game_id] = [game["id"] for game in store.recent()]
    content = content_of(store)
    content["people"].append({"id": 99, "name": "Mallory", "key": "mallory", "bot_level": None})
    rows = rows_of(content, "game")
    for row in rows.values():  # everybody won, with a score no game gives, long ago, on a side Biber Gang has not
        row.update(score=-999, place=1, won=1, played=5.0, variant="B")
    rows[0]["person_id"] = 99  # Mallory in Ann's seat (Ann is in the file)
    rows[2]["person_id"] = person_id(content, "bo")  # a person in the hard bot's seat
    content["results"].remove(rows[1])  # Bo's row left out
    fresh = Store(tmp_path / "fresh.sqlite3")
    report = history.restore(fresh, packed(content))
    assert results(fresh, game_id) == results(store, game_id)
    assert report.results_added == 3 + 2
    assert {person.name: person.games for person in history.people(fresh)}["Mallory"] == 0
    board = history.leaderboard(fresh, "biber_gang")
    assert [(s.name, s.wins, s.best) for s in board] == [(s.name, s.wins, s.best)
                                                         for s in history.leaderboard(store, "biber_gang")]


def test_a_seat_renamed_or_merged_keeps_its_person_and_a_made_up_seat_is_refused(tmp_path):
    store = Store(tmp_path / "people.sqlite3")
    game_id = play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 4)
    people = {person.name: person.id for person in history.people(store)}
    history.rename(store, people["Bo"], "Bob")
    history.merge(store, people["Ann"], people["Cy"])  # Cy's seat is Ann's now
    fresh = Store(tmp_path / "fresh.sqlite3")
    history.restore(fresh, history.backup(store))
    assert results(fresh, game_id) == results(store, game_id)
    assert [row[1] for row in results(fresh, game_id)] == ["Ann", "Bob", "Ann"]
    content = content_of(store)
    content["results"].append({**rows_of(content, "game")[0], "seat": 3})  # a seat the game does not have
    refused(tmp_path, packed(content))


# --- a score check's rows: as typed, but fitting the check ---------------------------------------------
@pytest.mark.parametrize("change", [
    {"seat": 2},  # a seat without a name on the check
    {"place": 2},  # a win in second place
    {"place": 9, "won": 0},  # a place among more players than the check has
    {"variant": "C"}, {"variant": '=HYPERLINK("http://x")'}, {"variant": None},  # Hamstern has sides A and B
    {"game": "moemmen"},
    {"person_id": "bot:hard"},  # a computer opponent typed into a check
])
def test_a_score_checks_row_must_fit_the_check(tmp_path, change):
    content = content_of(source(tmp_path))
    row = rows_of(content, "check")[0]
    row.update(change)
    if row["person_id"] == "bot:hard":
        row["person_id"] = person_id(content, "bot:hard")
    refused(tmp_path, packed(content))


def test_a_score_checks_row_goes_to_the_person_of_its_name_and_alone_it_is_no_win(tmp_path):
    store = source(tmp_path)
    content = content_of(store)
    content["people"].append({"id": 99, "name": "Mallory", "key": "mallory", "bot_level": None})
    rows = rows_of(content, "check")
    rows[0]["person_id"] = 99  # Ann's win, given to Mallory
    content["results"].remove(rows[1])  # Bo left out: Ann alone
    fresh = Store(tmp_path / "fresh.sqlite3")
    history.restore(fresh, packed(content))
    [check_id] = [check.id for check in store.recent_checks()]
    assert results(fresh, check_id) == [(0, "Ann", None, 30.0, 1, 0, "A")]


# --- times, variants, names, rolls ---------------------------------------------------------------------
@pytest.mark.parametrize("table, field", [("results", "played"), ("games", "updated"), ("games", "created"),
                                          ("checks", "created"), ("checks", "updated")])
@pytest.mark.parametrize("value", [1e17, 1e11, -1])
def test_a_time_no_page_can_show_is_refused(tmp_path, table, field, value):
    content = content_of(source(tmp_path))
    content[table][0][field] = value  # the first result is the check's (the oldest)
    refused(tmp_path, packed(content))


def test_the_csv_writes_every_text_as_text(db):
    check_at(db, "hamstern", 1000.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)], variant="A")
    with db._connect() as raw:
        raw.execute("UPDATE results SET variant = '=1+2', source_id = '@x', played = 1e17")
    text = history.export_csv(db)
    assert text.count(",'=1+2,check,'@x,") == 2 and ",=" not in text
    assert text.splitlines()[1].startswith(("1970-01-01", "1969-12-31"))  # damaged: 0, as the store reads it


def solo_hamstern(store: Store, dice: str, roll) -> str:
    """A game of Hamstern alone played to its end with the rolls ``roll`` chooses (the app's: chance_outcome)."""
    state = get_game("hamstern").new_state(1, seed=7, side="A")
    game_id = store.create(state, {"names": ["Ann"], "dice": dice, "auto_roll": False})
    rng = random.Random(7)
    for number in range(1000):
        if state.is_over():
            return game_id
        action = roll(state) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply(action)
        store.append(game_id, number, action, state.scores() if state.is_over() else None)
    raise AssertionError("the game did not end")


def test_a_solo_game_with_the_apps_dice_holds_only_the_apps_rolls(tmp_path, monkeypatch):
    store = Store(tmp_path / "source.sqlite3")
    solo_hamstern(store, "app", lambda state: state.chance_outcome())
    history.restore(Store(tmp_path / "fresh.sqlite3"), history.backup(store))  # the app's rolls: restored
    store = Store(tmp_path / "sixes.sqlite3")
    solo_hamstern(store, "app", lambda state: Roll(6))  # every roll a six, chosen by hand
    refused(tmp_path, packed(unchecked_content(store, monkeypatch)), "history.restore.game_broken")
    assert history.backup_with_report(store)[1] == 1 + 1  # a backup leaves it out, with its result


def test_a_name_longer_than_the_name_fields_allow_is_refused(tmp_path, monkeypatch):
    for length in (20, 21):
        store = Store(tmp_path / f"source{length}.sqlite3")
        play_to_end(store, "moemmen", setup_for("moemmen", ["A" * length, "Bo"]), 1, num_players=2)
        data = packed(unchecked_content(store, monkeypatch))
        if length == 20:
            history.restore(Store(tmp_path / "fresh.sqlite3"), data)
        else:
            refused(tmp_path, data, "history.restore.game_broken")
    content = content_of(source(tmp_path))
    for name in ("M" * 21, " Ann", "Ann  Lee"):
        person = {**content["people"][0], "name": name}
        person["key"] = " ".join(name.split()).casefold()
        refused(tmp_path, packed({**content, "people": [person, *content["people"][1:]]}))


# --- a gzip bomb ----------------------------------------------------------------------------------------
def bomb(unit: bytes, count: int) -> bytes:
    """A backup's frame around ``count`` times ``unit``, gzipped a piece at a time (a few hundred kB)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    piece = unit * 100_000
    parts = [packer.compress(FRAME)]
    parts += [packer.compress(piece) for _ in range(count // 100_000)]
    parts += [packer.compress(b"{}]}"), packer.flush()]
    return b"".join(parts)


@pytest.mark.parametrize("unit, count", [
    (b"{},", 10_000_000), (b"[],", 10_000_000), (b'"ab",', 6_000_000),  # 30 MB, that JSON would make 0.7 GB of
    (b" ", 300_000_000),  # 300 MB
])
def test_a_gzip_bomb_is_refused_at_once_without_the_memory_it_asks_for(tmp_path, unit, count):
    data = bomb(unit, count)
    assert len(data) < 2_000_000
    target = Store(tmp_path / "target.sqlite3")
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(RestoreRefused) as error:
            history.restore(target, data)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert error.value.key == "history.restore.too_big"
    assert peak < 100 * 2**20, f"{peak / 2**20:.0f} MB"  # what it unpacks (at most 32 MB), not what JSON would make
    assert seconds < 10, seconds
