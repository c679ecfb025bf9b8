"""Broken storage: a damaged, foreign or read-only file of saved games, or a full disk, is
explained in the player's language, loses nothing already saved, and never shows a traceback."""

from __future__ import annotations

import os
import sqlite3
import tomllib
from pathlib import Path

import pytest
from streamlit.config import ShowErrorDetailsConfigOptions

from assistant import i18n
from assistant.games import GameInfo, get_game, register_game
from assistant.games.hamstern import Roll
from assistant.games.registry import unregister_game
from assistant.store import DamagedGame, StaleGame, Store
from assistant.store_errors import StorageError
from tests.components import BIBER_PAGE, HAMSTERN_PAGE, HS, board_data, decide, message, open_app, texts
from tests.hamstern.helpers import cell_ids

ANNOUNCED = "announced_game"  # a game known to the registry whose engine is not built


@pytest.fixture(autouse=True)
def announced_game():
    register_game(GameInfo(name=ANNOUNCED, titles={"en": "Announced", "de": "Angekündigt"}, icon=ANNOUNCED,
                           kind="cards", min_players=2, max_players=4))
    yield
    unregister_game(ANNOUNCED)


@pytest.fixture
def path(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(path))
    return path


def hamstern_game(store: Store, rolls=(5,)) -> str:
    state = get_game("hamstern").new_state(2, seed=8)
    for roll in rolls:
        state.apply(Roll(roll))
    return store.create(state, {"names": ["Ann", "Bo"], "dice": "real"})


def biber_game(store: Store, turned_up: int = 0) -> str:
    state = get_game("biber_gang").new_state(2, seed=1)
    for _ in range(turned_up):
        state.apply(state.legal_actions()[0])
    return store.create(state, {"names": ["Ann", "Bot 1"], "bots": ["human", "easy"], "mode": "solo",
                                "speed": "quick"})


def file_state(path: Path) -> bytes:
    """Every byte of the database file, to show nothing was changed (a reader may leave
    SQLite's empty -wal and -shm side files next to it; they hold no data)."""
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    return path.read_bytes()


def opener(read_only: bool = False, **options):
    """Store._open with other options: as the store opens its file, read-only or with a connection class."""
    def open_file(store: Store) -> sqlite3.Connection:
        where = f"file:{store.path}?mode=ro" if read_only else str(store.path)
        return sqlite3.connect(where, uri=read_only, timeout=10, isolation_level=None, check_same_thread=False,
                               **options)
    return open_file


def read_only(monkeypatch) -> None:
    """Open the file as a read-only file opens (root ignores file permissions, so chmod cannot)."""
    monkeypatch.setattr(Store, "_open", opener(read_only=True))


def no_new_pages(monkeypatch) -> None:
    """Every connection may use no more pages than the file has: SQLite's own SQLITE_FULL
    for any write that needs room (a small row may still fit into a page's free space)."""
    real_open = Store._open

    def full_open(self):
        db = real_open(self)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(Store, "_open", full_open)


def sqlite_error(message: str, code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code  # as sqlite3 sets it on the errors SQLite reports
    return error


class DiskFull(sqlite3.Connection):
    """Every write fails as on a full disk (SQLITE_FULL); then ROLLBACK fails too, as it does
    once SQLite has given the transaction up by itself."""

    def execute(self, sql, *args):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite_error("database or disk is full", 13)
        if sql.strip().upper() == "ROLLBACK":
            raise sqlite3.OperationalError("cannot rollback - no transaction is active")
        return super().execute(sql, *args)


def disk_full(monkeypatch) -> None:
    monkeypatch.setattr(Store, "_open", opener(factory=DiskFull))


# --- the store --------------------------------------------------------------------------
def test_a_file_of_garbage_is_damaged_and_left_as_it_is(path):
    path.write_bytes(os.urandom(3000))
    before = file_state(path)
    with pytest.raises(StorageError) as caught:
        Store(path)
    assert caught.value.kind == "damaged"
    assert file_state(path) == before


@pytest.mark.parametrize("schema", [
    "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)",
    "CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT, year INTEGER)",
    "CREATE TABLE games (id TEXT, game TEXT, num_players INT, options TEXT, seed INT, setup TEXT, created REAL,"
    " updated REAL, finished INT, scores TEXT); CREATE TABLE actions (game_id TEXT, step INT)",
])
def test_another_programs_database_is_foreign_and_never_changed(path, schema):
    with sqlite3.connect(path) as db:
        db.executescript(schema)
    before = file_state(path)
    with pytest.raises(StorageError) as caught:
        Store(path)
    assert caught.value.kind == "foreign"
    assert file_state(path) == before


def test_a_folder_that_cannot_be_made_is_reported(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError):
        Store(blocker / "games.sqlite3")


def test_a_read_only_file_can_be_read_but_a_write_fails_cleanly(path, monkeypatch):
    game_id = hamstern_game(Store(path))
    before = file_state(path)
    read_only(monkeypatch)
    store = Store(path)
    saved = store.load(game_id)
    assert saved.state.history == [Roll(5)]
    with pytest.raises(StorageError) as caught:
        store.append(game_id, 1, saved.state.legal_actions()[0])
    assert caught.value.kind == "readonly"
    with pytest.raises(StorageError):
        store.create(get_game("hamstern").new_state(1, seed=1), {"names": ["Ann"], "dice": "app"})
    assert file_state(path) == before


def test_a_full_disk_is_named_not_hidden_behind_a_failed_rollback(path, monkeypatch):
    store = Store(path)
    game_id = hamstern_game(store)
    move = store.load(game_id).state.legal_actions()[0]
    disk_full(monkeypatch)
    store.close()  # the next piece of work opens the file again, now as on a full disk
    with pytest.raises(StorageError) as caught:
        store.append(game_id, 1, move)
    assert caught.value.kind == "full"
    with pytest.raises(StorageError):
        store.remove_last(game_id, 1)
    monkeypatch.undo()
    assert store.load(game_id).state.history == [Roll(5)]


def test_sqlites_own_full_disk_is_reported_as_full(path, monkeypatch):
    store = Store(path)
    game_id = hamstern_game(store)
    no_new_pages(monkeypatch)
    store.close()
    history = store.load(game_id).state.history
    with pytest.raises(StorageError) as caught:
        store.create(get_game("hamstern").new_state(2, seed=2), {"names": ["x" * 5000, "y"], "dice": "app"})
    assert caught.value.kind == "full"
    assert store.load(game_id).state.history == history


class Tracked(sqlite3.Connection):
    opened: list[sqlite3.Connection] = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        Tracked.opened.append(self)


def test_one_connection_serves_every_call_and_a_replaced_file_is_opened_afresh(path, monkeypatch):
    Tracked.opened = []
    monkeypatch.setattr(Store, "_open", opener(factory=Tracked))
    store = Store(path)
    game_id = hamstern_game(store, rolls=())
    store.append(game_id, 0, Roll(3))
    store.remove_last(game_id, 1)
    store.recent()
    assert len(Tracked.opened) == 1
    with pytest.raises(StaleGame):
        store.remove_last(game_id, 1)  # nothing to undo: the transaction is dropped with the connection
    assert store.load(game_id).state.history == []
    assert len(Tracked.opened) == 2
    # Another file put in its place (a restored backup): the store reads the new file, not the old one.
    other = path.with_name("other.sqlite3")
    backup_id = hamstern_game(Store(other), rolls=(4,))
    other.replace(path)
    assert store.load(backup_id).state.history == [Roll(4)]
    store.close()
    for connection in Tracked.opened:
        with pytest.raises(sqlite3.ProgrammingError):
            connection.execute("SELECT 1")  # "Cannot operate on a closed database"


DAMAGE = {
    "options are not JSON": "UPDATE games SET options = '{oops'",
    "options are a list": "UPDATE games SET options = '[]'",
    "options hold seed": """UPDATE games SET options = '{"seed": 1}'""",
    "options deeply nested": "UPDATE games SET options = '" + "[" * 5000 + "'",
    "setup is not JSON": "UPDATE games SET setup = 'names: Ann'",
    "setup is a list": """UPDATE games SET setup = '["Ann", "Bo"]'""",
    "setup has no names": """UPDATE games SET setup = '{"dice": "app"}'""",
    "too few names": """UPDATE games SET setup = '{"names": ["Ann"], "bots": ["human"]}'""",
    "a name is a number": """UPDATE games SET setup = '{"names": ["Ann", 7], "bots": ["human", "easy"]}'""",
    "unknown game": "UPDATE games SET game = 'chess'",
    "game not built": f"UPDATE games SET game = '{ANNOUNCED}'",
    "seed is text": "UPDATE games SET seed = 'abc'",
    "players is text": "UPDATE games SET num_players = 'two'",
    "options are bytes": "UPDATE games SET options = X'FFFE'",
    "an action is garbage": "UPDATE actions SET action = '{\"roll\": [[]]}'",
    "an action is not JSON": "UPDATE actions SET action = 'roll 5'",
}
BIBER_DAMAGE = {
    "no bots": """UPDATE games SET setup = '{"names": ["Ann", "Bo"]}'""",
    "an unknown bot": """UPDATE games SET setup = '{"names": ["Ann", "Bo"], "bots": ["human", "genius"]}'""",
    "a bot in the human's seat": """UPDATE games SET setup = '{"names": ["Ann", "Bo"], "bots": ["easy", "easy"]}'""",
}


def damage(path: Path, sql: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql)


@pytest.mark.parametrize("sql", list(DAMAGE.values()), ids=list(DAMAGE))
def test_every_damaged_hamstern_row_loads_as_damaged_game(path, sql):
    store = Store(path)
    game_id = hamstern_game(store)
    damage(path, sql)
    with pytest.raises(DamagedGame):
        store.load(game_id)
    store.recent()  # the list on Home still comes up
    store.best_solo_scores("hamstern", {"side": "A"})


@pytest.mark.parametrize("sql", list({**DAMAGE, **BIBER_DAMAGE}.values()), ids=list({**DAMAGE, **BIBER_DAMAGE}))
def test_every_damaged_biber_row_loads_as_damaged_game(path, sql):
    store = Store(path)
    game_id = biber_game(store, turned_up=1)
    damage(path, sql.replace("'{\"roll\": [[]]}'", "'{\"move\": \"swap\", \"at\": []}'"))
    with pytest.raises(DamagedGame):
        store.load(game_id)


# --- the app ------------------------------------------------------------------------------
def assert_explained(at, kind: str, lang: str = "en") -> None:
    assert not at.exception, at.exception
    assert i18n.t(f"storage.{kind}", lang) in texts(at)
    assert "Traceback" not in texts(at) and str(Path.cwd()) not in texts(at)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_app_explains_a_damaged_file_in_the_players_language(path, lang):
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(4000))
    before = file_state(path)
    for page in (None, HAMSTERN_PAGE, BIBER_PAGE):
        assert_explained(open_app(page, lang=lang, game="abc") if page else open_app(lang=lang), "damaged", lang)
    assert file_state(path) == before


def test_the_app_explains_a_foreign_file(path):
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT)")
        db.execute("INSERT INTO games VALUES ('g1', 'Chess')")
    before = file_state(path)
    assert_explained(open_app(), "foreign")
    assert_explained(open_app(HAMSTERN_PAGE), "foreign")
    assert file_state(path) == before


def test_a_read_only_file_shows_the_game_and_refuses_the_move_with_a_reason(path, monkeypatch):
    game_id = hamstern_game(Store(path), rolls=())
    before = file_state(path)
    read_only(monkeypatch)
    at = open_app(HAMSTERN_PAGE, game=game_id, lang="de")
    decide(at, HS, "die-4")
    assert not at.exception, at.exception
    assert i18n.t("storage.not_saved", "de") in message(at, HS)
    assert i18n.t("storage.readonly", "de") in message(at, HS)
    assert file_state(path) == before
    assert Store(path).load(game_id).state.history == []


def test_a_full_disk_refuses_the_move_and_keeps_the_selection(path, monkeypatch):
    game_id = hamstern_game(Store(path), rolls=(3,))
    disk_full(monkeypatch)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    decide(at, HS, "confirm", cell_ids("F5 G5 H5"))
    assert not at.exception, at.exception
    assert i18n.t("storage.full", "en") in message(at, HS)
    assert board_data(at, HS)["selected"] == cell_ids("F5 G5 H5")  # kept, to try again
    monkeypatch.undo()
    assert Store(path).load(game_id).state.history == [Roll(3)]


def test_a_bot_move_that_cannot_be_saved_is_explained_once(path, monkeypatch):
    store = Store(path)
    game_id = biber_game(store, turned_up=2)  # I turn up my two cards; then the bot is to move
    assert store.load(game_id).state.current_player == 1
    store.close()
    before = file_state(path)
    read_only(monkeypatch)
    at = open_app(BIBER_PAGE, game=game_id)
    assert not at.exception, at.exception
    assert i18n.t("storage.readonly", "en") in texts(at)
    assert file_state(path) == before


@pytest.mark.parametrize("sql", list({**DAMAGE, **BIBER_DAMAGE}.values()), ids=list({**DAMAGE, **BIBER_DAMAGE}))
def test_no_page_breaks_on_a_damaged_game(path, sql):
    store = Store(path)
    ids = [hamstern_game(store), biber_game(store, turned_up=1)]
    damage(path, sql)
    at = open_app()
    assert not at.exception, at.exception
    for game_id in ids:
        for page in (HAMSTERN_PAGE, BIBER_PAGE):
            at = open_app(page, game=game_id)
            assert not at.exception, at.exception
            assert at.error or at.get("bidi_component"), "the page shows the game or says what is wrong"


def test_players_get_no_tracebacks_and_no_developer_menu():
    config = tomllib.loads((Path(__file__).parent.parent / ".streamlit" / "config.toml").read_text("utf-8"))
    assert config["client"]["showErrorDetails"] == ShowErrorDetailsConfigOptions.NONE.value
    assert config["client"]["toolbarMode"] == "minimal"
    assert config["browser"]["gatherUsageStats"] is False
    assert config["client"]["allowedOrigins"] == []  # no other site's frame may steer the app
    assert config["server"]["fileWatcherType"] == "none"  # players do not edit the code
