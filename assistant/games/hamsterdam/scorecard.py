"""Checking the end of a Hamsterdam game: ``python -m assistant score hamsterdam FILE``.

Input (CONTRACT.md): ``{"players": [{"name": "Ann", "flood_pile": 4, "dam_tokens": 2, "hamsters": 5}]}``:
per player the flood tokens in their flood pile and on their dam, and the hamsters they have left
(normal and special, on the dam and in reinforcements), all three for every player. The total is
flood pile plus dam tokens; the fewest wins, then more hamsters left, and a tie after that is shared
(RULINGS.md section 2). Counts no game can leave are refused: negative or not whole numbers, more
flood tokens in all than the supply holds, more hamsters than a player or the whole table can have,
and an end no game reaches: the flood piles below the end number while the supply was not empty.

The limits come from ``templates/hamsterdam.toml``, the one source of the game's numbers, so a table
that edits its dots gets a check that fits its deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from assistant.errors import IllegalAction
from assistant.games import standings as ranking
from assistant.games.hamsterdam.cards import numbers
from assistant.games.score_input import read_counts, read_players

# The fields of a player, and what each counts.
NOUNS = {"flood_pile": "flood tokens", "dam_tokens": "flood tokens", "hamsters": "hamsters"}
FIELDS = tuple(NOUNS)
# Each player passes two dam cards at setup and receives two (rulebook, "Initial Setup"): a rule, not data.
PASSED = 2


@dataclass(frozen=True)
class Limits:
    """The most a finished game can show. No hamster ever joins a player after setup (Momster only
    brings hamsters back from the reinforcement pile), so the most at the start is the most at the end."""

    tokens: int  # every flood token of the game: the supply at the start
    per_player: int  # hamsters (normal and special) one player can start with
    per_set: int  # hamsters that one 2..12 set of dam cards brings to the table
    twin: int  # the Twinster set aside at setup joins whoever keeps its twin: 1 more, for one player

    def together(self, players: int) -> int:
        """Passing only moves dam cards between players: the table starts with one set's hamsters
        per player, and the set-aside Twinster."""
        return players * self.per_set + self.twin


@cache
def limits() -> Limits:
    table = numbers()
    # A dam card brings one hamster per orange dot and one kept special per blue dot.
    worth = sorted(table.hamsters_for([value]) + table.blue_dots([value]) for value in table.dam_values)
    classic = table.classic_hamsters + table.classic_specials
    # The full game's best case: pass the two poorest cards and receive two of the richest (a card
    # may come twice, from two neighbours' sets).
    most_full = sum(worth[PASSED:]) + PASSED * worth[-1]
    twin = 1 if "twinsters" in table.specials else 0
    return Limits(tokens=table.supply_tokens, per_player=max(most_full, classic) + twin,
                  per_set=max(sum(worth), classic), twin=twin)


def check_counts(names: list[str], counts: list[dict[str, int]], *, finished: bool = True) -> None:
    """Refuse counts no game can end with (IllegalAction, a ValueError). Shared by this check and
    the app's score check, so both give the same reason. ``finished=False`` (counts still being
    entered) refuses only counts that more counting cannot mend: too many tokens or hamsters."""
    most = limits()
    tokens = sum(player["flood_pile"] + player["dam_tokens"] for player in counts)
    if tokens > most.tokens:
        raise IllegalAction("error.hamsterdam.score_check.too_many_tokens", count=tokens, most=most.tokens)
    for name, player in zip(names, counts, strict=True):
        if player["hamsters"] > most.per_player:
            raise IllegalAction("error.hamsterdam.score_check.too_many_hamsters", name=name,
                                count=player["hamsters"], most=most.per_player)
    together = sum(player["hamsters"] for player in counts)
    if together > most.together(len(counts)):
        raise IllegalAction("error.hamsterdam.score_check.too_many_hamsters_together", count=together,
                            players=len(counts), most=most.together(len(counts)))
    if finished:
        check_ended(counts)


# After a token was needed and the supply was empty, the turn still finishes (RULINGS.md): its breaches may
# clear tokens that go back to the supply (D15). An audit saw up to 3 so with four players (issue 23); the
# check allows two a player (a breach for each die's flood), so a real end is never refused.
BACK_IN_LAST_TURN = 2


def check_ended(counts: list[dict[str, int]]) -> None:
    """A game ends only when the flood piles together reach the end number (10/15/20 for 2/3/4 players),
    or when a token was needed and the supply was empty: then every token of the game lies on a dam or
    in a pile, but for the few the last turn's breaches cleared (``BACK_IN_LAST_TURN``). Anything else
    is refused (RULINGS.md section 2, settled after the audit)."""
    end = numbers().end_tokens.get(len(counts))
    piles = sum(player["flood_pile"] for player in counts)
    tokens = sum(player["flood_pile"] + player["dam_tokens"] for player in counts)
    if end is not None and piles < end and tokens < limits().tokens - BACK_IN_LAST_TURN * len(counts):
        raise IllegalAction("error.hamsterdam.score_check.not_over", piles=piles, end=end, players=len(counts),
                            tokens=tokens, supply=limits().tokens)


def total(player: dict[str, int]) -> int:
    """A player's score: the flood tokens in their pile and on their dam (lower is better)."""
    return player["flood_pile"] + player["dam_tokens"]


def ranking_key(player: dict[str, int]) -> tuple[int, int]:
    """Higher is better (assistant.games.standings): fewer tokens, then more hamsters left."""
    return -total(player), player["hamsters"]


def decided_by(counts: list[dict[str, int]]) -> str | None:
    """What decided first place: None (the totals alone), "hamsters" (a rival had as few tokens),
    or "shared" (still tied after the hamsters)."""
    keys = [ranking_key(player) for player in counts]
    top = ranking.best(keys)
    if len(top) > 1:
        return "shared"
    return "hamsters" if sum(1 for key in keys if key[0] == keys[top[0]][0]) > 1 else None


def standings(counts: list[dict[str, int]], *, over: bool = True) -> dict:
    """The standings table of assistant.games.standings: place, total, breakdown and winner per seat,
    and what decided first place. Before the end (``over=False``) nobody has won and nothing decided."""
    return ranking.table([ranking_key(player) for player in counts], [total(player) for player in counts],
                         over=over, breakdowns=[dict(player) for player in counts], decided_by=decided_by(counts))


def check_scores(data: Any) -> dict:
    names, counts = [], []
    for name, player in read_players(data, "hamsterdam"):
        names.append(name)
        counts.append(read_counts(name, player, NOUNS))
    check_counts(names, counts)
    standing = standings(counts)
    return {
        "players": [{"name": name, "total": total(player), "breakdown": dict(player)}
                    for name, player in zip(names, counts, strict=True)],
        "winners": [names[p] for p in ranking.winners_of(standing)],
        "decided_by": standing["decided_by"],
    }
