"""Hamstern figures for the issue notes: ``python bench/hamstern.py [--quick]``.

Prints: legal_actions() timing over states from random games; a full solo game by
the hard bot; one sheet PDF against a bare ReportLab 20x20 labelled grid, both
measured here and now, interleaved, in this process (so with the same ReportLab
settings: sheets.pdf writes binary streams, which makes the bare grid a little
faster too); the PDF sizes; and the balance of sides A and B.
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from assistant.bots import get_bot  # noqa: E402
from assistant.games import get_game  # noqa: E402
from sheets import hamstern as hamstern_sheet  # noqa: E402

GAME = get_game("hamstern")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def states_from_random_games(games: int) -> list:
    states = []
    for seed in range(games):
        state = GAME.new_state(1 + seed % 6, seed=seed, side="AB"[seed % 2])
        rng = random.Random(seed)
        while not state.is_over():
            states.append(state.clone())
            state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return states


def bench_legal_actions(games: int) -> None:
    states = states_from_random_games(games)
    timings = []
    gc.collect()
    gc.disable()  # as timeit does: thousands of kept states make collector pauses dominate
    try:
        for state in states:
            start = time.perf_counter()
            state.legal_actions()
            timings.append((time.perf_counter() - start) * 1000)
    finally:
        gc.enable()
    print(f"legal_actions() over {len(states)} states from {games} random games: "
          f"median {statistics.median(timings):.3f} ms, p99 {percentile(timings, 0.99):.3f} ms, "
          f"max {max(timings):.2f} ms   (targets: median <= 0.5, p99 <= 5)")


def play_solo(level: str, side: str, seed: int):
    bot = get_bot("hamstern", level)
    state = GAME.new_state(1, seed=seed, side=side)
    rng = random.Random(seed)
    while not state.is_over():
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            state.apply(bot.choose(state.view(0), state.legal_actions(), rng))
    return state


def bench_hard_game(games: int) -> None:
    for side in "AB":
        timings = []
        for seed in range(games):
            start = time.perf_counter()
            play_solo("hard", side, 10_000 + seed)
            timings.append(time.perf_counter() - start)
        print(f"hard bot, full solo game, side {side}: median {statistics.median(timings):.3f} s, "
              f"max {max(timings):.3f} s over {games} games   (target: <= 1 s)")


def bare_grid_page() -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    canvas.setFont("Helvetica", 7)
    size = 25
    for row in range(20):
        for col in range(20):
            x, y = 40 + col * size, 780 - row * size
            canvas.rect(x, y, size, size)
            canvas.drawString(x + 3, y + 3, f"{row},{col}")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def bench_pdf(repeats: int) -> None:
    hamstern_sheet.render("A")  # fonts registered and layouts loaded once, as in a running app
    bare, sheet = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        bare_grid_page()
        bare.append(time.perf_counter() - start)
        start = time.perf_counter()
        hamstern_sheet.render("B", "a4", "de")
        sheet.append(time.perf_counter() - start)
    bare_ms, sheet_ms = statistics.median(bare) * 1000, statistics.median(sheet) * 1000
    print(f"PDF: bare 20x20 labelled grid {bare_ms:.1f} ms, Hamstern sheet {sheet_ms:.1f} ms "
          f"-> {sheet_ms / bare_ms:.2f}x   (target: <= 2x, aim <= 1.6x; medians of {repeats})")
    sizes = {f"{side}/{paper}/{lang}": len(hamstern_sheet.render(side, paper, lang))
             for side in "AB" for paper in ("a4", "letter") for lang in ("en", "de")}
    print(f"PDF sizes: largest {max(sizes.values()) / 1024:.1f} KB, smallest {min(sizes.values()) / 1024:.1f} KB "
          f"over {len(sizes)} variants   (target: <= 60 KB each)")


def bench_balance(games: int) -> None:
    for level in ("easy", "hard"):
        for side in "AB":
            results = [play_solo(level, side, seed) for seed in range(games)]
            scores = [state.scores()[0] for state in results]
            rolls = [state.rolls for state in results]
            print(f"balance, {level} bot solo, side {side}: mean score {statistics.mean(scores):.1f} "
                  f"(sd {statistics.stdev(scores):.1f}), rolls mean {statistics.mean(rolls):.1f} "
                  f"[{min(rolls)}..{max(rolls)}] over {games} games")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    args = parser.parse_args()
    scale = 0.2 if args.quick else 1.0
    bench_legal_actions(int(120 * scale))
    bench_hard_game(int(20 * scale))
    # Cheap enough to measure fully even in a quick run: six samples were too few on a busy machine.
    bench_pdf(30)
    bench_balance(int(60 * scale))


if __name__ == "__main__":
    main()
