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
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import print_decision_times, random_games  # noqa: E402 - bench/figures.py, beside this script

from assistant.bots import get_bot  # noqa: E402
from assistant.games import get_game  # noqa: E402

GAME = get_game("hamsterbacke")


def bench_random_play(games: int = 500, runs: int = 5) -> None:
    seconds, decisions, _ = min(random_games(GAME, games) for _ in range(runs))
    print(f"random play, 2 players: {seconds / decisions * 1e6:.1f} us per decision, {games / seconds:,.0f} games/s "
          f"({decisions / games:.0f} decisions a game; best of {runs} runs of {games} games)   (target: <= 10 us)")


def play(args) -> tuple[float, list[float]]:
    """One game of the hard bot against ``rivals``; its share of the win and its decision times."""
    rivals, seed = args
    players = len(rivals) + 1
    hard_seat = seed % players
    levels = list(rivals)
    levels.insert(hard_seat, "hard")
    bots = [get_bot("hamsterbacke", level) for level in levels]
    state, rng, times = GAME.new_state(players, seed=seed), random.Random(seed), []
    while not state.is_over():
        player = state.current_player
        legal = state.legal_actions()
        start = time.perf_counter()
        action = bots[player].choose(state.view(player), legal, rng)
        if player == hard_seat and len(legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action)
    winners = state.winners()
    return (1 / len(winners) if hard_seat in winners else 0.0), times


def bench_hard(games: int, four_player_games: int) -> None:
    all_times = []
    matches = ((("random",), games, "90%"), (("easy",), games, "60%"),
               (("easy", "easy", "easy"), four_player_games, "clearly more than 25%"))
    with ProcessPoolExecutor(max_workers=2) as pool:
        for rivals, count, target in matches:
            if not count:
                continue
            start = time.perf_counter()
            results = list(pool.map(play, [(rivals, 50_000 + seed) for seed in range(count)]))
            share = sum(r[0] for r in results) / count
            all_times += [t for r in results for t in r[1]]
            print(f"hard vs {' + '.join(rivals)}: hard wins {share:.0%} of {count} {len(rivals) + 1}-player games "
                  f"(target: >= {target}; {time.perf_counter() - start:.0f} s)", flush=True)
    print_decision_times(all_times, "p95 <= 0.5 s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="2-player games per rival for the win rates")
    parser.add_argument("--four", type=int, default=None, help="4-player games (default: as many as --games)")
    args = parser.parse_args()
    bench_random_play()
    bench_hard(args.games, args.games if args.four is None else args.four)


if __name__ == "__main__":
    main()
