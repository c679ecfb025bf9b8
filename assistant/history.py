"""The table's history, read for the History page: people, recent games, a player's figures, two players
face to face, a leaderboard per game, and a player's scores over time.

Plain Python, no Streamlit. Every function takes the store; names come back as they are kept (the page
shows them as text). The rows are kept by assistant/store_history.py; the figures are counted in SQL
(GROUP BY) so that the page stays quick with ten thousand games. A player who sat twice in one game (two
names merged) counts that game once.

Export and backup are in assistant/history_backup.py; their names are offered here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from assistant.games.registry import registered
from assistant.history_backup import RestoreRefused, RestoreReport, backup, backup_with_report, export_csv, restore
from assistant.store import _time as saved_time
from assistant.store_history import NAME_LENGTH, HistoryError, known_person, lowest_wins, name_key, tidy_name

# One game of one player, whatever the seat: "source/id" is unique (a game and a check may share an id).
ONE_GAME = "r.source || '/' || r.source_id"
# A game with somebody else in it: one played alone (Hamstern's solo sheet) has no winner, and a win rate
# counts only the games that could be won. The results' primary key finds the other seats at once.
WITH_OTHERS = ("EXISTS (SELECT 1 FROM results o WHERE o.source = r.source AND o.source_id = r.source_id"
               " AND o.seat <> r.seat)")
AGAINST_OTHERS = f"COUNT(DISTINCT CASE WHEN {WITH_OTHERS} THEN {ONE_GAME} END)"
# Every variant beyond its game's variant choices, together: Hamstern's caves, a code each and a game or two
# on most, are one row of a player's figures and one line of their scores, beside sides A and B.
OTHER_VARIANTS = "+"  # never a variant's own value (a cave's code has letters or digits)


@dataclass(frozen=True)
class Person:
    id: int
    name: str  # a bot's is its level: the page translates it
    key: str
    bot_level: str | None
    games: int


class SeatResult(NamedTuple):
    person_id: int
    name: str
    bot_level: str | None
    score: float
    place: int
    won: bool
    seat: int


@dataclass(frozen=True)
class PlayedGame:
    source: str  # "game" (played in the app) or "check" (a score check)
    source_id: str
    game: str
    played: float  # seconds since 1970 (0 if the row's is damaged: no page breaks over it)
    players: list[SeatResult]  # in order of place, then seat
    variant: str | None


@dataclass(frozen=True)
class GameStats:
    game: str
    variant: str | None  # None: every variant together
    games: int
    wins: int
    win_rate: float  # 0..1, of the games played against others (a game played alone has no winner)
    average: float
    best: float  # the lowest score where the lowest wins (Biber Gang, Hamsterdam)
    with_others: int = 0  # the games played against others: those the win rate counts


@dataclass(frozen=True)
class PlayerStats:
    person: Person
    games: int
    wins: int
    win_rate: float
    current_streak: int  # games won in a row up to the latest one (0 if the latest was not won)
    longest_streak: int  # the most games won in a row, ever
    with_others: int  # the games played against others: those the win rate counts
    per_game: dict[str, GameStats] = field(default_factory=dict)  # every variant together
    # (game, variant): Hamstern's sides, and (game, OTHER_VARIANTS) for its caves together
    per_variant: dict[tuple[str, str], GameStats] = field(default_factory=dict)


@dataclass(frozen=True)
class Duel:
    games: int
    a_ahead: int  # a placed better than b
    b_ahead: int
    tied: int  # the same place


@dataclass(frozen=True)
class HeadToHead:
    a: int
    b: int
    games: int
    a_ahead: int
    b_ahead: int
    tied: int
    per_game: dict[str, Duel] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    person_id: int
    name: str
    bot_level: str | None
    games: int
    wins: int
    win_rate: float
    average: float
    best: float
    with_others: int = 0  # the games played against others: those the win rate counts


# --- people -------------------------------------------------------------------------------------------
PERSON = ("SELECT id, name, key, bot_level,"
          " (SELECT COUNT(*) FROM (SELECT DISTINCT source, source_id FROM results WHERE person_id = ?1))"
          " FROM people WHERE id = ?1")


def people(store) -> list[Person]:
    """Everybody who ever played (people by name, then the bots), with their number of games."""
    with store._connect() as db:
        rows = db.execute(
            "SELECT p.id, p.name, p.key, p.bot_level,"
            " (SELECT COUNT(*) FROM (SELECT DISTINCT source, source_id FROM results WHERE person_id = p.id))"
            " FROM people p ORDER BY p.bot_level IS NOT NULL, p.key, p.id").fetchall()
    return [Person(*row) for row in rows]


def person(store, person_id: int) -> Person:
    """One person; HistoryError("history.unknown_player") if there is none."""
    with store._connect() as db:
        row = db.execute(PERSON, (person_id,)).fetchone()
    if row is None:
        raise HistoryError("history.unknown_player")
    return Person(*row)


def people_named(store, names) -> list[Person]:
    """The people these typed names are, each once, in the order of the names: a name someone went by
    before (merged into theirs, or theirs before a rename) finds them too; a name nobody has is left out."""
    with store._connect() as db:
        ids = dict.fromkeys(known_person(db, name_key(name)) for name in names if tidy_name(name))
        return [Person(*db.execute(PERSON, (found,)).fetchone()) for found in ids if found is not None]


def rename(store, person_id: int, new_name: str) -> None:
    """Give a person another name. Refused (HistoryError, a ValueError) for a blank or too long name, a
    bot, or a name that is another person's already, or was before (the page offers to merge the two
    instead). The old name stays theirs as a name they went by: a game's seats name them by it."""
    name = tidy_name(new_name) if isinstance(new_name, str) else ""
    if not name:
        raise HistoryError("history.rename.blank")
    if len(name) > NAME_LENGTH:
        raise HistoryError("history.rename.too_long")
    with store._connect() as db:
        db.execute("BEGIN IMMEDIATE")
        row = db.execute("SELECT bot_level, key FROM people WHERE id = ?", (person_id,)).fetchone()
        if row is None:
            raise HistoryError("history.unknown_player")  # leaving the block drops the transaction
        level, old_key = row
        if level is not None:
            raise HistoryError("history.rename.bot")
        key = name_key(name)
        if db.execute("SELECT 1 FROM people WHERE key = ? AND id != ?", (key, person_id)).fetchone():
            raise HistoryError("history.rename.taken")
        if known_person(db, key) not in (None, person_id):  # a name another person went by before
            raise HistoryError("history.rename.former")
        db.execute("DELETE FROM aliases WHERE key = ?", (key,))  # a name of their own before: theirs again
        db.execute("UPDATE people SET name = ?, key = ? WHERE id = ?", (name, key, person_id))
        if key != old_key:
            db.execute("INSERT INTO aliases (key, person_id) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                       (old_key, person_id))
        db.execute("COMMIT")


def merge(store, keep_id: int, gone_id: int) -> None:
    """Two names were one person: ``gone``'s results become ``keep``'s and ``gone`` is no more; the names
    ``gone`` went by (theirs, and those before) stay as names ``keep`` went by, so that a name typed later
    and a game's seats find ``keep``. A game where both sat keeps both rows (and counts once). Bots are
    never merged."""
    if keep_id == gone_id:
        raise HistoryError("history.merge.same")
    with store._connect() as db:
        db.execute("BEGIN IMMEDIATE")
        levels = dict(db.execute("SELECT id, bot_level FROM people WHERE id IN (?, ?)", (keep_id, gone_id)))
        if len(levels) != 2:
            raise HistoryError("history.unknown_player")
        if any(level is not None for level in levels.values()):
            raise HistoryError("history.merge.bot")
        db.execute("UPDATE results SET person_id = ? WHERE person_id = ?", (keep_id, gone_id))
        db.execute("UPDATE aliases SET person_id = ? WHERE person_id = ?", (keep_id, gone_id))
        gone_key = db.execute("SELECT key FROM people WHERE id = ?", (gone_id,)).fetchone()[0]
        db.execute("DELETE FROM people WHERE id = ?", (gone_id,))
        db.execute("INSERT INTO aliases (key, person_id) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                   (gone_key, keep_id))
        db.execute("COMMIT")


# --- games ---------------------------------------------------------------------------------------------
def recent_games(store, limit: int = 20, game: str | None = None) -> list[PlayedGame]:
    """The last ``limit`` games that ended (only ``game``'s if given), newest first, with every player."""
    with store._connect() as db:
        rows = db.execute(
            "WITH latest AS (SELECT DISTINCT played, source, source_id FROM results"
            "  WHERE ?1 IS NULL OR game = ?1 ORDER BY played DESC, source DESC, source_id DESC LIMIT ?2)"
            " SELECT r.source, r.source_id, r.game, r.played, r.variant,"
            "  r.person_id, p.name, p.bot_level, r.score, r.place, r.won, r.seat"
            " FROM latest l JOIN results r ON r.source = l.source AND r.source_id = l.source_id"
            " JOIN people p ON p.id = r.person_id"
            " ORDER BY l.played DESC, l.source DESC, l.source_id DESC, r.place, r.seat", (game, limit)).fetchall()
    games: list[PlayedGame] = []
    for source, source_id, name, played, variant, *player in rows:
        if not games or (games[-1].source, games[-1].source_id) != (source, source_id):
            games.append(PlayedGame(source, source_id, name, saved_time(played), [], variant))
        person_id, person_name, level, score, place, won, seat = player
        games[-1].players.append(SeatResult(person_id, person_name, level, score, place, bool(won), seat))
    return games


def variants_played(store, game: str) -> list[str]:
    """The variants ``game`` was played on at this table (Hamstern's sides and caves), the latest played first."""
    with store._connect() as db:
        return [row[0] for row in db.execute(
            "SELECT variant FROM results WHERE game = ? AND variant IS NOT NULL GROUP BY variant"
            " ORDER BY MAX(played) DESC, variant", (game,))]


def _on_a_choice() -> tuple[str, tuple]:
    """SQL true for a result (``r``) on one of its game's variant choices (Hamstern's sides), and its
    parameters; false for every other result."""
    pairs = [(info.name, choice) for info in registered() for choice in info.variants()]
    if not pairs:
        return "0", ()
    return (f"(r.game, r.variant) IN (VALUES {', '.join('(?, ?)' for _ in pairs)})",
            tuple(value for pair in pairs for value in pair))


def _of_variant(variant: str | None) -> tuple[str, tuple]:
    """SQL selecting the results (``r``) of ``variant`` (OTHER_VARIANTS: those beyond their game's choices;
    None: every result), and its parameters."""
    if variant is None:
        return "1", ()
    if variant != OTHER_VARIANTS:
        return "r.variant = ?", (variant,)
    on_a_choice, params = _on_a_choice()
    return f"r.variant IS NOT NULL AND NOT {on_a_choice}", params


def _figures(db, where: str, params: tuple, group: str) -> list[tuple]:
    """games, wins, average, highest, lowest per ``group``, over the results ``where`` selects."""
    return db.execute(
        f"SELECT {group}, COUNT(DISTINCT {ONE_GAME}), COUNT(DISTINCT CASE WHEN r.won THEN {ONE_GAME} END),"
        f" {AGAINST_OTHERS}, AVG(r.score), MAX(r.score), MIN(r.score) FROM results r WHERE {where} GROUP BY {group}",
        params).fetchall()


def _stats(game: str, variant: str | None, games: int, wins: int, against: int, average: float, high: float,
           low: float) -> GameStats:
    return GameStats(game, variant, games, wins, wins / against if against else 0.0, average,
                     low if lowest_wins(game) else high, against)


def player_stats(store, person_id: int) -> PlayerStats:
    """A player's figures: per game, per variant (Hamstern's sides; its caves together as OTHER_VARIANTS), in
    all, and their winning streaks."""
    who = person(store, person_id)
    with store._connect() as db:
        per_game = _figures(db, "r.person_id = ?", (person_id,), "r.game")
        on_a_choice, choices = _on_a_choice()
        per_variant = _figures(db, f"r.person_id = ? AND {on_a_choice}", (person_id, *choices), "r.game, r.variant")
        beyond, params = _of_variant(OTHER_VARIANTS)
        per_variant += [(game, OTHER_VARIANTS, *figures)
                        for game, *figures in _figures(db, f"r.person_id = ? AND {beyond}", (person_id, *params),
                                                       "r.game")]
        total = db.execute(f"SELECT COUNT(DISTINCT {ONE_GAME}), COUNT(DISTINCT CASE WHEN r.won THEN {ONE_GAME} END),"
                           f" {AGAINST_OTHERS} FROM results r WHERE r.person_id = ?", (person_id,)).fetchone()
        # A game played alone neither adds to a streak nor breaks it.
        wins_in_order = [row[0] for row in db.execute(
            f"SELECT MAX(r.won) FROM results r WHERE r.person_id = ? AND {WITH_OTHERS} GROUP BY r.source, r.source_id"
            " ORDER BY MIN(r.played), r.source, r.source_id", (person_id,))]
    current = longest = 0
    for won in wins_in_order:
        current = current + 1 if won else 0
        longest = max(longest, current)
    games, wins, against = total
    return PlayerStats(
        who, games, wins, wins / against if against else 0.0, current, longest, against,
        per_game={row[0]: _stats(row[0], None, *row[1:]) for row in per_game},
        per_variant={(row[0], row[1]): _stats(*row) for row in per_variant})


def head_to_head(store, a: int, b: int) -> HeadToHead:
    """The games ``a`` and ``b`` both played, per game: who placed better, or the same place."""
    per_game: dict[str, Duel] = {}
    if a != b:
        with store._connect() as db:
            rows = db.execute(
                "WITH pa AS (SELECT source, source_id, game, MIN(place) AS place FROM results WHERE person_id = ?"
                "  GROUP BY source, source_id),"
                " pb AS (SELECT source, source_id, MIN(place) AS place FROM results WHERE person_id = ?"
                "  GROUP BY source, source_id)"
                " SELECT pa.game, COUNT(*), SUM(pa.place < pb.place), SUM(pa.place > pb.place),"
                "  SUM(pa.place = pb.place)"
                " FROM pa JOIN pb ON pa.source = pb.source AND pa.source_id = pb.source_id GROUP BY pa.game",
                (a, b)).fetchall()
        per_game = {game: Duel(*counts) for game, *counts in rows}
    duels = per_game.values()
    return HeadToHead(a, b, sum(d.games for d in duels), sum(d.a_ahead for d in duels),
                      sum(d.b_ahead for d in duels), sum(d.tied for d in duels), per_game)


def leaderboard(store, game: str, variant: str | None = None, min_games: int = 1) -> list[Standing]:
    """Everybody who played ``game`` (``variant`` only, if given) at least ``min_games`` times: most wins
    first, then the best win rate, then the best average (the lowest where the lowest score wins)."""
    with store._connect() as db:
        rows = db.execute(
            f"SELECT r.person_id, p.name, p.bot_level, COUNT(DISTINCT {ONE_GAME}) AS games,"
            f" COUNT(DISTINCT CASE WHEN r.won THEN {ONE_GAME} END), {AGAINST_OTHERS}, AVG(r.score), MAX(r.score),"
            " MIN(r.score)"
            " FROM results r JOIN people p ON p.id = r.person_id"
            " WHERE r.game = ? AND (? IS NULL OR r.variant = ?) GROUP BY r.person_id HAVING games >= ?",
            (game, variant, variant, min_games)).fetchall()
    low = lowest_wins(game)
    board = [Standing(person_id, name, level, games, wins, wins / against if against else 0.0, average,
                      lowest if low else highest, against)
             for person_id, name, level, games, wins, against, average, highest, lowest in rows]
    board.sort(key=lambda s: (-s.wins, -s.win_rate, s.average if low else -s.average, s.bot_level is not None,
                              s.name.casefold(), s.person_id))
    return board


def score_series(store, person_id: int, game: str, variant: str | None = None) -> list[tuple[float, float]]:
    """(when, score) of each of a player's games of ``game`` (``variant`` only, if given; OTHER_VARIANTS:
    every variant beyond the game's choices), oldest first."""
    of_variant, params = _of_variant(variant)
    with store._connect() as db:
        return [(saved_time(when), score) for when, score in db.execute(
            f"SELECT played, score FROM results r WHERE person_id = ? AND game = ? AND {of_variant}"
            " ORDER BY played, source, source_id, seat", (person_id, game, *params))]


__all__ = ["OTHER_VARIANTS", "Duel", "GameStats", "HeadToHead", "HistoryError", "Person", "PlayedGame",
           "PlayerStats", "RestoreRefused", "RestoreReport", "SeatResult", "Standing", "backup", "backup_with_report",
           "export_csv", "head_to_head", "leaderboard", "merge", "people", "people_named", "person", "player_stats",
           "recent_games", "rename", "restore", "score_series", "variants_played"]
