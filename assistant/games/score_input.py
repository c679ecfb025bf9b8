"""What every score check reads alike: the players and their names.

``python -m assistant score GAME FILE`` and the app's score check read JSON that
anybody may have typed; each game's ``scorecard.py`` reads its own fields, and
this reads the part all of them share, with the same reasons in every game.
"""

from __future__ import annotations

from typing import Any

from assistant.games.registry import game_info


def read_players(data: Any, game: str) -> list[tuple[str, dict]]:
    """``(name, player)`` for each entry of ``data["players"]``, names stripped.

    ValueError with a one-line reason for a missing list, a number of players the game
    is not for, a player that is no object or has no name, or a name used twice.
    """
    info = game_info(game)
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list):
        raise ValueError("expected a JSON object with a list of 'players'")
    if not info.min_players <= len(players) <= info.max_players:
        raise ValueError(f"{info.title('en')} is for {info.min_players} to {info.max_players} players, "
                         f"not {len(players)}")
    named: list[tuple[str, dict]] = []
    for number, player in enumerate(players, start=1):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str) or not player["name"].strip():
            raise ValueError(f"player {number} needs a name")
        name = player["name"].strip()
        if any(name == other for other, _ in named):
            raise ValueError(f"two players are called {name!r}")
        named.append((name, player))
    return named


def read_counts(name: str, player: dict, nouns: dict[str, str]) -> dict[str, int]:
    """The counts of a game whose check reads only counts (``nouns``: each field and what it counts,
    in order), with the same reasons in every game: an unknown field, a missing count, a count that
    is not a whole number from 0 (``true`` is no count)."""
    unknown = sorted(set(player) - {"name", *nouns})
    if unknown:
        raise ValueError(f"{name}: unknown field {unknown[0]!r} (the fields are {', '.join(nouns)})")
    counts = {}
    for field, noun in nouns.items():
        if field not in player:
            raise ValueError(f"{name}: the number of {noun} in '{field}' is missing")
        value = player[field]
        if type(value) is not int or value < 0:
            raise ValueError(f"{name}: {field} must be a whole number of {noun}, 0 or more, not {value!r}")
        counts[field] = value
    return counts
