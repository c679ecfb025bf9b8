"""The history taken out: a CSV a spreadsheet opens safely, and a backup that restores everything on a fresh
install (every game replays the same), or is refused with one reason and nothing written."""

from __future__ import annotations

import csv
import gzip
import io
import json
from datetime import datetime

import pytest

from assistant import history, history_checks
from assistant.games import get_game
from assistant.history import RestoreRefused
from assistant.store import Store
from tests.history.helpers import check_at, play_to_end, setup_for, table_rows

RESTORED = ("games", "actions", "marks", "pending", "score_checks", "people", "results")


def rich_store(path) -> Store:
    """One finished game of each game with people and bots, a game in progress with a mark and a decision
    kept aside, a complete and an incomplete score check, a renamed and a merged player."""
    store = Store(path)
    for seed, name in enumerate(("hamstern", "hamsterdam", "biber_gang", "hamsterbacke", "moemmen")):
        bots = None if name == "hamstern" else ["human", "human", "hard"]
        play_to_end(store, name, setup_for(name, ["Ann", "Bo", "Cy"], bots), seed)
    state = get_game("hamstern").new_state(3, seed=9, side="B")
    game_id = store.create(state, setup_for("hamstern", ["Ann", "Bo", "Dee"]))
    roll = state.chance_outcome()
    state.apply(roll)
    store.append(game_id, 0, roll)
    store.add_pending(game_id, 2, 1, state.legal_actions_for(2)[0])
    store.set_mark(game_id, "its_me", 1)
    check_at(store, "hamsterdam", 1000.0, [("=cmd|' /C calc'!A0", 4, 1, True), ("Ann", 6, 2, False)])
    store.create_check("biber_gang", {"names": ["Eve"]})  # not complete: no results
    people = {person.name: person.id for person in history.people(store)}
    history.rename(store, people["Bo"], "Bob")
    history.merge(store, people["Ann"], people["Cy"])
    return store


@pytest.fixture
def store(tmp_path) -> Store:
    return rich_store(tmp_path / "games.sqlite3")


def restored_rows(store) -> dict:
    rows = table_rows(store)
    return {table: rows[table] for table in RESTORED}


# --- CSV ------------------------------------------------------------------------------------------------
def test_the_csv_has_a_row_per_player_per_game_and_reads_back(store):
    text = history.export_csv(store)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["date", "game", "variant", "source", "source_id", "player", "bot_level", "seat", "score",
                             "place", "won"]
    with store._connect() as db:
        expected = db.execute("SELECT r.source_id, r.seat, r.played, r.score, r.place, r.won, p.bot_level"
                              " FROM results r JOIN people p ON p.id = r.person_id"
                              " ORDER BY r.played, r.source, r.source_id, r.seat").fetchall()
    assert len(rows) == len(expected) == 5 * 3 + 2
    for row, (source_id, seat, played, score, place, won, level) in zip(rows, expected, strict=True):
        assert (row["source_id"], int(row["seat"]), float(row["score"]), int(row["place"]), int(row["won"])) == (
            source_id, seat, score, place, won)
        assert row["bot_level"] == (level or "")
        assert abs(datetime.fromisoformat(row["date"]).timestamp() - played) < 1
    assert {row["variant"] for row in rows if row["game"] == "hamstern"} == {"A"}
    assert {row["player"] for row in rows} == {"Ann", "Bob", "hard", "'=cmd|' /C calc'!A0"}
    text.encode("utf-8")


@pytest.mark.parametrize("name", ["=1+1", "+49 170", "-x", "@SUM(A1)", '=HYPERLINK("x")'])
def test_names_a_spreadsheet_would_run_are_written_as_text(tmp_path, name):
    store = Store(tmp_path / "games.sqlite3")
    check_at(store, "moemmen", 5.0, [(name, -3, 1, True), ("Zoë, \"Z\"", -4, 2, False)])
    rows = list(csv.DictReader(io.StringIO(history.export_csv(store))))
    assert [row["player"] for row in rows] == ["'" + name, "Zoë, \"Z\""]
    assert [row["score"] for row in rows] == ["-3", "-4"]  # numbers stay numbers


# --- backup and restore ---------------------------------------------------------------------------------
def test_a_backup_restores_everything_on_a_fresh_install(store, tmp_path):
    data = history.backup(store)
    assert gzip.decompress(data).startswith(b'{"format":"hamster-table-backup","version":1')
    fresh = Store(tmp_path / "fresh.sqlite3")
    report = history.restore(fresh, data)
    assert (report.games_added, report.games_kept, report.checks_added, report.already_there) == (6, 0, 2, 0)
    assert report.results_added == 17
    assert restored_rows(fresh) == restored_rows(store)
    for game in store.recent(limit=100):
        assert fresh.load(game["id"]).state.to_json() == store.load(game["id"]).state.to_json()
        assert fresh.pending(game["id"]) == store.pending(game["id"])
    assert history.export_csv(fresh) == history.export_csv(store)
    people = {person.name: person.id for person in history.people(fresh)}
    assert history.player_stats(fresh, people["Ann"]) == history.player_stats(store, people["Ann"])


def test_restoring_again_keeps_what_is_there(store, tmp_path):
    data = history.backup(store)
    fresh = Store(tmp_path / "fresh.sqlite3")
    history.restore(fresh, data)
    before = table_rows(fresh)
    report = history.restore(fresh, data)
    assert (report.games_added, report.games_kept, report.checks_kept, report.people_added, report.results_added) == (
        0, 6, 2, 0, 0)
    assert report.already_there == 8
    assert table_rows(fresh) == before


def test_a_restored_person_joins_the_person_of_the_same_name(store, tmp_path):
    other = Store(tmp_path / "other.sqlite3")
    check_at(other, "biber_gang", 1.0, [("Zed", 3, 1, True), ("ANN", 9, 2, False)])
    report = history.restore(other, history.backup(store))
    assert report.people_matched == 1
    ann = [person for person in history.people(other) if person.key == "ann"]
    assert len(ann) == 1 and ann[0].name == "ANN" and ann[0].games == 1 + 6


# --- refusals: nothing written --------------------------------------------------------------------------
def content(store) -> dict:
    return json.loads(gzip.decompress(history.backup(store)))


def packed(value) -> bytes:
    return gzip.compress(json.dumps(value).encode())


def refused(target: Store, data, key: str) -> None:
    before = table_rows(target)
    with pytest.raises(RestoreRefused) as error:
        history.restore(target, data)
    assert error.value.key == key and isinstance(error.value, ValueError)
    assert table_rows(target) == before


@pytest.fixture
def target(tmp_path) -> Store:
    """An install with a history of its own."""
    store = Store(tmp_path / "target.sqlite3")
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "Cy"]), 11)
    return store


def test_a_foreign_file_is_no_backup(target):
    for data in (b"\x89PNG\r\n\x1a\n" + bytes(100), b"date,game\n", b"", b"[1, 2]", packed({"format": "other"}),
                 packed([1]), b'{"games": []}', "text, not bytes"):
        refused(target, data, "history.restore.not_backup")


def test_a_damaged_or_truncated_file_is_refused(store, target):
    data = history.backup(store)
    refused(target, data[: len(data) // 2], "history.restore.damaged")
    refused(target, data[:-5], "history.restore.damaged")
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0xFF
    refused(target, bytes(flipped), "history.restore.damaged")
    plain = gzip.decompress(data)
    refused(target, plain[:-20], "history.restore.damaged")
    refused(target, plain.replace(b'"version":1', b'"version":"1"'), "history.restore.damaged")


@pytest.mark.parametrize("version, key", [(2, "history.restore.newer"), (0, "history.restore.damaged"),
                                          (None, "history.restore.damaged"), (True, "history.restore.damaged")])
def test_a_backup_of_another_version_is_refused(store, target, version, key):
    refused(target, packed({**content(store), "version": version}), key)


def test_a_file_too_big_is_refused_before_and_after_unpacking(store, target, monkeypatch):
    data = history.backup(store)
    monkeypatch.setattr(history_checks, "MAX_FILE_BYTES", len(data) - 1)
    refused(target, data, "history.restore.too_big")
    monkeypatch.setattr(history_checks, "MAX_FILE_BYTES", 2**30)
    monkeypatch.setattr(history_checks, "MAX_UNPACKED_BYTES", 10_000)
    refused(target, gzip.compress(b"{" + b" " * 100_000 + b"}"), "history.restore.too_big")  # a small zip bomb
    refused(target, b"{" + b" " * 100_000 + b"}", "history.restore.too_big")


def change(data: dict, path: tuple, value) -> dict:
    at = data
    for step in path[:-1]:
        at = at[step]
    at[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, key", [
    (("games", 0, "actions", 3), '{"cells": [[0, 0]]}', "history.restore.game_broken"),
    (("games", 0, "actions"), [], "history.restore.game_broken"),  # finished, with no action
    (("games", 0, "scores"), "[99, 0, 0]", "history.restore.game_broken"),
    (("games", 0, "game"), "chess", "history.restore.game_broken"),
    (("games", 0, "setup"), "{}", "history.restore.game_broken"),
    (("games", 0, "seed"), 2**70, "history.restore.damaged"),
    (("games", 0, "id"), "", "history.restore.damaged"),
    (("games", 1, "id"), None, "history.restore.damaged"),
    (("games", 5, "pending", 0, 0), 7, "history.restore.game_broken"),
    (("games", 5, "marks"), {"its_me": "one"}, "history.restore.damaged"),
    (("checks", 0, "data"), "[1]", "history.restore.damaged"),
    (("checks", 0, "game"), "chess", "history.restore.damaged"),
    (("people", 0, "key"), "bot:hard", "history.restore.damaged"),
    (("people", 0, "name"), "\ud800", "history.restore.damaged"),
    (("results", 0, "person_id"), 999, "history.restore.damaged"),
    (("results", 0, "source_id"), "elsewhere", "history.restore.damaged"),
    (("results", 0, "score"), "many", "history.restore.damaged"),
    (("results", 0, "seat"), 100, "history.restore.damaged"),
    (("results", -1, "seat"), 3, "history.restore.damaged"),  # a game of three players
    (("results", 0, "won"), 2, "history.restore.damaged"),
    (("results", 1), {"source": "game"}, "history.restore.damaged"),
    (("results",), {}, "history.restore.damaged"),
])
def test_a_changed_row_refuses_the_whole_file(store, target, path, value, key):
    refused(target, packed(change(content(store), path, value)), key)


def test_two_rows_with_one_id_refuse_the_file(store, target):
    data = content(store)
    data["games"].append(data["games"][0])
    refused(target, packed(data), "history.restore.damaged")
    data = content(store)
    data["results"].append(data["results"][0])
    refused(target, packed(data), "history.restore.damaged")


def test_a_game_that_no_longer_replays_is_left_out_of_the_backup_and_the_rest_restores(store, tmp_path):
    finished = [game["id"] for game in store.recent(limit=100) if game["finished"]]
    broken = finished[0]
    with store._connect() as db:  # as a rule fixed since the game was saved would leave it
        db.execute("UPDATE actions SET action = '\"no move\"' WHERE game_id = ? AND number = 2", (broken,))
    data, left_out = history.backup_with_report(store)
    assert left_out == 1 + 3  # the game and its three results
    fresh = Store(tmp_path / "fresh.sqlite3")
    report = history.restore(fresh, data)
    assert (report.games_added, report.results_added) == (5, 17 - 3)
    assert fresh.game_of(broken) is None
    for game_id in finished[1:]:
        assert fresh.load(game_id).state.to_json() == store.load(game_id).state.to_json()
