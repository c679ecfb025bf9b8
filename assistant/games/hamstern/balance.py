"""How hard a cave is, measured: the hard bot's solo games on it, roll sequence by roll sequence.

A cave is offered only if the hard bot scores about as much on it as on side A over the same roll
sequences (RULINGS.md section 1 asks for balance checked by a reasonable bot). Hundreds of games must
fit in a few seconds, so a game here is played on bitmasks without the engine's views and actions:
the same rules (rules.py) and the same decisions (``assistant.bots.hamstern.best_placement``), so a
solo game here scores exactly what the engine's game with the hard bot scores on the same seed
(tests/hamstern/test_balance.py plays both).
"""

from __future__ import annotations

import random
import statistics
import tomllib
from dataclasses import dataclass
from importlib import resources

from assistant.games.hamstern import placement, scoring
from assistant.games.hamstern.layout import Layout, load_layout
from assistant.games.hamstern.rules import CHAMBERS_FOR_HOURGLASS, TICKING_ROLLS

SEQUENCES = 200  # roll sequences a cave is measured on: seeds 0..199, as the engine rolls them
MEAN_TOLERANCE = 0.10  # a cave's mean score lies within 10% of side A's
SPREAD_TOLERANCE = 0.30  # and its standard deviation within 30% of A's (side B's is 13% above)
LIKE_A = 0.03  # within 3% of A's mean: "like side A"; above it "easier", below "harder"
REFERENCE_FILE = "hamstern_balance.toml"


@dataclass(frozen=True)
class Measure:
    scores: tuple[int, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def spread(self) -> float:
        return statistics.pstdev(self.scores)


def solo_score(layout: Layout, seed: int, judge=None, free_start: bool = False) -> int:
    """The hard bot's score in a solo game on ``layout`` with the engine's rolls for ``seed``."""
    from assistant.bots.hamstern import Situation, best_placement, rolls_left_after
    from assistant.bots.hamstern_judge import Judge

    judge = judge or Judge(layout)
    rng = random.Random(seed)  # as State: one draw each time the table waits for a roll
    crossed = struck = ticks = 0
    hourglass = False
    chamber_masks, counter = layout.chamber_masks, layout.round_counter_length
    while True:
        roll = rng.randint(1, 6)
        if hourglass and roll in TICKING_ROLLS and ticks < counter:
            ticks += 1
        track_left = layout.one_track_length - struck
        masks = placement.placements(layout, crossed, placement.allowed_sizes(roll, track_left), free_start)
        if masks:
            situation = Situation(layout, crossed, track_left, roll, free_start,
                                  rolls_left_after(hourglass, counter - ticks))
            chosen = masks[best_placement(judge, situation, masks, "hard")]
            crossed |= chosen
            if roll == 1:
                struck += chosen.bit_count()
            if not hourglass and sum(1 for mask in chamber_masks if crossed & mask) >= CHAMBERS_FOR_HOURGLASS:
                hourglass = True
        if ticks == counter:
            break
        smallest = 1 if layout.one_track_length - struck else 2
        if not placement.can_place(layout, crossed, range(smallest, 7), free_start):
            break  # ruling H1: nothing would fit on any roll
    return scoring.breakdown(layout, crossed).total


def measure(layout: Layout, seeds=range(SEQUENCES), judge=None) -> Measure:
    from assistant.bots.hamstern_judge import Judge

    judge = judge or Judge(layout)
    return Measure(tuple(solo_score(layout, seed, judge) for seed in seeds))


def fair(figures: Measure, reference: Measure) -> bool:
    """Within the tolerances of side A's figures: the mean score and its spread."""
    return (abs(figures.mean - reference.mean) <= MEAN_TOLERANCE * reference.mean
            and abs(figures.spread - reference.spread) <= SPREAD_TOLERANCE * reference.spread)


def reference() -> Measure:
    """Side A's figures, measured the same way (kept in templates/hamstern_balance.toml, written by
    ``python bench/caves.py --reference``; a test checks they still hold)."""
    text = resources.files("templates").joinpath(REFERENCE_FILE).read_text("utf-8")
    return Measure(tuple(tomllib.loads(text)["scores"]))


def reference_text(figures: Measure) -> str:
    lines = [f"# Side A: the hard bot's solo scores on the roll sequences of seeds 0..{len(figures.scores) - 1}",
             "# (assistant/games/hamstern/balance.py). Written by `python bench/caves.py --reference`.",
             f"# mean {figures.mean:.2f}, standard deviation {figures.spread:.2f}", "scores = ["]
    for start in range(0, len(figures.scores), 20):
        lines.append("  " + ", ".join(str(score) for score in figures.scores[start:start + 20]) + ",")
    lines.append("]")
    return "\n".join(lines) + "\n"


def measure_side_a() -> Measure:
    return measure(load_layout("A"))
