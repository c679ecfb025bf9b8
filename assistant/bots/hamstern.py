"""Hamstern bots. Easy: the best placement for the sheet as it stands (greedy).
Hard: the placement with the best expected sheet after the NEXT roll as well
(expectimax over the six faces), which avoids leaving gaps no roll can fill.

Both judge a sheet with ``sheet_value``: points already safe, plus a share of
each unfinished chamber's points that grows as it fills and shrinks as time
runs out, plus the flexibility left on the 1-track.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache, lru_cache

from assistant.bots import Advice
from assistant.games.hamstern import placement
from assistant.games.hamstern.layout import Layout, load_layout
from assistant.games.hamstern.rules import HamsternState, Place, Roll
from assistant.games.hamstern.scoring import ACORN_POINTS

TRACK_BOX_VALUE = 0.6  # a 1-track box lets a later 1 fill an awkward gap
OPEN_DOOR_VALUE = 1.0  # an open corridor into a new chamber keeps every roll usable
CANDIDATES_FOR_LOOKAHEAD = 6
ROLLS_BEFORE_HOURGLASS = 8  # rough: a typical game starts its 4th chamber after about 8 rolls


@dataclass(frozen=True)
class Situation:
    """What the bot reads off the view: its own sheet and the table's clock."""

    layout: Layout
    crossed: int
    track_left: int
    roll: int
    free_start: bool
    rolls_left: float  # expected rolls still to come after this one

    @classmethod
    def from_view(cls, view: dict) -> Situation:
        layout = load_layout(view["side"])
        me = view["players"][view["me"]]
        boxes_left = view["counter_length"] - view["counter_ticked"]
        # Every roll of 4-6 ticks a box once the hourglass is crossed, so about two rolls a box.
        rolls_left = 2.0 * boxes_left if view["hourglass"] else ROLLS_BEFORE_HOURGLASS + 2.0 * boxes_left
        return cls(
            layout=layout,
            crossed=layout.mask(tuple(cell) for cell in me["crossed"]),
            track_left=layout.one_track_length - me["one_track_struck"],
            roll=view["roll"],
            free_start=view["free_start"],
            rolls_left=rolls_left,
        )


def sheet_value(layout: Layout, crossed: int, track_left: int, rolls_left: float) -> float:
    value = (crossed & layout.mushroom_mask).bit_count()
    value += ACORN_POINTS[(crossed & layout.acorn_mask).bit_count()]
    value += TRACK_BOX_VALUE * track_left
    budget = round(rolls_left)
    for n, (mask, doors) in enumerate(zip(layout.chamber_masks, _doors_into(layout.side), strict=True)):
        if crossed & mask:
            value += _chamber_value(layout.side, n, crossed & mask, track_left > 0, budget)
        else:
            # Corridors from a crossed cell into a chamber not started yet: room to grow.
            value += OPEN_DOOR_VALUE * (crossed & doors).bit_count()
    return value


@lru_cache(maxsize=1 << 18)
def _chamber_value(side: str, n: int, crossed: int, has_track: bool, rolls_left: int) -> float:
    """What one started chamber is worth now: all its points when full, else a share.

    Cached: the look-ahead meets the same chamber in the same state again and again.
    """
    layout = load_layout(side)
    chamber, mask = layout.chambers[n], layout.chamber_masks[n]
    size, filled = mask.bit_count(), crossed.bit_count()
    if filled == size:
        return float(chamber.points)
    # A single stranded cell needs a roll of 1, which needs the 1-track.
    singles = sum(1 for region in _regions(layout, mask & ~crossed) if region.bit_count() == 1)
    if singles and not has_track:
        return 0.0
    missing = size - filled
    # A share of the points that grows with the filling and fades when the missing
    # cells exceed what the remaining rolls can plausibly bring.
    reachable = min(1.0, (3.5 * rolls_left + 1) / (2.5 * missing))
    share = 0.8 * (filled / size) ** 2 * reachable * (0.75 ** singles)
    return chamber.points * share


def _regions(layout: Layout, cells: int):
    """The orthogonally connected groups of ``cells`` (inside one chamber)."""
    while cells:
        reached = placement.region(layout, cells & -cells, cells)
        yield reached
        cells &= ~reached


@cache
def _doors_into(side: str) -> tuple[int, ...]:
    """Per chamber: the mask of the cells from which a corridor leads into it."""
    layout = load_layout(side)
    doors = [0] * len(layout.chambers)
    for a, b in layout.corridors:
        for near, far in ((a, b), (b, a)):
            doors[layout.chamber_of[layout.index[far]]] |= 1 << layout.index[near]
    return tuple(doors)


def _after(situation: Situation, mask: int) -> tuple[int, int]:
    track = situation.track_left - (mask.bit_count() if situation.roll == 1 else 0)
    return situation.crossed | mask, track


def _static(situation: Situation, mask: int, rolls_left: float) -> float:
    crossed, track = _after(situation, mask)
    return sheet_value(situation.layout, crossed, track, rolls_left)


def _expected_after_next_roll(situation: Situation, mask: int) -> float:
    """The sheet's value after this placement and the best use of each next roll."""
    layout = situation.layout
    crossed, track = _after(situation, mask)
    later = max(situation.rolls_left - 1, 0)
    total = 0.0
    for roll in range(1, 7):
        sizes = placement.allowed_sizes(roll, track)
        best = sheet_value(layout, crossed, track, later)  # the pass
        for option in placement.placements(layout, crossed, sizes, situation.free_start):
            next_track = track - (option.bit_count() if roll == 1 else 0)
            best = max(best, sheet_value(layout, crossed | option, next_track, later))
        total += best
    return total / 6


class HamsternBot:
    def __init__(self, level: str):
        self.level = level

    def advise(self, view: dict, legal_actions: list, rng: random.Random) -> Advice:
        if len(legal_actions) == 1 and legal_actions[0].is_pass:
            return Advice(legal_actions[0], "bot.hamstern.pass")
        situation = Situation.from_view(view)
        masks = [situation.layout.mask(action.cells) for action in legal_actions]
        static = [_static(situation, mask, situation.rolls_left) for mask in masks]
        # Ties go to the earliest action so the same view always gets the same advice.
        ranked = sorted(range(len(masks)), key=lambda i: -static[i])
        if self.level == "hard":
            shortlist = ranked[:CANDIDATES_FOR_LOOKAHEAD]
            best = max(shortlist, key=lambda i: (_expected_after_next_roll(situation, masks[i]), -i))
        else:
            best = ranked[0]
        return _explain(situation, legal_actions[best], masks[best])

    def choose(self, view: dict, legal_actions: list, rng: random.Random) -> Place:
        return self.advise(view, legal_actions, rng).action


def _explain(situation: Situation, action: Place, mask: int) -> Advice:
    layout = situation.layout
    chamber = layout.chambers[layout.chamber_of[mask.bit_length() - 1]]
    chamber_mask = layout.chamber_masks[layout.chambers.index(chamber)]
    crossed = situation.crossed | mask
    if crossed & chamber_mask == chamber_mask:
        return Advice(action, "bot.hamstern.completes", {"points": chamber.points})
    if mask & layout.acorn_mask:
        return Advice(action, "bot.hamstern.acorn")
    if not situation.crossed & chamber_mask and situation.crossed:
        return Advice(action, "bot.hamstern.enters", {"points": chamber.points})
    if mask & layout.mushroom_mask:
        return Advice(action, "bot.hamstern.mushroom")
    missing = (chamber_mask & ~crossed).bit_count()
    key = "bot.hamstern.progress_one" if missing == 1 else "bot.hamstern.progress"
    return Advice(action, key, {"points": chamber.points, "missing": missing})


def make_bot(level: str) -> HamsternBot:
    return HamsternBot(level)


def rival_score(state: HamsternState) -> int:
    """The hard bot's score in a solo game on the same rolls as ``state``'s player.

    The rival meets the player's rolls in order; if it plays longer than the player
    did, the game's own rolls follow. The same state always gives the same score.
    """
    rolls = [action.value for action in state.history if isinstance(action, Roll)]
    rival = state.game.new_state(1, seed=state.seed, **state.options)
    bot, rng, rolled = HamsternBot("hard"), random.Random(state.seed), 0
    while not rival.is_over():
        if rival.is_chance_node():
            rival.apply(Roll(rolls[rolled]) if rolled < len(rolls) else rival.chance_outcome())
            rolled += 1
        else:
            rival.apply(bot.choose(rival.view(0), rival.legal_actions(), rng))
    return rival.scores()[0]
