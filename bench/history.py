"""The table's history with 10,000 games, figures for issue 24: ``python bench/history.py [--games N] [--real N]``.

Builds a store of ``--games`` finished games (10,000) among 20 players (17 people and the three bot levels):
``--real`` of them (300, spread over the five games) are real games played to their end through the store,
as the app saves them, so that restoring replays real games; the others are paper games entered through
Score check, written in one transaction (their results as ``record_check_result`` writes them). Then it
times the History page's queries (recent games, the leaderboard of each game and of each Hamstern side, the
people, one player's figures and scores, head to head), the CSV export, the backup, and restoring that
backup into a fresh store, and checks that every game replays to the same state there. Last, the History page
drawn over it (bench/history_page.py).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant import history  # noqa: E402
from assistant.bots import LEVELS  # noqa: E402
from assistant.games import GAME_NAMES  # noqa: E402
from assistant.games.standings import places  # noqa: E402
from assistant.store import Store  # noqa: E402
from assistant.store_history import lowest_wins, person_id  # noqa: E402
from tests.history.helpers import play_to_end, setup_for, table_rows  # noqa: E402

PEOPLE = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Mo", "Ned", "Ola",
          "Pia", "Rob"]
SCORES = {"hamstern": (5, 45), "hamsterdam": (0, 15), "biber_gang": (5, 90), "hamsterbacke": (-20, 25),
          "moemmen": (0, 60)}
YEARS = 3 * 365 * 24 * 3600


def real_games(store: Store, count: int, rng: random.Random) -> None:
    """``count`` games played to their end through the store, some of them against computer opponents."""
    for n in range(count):
        name = GAME_NAMES[n % len(GAME_NAMES)]
        people = rng.sample(PEOPLE, 3)
        bots = None if name == "hamstern" else ["human", "human", rng.choice(LEVELS)] if n % 2 else None
        play_to_end(store, name, setup_for(name, people, bots), seed=n)


def paper_games(store: Store, count: int, rng: random.Random) -> None:
    """``count`` score checks of finished paper games, written in one transaction."""
    start = time.time() - YEARS
    with store._connect() as db:
        db.execute("BEGIN IMMEDIATE")
        ids = {name: person_id(db, name) for name in PEOPLE}
        for n in range(count):
            game = GAME_NAMES[n % len(GAME_NAMES)]
            players = rng.sample(PEOPLE, rng.randint(2, 5))
            low, high = SCORES[game]
            scores = [rng.randint(low, high) for _ in players]
            ranked = places([-s if lowest_wins(game) else s for s in scores])
            variant = rng.choice("AB") if game == "hamstern" else None
            played = start + YEARS * n / count
            check_id = f"paper{n:05d}"
            db.execute("INSERT INTO score_checks (id, game, data, created, updated) VALUES (?, ?, ?, ?, ?)",
                       (check_id, game, json.dumps({"names": players}), played, played))
            db.executemany(
                "INSERT INTO results (source, source_id, game, played, seat, person_id, score, place, won, variant)"
                " VALUES ('check', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(check_id, game, played, seat, ids[name], scores[seat], ranked[seat], ranked[seat] == 1, variant)
                 for seat, name in enumerate(players)])
        db.execute("COMMIT")


def page_queries(store: Store) -> dict[str, float]:
    """What the History page asks for once, each timed (seconds)."""
    people = {person.name: person.id for person in history.people(store)}
    asks = {
        "people": lambda: history.people(store),
        "recent games (20)": lambda: history.recent_games(store, 20),
        "leaderboards (5 games + 2 sides)": lambda: [history.leaderboard(store, game) for game in GAME_NAMES]
        + [history.leaderboard(store, "hamstern", side) for side in "AB"],
        "one player's figures": lambda: history.player_stats(store, people["Ann"]),
        "one player's scores (Hamstern)": lambda: history.score_series(store, people["Ann"], "hamstern"),
        "head to head": lambda: history.head_to_head(store, people["Ann"], people["Ben"]),
    }
    times = {}
    for name, ask in asks.items():
        began = time.perf_counter()
        ask()
        times[name] = time.perf_counter() - began
    return times


def timed(work):
    began = time.perf_counter()
    result = work()
    return result, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--real", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(24)
    folder = Path(tempfile.mkdtemp(prefix="history-bench-"))
    store = Store(folder / "games.sqlite3")
    _, seconds = timed(lambda: real_games(store, args.real, rng))
    print(f"{args.real} real games played to their end through the store: {seconds:.1f} s")
    _, seconds = timed(lambda: paper_games(store, args.games - args.real, rng))
    print(f"{args.games - args.real} paper games (score checks) written: {seconds:.1f} s")
    with store._connect() as db:
        games = db.execute("SELECT COUNT(DISTINCT source || '/' || source_id), COUNT(*) FROM results").fetchone()
    print(f"history: {games[0]} games, {games[1]} result rows, {len(history.people(store))} players")

    print("\nHistory page queries (first run after opening; median of 5 runs):")
    store.close()
    store = Store(folder / "games.sqlite3")
    runs = [page_queries(store) for _ in range(5)]
    for name in runs[0]:
        print(f"  {name:34} {runs[0][name] * 1000:7.1f} ms   {statistics.median(r[name] for r in runs) * 1000:7.1f} ms")
    totals = [sum(r.values()) for r in runs]
    print(f"  {'all together':34} {totals[0] * 1000:7.1f} ms   {statistics.median(totals) * 1000:7.1f} ms"
          "   (target: well under 1 s)")

    text, seconds = timed(lambda: history.export_csv(store))
    print(f"\nexport CSV: {seconds * 1000:.0f} ms, {len(text.encode()) / 1e6:.2f} MB, {text.count(chr(10)) - 1} rows")
    data, seconds = timed(lambda: history.backup(store))
    unpacked = len(gzip.decompress(data))
    print(f"backup: {seconds * 1000:.0f} ms, {len(data) / 1e6:.2f} MB gzipped ({unpacked / 1e6:.1f} MB of JSON)")
    fresh = Store(folder / "fresh.sqlite3")
    report, seconds = timed(lambda: history.restore(fresh, data))
    print(f"restore into a fresh store: {seconds:.2f} s (checks every row and replays the {report.games_added}"
          f" real games), {report.checks_added} score checks, {report.results_added} results")

    def same_replays() -> tuple[int, int]:
        ids = [row[0] for row in table_rows(store)["games"]]
        same = sum(fresh.load(game_id).state.to_json() == store.load(game_id).state.to_json() for game_id in ids)
        return same, len(ids)

    (same, count), seconds = timed(same_replays)
    print(f"every game replays the same after the restore: {same} of {count} ({seconds:.1f} s)")
    tables = ("games", "actions", "score_checks", "people", "results")
    rows_before, rows_after = table_rows(store), table_rows(fresh)
    identical = all(rows_before[t] == rows_after[t] for t in tables)
    print("the restored rows are identical: " + ("yes" if identical else "NO")
          + "; the CSV is identical: " + ("yes" if history.export_csv(fresh) == text else "NO"))
    _, seconds = timed(lambda: history.restore(fresh, data))
    print(f"restoring it again (everything already there, nothing written): {seconds:.2f} s")
    from history_page import page_figures  # bench/history_page.py: the History page drawn over this store

    page_figures(folder / "games.sqlite3")
    store.close()
    fresh.close()
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
