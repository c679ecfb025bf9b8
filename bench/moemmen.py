"""Mömmen figures for the issue notes: ``python bench/moemmen.py [--rounds N]``.

Prints random-play speed: microseconds per decision, 2 players, the best of five runs (other work
on the machine only ever slows a run down). Uniformly random play takes tens of thousands of
decisions to complete a colour, so each game is played to a target of 1: exactly one round (the
player who ends a round scores at least 6). It also prints how many decisions such a round took
(median and max), the figure the issue quotes from a lean reference (about 34,000).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import random_games  # noqa: E402 - bench/figures.py, beside this script

from assistant.games import get_game  # noqa: E402

GAME = get_game("moemmen")


def bench_random_play(rounds: int, runs: int = 5) -> None:
    results = [random_games(GAME, rounds, target=1) for _ in range(runs)]
    seconds, decisions, finished = min(results, key=lambda result: result[0])
    lengths = sorted(len(state.history) for state in finished)
    print(f"random play, 2 players: {seconds / decisions * 1e6:.1f} us per decision (best of {runs} runs of "
          f"{rounds} one-round games, {decisions:,} decisions a run)   (target: <= 10 us)")
    print(f"decisions per random round: median {statistics.median(lengths):,.0f}, max {lengths[-1]:,} "
          f"over {rounds} rounds   (a lean reference: about 34,000)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10, help="one-round random games per run")
    args = parser.parse_args()
    bench_random_play(args.rounds)


if __name__ == "__main__":
    main()
