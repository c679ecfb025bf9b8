"""What the bench scripts print alike."""

from __future__ import annotations

import random
import statistics
import time


def print_decision_times(times: list[float], target: str) -> None:
    """Median, p95 and max of a bot's seconds per decision."""
    ordered = sorted(times)
    print(f"hard bot seconds per decision: median {statistics.median(ordered):.3f}, "
          f"p95 {ordered[int(0.95 * len(ordered))]:.3f}, max {ordered[-1]:.3f} "
          f"over {len(ordered)} decisions   (target: {target})")


def random_games(game, games: int, players: int = 2, **options) -> tuple[float, int, list]:
    """``games`` seeded games of random legal play (with ``options`` for each new game): the seconds
    taken, the decisions made, the finished states."""
    decisions, finished = 0, []
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_state(players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        finished.append(state)
    return time.perf_counter() - start, decisions, finished
