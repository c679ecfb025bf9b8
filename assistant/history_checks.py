"""Everything a backup file must be before any of it is restored (assistant/history_backup.py).

A file from anywhere is read as written by a stranger: its size is limited before and after unpacking
(a small gzip can unpack to gigabytes), every row must have the shape and the types the store's own
rows have (texts that SQLite can hold, whole numbers that fit its integers), every reference must name
a row of the file, and every game must replay with its engine to the end its row says. The first
thing wrong refuses the whole file with one reason; nothing is written then.
"""

from __future__ import annotations

import gzip
import io
import json
import math
import zlib
from dataclasses import dataclass
from typing import Any

from assistant.bots import LEVELS
from assistant.games import get_game, is_built
from assistant.games.base import parse_json
from assistant.games.registry import game_info
from assistant.store_history import SOURCES, HistoryError, bot_key, name_key

FORMAT = "hamster-table-backup"
VERSION = 1
MAX_FILE_BYTES = 64 * 2**20  # as read (gzipped): a file of 10,000 games is about 1 MB of it
MAX_UNPACKED_BYTES = 512 * 2**20  # as unpacked
MAX_ID = 64
MAX_TEXT = 2**20  # a game's setup or options, an action, a check's entries
MAX_NAME = 200
MAX_SEATS = 100
BIG = 2**63  # SQLite's integers are 64 bits


class RestoreRefused(HistoryError):
    """The file is not restored: ``key`` is the reason, one of
    history.restore.{not_backup, damaged, too_big, newer, game_broken}."""


class Bad(Exception):
    """Something in the file is wrong; restore refuses it as damaged (or with ``key``)."""

    def __init__(self, key: str = "history.restore.damaged"):
        self.key = key
        super().__init__(key)


@dataclass(frozen=True)
class Checked:
    games: list[dict]
    checks: list[dict]
    people: list[dict]
    results: list[dict]


def unpacked_json(data: Any) -> dict:
    """The backup's top object, or RestoreRefused: not a backup, too big, damaged, a newer version."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise RestoreRefused("history.restore.not_backup")
    data = bytes(data)
    if len(data) > MAX_FILE_BYTES:
        raise RestoreRefused("history.restore.too_big")
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                data = packed.read(MAX_UNPACKED_BYTES + 1)
        except (OSError, EOFError, zlib.error):  # truncated or corrupted on the way
            raise RestoreRefused("history.restore.damaged") from None
    if len(data) > MAX_UNPACKED_BYTES:
        raise RestoreRefused("history.restore.too_big")
    if not data.lstrip().startswith(b"{"):
        raise RestoreRefused("history.restore.not_backup")  # a picture, a CSV, a PDF...
    try:
        content = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RestoreRefused("history.restore.damaged") from None
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise RestoreRefused("history.restore.not_backup")
    version = content.get("version")
    if type(version) is not int:
        raise RestoreRefused("history.restore.damaged")
    if version > VERSION:
        raise RestoreRefused("history.restore.newer")
    if version != VERSION:
        raise RestoreRefused("history.restore.damaged")
    return content


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is no number a backup holds")


def checked_backup(content: dict, rebuild) -> Checked:
    """The backup's rows once every one of them is right (``rebuild``: Store.rebuild), else RestoreRefused."""
    try:
        return _checked(content, rebuild)
    except Bad as error:
        raise RestoreRefused(error.key) from None
    except RecursionError:
        raise RestoreRefused("history.restore.damaged") from None


def _checked(content: dict, rebuild) -> Checked:
    games = [_game(entry, rebuild) for entry in _list(content, "games")]
    checks = [_check(entry) for entry in _list(content, "checks")]
    people = [_person(entry) for entry in _list(content, "people")]
    _unique([game["id"] for game in games])
    _unique([check["id"] for check in checks])
    _unique([person["id"] for person in people])
    _unique([person["key"] for person in people])
    sources = {("game", game["id"]): (game["game"], game["num_players"]) for game in games if game["finished"]}
    sources.update({("check", check["id"]): (check["game"], MAX_SEATS) for check in checks})
    known_people = {person["id"] for person in people}
    results = [_result(entry, sources, known_people) for entry in _list(content, "results")]
    _unique([(row["source"], row["source_id"], row["seat"]) for row in results])
    return Checked(games, checks, people, results)


def leave_out_unsound(content: dict, rebuild) -> int:
    """Take out of a backup being made every row that restoring would refuse, and the results that depend
    on one: a game that no longer replays (a rule fixed since it was saved, a file changed by hand) must
    not make the whole backup useless. Returns how many games, checks, people and results were left out."""
    before = sum(len(content[name]) for name in ("games", "checks", "people", "results"))
    content["games"] = _sound(content["games"], lambda entry: _game(entry, rebuild))
    content["checks"] = _sound(content["checks"], _check)
    content["people"] = _sound(content["people"], _person)
    sources = {("game", game["id"]): (game["game"], game["num_players"]) for game in content["games"]
               if game["finished"]}
    sources.update({("check", check["id"]): (check["game"], MAX_SEATS) for check in content["checks"]})
    known_people = {person["id"] for person in content["people"]}
    content["results"] = _sound(content["results"], lambda entry: _result(entry, sources, known_people))
    return before - sum(len(content[name]) for name in ("games", "checks", "people", "results"))


def _sound(entries: list, check) -> list:
    kept = []
    for entry in entries:
        try:
            check(entry)
        except (Bad, RecursionError):
            continue
        kept.append(entry)
    return kept


# --- rows -----------------------------------------------------------------------------------------------
def _game(entry: Any, rebuild) -> dict:
    from assistant.store import DamagedGame, SavedRows  # store.py imports the history's modules

    row = _fields(entry, {"id": _id, "game": _text, "num_players": _count, "options": _text, "seed": _integer,
                          "setup": _text, "created": _time, "updated": _time, "finished": _flag,
                          "scores": _maybe_text, "actions": _texts, "marks": _marks, "pending": _decisions})
    if not is_built(row["game"]):
        raise Bad("history.restore.game_broken")  # a game this app cannot play
    try:
        state = rebuild(SavedRows(row["id"], row["game"], row["num_players"], row["options"], row["seed"],
                                  row["setup"], row["updated"], tuple(row["actions"]))).state
        # The saved end must be the end its actions reach.
        if bool(row["finished"]) != state.is_over():
            raise Bad("history.restore.game_broken")
        if row["finished"] and parse_json(row["scores"], "the scores") != state.scores():
            raise Bad("history.restore.game_broken")
        game = get_game(row["game"])
        for seat, _roll, action in row["pending"]:
            if seat >= state.num_players:
                raise Bad("history.restore.game_broken")
            game.action_from_json(action)
    except (DamagedGame, ValueError, LookupError, TypeError):
        raise Bad("history.restore.game_broken") from None
    return row


def _check(entry: Any) -> dict:
    row = _fields(entry, {"id": _id, "game": _text, "data": _text, "created": _time, "updated": _time})
    try:
        game_info(row["game"])
        if not isinstance(parse_json(row["data"], "a score check"), dict):
            raise Bad()
    except ValueError:
        raise Bad() from None
    return row


def _person(entry: Any) -> dict:
    row = _fields(entry, {"id": _integer, "name": _text, "key": _text, "bot_level": _maybe_text})
    level = row["bot_level"]
    if row["id"] < 1 or len(row["name"]) > MAX_NAME or level not in (None, *LEVELS):
        raise Bad()
    if level is None and not row["name"].strip():
        raise Bad()
    # The key is the name's (or the level's): a file cannot make two names one person, or a person a bot.
    if row["key"] != (bot_key(level) if level else name_key(row["name"])):
        raise Bad()
    return row


def _result(entry: Any, sources: dict, people: set[int]) -> dict:
    row = _fields(entry, {"source": _text, "source_id": _id, "game": _text, "played": _time, "seat": _count,
                          "person_id": _integer, "score": _number, "place": _count, "won": _flag,
                          "variant": _maybe_text})
    source = sources.get((row["source"], row["source_id"]))
    if row["source"] not in SOURCES or source is None or row["person_id"] not in people:
        raise Bad()
    game, seats = source
    if row["game"] != game or row["seat"] >= seats or not 1 <= row["place"] <= MAX_SEATS:
        raise Bad()
    return row


# --- values ---------------------------------------------------------------------------------------------
def _list(content: dict, name: str) -> list:
    value = content.get(name)
    if not isinstance(value, list):
        raise Bad()
    return value


def _fields(entry: Any, kinds: dict) -> dict:
    """The entry's fields, each checked by its kind; every one must be there (others are left out)."""
    if not isinstance(entry, dict) or not kinds.keys() <= entry.keys():
        raise Bad()
    return {name: kind(entry[name]) for name, kind in kinds.items()}


def _unique(values: list) -> None:
    if len(set(values)) != len(values):
        raise Bad()


def _text(value: Any, most: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise Bad()
    try:
        value.encode("utf-8")  # a lone surrogate from "\ud800" is no text SQLite can hold
    except UnicodeEncodeError:
        raise Bad() from None
    return value


def _maybe_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _id(value: Any) -> str:
    if not _text(value, MAX_ID):
        raise Bad()
    return value


def _texts(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise Bad()
    return [_text(item) for item in value]


def _integer(value: Any) -> int:
    if type(value) is not int or not -BIG <= value < BIG:
        raise Bad()
    return value


def _count(value: Any) -> int:
    if _integer(value) < 0:
        raise Bad()
    return value


def _flag(value: Any) -> int:
    if value not in (0, 1) or type(value) not in (int, bool):
        raise Bad()
    return int(value)


def _number(value: Any) -> int | float:
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) >= BIG:
        raise Bad()
    return value


def _time(value: Any) -> int | float:
    if _number(value) < 0:
        raise Bad()
    return value


def _marks(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise Bad()
    return {_text(name, MAX_ID): _integer(number) for name, number in value.items()}


def _decisions(value: Any) -> list[tuple[int, int, str]]:
    if not isinstance(value, list):
        raise Bad()
    decisions = []
    for item in value:
        if not isinstance(item, list) or len(item) != 3:
            raise Bad()
        decisions.append((_count(item[0]), _integer(item[1]), _text(item[2])))
    _unique([seat for seat, _, _ in decisions])
    return decisions
