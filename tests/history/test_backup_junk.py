"""Whatever a file holds, restoring it either restores a backup or refuses with one reason and writes
nothing: random bytes, random gzip, random JSON, and real backups with one value changed at random."""

from __future__ import annotations

import gzip
import json
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import history
from assistant.history import RestoreRefused
from assistant.store import Store
from tests.history.helpers import check_at, play_to_end, setup_for, table_rows

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=20)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def target() -> Store:
    """An install with a history of its own (kept for every example: nothing may ever change it)."""
    store = Store(Path(tempfile.mkdtemp()) / "target.sqlite3")
    play_to_end(store, "hamsterbacke", setup_for("hamsterbacke", ["Ann", "Bo", "Cy"]), 1)
    check_at(store, "biber_gang", 5.0, [("Ann", 3, 1, True)])
    return store


@cache
def real_backup() -> dict:
    store = Store(Path(tempfile.mkdtemp()) / "source.sqlite3")
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Dee", "Bo", "Eve"], ["human", "human", "easy"]), 2)
    check_at(store, "hamstern", 6.0, [("Dee", 20, 1, True), ("Ann", 10, 2, False)], variant="A")
    return json.loads(gzip.decompress(history.backup(store)))


def refused_with_nothing_written(data: bytes, empty: bool = False) -> None:
    """Restoring ``data`` is refused and writes nothing (``empty``: the file may be an empty backup, which
    is restored, writing nothing too)."""
    store = target()
    before = table_rows(store)
    try:
        report = history.restore(store, data)
    except RestoreRefused as error:
        assert error.key.startswith("history.restore.")
    else:
        assert empty, "junk was restored"
        assert report.games_added == report.checks_added == report.people_added == report.results_added == 0
    assert table_rows(store) == before


@SETTINGS
@given(st.binary(max_size=2000))
def test_random_bytes_are_refused(data):
    refused_with_nothing_written(data)


@SETTINGS
@given(st.binary(max_size=2000))
def test_random_gzip_is_refused(data):
    refused_with_nothing_written(gzip.compress(data))


@SETTINGS
@given(JSON, JSON, JSON, JSON)
def test_random_json_in_a_backups_frame_is_refused(games, checks, people, results):
    frame = {"format": "hamster-table-backup", "version": 1, "games": games, "checks": checks, "people": people,
             "results": results}
    refused_with_nothing_written(json.dumps(frame).encode(), empty=games == checks == people == results == [])


def paths(value, prefix=()):
    """Every place in a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, (*prefix, index))


@SETTINGS
@given(st.data(), JSON)
def test_a_real_backup_with_one_value_changed_is_restored_whole_or_not_at_all(data, value):
    content = json.loads(json.dumps(real_backup()))
    path = data.draw(st.sampled_from(list(paths(content))[1:]))
    at = content
    for step in path[:-1]:
        at = at[step]
    at[path[-1]] = value
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "games.sqlite3")
        check_at(store, "moemmen", 1.0, [("Ann", 30, 1, True)])
        before = table_rows(store)
        try:
            report = history.restore(store, gzip.compress(json.dumps(content).encode()))
        except RestoreRefused:
            assert table_rows(store) == before
        else:  # the change was harmless (a time, a name...): everything is there
            assert report.games_added + report.games_kept == len(content["games"])
            for game in content["games"]:
                assert store.load(game["id"]).state.to_json()
        store.close()
