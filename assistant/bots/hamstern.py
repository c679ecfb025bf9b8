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
from functools import lru_cache

from assistant.bots import Advice
from assistant.bots.hamstern_judge import TIE, Judge
from assistant.games.hamstern.layout import Layout, load_layout
from assistant.games.hamstern.rules import HamsternState, Place, Roll

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
        rolls_left = rolls_left_after(view["hourglass"], view["counter_length"] - view["counter_ticked"])
        return cls(
            layout=layout,
            crossed=layout.mask(tuple(cell) for cell in me["crossed"]),
            track_left=layout.one_track_length - me["one_track_struck"],
            roll=view["roll"],
            free_start=view["free_start"],
            rolls_left=rolls_left,
        )


@lru_cache(maxsize=4)  # each keeps up to some 60 MB of its work
def judge_for(side: str) -> Judge:
    """The judge of a side's (or a cave's) sheets, kept with what it has worked out between decisions."""
    return Judge(load_layout(side))


def rolls_left_after(hourglass: bool, boxes_left: int) -> float:
    """The rolls still to come after this one, roughly: every roll of 4-6 ticks a box once the hourglass
    is crossed, so about two rolls a box."""
    return 2.0 * boxes_left if hourglass else ROLLS_BEFORE_HOURGLASS + 2.0 * boxes_left


def best_placement(judge: Judge, situation: Situation, masks: list[int], level: str) -> int:
    """The index in ``masks`` of the placement the bot of ``level`` makes.

    Easy: the best sheet now. Hard: of the best few now, the best expected sheet after the next roll
    too. Values equal to 9 decimals are a tie, and a tie goes to the earliest placement, so the same
    position always gets the same advice.
    """
    static = judge.static_values(situation.crossed, situation.track_left, situation.roll, situation.rolls_left,
                                 situation.free_start, masks)
    ranked = sorted(range(len(masks)), key=lambda i: -round(static[i], TIE))
    if level != "hard":
        return ranked[0]
    later = max(situation.rolls_left - 1, 0)

    def expected(i: int) -> float:
        track = situation.track_left - (masks[i].bit_count() if situation.roll == 1 else 0)
        return round(judge.expected_after_next_roll(situation.crossed | masks[i], track, later,
                                                    situation.free_start), TIE)

    return max(ranked[:CANDIDATES_FOR_LOOKAHEAD], key=lambda i: (expected(i), -i))


class HamsternBot:
    def __init__(self, level: str):
        self.level = level

    def advise(self, view: dict, legal_actions: list, rng: random.Random) -> Advice:
        if len(legal_actions) == 1 and legal_actions[0].is_pass:
            return Advice(legal_actions[0], "bot.hamstern.pass")
        situation = Situation.from_view(view)
        masks = [situation.layout.mask(action.cells) for action in legal_actions]
        best = best_placement(judge_for(view["side"]), situation, masks, self.level)
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
