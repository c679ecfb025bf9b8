"""App figures for the issue notes: ``python bench/app.py``.

1. AppTest: time from a tap on a sheet cell to the finished rerun, on the Hamstern
   page of a 4-player game, against a bare app with a 10x10 grid of buttons,
   both measured here and now (medians).
2. A real browser (Debian's chromium): first load of a saved game's URL until the
   board can be tapped, median of 5 fresh browser pages.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from assistant.games import get_game  # noqa: E402
from assistant.games.hamstern import Place, Roll  # noqa: E402
from assistant.store import Store  # noqa: E402

BARE_GRID = """
import streamlit as st
for row in range(10):
    for col, column in enumerate(st.columns(10)):
        column.button(f"{row},{col}", key=f"b-{row}-{col}")
"""


def four_player_game(store: Store) -> str:
    state = get_game("hamstern").new_state(4, seed=11)
    state.apply(Roll(3))
    for _ in range(4):
        state.apply(Place(frozenset({(4, 5), (4, 6), (4, 7)})))
    state.apply(Roll(2))
    return store.create(state, {"names": ["Ann", "Bo", "Cem", "Dana"], "dice": "real"})


def time_taps(at: AppTest, keys: list[str], rounds: int) -> list[float]:
    timings = []
    for n in range(rounds):
        key = keys[n % len(keys)]
        start = time.perf_counter()
        at.button(key=key).click().run()
        timings.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return timings


def bench_apptest(game_id: str, rounds: int = 30) -> None:
    page = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    page.query_params["game"] = game_id
    page.run()
    page.switch_page("assistant/ui/pages/hamstern.py").run()
    bare = AppTest.from_string(BARE_GRID, default_timeout=60).run()
    # Warm up both, then alternate so both meet the same machine load.
    time_taps(page, ["hc-5-5"], 2)
    time_taps(bare, ["b-0-0"], 2)
    page_times, bare_times = [], []
    for _ in range(rounds):
        page_times += time_taps(page, ["hc-5-5"], 1)  # tap, untap: the selection toggles
        bare_times += time_taps(bare, ["b-3-4"], 1)
    page_ms, bare_ms = statistics.median(page_times) * 1000, statistics.median(bare_times) * 1000
    print(f"AppTest tap -> rerun: Hamstern page, 4 players {page_ms:.0f} ms; bare 10x10 button grid {bare_ms:.0f} ms "
          f"-> {page_ms / bare_ms:.2f}x   (target: <= 1.5x; medians of {rounds})")


def bench_browser(db: Path, game_id: str, loads: int = 5) -> None:
    from tests.browser import browser_page, served_app

    if not Path("/usr/bin/chromium").exists():
        print("browser: skipped, Debian's chromium is not installed")
        return
    timings = []
    with served_app(db) as url:
        for _ in range(loads):
            with browser_page(1024, 768) as page:
                start = time.perf_counter()
                page.goto(f"{url}/hamstern?game={game_id}&lang=en")
                page.locator(".st-key-hc-9-12 button").wait_for(state="visible")
                page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')")
                timings.append(time.perf_counter() - start)
    print(f"browser: first load of a saved 4-player game to a usable board: median {statistics.median(timings):.2f} s "
          f"(min {min(timings):.2f}, max {max(timings):.2f}) over {loads} fresh pages at 1024x768")


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    db = folder / "bench.sqlite3"
    os.environ["HAMSTER_TABLE_DB"] = str(db)
    game_id = four_player_game(Store(db))
    bench_apptest(game_id)
    bench_browser(db, game_id)


if __name__ == "__main__":
    main()
