"""Saved games in SQLite (standard library): every action is committed at once.

A game is stored as its record ``{game, num_players, options, seed}`` plus one
row per action, numbered from 1. Appending action n succeeds only if the game
holds exactly n-1 actions, so a second tab that acted on an old picture of the
game is refused instead of overwriting the first tab's move.

The file lives in a per-user data folder; ``HAMSTER_TABLE_DB`` overrides the path.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.games import get_game
from assistant.games.base import Action, State

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
"""


class UnknownGame(LookupError):
    """No saved game has this id."""


class DamagedGame(ValueError):
    """The saved game cannot be rebuilt (tampered or broken data)."""


class StaleGame(RuntimeError):
    """The game moved on since this picture of it was taken (another tab acted)."""


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


class Store:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.executescript(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        # One short connection per call: Streamlit serves each browser tab on its own thread.
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA journal_mode = WAL")
        return db

    def create(self, state: State, setup: dict[str, Any]) -> str:
        game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
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

    def _action_rows(self, game_id: str) -> list[str]:
        with self._connect() as db:
            rows = db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY number", (game_id,))
            return [row[0] for row in rows]

    def load(self, game_id: str) -> SavedGame:
        with self._connect() as db:
            row = db.execute(
                "SELECT game, num_players, options, seed, setup, updated FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        name, num_players, options, seed, setup, updated = row
        try:
            game = get_game(name)
            record = {
                "game": name,
                "num_players": num_players,
                "options": json.loads(options),
                "seed": seed,
                "actions": [json.loads(text) for text in self._action_rows(game_id)],
            }
            state = game.from_record(record)
            return SavedGame(game_id, state, json.loads(setup), updated)
        except ValueError as error:  # includes JSON errors and illegal saved actions
            raise DamagedGame(str(error)) from None

    def append(self, game_id: str, known_actions: int, action: Action, finished_scores=None) -> None:
        """Save ``action`` as number ``known_actions + 1``; StaleGame if the game moved on."""
        now = time.time()
        with self._connect() as db:
            try:
                db.execute("BEGIN IMMEDIATE")
                db.execute(
                    "INSERT INTO actions (game_id, number, action) VALUES (?, ?, ?)",
                    (game_id, known_actions + 1, action.to_json()),
                )
                if known_actions and not db.execute(
                    "SELECT 1 FROM actions WHERE game_id = ? AND number = ?", (game_id, known_actions)
                ).fetchone():
                    raise StaleGame(game_id)
                db.execute(
                    "UPDATE games SET updated = ?, finished = ?, scores = ? WHERE id = ?",
                    (now, finished_scores is not None, json.dumps(finished_scores), game_id),
                )
                db.execute("COMMIT")
            except sqlite3.IntegrityError:
                db.execute("ROLLBACK")
                raise StaleGame(game_id) from None
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def remove_last(self, game_id: str, known_actions: int) -> None:
        """Undo: drop action number ``known_actions`` if it is still the last one."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            last = db.execute("SELECT MAX(number) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
            if last != known_actions or not known_actions:
                db.execute("ROLLBACK")
                raise StaleGame(game_id)
            db.execute("DELETE FROM actions WHERE game_id = ? AND number = ?", (game_id, known_actions))
            db.execute("UPDATE games SET updated = ?, finished = 0, scores = NULL WHERE id = ?",
                       (time.time(), game_id))
            db.execute("COMMIT")

    def recent(self, limit: int = 8) -> list[dict[str, Any]]:
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, game, num_players, setup, updated, finished FROM games ORDER BY updated DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            {"id": r[0], "game": r[1], "num_players": r[2], "setup": json.loads(r[3]), "updated": r[4],
             "finished": bool(r[5])}
            for r in rows
        ]

    def best_solo_scores(self, game: str, options_match: dict[str, Any], limit: int = 5) -> list[dict[str, Any]]:
        """Finished one-player games with these options, best score first."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, options, setup, scores, updated FROM games"
                " WHERE game = ? AND num_players = 1 AND finished = 1",
                (game,),
            ).fetchall()
        results = []
        for game_id, options, setup, scores, updated in rows:
            options = json.loads(options)
            if all(options.get(k) == v for k, v in options_match.items()):
                name = json.loads(setup).get("names", ["?"])[0]
                results.append({"id": game_id, "name": name, "score": json.loads(scores)[0], "updated": updated})
        results.sort(key=lambda r: (-r["score"], r["updated"]))
        return results[:limit]
