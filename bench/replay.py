"""What a replay step costs the server as a game grows: ``python bench/replay.py``.

One step of the replay page, as the server computes it (assistant/replays.py): the saved game's shared
replay (``replay_of``: one small query when it is known), the state at the step, the public view and the
step's sentences. Timed at action 10, 100 and 300 of the long 4-player Hamsterdam game bench/moves.py plays
(HAMSTERDAM_SEED), saved in a store: cold (the step asked for the first time, of a replay just made) and warm
(asked again), the median of ``--repeats`` each; and every step of the game cold once. Then the time to make
the replay of the whole game (from the store's rows: a replay of every action, with its checkpoints).
Last, the whole page: the replay page run in AppTest (as the laptop's browser, the table) one step forward
from action 10, 100 and 300 (the page's own Forward button: the board drawn by the game's app side, the log
line, the controls), median of ``--page-repeats``.
Target: a step <= 50 ms, not growing with the step.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant import replays  # noqa: E402
from assistant.replays import replay_of  # noqa: E402
from assistant.store import Store  # noqa: E402
from assistant.ui import access  # noqa: E402
from bench.moves import HAMSTERDAM_SEED, NAMES, played  # noqa: E402
from tests.components import open_app  # noqa: E402

# AppTest stands for the laptop's own browser, the table (as tests/conftest.py says for the tests).
access.connection_is_local = lambda: True

REPLAY_PAGE = "assistant/ui/pages/replay.py"

STEPS = (10, 100, 300)


def one_step(store: Store, game_id: str, step: int) -> float:
    """Milliseconds of one replay step, as the page asks for it."""
    started = time.perf_counter()
    replay = replay_of(store, game_id)
    replay.state_at(step)
    replay.view_at(step, None)
    replay.sentences(step, NAMES, "en")
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=51)
    parser.add_argument("--page-repeats", type=int, default=15)
    args = parser.parse_args()
    state = played("hamsterdam", 4, HAMSTERDAM_SEED, 10**6, mode="full")
    setup = {"names": NAMES, "bots": ["human"] * 4, "mode": "together", "speed": "quick", "dice": "app"}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "games.sqlite3")
        game_id = store.create(state, setup)
        builds = []
        for _ in range(args.repeats):
            replays._replays.clear()  # as after a restart, or once the game is no longer among the kept ones
            started = time.perf_counter()
            replay_of(store, game_id)
            builds.append((time.perf_counter() - started) * 1000)
        print(f"Hamsterdam, 4 players, {len(state.history)} actions: {len(replay_of(store, game_id).round_starts())}"
              f" rounds")
        worst = 0.0
        for step in STEPS:
            cold, warm = [], []
            for _ in range(args.repeats):
                replays._replays.clear()
                replay_of(store, game_id)  # made (not timed): its step is asked for the first time
                cold.append(one_step(store, game_id, step))
                warm.extend(one_step(store, game_id, step) for _ in range(3))
            worst = max(worst, statistics.median(cold))
            print(f"step at action {step:3d}: cold {statistics.median(cold):6.2f} ms (max {max(cold):6.2f}),"
                  f" warm {statistics.median(warm):6.2f} ms")
        sweep = []
        for step in range(len(state.history) + 1):  # every step, cold: the bound holds wherever it falls
            replays._replays.clear()
            replay_of(store, game_id)
            sweep.append(one_step(store, game_id, step))
        ordered = sorted(sweep)
        print(f"every step of the game, cold: median {statistics.median(sweep):6.2f} ms,"
              f" p95 {ordered[int(0.95 * len(ordered))]:6.2f} ms, max {ordered[-1]:6.2f} ms")
        print(f"making the replay of the whole game: {statistics.median(builds):6.2f} ms (median)")
        print(f"largest cold step {worst:.2f} ms (target <= 50 ms, not growing with the step)")
        page_steps(store, game_id, args.page_repeats)


def page_steps(store: Store, game_id: str, repeats: int) -> None:
    """The replay page's run for a tap on Forward, at each of STEPS (AppTest: the server's work only)."""
    import os

    os.environ["HAMSTER_TABLE_DB"] = str(store.path)
    for step in STEPS:
        times = []
        for _ in range(repeats):
            at = open_app(REPLAY_PAGE, game=game_id, step=str(step))
            started = time.perf_counter()
            at.button(key="rp-forward").click().run()
            times.append((time.perf_counter() - started) * 1000)
            assert at.query_params["step"] == str(step + 1), at.query_params
        print(f"replay page, Forward at action {step:3d}: {statistics.median(times):6.1f} ms (median of {repeats},"
              " AppTest)")


if __name__ == "__main__":
    main()
