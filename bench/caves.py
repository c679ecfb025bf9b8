"""Caves from codes, measured: ``python bench/caves.py [--codes 50] [--reference]``.

Prints, per code, how long drawing and checking its cave took (wall clock and CPU time of this
process: other programs on the machine slow the first, not the second), how many drawn caves were
dropped before it, the hard bot's mean and spread on it against side A's, and its difficulty; then
the spread over all codes. Also: side A's figures (the reference, kept in templates/hamstern_balance.toml)
and side B's, measured the same way, and what a hard-bot game costs through the engine and in the
balance check. ``--reference`` writes side A's figures anew (after a change to the hard bot; bump
caves.GENERATOR then, since every cave depends on it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.games import get_game  # noqa: E402
from assistant.games.hamstern import balance, caves  # noqa: E402
from assistant.games.hamstern.layout import load_layout  # noqa: E402
from tests.hamstern.helpers import hard_bot_solo  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME = get_game("hamstern")


def timed(work):
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def bench_sides() -> None:
    reference = balance.reference()
    print(f"side A kept: mean {reference.mean:.2f}, sd {reference.spread:.2f} over {len(reference.scores)} sequences")
    for side in "AB":
        figures, wall, cpu = timed(lambda side=side: balance.measure(load_layout(side)))
        print(f"side {side} measured: mean {figures.mean:.2f}, sd {figures.spread:.2f}; {len(figures.scores)} "
              f"hard-bot games in {wall:.2f} s wall, {cpu:.2f} s CPU (a fresh judge)")
    _, wall, cpu = timed(lambda: [hard_bot_solo("A", seed) for seed in range(20)])
    print(f"the same hard bot through the engine's views and actions: {cpu / 20 * 1000:.0f} ms CPU a game on side A")


def bench_codes(count: int) -> None:
    rows = []
    codes = [caves.cave_of_the_day()] + [caves.new_code(random.Random(n)) for n in range(count - 1)]
    for code in codes:
        cave, wall, cpu = timed(lambda code=code: caves.generate(code))
        ratio = cave.figures.mean / cave.reference.mean
        spread = cave.figures.spread / cave.reference.spread
        rows.append((code, wall, cpu, cave.draw, ratio, spread, cave.difficulty))
        print(f"{code:>12}: {wall:5.2f} s wall, {cpu:5.2f} s CPU, draw {cave.draw:2d}, mean {cave.figures.mean:5.1f} "
              f"({ratio:6.1%} of A), sd {cave.figures.spread:4.1f} ({spread:6.1%} of A), {cave.difficulty}", flush=True)
    walls, cpus = [row[1] for row in rows], [row[2] for row in rows]
    print(f"\n{len(rows)} codes: generation + check {statistics.median(walls):.2f} s wall median, {max(walls):.2f} "
          f"max; {statistics.median(cpus):.2f} s CPU median, {max(cpus):.2f} max, "
          f"{sum(cpu > 5 for cpu in cpus)} over 5 s CPU   (target: <= 5 s)")
    ratios, spreads = [row[4] for row in rows], [row[5] for row in rows]
    print(f"mean score against side A's: {min(ratios):.1%} .. {max(ratios):.1%} "
          f"(median {statistics.median(ratios):.1%}); spread against A's: {min(spreads):.1%} .. {max(spreads):.1%}")
    difficulty = Counter(row[6] for row in rows)
    print("difficulty: " + ", ".join(f"{name} {difficulty[name]}" for name in caves.DIFFICULTIES))
    print(f"drawn caves dropped before the offered one: {Counter(row[3] for row in rows).most_common()} (draw: count; "
          "a draw counts failed drawings too)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--codes", type=int, default=20, help="how many codes to make caves for (the first: today's)")
    parser.add_argument("--reference", action="store_true", help="measure side A and write its figures' file")
    args = parser.parse_args()
    if args.reference:
        figures = balance.measure(load_layout("A"))
        path = ROOT / "templates" / balance.REFERENCE_FILE
        path.write_text(balance.reference_text(figures), "utf-8")
        print(f"wrote {path}: mean {figures.mean:.2f}, sd {figures.spread:.2f}")
        return
    bench_sides()
    bench_codes(args.codes)


if __name__ == "__main__":
    main()
