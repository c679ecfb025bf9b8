"""What the bench scripts print alike."""

from __future__ import annotations

import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from assistant.bots import get_bot
from assistant.games import get_game


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


def hard_game(args) -> tuple[float, list[float]]:
    """One game of the hard bot against ``rivals`` (its seat rotates with the seed); its share of the
    win (a shared first place counts 1/2, 1/3) and its seconds per decision with a choice to make."""
    name, rivals, seed, options = args
    players = len(rivals) + 1
    hard_seat = seed % players
    levels = list(rivals)
    levels.insert(hard_seat, "hard")
    bots = [get_bot(name, level) for level in levels]
    state, rng, times = get_game(name).new_state(players, seed=seed, **options), random.Random(seed), []
    while not state.is_over():
        if state.is_chance_node():  # a dice game: the state's own roll
            state.apply(state.chance_outcome())
            continue
        player = state.current_player
        legal = state.legal_actions()
        start = time.perf_counter()
        action = bots[player].choose(state.view(player), legal, rng)
        if player == hard_seat and len(legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action)
    winners = state.winners()
    return (1 / len(winners) if hard_seat in winners else 0.0), times


def bench_hard(name: str, matches: list[tuple[tuple[str, ...], int, str]], **options) -> None:
    """The hard bot's share of wins against each line of rivals, ``(rivals, games, target)``, on both
    cores, then its seconds per decision over all of them."""
    all_times = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        for rivals, count, target in matches:
            if not count:
                continue
            start = time.perf_counter()
            results = list(pool.map(hard_game, [(name, rivals, 50_000 + seed, options) for seed in range(count)]))
            share = sum(result[0] for result in results) / count
            all_times += [t for result in results for t in result[1]]
            print(f"hard vs {' + '.join(rivals)}: hard wins {share:.0%} of {count} {len(rivals) + 1}-player games "
                  f"(target: >= {target}; {time.perf_counter() - start:.0f} s)", flush=True)
    print_decision_times(all_times, "p95 <= 0.5 s")
