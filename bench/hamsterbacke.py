"""Hamsterbacke figures for the issue notes: ``python bench/hamsterbacke.py [--games N]``.

Prints random-play speed (microseconds per decision and games per second, 2 players; the
best of five runs, since other work on the machine only ever slows a run down), the hard
bot's seconds per decision (median, p95, over every decision it made with more than one
legal move), and the hard bot's share of wins: against random and against easy in
2-player games (seats alternate), and against three easy bots in 4-player games (the hard
bot's seat rotates). A shared first place counts as a share: 1/2 for two winners, 1/3 for
three. Games run on both cores.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import bench_hard, random_games  # noqa: E402 - bench/figures.py, beside this script

from assistant.games import get_game  # noqa: E402

GAME = get_game("hamsterbacke")


def bench_random_play(games: int = 500, runs: int = 5) -> None:
    seconds, decisions, _ = min(random_games(GAME, games) for _ in range(runs))
    print(f"random play, 2 players: {seconds / decisions * 1e6:.1f} us per decision, {games / seconds:,.0f} games/s "
          f"({decisions / games:.0f} decisions a game; best of {runs} runs of {games} games)   (target: <= 10 us)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="2-player games per rival for the win rates")
    parser.add_argument("--four", type=int, default=None, help="4-player games (default: as many as --games)")
    args = parser.parse_args()
    bench_random_play()
    four = args.games if args.four is None else args.four
    bench_hard("hamsterbacke", [(("random",), args.games, "90%"), (("easy",), args.games, "60%"),
                                (("easy", "easy", "easy"), four, "clearly more than 25%")])


if __name__ == "__main__":
    main()
