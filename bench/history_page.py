"""The History page drawn over a big history, figures for issue 24: ``python bench/history_page.py [--games N]``.

Builds the store of bench/history.py (10,000 games among 20 players; ``--real`` of them played through the
store) unless it is given one (``--db``), then times the page (target: drawn in 1 s or less):

1. AppTest: a whole run of the app on each part of the History page (recent games, players, one player's
   page with its chart, head to head, a leaderboard, the files): median of 5 runs, and the first.
2. Chromium, the app served: opening the page's address until its table or chart is on screen (median of 3).

bench/history.py calls ``page_figures`` with its own store, so its figures include these.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant import history  # noqa: E402
from assistant.store import Store  # noqa: E402

PAGE = "assistant/ui/pages/history.py"
# What each part shows once drawn (a CSS selector), and the session state that opens it.
PARTS = {
    "recent games": ("recent", ".ht-history-table", {}),
    "players": ("players", ".ht-history-table", {}),
    "one player (figures, chart)": ("players", "[data-testid='stVegaLiteChart'] canvas, "
                                    "[data-testid='stVegaLiteChart'] svg", {"hi_player": "A"}),
    "head to head": ("duel", ".ht-history-table", {"hi_a": "A", "hi_b": "B"}),
    "leaderboard (Hamstern)": ("leaders", ".ht-history-table", {}),
    "files": ("files", "[data-testid='stFileUploader']", {}),
}


def _ids(store: Store) -> dict[str, int]:
    people = [p for p in history.people(store) if p.bot_level is None]
    busiest = sorted(people, key=lambda p: -p.games)
    return {"A": busiest[0].id, "B": busiest[1].id}


def apptest_times(db: Path, runs: int = 5) -> dict[str, tuple[float, float]]:
    """(first run, median) in seconds of a whole app run on each part, as AppTest runs the page."""
    from streamlit.testing.v1 import AppTest

    from assistant.ui import access

    os.environ["HAMSTER_TABLE_DB"] = str(db)
    access.connection_is_local = lambda: True  # AppTest stands for the laptop's own browser: the table
    ids = _ids(Store(db))
    times = {}
    for name, (part, _, state) in PARTS.items():
        seconds = []
        for _ in range(runs):
            at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
            at.query_params["part"] = part
            at.run()
            at.switch_page(PAGE)
            for key, who in state.items():
                at.session_state[key] = ids[who]
            began = time.perf_counter()
            at.run()
            seconds.append(time.perf_counter() - began)
            assert not at.exception, at.exception
        times[name] = (seconds[0], statistics.median(seconds))
    return times


def browser_times(db: Path, runs: int = 3) -> dict[str, float] | str:
    """Median seconds from opening the part's address to its content on screen; a reason if no browser."""
    try:
        from tests.serving import CHROMIUM, browser_page, served_app
    except ImportError as error:
        return f"skipped ({error})"
    if not Path(CHROMIUM).exists():
        return "skipped (Debian's chromium is not installed)"
    ids = _ids(Store(db))
    names = {p.id: p.name for p in history.people(Store(db))}
    times: dict[str, float] = {}

    def timed(open_, selector: str) -> float:
        seconds = []
        for _ in range(runs):
            began = time.perf_counter()
            open_()
            page.wait_for_selector(selector, state="visible", timeout=60_000)
            seconds.append(time.perf_counter() - began)
            page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')")
        return statistics.median(seconds)

    def tap(text: str):
        return lambda: page.locator("[data-testid='stButtonGroup']").get_by_text(text, exact=True).first.click()

    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(f"{url}/history")
        page.wait_for_selector(".ht-history-table", timeout=60_000)  # the server warmed up
        times["Home, opened (for comparison)"] = timed(lambda: page.goto(f"{url}/"), ".ht-tile-picture")
        times["History, opened (recent games)"] = timed(lambda: page.goto(f"{url}/history"), ".ht-history-table")
        for name, (part, selector, state) in PARTS.items():
            if state:
                continue
            label = {"recent": "Games", "players": "Players", "leaders": "Leaderboard", "files": "Backup"}[part]
            page.goto(f"{url}/history?part={'files' if part != 'files' else 'recent'}")
            page.wait_for_selector(".ht-history-table, [data-testid='stFileUploader']", state="visible")
            times[f"{name}, tapped"] = timed(tap(label), selector)

        def to_player():
            page.goto(f"{url}/history?part=players")
            page.wait_for_selector(".ht-history-table", state="visible")
            began = time.perf_counter()
            tap(names[ids["A"]])()
            page.wait_for_selector(PARTS["one player (figures, chart)"][1], state="visible", timeout=60_000)
            return time.perf_counter() - began

        times["one player (figures, chart), tapped"] = statistics.median(to_player() for _ in range(runs))
    return times


def page_figures(db: Path) -> None:
    """Print the page's figures for the store at ``db``."""
    print("\nHistory page (assistant/ui/pages/history.py), a whole app run in AppTest (first, median of 5):")
    for name, (first, median) in apptest_times(db).items():
        print(f"  {name:34} {first * 1000:7.0f} ms   {median * 1000:7.0f} ms")
    shown = browser_times(db)
    if isinstance(shown, str):
        print(f"Chromium: {shown}")
        return
    print("Chromium, 1024x768, from the tap or the address until the part is on screen (median of 3; target <= 1 s):")
    for name, seconds in shown.items():
        print(f"  {name:45} {seconds * 1000:7.0f} ms")


def _bench_store(games: int, real: int) -> Path:
    """A store as bench/history.py builds it."""
    spec = importlib.util.spec_from_file_location("bench_history", ROOT / "bench" / "history.py")
    built = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(built)
    path = Path(tempfile.mkdtemp(prefix="history-page-bench-")) / "games.sqlite3"
    store = Store(path)
    rng = random.Random(24)
    built.real_games(store, real, rng)
    built.paper_games(store, games - real, rng)
    store.close()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--real", type=int, default=100)
    parser.add_argument("--db", type=Path, help="time this store instead of building one")
    args = parser.parse_args()
    db = args.db or _bench_store(args.games, args.real)
    with Store(db)._connect() as connection:
        count = connection.execute("SELECT COUNT(DISTINCT source || '/' || source_id) FROM results").fetchone()[0]
    print(f"{count} games in the history, {len(history.people(Store(db)))} players ({db})")
    page_figures(db)


if __name__ == "__main__":
    main()
