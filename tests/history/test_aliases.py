"""The names a person went by before: merging "Anna" into "Ann" or renaming Ann keeps the old name as
Ann's, so that a game or a check typed later with it counts for Ann, and an old end screen that looks its
players up by their names (Hamstern's scores over time) still finds her. Backups carry these names, and a
restore checks them and never takes a name from somebody here."""

from __future__ import annotations

import gzip
import json

import pytest

from assistant import history
from assistant.history import HistoryError, RestoreRefused
from assistant.store import Store
from assistant.ui.hamstern.chart import scores_over_time
from tests.history.helpers import check_at, play_to_end, results, setup_for, table_rows


def ids(store) -> dict[str, int]:
    return {person.name: person.id for person in history.people(store)}


def aliases(store) -> dict[str, str]:
    """Each former name's key, and the name of the person it finds."""
    with store._connect() as db:
        return dict(db.execute("SELECT a.key, p.name FROM aliases a JOIN people p ON p.id = a.person_id"))


@pytest.fixture
def merged(db) -> Store:
    """Anna played Hamstern alone (side A) and a check with Ben; then Anna was merged into Ann."""
    check_at(db, "hamstern", 1.0, [("Ann", 30, 1, True), ("Ben", 20, 2, False)], variant="A")
    play_to_end(db, "hamstern", setup_for("hamstern", ["Anna"]), 3, num_players=1)
    check_at(db, "hamstern", 2.0, [("Anna", 25, 1, True), ("Ben", 21, 2, False)], variant="A")
    people = ids(db)
    history.merge(db, people["Ann"], people["Anna"])
    return db


def test_after_a_merge_the_gone_name_finds_the_person_kept(merged):
    ann = ids(merged)["Ann"]
    assert "Anna" not in ids(merged) and aliases(merged) == {"anna": "Ann"}
    # An old end screen of Anna's solo game: its chart still finds her games (now Ann's), and Ann's.
    names, series = scores_over_time(["Anna"], "hamstern", "A")
    assert names == ["Ann"] and len(series[0]) == 3
    assert [p.id for p in history.people_named(merged, [" ANNA ", "Ann", "Zed", ""])] == [ann]
    # Typed again later, in a check or a game: Ann, not a new player.
    check_id = check_at(merged, "moemmen", 3.0, [("anna", 31, 1, True), ("Ben", 12, 2, False)])
    assert results(merged, check_id)[0][1] == "Ann"
    game_id = play_to_end(merged, "hamstern", setup_for("hamstern", ["Anna", "Ben"]), 4, num_players=2)
    assert results(merged, game_id)[0][1] == "Ann"
    assert ids(merged).keys() == {"Ann", "Ben"} and history.person(merged, ann).games == 5


def test_merging_a_person_who_went_by_other_names_passes_them_on(merged):
    people = ids(merged)
    history.merge(merged, people["Ben"], people["Ann"])
    assert aliases(merged) == {"anna": "Ben", "ann": "Ben"}
    assert [p.name for p in history.people_named(merged, ["Anna", "Ann"])] == ["Ben"]


def test_a_rename_keeps_the_old_name_but_never_takes_anothers(merged):
    people = ids(merged)
    history.rename(merged, people["Ann"], "Annie")
    assert aliases(merged) == {"anna": "Annie", "ann": "Annie"}
    check_id = check_at(merged, "moemmen", 3.0, [("Ann", 31, 1, True), ("Ben", 12, 2, False)])
    assert results(merged, check_id)[0][1] == "Annie"
    history.rename(merged, people["Ann"], "ANNIE")  # other letters, the same key: no new former name
    history.rename(merged, people["Ann"], "anna")  # a name of her own before: hers again
    assert aliases(merged) == {"ann": "anna", "annie": "anna"}
    for name, key in (("ANNA", "history.rename.taken"), ("Annie", "history.rename.former"),
                      ("ann", "history.rename.former")):
        with pytest.raises(HistoryError) as refused:
            history.rename(merged, people["Ben"], name)
        assert refused.value.key == key
    assert history.person(merged, people["Ben"]).name == "Ben"


def test_a_backup_carries_the_former_names(merged, tmp_path):
    data = history.backup(merged)
    fresh = Store(tmp_path / "fresh.sqlite3")
    history.restore(fresh, data)
    assert aliases(fresh) == {"anna": "Ann"}
    assert [p.name for p in history.people_named(fresh, ["Anna"])] == ["Ann"]
    # Somebody else here is called Anna: the name stays theirs, and the file's Ann stays Ann.
    other = Store(tmp_path / "other.sqlite3")
    check_at(other, "moemmen", 5.0, [("Anna", 30, 1, True), ("Zed", 10, 2, False)])
    history.restore(other, data)
    assert aliases(other) == {} and {p.name: p.games for p in history.people(other)}["Anna"] == 1
    # Here Ann went by Anna before: the file's Anna joins her.
    third = Store(tmp_path / "third.sqlite3")
    check_at(third, "moemmen", 5.0, [("Ann", 30, 1, True), ("Zed", 10, 2, False)])
    content = json.loads(gzip.decompress(history.backup(third)))
    history.merge(merged, ids(merged)["Ben"], ids(merged)["Ann"])  # Ann is now Ben, who went by Ann
    report = history.restore(merged, gzip.compress(json.dumps(content).encode()))
    assert report.people_matched == 1 and set(ids(merged)) == {"Ben", "Zed"}


def test_a_backup_of_an_older_version_has_no_former_names_and_restores(merged, tmp_path):
    content = json.loads(gzip.decompress(history.backup(merged)))
    del content["aliases"]
    fresh = Store(tmp_path / "fresh.sqlite3")
    report = history.restore(fresh, gzip.compress(json.dumps(content).encode()))
    assert report.games_added == 1 and aliases(fresh) == {}


@pytest.mark.parametrize("alias", [
    {"key": "ann", "person_id": 1},  # a person's own name
    {"key": "Anna", "person_id": 1},  # no key: keys are in small letters
    {"key": " anna", "person_id": 1},
    {"key": "", "person_id": 1},
    {"key": "bot:hard", "person_id": 1},  # a bot's key
    {"key": "name:anna", "person_id": 1},  # no name gives this key
    {"key": "a" * 100, "person_id": 1},
    {"key": "anna", "person_id": 99},  # nobody
    {"key": "anna", "person_id": "1"},
    {"key": "anna"},
])
def test_a_former_name_that_is_none_is_refused(merged, tmp_path, alias):
    content = json.loads(gzip.decompress(history.backup(merged)))
    ann = next(p["id"] for p in content["people"] if p["key"] == "ann")
    content["aliases"] = [{**alias, "person_id": ann} if alias.get("person_id") == 1 else alias]
    target = Store(tmp_path / "target.sqlite3")
    check_at(target, "moemmen", 5.0, [("Eve", 30, 1, True), ("Zed", 10, 2, False)])
    before = table_rows(target)
    with pytest.raises(RestoreRefused, match="history.restore.damaged"):
        history.restore(target, gzip.compress(json.dumps(content).encode()))
    assert table_rows(target) == before


def test_a_former_name_of_a_bot_or_twice_is_refused(tmp_path):
    store = Store(tmp_path / "bots.sqlite3")
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "Bo", "C"], ["human", "human", "hard"]), 1)
    content = json.loads(gzip.decompress(history.backup(store)))
    bot = next(p["id"] for p in content["people"] if p["bot_level"])
    ann = next(p["id"] for p in content["people"] if p["key"] == "ann")
    for wrong in ([{"key": "robo", "person_id": bot}], [{"key": "anna", "person_id": ann}] * 2, {"anna": ann}):
        with pytest.raises(RestoreRefused, match="history.restore.damaged"):
            history.restore(Store(tmp_path / "fresh.sqlite3"), gzip.compress(json.dumps({**content,
                                                                                          "aliases": wrong}).encode()))
