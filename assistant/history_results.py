"""The result rows of a backup being restored (assistant/history_checks.py), checked against the rest of
the file: who sat in which seat of which game, and how it ended.

A game played here is replayed, and its results are what the store records of its end
(store_history._game_results): the score, the place, the win, the variant and when it ended come from
the engine, whatever the file's rows say, and a seat that the file has no row for gets its row all the
same. A score check is a game played on paper and cannot be replayed: its rows are taken as typed, but
each must name a seat that has a name on the check, the check's game and one of its variants, a place
among its seats, a win only in first place and none for a player alone.

Who sat in a seat: the person of the seat's name, if the file has one. Otherwise the person the file's
row names, who must be a person and not a bot: renaming a player or merging two names moves a seat's
results to a person of another name, and only the file knows that. (A file could just as well hold a
whole game made up with any names in it: this link is nothing the file could be checked against.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from assistant.games.registry import game_info
from assistant.store_history import NAME_LENGTH, bot_key, name_key, tidy_name


class Bad(Exception):
    """Something in the file is wrong; restore refuses it as damaged (or with ``key``)."""

    def __init__(self, key: str = "history.restore.damaged"):
        self.key = key
        super().__init__(key)


def check_names(data: dict) -> list[str]:
    """A score check's names, a seat each, as the history records them: shortened as the name fields
    do, tidied; "" for a seat without a name (the history leaves it out)."""
    names = data.get("names")
    if not isinstance(names, list):
        return []
    return [tidy_name(name[:NAME_LENGTH])[:NAME_LENGTH] if isinstance(name, str) else "" for name in names]


def variants(game: str) -> tuple[str | None, ...]:
    """What a result of ``game`` may name as its variant: the choices of its variant option (Hamstern's
    sides); nothing for a game without one."""
    return game_info(game).variants() or (None,)


class ResultRows:
    """What the file's results may belong to: its finished games with what the store records of each
    (``recorded``: seat -> the row _game_results gives), its score checks with their names (``names``),
    and its people with the names they went by before (``aliases``). ``fields`` gives a result entry's
    fields, each of its kind, or raises Bad."""

    def __init__(self, games: list[dict], checks: list[dict], people: list[dict],
                 fields: Callable[[Any], dict], aliases: list[dict] = ()):
        self.games = {game["id"]: game for game in games if game["finished"]}
        self.checks = {check["id"]: check for check in checks}
        self.people = {person["id"]: person for person in people}
        # A name finds its person, or the person who went by it before (as the store finds them).
        self.by_key = {alias["key"]: alias["person_id"] for alias in aliases}
        self.by_key.update((person["key"], person["id"]) for person in people)
        self.fields = fields

    def checked(self, entry: Any) -> dict:
        """A result as restoring writes it: the RESULT_COLUMNS, with ``person_id`` the file's id of the
        person, or None for the person of ``name`` (``bot_level``), found or added when it is written."""
        row = self.fields(entry)
        if row["person_id"] not in self.people:
            raise Bad()
        if row["source"] == "game" and row["source_id"] in self.games:
            return self._game_row(row)
        if row["source"] == "check" and row["source_id"] in self.checks:
            return self._check_row(row)
        raise Bad()

    def completed(self, rows: list[dict]) -> list[dict]:
        """``rows`` (checked), with the seats of the games that they leave out, and a check with one
        player a score rather than a win (as store_history.record_check_result records it)."""
        seated = {(row["source"], row["source_id"], row["seat"]) for row in rows}
        missing = [self._recorded(game, end, None) for game in self.games.values()
                   for seat, end in game["recorded"].items() if ("game", game["id"], seat) not in seated]
        players = Counter(row["source_id"] for row in rows if row["source"] == "check")
        alone = {row["source_id"] for row in rows if row["source"] == "check" and players[row["source_id"]] == 1}
        return [{**row, "won": 0} if row["source"] == "check" and row["source_id"] in alone else row
                for row in rows] + missing

    def _game_row(self, row: dict) -> dict:
        game = self.games[row["source_id"]]
        end = game["recorded"].get(row["seat"])
        if end is None or row["game"] != game["game"]:
            raise Bad()  # a seat the store records nothing for (none, nameless, a game not played here)
        return self._recorded(game, end, row["person_id"])

    def _recorded(self, game: dict, end: tuple, claimed: int | None) -> dict:
        seat, name, level, score, place, won, variant, played = end
        return {"source": "game", "source_id": game["id"], "game": game["game"], "played": played, "seat": seat,
                "person_id": self._person(name, level, claimed), "score": score, "place": place, "won": int(won),
                "variant": variant, "name": name, "bot_level": level}

    def _check_row(self, row: dict) -> dict:
        check = self.checks[row["source_id"]]
        names, seat = check["names"], row["seat"]
        if row["game"] != check["game"] or seat >= len(names) or not names[seat]:
            raise Bad()
        if row["variant"] not in variants(check["game"]) and not game_info(check["game"]).is_variant(row["variant"]):
            raise Bad()
        if not 1 <= row["place"] <= len(names) or (row["won"] and row["place"] != 1):
            raise Bad()
        if self.people[row["person_id"]]["bot_level"] is not None:
            raise Bad()  # only names are typed into a check
        return {**row, "person_id": self._person(names[seat], None, row["person_id"]), "name": names[seat],
                "bot_level": None}

    def _person(self, name: str, level: str | None, claimed: int | None) -> int | None:
        """Who sat in a seat of ``name`` (a bot of ``level``); ``claimed``: the person the file's row names."""
        key = bot_key(level) if level else name_key(name)
        if key in self.by_key:
            return self.by_key[key]
        if level is None and claimed is not None and self.people[claimed]["bot_level"] is None:
            return claimed  # renamed, or merged into another name
        return None
