"""Hamsterdam figures for the issue notes: ``python bench/hamsterdam.py [--games N]``.

Prints random-play speed (full game, 4 players: games per second and microseconds per decision,
the best of three runs, since other work on the machine only ever slows a run down) and the time
of ``legal_actions()`` when a position is new (the first call after each action lists the moves;
later calls are answered from the list): median, p99 and max over every position of those games.
At a chance node random play picks one of the 21 rolls with equal weight, not as dice fall.

Then the hard bot (``--hard N``, default 10, two-player full games per rival, seats alternating):
its share of wins against random and against easy, and its seconds per decision with a choice (as
bench/hamsterbacke.py, on both cores). ``--hard 0`` skips it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import bench_hard, random_games  # noqa: E402 - bench/figures.py, beside this script

from assistant.games.hamsterdam import HamsterdamGame  # noqa: E402

GAME = HamsterdamGame()


def bench_random_play(games: int, runs: int = 3) -> None:
    seconds, decisions, _ = min(random_games(GAME, games, players=4, mode="full") for _ in range(runs))
    print(f"random play, full game, 4 players: {games / seconds:,.1f} games/s, "
          f"{seconds / decisions * 1e6:.0f} us per decision ({decisions / games:.0f} decisions a game; "
          f"best of {runs} runs of {games} games)")


def bench_legal_actions(games: int) -> None:
    times = []
    for seed in range(games):
        for players, mode in ((4, "full"), (2, "full"), (3, "classic")):
            state, rng = GAME.new_state(players, seed=seed, mode=mode), random.Random(seed)
            while not state.is_over():
                start = time.perf_counter()
                legal = state.legal_actions()
                times.append(time.perf_counter() - start)
                state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(legal))
    times.sort()
    print(f"legal_actions() of a new position: median {statistics.median(times) * 1e3:.3f} ms, "
          f"p99 {times[int(0.99 * len(times))] * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms "
          f"over {len(times)} positions   (target: p99 <= 5 ms)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50, help="games per run")
    parser.add_argument("--hard", type=int, default=10, help="2-player games per rival for the hard bot's win rates")
    args = parser.parse_args()
    bench_random_play(args.games)
    bench_legal_actions(max(1, args.games // 5))
    if args.hard:
        bench_hard("hamsterdam", [(("random",), args.hard, "90%"), (("easy",), args.hard, "60%")], mode="full")


if __name__ == "__main__":
    main()
