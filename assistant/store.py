"""Saved games in SQLite (standard library): every action is committed at once.

A game is stored as its record ``{game, num_players, options, seed}`` plus one
row per action, numbered from 1. Appending action n succeeds only if the game
holds exactly n-1 actions, so a second tab that acted on an old picture of the
game is refused instead of overwriting the first tab's move.

The file lives in a per-user data folder; ``HAMSTER_TABLE_DB`` overrides the path.
A file that cannot be used (damaged, another program's database, read-only, a full
disk) raises StorageError with its kind; a saved game that cannot be rebuilt raises
DamagedGame. Either way nothing already saved is changed.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.bots import LEVELS
from assistant.games import get_game, is_built
from assistant.games.base import Action, State, describe, parse_json
from assistant.games.registry import game_info
from assistant.store_errors import check_ours, expected_columns, from_os_error, from_sqlite
from assistant.store_history import HISTORY_SCHEMA, HistoryRecords
from assistant.store_keys import KEYS_SCHEMA, TableKeys
from assistant.store_replays import REPLAYS_SCHEMA, ReplayLinks
from assistant.store_screens import SCREENS_SCHEMA, ScreenMarks
from assistant.store_seats import SEATS_SCHEMA, SeatLinks

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    num_players INTEGER NOT NULL,
    options     TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    setup       TEXT NOT NULL,      -- the app's choices: names, dice source, bots
    created     REAL NOT NULL,
    updated     REAL NOT NULL,
    finished    INTEGER NOT NULL DEFAULT 0,
    scores      TEXT                -- final scores once finished
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number  INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS score_checks (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,          -- a registered game's name (assistant/games/registry.py)
    data    TEXT NOT NULL,          -- JSON: everything typed in (names, crosses, cards, points)
    created REAL NOT NULL,
    updated REAL NOT NULL
);
""" + SEATS_SCHEMA + KEYS_SCHEMA + SCREENS_SCHEMA + HISTORY_SCHEMA + REPLAYS_SCHEMA


# How a saved game came to be, where it was not played through here from its start (setup["origin"]):
# played on from a step of a replay (the seed kept: rolls and deals already seen) or imported from a game
# record file. Such a game is left out of the best scores and the history (assistant/store_history.py).
# A lesson's game (assistant/lessons) is a prepared position played only to learn: besides, it is not
# listed, not backed up, and deleted once its lesson moves on to another position.
ORIGINS = ("played_on", "imported", "lesson")
# A lesson's game, in SQL: its setup's own "origin" (a damaged row's text, no JSON, is none).
IS_LESSON = "(json_valid(setup) AND json_extract(setup, '$.origin') IS 'lesson')"
# Lesson games kept at most, the newest: a lesson opened again makes a new one (assistant/ui/lesson/runner.py).
KEPT_LESSON_GAMES = 12


class UnknownGame(LookupError):
    """No saved game has this id."""


class DamagedGame(ValueError):
    """The saved game cannot be rebuilt (tampered or broken data)."""


class StaleGame(RuntimeError):
    """The game moved on since this picture of it was taken (another tab acted)."""


@dataclass(frozen=True)
class SavedRows:
    """A saved game as its rows hold it, nothing checked yet (``Store.read``)."""

    id: str
    game: Any
    num_players: Any
    options: Any
    seed: Any
    setup: Any
    updated: Any
    actions: tuple[str, ...]


@dataclass
class SavedGame:
    id: str
    state: State
    setup: dict[str, Any]
    updated: float


def default_path() -> Path:
    override = os.environ.get("HAMSTER_TABLE_DB")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "hamster-table" / "games.sqlite3"


# Called with the store after each piece of work that changed rows (assistant/live.py tells the devices
# following a game that it moved); a listener only takes note: it never raises nor uses the store.
WRITE_LISTENERS: list = []


class Store(SeatLinks, TableKeys, ScreenMarks, HistoryRecords, ReplayLinks):
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_path()
        self._db: sqlite3.Connection | None = None
        self._identity: tuple[int, int] | None = None
        self._lock = threading.RLock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise from_os_error(error) from None
        with self._connect() as db:
            check_ours(db, expected_columns(SCHEMA))  # before writing: never change another program's file
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")  # kept in the file; a read-only file stays as it is
            db.executescript(SCHEMA)
        self._backfill_history()

    def _open(self) -> sqlite3.Connection:
        # One connection for every thread: Streamlit serves each browser tab on its own thread,
        # and self._lock lets one piece of work at a time use it.
        return sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)

    def _connection(self) -> sqlite3.Connection:
        """The store's connection, opened again if the file was replaced or removed meanwhile.

        Kept open between calls: opening, setting up and closing a connection (closing the last one
        checkpoints the write-ahead log) cost 0.6 ms a read and 2.5 ms a saved move, a third of a
        decision's time on the server (bench/app.py).
        """
        if self._db is not None and self._file_identity() != self._identity:
            self.close()
        if self._db is None:
            db = self._open()
            try:
                db.execute("PRAGMA foreign_keys = ON")
                # In WAL mode a commit is safe from a crashed or killed app without waiting for the disk
                # (only a power cut could lose the last moves); waiting cost about 20 ms a tap.
                db.execute("PRAGMA synchronous = NORMAL")
                db.text_factory = _text
            except BaseException:
                db.close()
                raise
            self._db, self._identity = db, self._file_identity()
        return self._db

    def _file_identity(self) -> tuple[int, int] | None:
        try:
            stat = os.stat(self.path)
        except OSError:
            return None
        return stat.st_dev, stat.st_ino

    def close(self) -> None:
        """Close the connection; the next piece of work opens the file again."""
        db, self._db = self._db, None
        if db is not None:
            db.close()

    def __del__(self) -> None:
        # A connection sits in a reference cycle of its own (its statement cache) and would stay
        # open, its write-ahead log not folded into the file, until a garbage collection.
        self.close()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """The connection for one piece of work; sqlite3 errors about the file come out as StorageError.

        A transaction still open when an error leaves the block is rolled back by closing the
        connection (the next piece of work opens it again); no ROLLBACK is sent that could fail
        and hide the error that counts.
        """
        with self._lock:
            try:
                db = self._connection()
                changes = db.total_changes
                yield db
            except BaseException as error:
                if self._db is not None and (self._db.in_transaction or isinstance(error, sqlite3.Error)):
                    self.close()
                storage_error = from_sqlite(error) if isinstance(error, sqlite3.Error) else None
                if storage_error is None:
                    raise
                raise storage_error from None
            if db.total_changes != changes:
                for listener in WRITE_LISTENERS:
                    listener(self)

    def create(self, state: State, setup: dict[str, Any]) -> str:
        game_id = self._new_id()
        now = time.time()
        with self._connect() as db:
            db.execute(
                "INSERT INTO games (id, game, num_players, options, seed, setup, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, state.game.name, state.num_players, json.dumps(state.options), state.seed,
                 json.dumps(setup), now, now),
            )
        for number, action in enumerate(state.history):
            self.append(game_id, number, action)
        return game_id

    def forget_lesson_game(self, game_id: str) -> None:
        """Delete a lesson's game (nothing else: a game not marked as a lesson's stays)."""
        with self._connect() as db:
            db.execute(f"DELETE FROM games WHERE id = ? AND {IS_LESSON}", (game_id,))

    def forget_old_lesson_games(self, keep: int = KEPT_LESSON_GAMES) -> None:
        """Delete all but the ``keep`` newest lessons' games: a lesson left half way is not picked up again."""
        with self._connect() as db:
            db.execute(f"DELETE FROM games WHERE {IS_LESSON} AND id NOT IN"
                       f" (SELECT id FROM games WHERE {IS_LESSON} ORDER BY updated DESC LIMIT ?)", (keep,))

    def load(self, game_id: str) -> SavedGame:
        """The saved game; UnknownGame, or DamagedGame for anything that cannot be rebuilt."""
        return self.rebuild(self.read(game_id))

    def read(self, game_id: str) -> SavedRows:
        """The saved game's rows as they are, read in one piece (UnknownGame if there is none)."""
        with self._connect() as db:
            row = db.execute(
                "SELECT game, num_players, options, seed, setup, updated FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            actions = tuple(r[0] for r in db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY number", (game_id,)))
        if row is None:
            raise UnknownGame(game_id)
        return SavedRows(game_id, *row, actions=actions)

    @staticmethod
    def rebuild(rows: SavedRows) -> SavedGame:
        """The game ``rows`` hold, replayed from its seed; DamagedGame for anything that cannot be rebuilt."""
        try:
            name = rows.game
            if not isinstance(name, str) or not is_built(name):
                raise ValueError(f"it is a game this app cannot play ({str(name)[:40]!r})")
            record = {
                "game": name,
                "num_players": rows.num_players,
                "options": parse_json(rows.options, "the game's options"),
                "seed": rows.seed,
                "actions": [parse_json(text, "a saved action") for text in rows.actions],
            }
            state = get_game(name).from_record(record)
            return SavedGame(rows.id, state, _checked_setup(name, rows.num_players, rows.setup), _time(rows.updated))
        except ValueError as error:  # bad JSON, an action no game has, an illegal action, a broken setup
            raise DamagedGame(str(error)) from None

    def stamp(self, game_id: str) -> tuple[int, float] | None:
        """What changes whenever a game's saved actions do (their count, the time of the last change):
        one cheap query, so a server can tell whether its copy of the game is still the saved one."""
        with self._connect() as db:
            row = db.execute("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?1), updated FROM games"
                             " WHERE id = ?1", (game_id,)).fetchone()
        return None if row is None else (row[0], row[1])

    def append(self, game_id: str, known_actions: int, action: Action, finished_scores=None) -> None:
        """Save ``action`` as number ``known_actions + 1``; StaleGame if the game moved on.

        All or nothing: on any error the transaction is dropped with the connection.
        """
        now = time.time()
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO actions (game_id, number, action) VALUES (?, ?, ?)",
                    (game_id, known_actions + 1, action.to_json()),
                )
            except sqlite3.IntegrityError:  # number known_actions + 1 exists: another tab was first
                raise StaleGame(game_id) from None
            if known_actions and not db.execute(
                "SELECT 1 FROM actions WHERE game_id = ? AND number = ?", (game_id, known_actions)
            ).fetchone():
                raise StaleGame(game_id)
            db.execute(
                "UPDATE games SET updated = ?, finished = ?, scores = ? WHERE id = ?",
                (now, finished_scores is not None, json.dumps(finished_scores), game_id),
            )
            if finished_scores is not None:
                self._record_game(db, game_id)  # the table's history, in the same transaction
            db.execute("COMMIT")

    def remove_last(self, game_id: str, known_actions: int) -> None:
        """Undo: drop action number ``known_actions`` if it is still the last one."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            last = db.execute("SELECT MAX(number) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
            if last != known_actions or not known_actions:
                raise StaleGame(game_id)  # closing the connection drops the transaction
            db.execute("DELETE FROM actions WHERE game_id = ? AND number = ?", (game_id, known_actions))
            db.execute("UPDATE games SET updated = ?, finished = 0, scores = NULL WHERE id = ?",
                       (time.time(), game_id))
            db.execute("COMMIT")

    def action_count(self, game_id: str) -> int:
        """How many actions are saved for ``game_id``: one cheap query, so a tab can tell
        whether its picture of the game is still current without replaying it."""
        with self._connect() as db:
            return db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]

    def game_of(self, game_id: str) -> str | None:
        """Which game ``game_id`` is (its registered name), without rebuilding it; None if unknown."""
        with self._connect() as db:
            row = db.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row and isinstance(row[0], str) else None

    def recent(self, limit: int = 8, game: str | None = None, unfinished_only: bool = False) -> list[dict[str, Any]]:
        """The games last played, newest first (only ``game``'s, only unfinished ones if asked), each with
        its variant (Hamstern's side or cave: GameInfo.variant_of; None if it has none).

        A damaged game is still listed (opening it explains what is wrong), with an empty
        setup; games this app cannot open are left out.
        """
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, game, num_players, setup, updated, finished, options FROM games"
                f" WHERE (? IS NULL OR game = ?) AND (? = 0 OR finished = 0) AND NOT {IS_LESSON}"
                " ORDER BY updated DESC LIMIT ?",
                (game, game, unfinished_only, limit),
            ).fetchall()
        games = []
        for game_id, name, num_players, setup, updated, finished, options in rows:
            if not (isinstance(game_id, str) and isinstance(name, str) and is_built(name)):
                continue
            try:
                setup = _checked_setup(name, num_players, setup)
            except (ValueError, RecursionError):
                setup = {}
            try:
                variant = game_info(name).variant_of(parse_json(options, "the game's options"))
            except (ValueError, RecursionError):
                variant = None
            games.append({"id": game_id, "game": name, "num_players": num_players, "setup": setup,
                          "updated": _time(updated), "finished": bool(finished), "variant": variant})
        return games

    def best_solo_scores(self, game: str, options_match: dict[str, Any], limit: int = 5) -> list[dict[str, Any]]:
        """Finished one-player games with these options, best score first; games played on from a replay or
        imported (``ORIGINS``) are left out."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, options, setup, scores, updated FROM games"
                " WHERE game = ? AND num_players = 1 AND finished = 1",
                (game,),
            ).fetchall()
        results = []
        for game_id, options, setup, scores, updated in rows:
            try:
                options, scores = parse_json(options, "options"), parse_json(scores, "scores")
                setup = _checked_setup(game, 1, setup)
                if setup.get("origin") is not None:
                    continue  # played on from a replay or imported: its rolls were known, not met
                name = setup["names"][0]
                if not (isinstance(options, dict) and isinstance(scores, list) and type(scores[0]) is int):
                    continue  # damaged: left out of the table rather than spoiling it
            except (ValueError, RecursionError, IndexError):
                continue
            if all(options.get(k) == v for k, v in options_match.items()):
                results.append({"id": game_id, "name": name, "score": scores[0], "updated": _time(updated)})
        results.sort(key=lambda r: (-r["score"], r["updated"]))
        return results[:limit]

    # --- score checks: a table's paper sheets or real cards, saved as they are typed in ---
    @staticmethod
    def _new_id() -> str:
        # Short enough to read out at the table; "-" and "_" swapped so the id is one word.
        return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")

    def create_check(self, game: str, data: dict[str, Any]) -> str:
        check_id = self._new_id()
        now = time.time()
        with self._connect() as db:
            db.execute("INSERT INTO score_checks (id, game, data, created, updated) VALUES (?, ?, ?, ?, ?)",
                       (check_id, game, json.dumps(data), now, now))
        return check_id

    def save_check(self, check_id: str, data: dict[str, Any]) -> None:
        """Replace what is saved for the check; UnknownGame if there is no such check."""
        with self._connect() as db:
            changed = db.execute("UPDATE score_checks SET data = ?, updated = ? WHERE id = ?",
                                 (json.dumps(data), time.time(), check_id)).rowcount
        if not changed:
            raise UnknownGame(check_id)

    def load_check(self, check_id: str) -> SavedCheck:
        with self._connect() as db:
            row = db.execute("SELECT game, data, updated FROM score_checks WHERE id = ?", (check_id,)).fetchone()
        if row is None:
            raise UnknownGame(check_id)
        return SavedCheck(check_id, row[0], _check_data(row[1]), _time(row[2]))

    def recent_checks(self, limit: int = 8) -> list[SavedCheck]:
        """The score checks last typed into, newest first; damaged ones are left out."""
        with self._connect() as db:
            rows = db.execute("SELECT id, game, data, updated FROM score_checks ORDER BY updated DESC LIMIT ?",
                              (limit,)).fetchall()
        checks = []
        for check_id, game, data, updated in rows:
            try:
                checks.append(SavedCheck(check_id, game, _check_data(data), _time(updated)))
            except DamagedGame:
                continue
        return checks


def _checked_setup(game: str, num_players: Any, text: Any) -> dict[str, Any]:
    """The app's setup of a saved game, or ValueError if the pages could not show it."""
    setup = parse_json(text, "the game's setup")
    if not isinstance(setup, dict):
        raise ValueError("its setup is not a JSON object")
    names = setup.get("names")
    if not (isinstance(names, list) and len(names) == num_players and all(isinstance(n, str) for n in names)):
        raise ValueError("its player names are missing or do not match the number of players")
    # Who sits where: every seat a person or a computer opponent, people first (assistant/ui/seats.py).
    bots = setup.get("bots")
    if bots is None and game_info(game).setup_has_bots:
        raise ValueError("its computer opponents are missing")
    if bots is not None and not (isinstance(bots, list) and len(bots) == num_players and bots[0] == "human"
                                 and all(isinstance(b, str) and b in (*LEVELS, "human") for b in bots[1:])):
        raise ValueError("its computer opponents are missing or unknown")
    # The pages look these up and compare them (how fast the bots play, real or app dice, alone or together).
    for key in ("speed", "dice", "mode"):
        if setup.get(key) is not None and not isinstance(setup[key], str):
            raise ValueError(f"its {key!r} is not a word but {describe(setup[key])}")
    if setup.get("origin") is not None and setup["origin"] not in ORIGINS:
        raise ValueError(f"its origin is none the app writes but {describe(setup['origin'])}")
    return setup


def _text(data: bytes) -> str:
    """A TEXT value as sqlite3 gives it to Python. SQLite keeps whatever bytes were written, and sqlite3's
    own decoding stops the whole query at bytes that are not UTF-8 ("Could not decode to UTF-8"): here
    they become U+FFFD, and the row is judged by what it holds (an action that is no JSON: a damaged game)."""
    return data.decode("utf-8", "replace")


def _time(value: Any) -> float:
    """A saved time stamp, or 0 (shown as 1970) if it is damaged, so it never breaks a page."""
    return float(value) if type(value) in (int, float) and 0 <= value < 1e11 else 0.0


@dataclass
class SavedCheck:
    id: str
    game: str
    data: dict[str, Any]
    updated: float


def _check_data(text: Any) -> dict[str, Any]:
    """What was typed into a score check, or DamagedGame; the pages fill in anything missing."""
    try:
        data = parse_json(text, "a saved score check")
    except ValueError as error:
        raise DamagedGame(str(error)) from None
    if not isinstance(data, dict):
        raise DamagedGame("a saved score check is not a JSON object")
    return data
