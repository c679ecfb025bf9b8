"""Everything a backup file must be before any of it is restored (assistant/history_backup.py).

A file from anywhere is read as written by a stranger: its size is limited before and after unpacking
(a small gzip can unpack to gigabytes), and so is the number of values JSON would build from it; every
row must have the shape and the types the store's own rows have (texts that SQLite can hold, whole
numbers that fit its integers, times the store can show), every reference must name a row of the file,
and every game must replay with its engine to the end its row says and be what importing it as a game
record would accept (assistant/replay_records.py). What a game played here scored is not taken from the
file but replayed (assistant/history_results.py). The first thing wrong refuses the whole file with one
reason; nothing is written then.
"""

from __future__ import annotations

import gzip
import io
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from assistant import replay_records
from assistant.bots import LEVELS
from assistant.games import get_game, is_built
from assistant.games.base import State, parse_json
from assistant.games.registry import game_info, load
from assistant.history_results import Bad, ResultRows, check_names
from assistant.store_history import NAME_LENGTH, HistoryError, bot_key, name_key, tidy_name

FORMAT = "hamster-table-backup"
VERSION = 1
MAX_FILE_BYTES = 32 * 2**20  # as read (gzipped): a file of 10,000 games is about 1 MB of it
# As unpacked: the 10,000 games of bench/history.py are 8.5 MB of JSON. A text JSON reads may take four
# bytes a character (one emoji in it is enough), and a text it holds as much again: some 260 MB at most.
MAX_UNPACKED_BYTES = 32 * 2**20
UNPACK_CHUNK = 2**20
# json.loads makes a Python object of every value, and a small one costs far more than its text: '{},' is
# 3 bytes of the file and a dict of 64 bytes, so 32 MB of them would take 800 MB. Before any of it is
# read, the file's '{' and '[' (each a dict or a list) and its commas (one before every value but a
# container's first) are counted, in texts too, which only counts more. The 10,000 games of
# bench/history.py hold 112,000 and 513,000 of them; a game played in the app holds about 160 and 340 (its
# actions are JSON texts): the limits leave room for some 6,000 games played here or 45,000 counted in
# Score check, and keep what JSON builds under about 400 MB whatever the file holds.
MAX_CONTAINERS = 1_000_000
MAX_COMMAS = 2_000_000
LATEST_TIME = 1e11  # seconds since 1970 (the year 5138): a later time is no time the store reads (store._time)
MAX_ID = 64
MAX_TEXT = 2**20  # a game's setup or options, an action, a check's entries
BIG = 2**63  # SQLite's integers are 64 bits


class RestoreRefused(HistoryError):
    """The file is not restored: ``key`` is the reason, one of
    history.restore.{not_backup, damaged, too_big, newer, game_broken}."""


@dataclass(frozen=True)
class Checked:
    games: list[dict]
    checks: list[dict]
    people: list[dict]
    results: list[dict]  # as restoring writes them: see ResultRows.checked
    aliases: list[dict] = field(default_factory=list)  # {"key", "person_id"}: names people went by before


def unpacked_json(data: Any) -> dict:
    """The backup's top object, or RestoreRefused: not a backup, too big, damaged, a newer version."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise RestoreRefused("history.restore.not_backup")
    data = bytes(data)
    if len(data) > MAX_FILE_BYTES:
        raise RestoreRefused("history.restore.too_big")
    unpacked = _unpacked(data)
    if len(unpacked) > MAX_UNPACKED_BYTES:
        raise RestoreRefused("history.restore.too_big")
    if not re.match(rb"\s*\{", unpacked):  # (read in place: lstrip would copy it all)
        raise RestoreRefused("history.restore.not_backup")  # a picture, a CSV, a PDF...
    if unpacked.count(b",") > MAX_COMMAS or unpacked.count(b"{") + unpacked.count(b"[") > MAX_CONTAINERS:
        raise RestoreRefused("history.restore.too_big")
    try:
        text, unpacked = unpacked.decode("utf-8"), None  # the bytes let go: JSON reads the text alone
        content = json.loads(text, parse_constant=_no_constant)
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


def _unpacked(data: bytes) -> bytes | bytearray:
    """A gzipped file unpacked a piece at a time, stopping as soon as it is too big (a small gzip can
    unpack to gigabytes); any other file as it is."""
    if data[:2] != b"\x1f\x8b":
        return data
    unpacked = bytearray()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
            while piece := packed.read(UNPACK_CHUNK):
                unpacked += piece
                if len(unpacked) > MAX_UNPACKED_BYTES:
                    raise RestoreRefused("history.restore.too_big")
    except (OSError, EOFError, zlib.error):  # truncated or corrupted on the way
        raise RestoreRefused("history.restore.damaged") from None
    return unpacked


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is no number a backup holds")


def checked_backup(content: dict) -> Checked:
    """The backup's rows once every one of them is right, else RestoreRefused."""
    try:
        return _checked(content)
    except Bad as error:
        raise RestoreRefused(error.key) from None
    except RecursionError:
        raise RestoreRefused("history.restore.damaged") from None


def _checked(content: dict) -> Checked:
    games = [_game(entry) for entry in _list(content, "games")]
    checks = [_check(entry) for entry in _list(content, "checks")]
    people = [_person(entry) for entry in _list(content, "people")]
    _unique([game["id"] for game in games])
    _unique([check["id"] for check in checks])
    _unique([person["id"] for person in people])
    _unique([person["key"] for person in people])
    aliases = [_alias(entry, _owners(people)) for entry in _list(content, "aliases", missing=[])]
    _unique([alias["key"] for alias in aliases])
    known = ResultRows(games, checks, people, _result_fields, aliases)
    results = [known.checked(entry) for entry in _list(content, "results")]
    _unique([(row["source"], row["source_id"], row["seat"]) for row in results])
    return Checked(games, checks, people, known.completed(results), aliases)


def leave_out_unsound(content: dict) -> int:
    """Take out of a backup being made every row that restoring would refuse, and the results that depend
    on one: a game that no longer replays (a rule fixed since it was saved, a file changed by hand) must
    not make the whole backup useless. Returns how many games, checks, people and results were left out."""
    tables = ("games", "checks", "people", "aliases", "results")
    before = sum(len(content[name]) for name in tables)
    content["games"], games = _sound(content["games"], _game)
    content["checks"], checks = _sound(content["checks"], _check)
    content["people"], people = _sound(content["people"], _person)
    owners = _owners(people)
    content["aliases"], aliases = _sound(content["aliases"], lambda entry: _alias(entry, owners))
    content["results"], _ = _sound(content["results"],
                                   ResultRows(games, checks, people, _result_fields, aliases).checked)
    return before - sum(len(content[name]) for name in tables)


def _sound(entries: list, check) -> tuple[list, list]:
    """The entries ``check`` passes, and what it made of each."""
    kept, checked = [], []
    for entry in entries:
        try:
            row = check(entry)
        except (Bad, RecursionError):
            continue
        kept.append(entry)
        checked.append(row)
    return kept, checked


# --- rows -----------------------------------------------------------------------------------------------
def _game(entry: Any) -> dict:
    """The game's row, with ``recorded``: what the store records of its end, by seat (ResultRows)."""
    from assistant.store import SavedGame, _checked_setup  # store.py imports the history's modules
    from assistant.store_history import _game_results  # the store's own reading of a game's end

    row = _fields(entry, {"id": _id, "game": _text, "num_players": _count, "options": _text, "seed": _integer,
                          "setup": _text, "created": _time, "updated": _time, "finished": _flag,
                          "scores": _maybe_text, "actions": _texts, "marks": _marks, "pending": _decisions})
    if not is_built(row["game"]):
        raise Bad("history.restore.game_broken")  # a game this app cannot play
    try:
        setup = _checked_setup(row["game"], row["num_players"], row["setup"])  # as the store reads it back
        if setup.get("origin") == "lesson":  # a backup holds none: a lesson's game is none of the table's
            raise Bad("history.restore.game_broken")
        state = _replayed(row, setup)
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
        recorded = _game_results(SavedGame(row["id"], state, setup, row["updated"]), row["updated"]) \
            if row["finished"] else None
    except (ValueError, LookupError, TypeError):  # ImportRefused is a ValueError
        raise Bad("history.restore.game_broken") from None
    return {**row, "recorded": {result[0]: result for result in recorded or ()}}


def _replayed(row: dict, setup: dict) -> State:
    """The game replayed once, as importing its game record would replay it (replay_records.read_record,
    or ImportRefused): every action legal, the app's own rolls where the app rolls (a solo game's best
    score must not rest on rolls chosen by hand), names as long as the name fields let them be, a setup
    the app's setup screens make."""
    record = {"format": replay_records.FORMAT, "version": replay_records.VERSION, "game": row["game"],
              "num_players": row["num_players"], "options": parse_json(row["options"], "the game's options"),
              "seed": row["seed"], "actions": [parse_json(text, "an action") for text in row["actions"]],
              "setup": setup}
    return replay_records.read_record(json.dumps(record))[0]


def _check(entry: Any) -> dict:
    """The check's row, with ``names``: the name of each seat as the history records it ("" for none)."""
    row = _fields(entry, {"id": _id, "game": _text, "data": _text, "created": _time, "updated": _time})
    try:
        game_info(row["game"])
        data = parse_json(row["data"], "a score check")
    except ValueError:
        raise Bad() from None
    if not isinstance(data, dict):
        raise Bad()
    extras = game_info(row["game"]).check_extras  # what a game keeps with its checks besides the entries
    if extras:
        try:
            load(extras)(data)
        except ValueError:
            raise Bad() from None
    return {**row, "names": check_names(data)}


def _person(entry: Any) -> dict:
    row = _fields(entry, {"id": _integer, "name": _text, "key": _text, "bot_level": _maybe_text})
    name, level = row["name"], row["bot_level"]
    if row["id"] < 1 or level not in (None, *LEVELS):
        raise Bad()
    # As the store keeps a name: tidied and no longer than the name fields allow; a bot's is its level.
    if name != (level or tidy_name(name)) or not name or len(name) > NAME_LENGTH:
        raise Bad()
    # The key is the name's (or the level's): a file cannot make two names one person, or a person a bot.
    if row["key"] != (bot_key(level) if level else name_key(name)):
        raise Bad()
    return row


def _owners(people: list[dict]) -> tuple[set[int], set[str]]:
    """Who may have a former name (the ids of the file's people who are no bots), and the keys no former
    name may have (the people's own)."""
    return {person["id"] for person in people if person["bot_level"] is None}, {person["key"] for person in people}


def _alias(entry: Any, owners: tuple[set[int], set[str]]) -> dict:
    """A name a person of the file went by before (see _owners): the key a typed name has, never a bot's."""
    row = _fields(entry, {"key": _text, "person_id": _integer})
    people, keys = owners
    if row["person_id"] not in people or row["key"] in keys:
        raise Bad()
    # The name the key is of: name_key writes "name:" before a name that looks like a key.
    name = row["key"].removeprefix("name:")
    if not name or len(name) > 3 * NAME_LENGTH or name_key(name) != row["key"]:  # casefold: "ß" is "ss"
        raise Bad()
    return row


def _result_fields(entry: Any) -> dict:
    return _fields(entry, {"source": _text, "source_id": _id, "game": _text, "played": _time, "seat": _count,
                           "person_id": _integer, "score": _number, "place": _count, "won": _flag,
                           "variant": _maybe_text})


# --- values ---------------------------------------------------------------------------------------------
def _list(content: dict, name: str, missing: list | None = None) -> list:
    """The list ``name``; ``missing``: what a file without it holds (one of an older version)."""
    value = content.get(name, missing)
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
    """A time the store reads as one: a later or negative one would break every page that shows it."""
    if not 0 <= _number(value) < LATEST_TIME:
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
