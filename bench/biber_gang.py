"""Biber Gang figures for the issue notes: ``python bench/biber_gang.py [--games N]``.

Prints random-play speed (rounds per second, microseconds per decision, 2 players),
the hard bot's seconds per decision (median, p95), and win rates of hard against
random and easy in 2-player games (seats alternate; a shared win counts half).
Games run on both cores.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import print_decision_times, random_games  # noqa: E402 - bench/figures.py, beside this script

from assistant.bots import get_bot  # noqa: E402
from assistant.games import get_game  # noqa: E402

GAME = get_game("biber_gang")


def bench_random_play(games: int = 400) -> None:
    seconds, decisions, finished = random_games(GAME, games)
    rounds = sum(state.rounds for state in finished)
    print(f"random play, 2 players: {rounds / seconds:,.0f} rounds/s, {seconds / decisions * 1e6:.1f} us per decision "
          f"({decisions / rounds:.0f} decisions a round)   (targets: >= 2,000 rounds/s, <= 10 us)")


def play(args) -> tuple[float, list[float]]:
    """One 2-player game of hard against ``rival``; hard's share of the win and its decision times."""
    rival, seed = args
    hard_seat = seed % 2
    levels = ["hard", rival] if hard_seat == 0 else [rival, "hard"]
    bots = [get_bot("biber_gang", level) for level in levels]
    state, rng, times = GAME.new_state(2, seed=seed), random.Random(seed), []
    while not state.is_over():
        player = state.current_player
        start = time.perf_counter()
        action = bots[player].choose(state.view(player), state.legal_actions(), rng)
        if player == hard_seat and len(state.legal_actions()) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action)
    winners = state.winners()
    return (1 / len(winners) if hard_seat in winners else 0.0), times


def bench_hard(games: int) -> None:
    all_times = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        for rival in ("random", "easy"):
            results = list(pool.map(play, [(rival, 50_000 + seed) for seed in range(games)]))
            share = sum(r[0] for r in results) / games
            all_times += [t for r in results for t in r[1]]
            print(f"hard vs {rival}: hard wins {share:.0%} of {games} two-player games "
                  f"(target: >= {'90' if rival == 'random' else '60'}%)")
    print_decision_times(all_times, "<= 0.5 s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60, help="games per rival for the win rates")
    args = parser.parse_args()
    bench_random_play()
    bench_hard(args.games)


if __name__ == "__main__":
    main()
