"""How the Hamstern bots judge a sheet, fast enough for a cave's balance check (hundreds of games).

A sheet's value is what the bots maximise (see ``assistant.bots.hamstern``):

    mushrooms + acorn points + 0.6 per 1-track box left
    + for each started chamber: its points when full, else a share (``chamber_value``)
    + for each chamber not started: 1 per crossed door into it (an open corridor keeps rolls usable)

The hard bot's look-ahead compares thousands of sheets that differ from the one before in a single
chamber. So the Judge works with differences: a placement in chamber k changes k's own term, the
mushrooms, acorns and 1-track, the doors it crosses, and (only when it uses the last 1-track box) the
other started chambers' terms. Each chamber's possible placements are listed once for its state and
kept, boiled down to what changes the value (size, single cells left, mushrooms, acorns, doors), so the
look-ahead over six rolls costs a few dozen sums instead of thousands of whole sheets.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games.hamstern import placement
from assistant.games.hamstern.layout import Layout, bits
from assistant.games.hamstern.scoring import ACORN_POINTS

TRACK_BOX_VALUE = 0.6  # a 1-track box lets a later 1 fill an awkward gap
OPEN_DOOR_VALUE = 1.0  # an open corridor into a new chamber keeps every roll usable
# What a judge keeps, at most (a long session starts afresh past it): 200 games of a balance check keep
# about 10,000 chambers' placements and 25,000 chambers' best gains, some 30 MB in all.
KEPT_OPTIONS, KEPT_GAINS = 20_000, 100_000
MAX_ON_ONE = placement.MAX_CROSSES_ON_ONE
TIE = 9  # decimals: values equal to 9 places are a tie, whoever computed them in which order


@dataclass(frozen=True)
class Options:
    """The placements in one chamber in one state, for one range of sizes."""

    features: dict[int, tuple]  # placement mask -> (size, singles left, mushrooms, acorns, door cells)
    # The features worth considering for the best placement: no other of the same size has fewer single
    # cells left, no fewer mushrooms, acorns or doors (each of those is worth more, never less).
    distinct: tuple[tuple, ...]


class Judge:
    """The bots' judgement of sheets on one layout, with what it has worked out kept for the next call."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self.points = [chamber.points for chamber in layout.chambers]
        self.sizes = [mask.bit_count() for mask in layout.chamber_masks]
        self.doors = doors_into(layout)
        # Per chamber: its cells from which a corridor leads into another chamber.
        self.door_cells = [mask & sum_masks(self.doors) for mask in layout.chamber_masks]
        self._options: dict[tuple, Options] = {}
        self._values: dict[tuple, float] = {}
        self._best: dict[tuple, tuple[float, ...]] = {}
        self._singles: dict[int, int] = {}
        self._doors_opened: dict[tuple, int] = {}

    # --- one sheet ---------------------------------------------------------------------
    def chamber_value(self, n: int, filled: int, singles: int, has_track: bool, rolls_left: int) -> float:
        """What chamber ``n`` is worth with ``filled`` cells crossed and ``singles`` empty cells cut off
        alone: all its points when full, else a share."""
        key = (n, filled, singles, has_track, rolls_left)
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = chamber_share(self.points[n], self.sizes[n], filled, singles, has_track,
                                                      rolls_left)
        return value

    def singles(self, empty: int) -> int:
        """How many of the ``empty`` cells of a chamber have no empty neighbour (only a 1 fills them)."""
        count = self._singles.get(empty)
        if count is None:
            neighbours = self.layout.neighbours
            count = self._singles[empty] = sum(1 for i in bits(empty) if not neighbours[i] & empty)
        return count

    def terms(self, crossed: int, has_track: bool, rolls_left: int) -> list[float]:
        """Each chamber's part of the sheet's value."""
        terms = []
        for n, mask in enumerate(self.layout.chamber_masks):
            mine = crossed & mask
            if mine:
                terms.append(self.chamber_value(n, mine.bit_count(), self.singles(mask & ~crossed), has_track,
                                                rolls_left))
            else:
                terms.append(OPEN_DOOR_VALUE * (crossed & self.doors[n]).bit_count())
        return terms

    def sheet_value(self, crossed: int, track_left: int, rolls_left: float) -> float:
        layout = self.layout
        value = (crossed & layout.mushroom_mask).bit_count() + ACORN_POINTS[(crossed & layout.acorn_mask).bit_count()]
        value += TRACK_BOX_VALUE * track_left
        return value + sum(self.terms(crossed, track_left > 0, round(rolls_left)))

    # --- placements, by chamber ----------------------------------------------------------
    def options(self, n: int, crossed: int, anchors: int, low: int, high: int) -> Options:
        """The placements of ``low``..``high`` cells in chamber ``n`` through one of its ``anchors``."""
        mask = self.layout.chamber_masks[n]
        key = (n, crossed & mask, anchors & mask, low, high)
        found = self._options.get(key)
        if found is None:
            if len(self._options) > KEPT_OPTIONS or len(self._best) > KEPT_GAINS:
                self._options.clear()
                self._values.clear()
                self._best.clear()
                self._singles.clear()
                self._doors_opened.clear()
            found = self._options[key] = self._list_options(n, crossed & mask, anchors & mask, low, high)
        return found

    def _list_options(self, n: int, mine: int, anchors: int, low: int, high: int) -> Options:
        layout = self.layout
        empty = self.layout.chamber_masks[n] & ~mine
        groups: list[int] = []
        lower_anchors = 0
        for a in bits(anchors):
            root = 1 << a
            placement._grow(layout.neighbours, empty & ~lower_anchors, 0, 0, root, root, low, high, groups)
            lower_anchors |= root
        features = {group: self.feature(n, mine, group) for group in groups}
        return Options(features, best_of(dict.fromkeys(features.values())))

    def feature(self, n: int, crossed: int, group: int) -> tuple:
        """What crossing ``group`` in chamber ``n`` changes in the value: (size, singles left, mushrooms, acorns,
        door cells)."""
        layout = self.layout
        empty = layout.chamber_masks[n] & ~crossed & ~group
        return (group.bit_count(), self.singles(empty), (group & layout.mushroom_mask).bit_count(),
                (group & layout.acorn_mask).bit_count(), group & self.door_cells[n])

    # --- how much a placement adds ----------------------------------------------------------
    def context(self, crossed: int, track_left: int, rolls_left: float) -> Context:
        """What every placement on ``crossed`` is measured against."""
        layout, budget = self.layout, round(rolls_left)
        has_track = track_left > 0
        terms, drop = [], []
        for n, mask in enumerate(layout.chamber_masks):
            mine = crossed & mask
            if mine:
                filled, singles = mine.bit_count(), self.singles(mask & ~crossed)
                terms.append(self.chamber_value(n, filled, singles, has_track, budget))
                # Using the last 1-track box changes every started chamber's worth (a lone cell needs a 1).
                drop.append(self.chamber_value(n, filled, singles, False, budget) - terms[-1])
            else:
                terms.append(OPEN_DOOR_VALUE * (crossed & self.doors[n]).bit_count())
                drop.append(0.0)
        unstarted_bits = sum(1 << n for n, mask in enumerate(layout.chamber_masks) if not crossed & mask)
        acorns = (crossed & layout.acorn_mask).bit_count()
        value = (crossed & layout.mushroom_mask).bit_count() + ACORN_POINTS[acorns]
        value += TRACK_BOX_VALUE * track_left
        return Context(crossed, track_left, budget, terms, value + sum(terms), acorns, sum(drop), drop,
                       unstarted_bits)

    def gain(self, context: Context, roll: int, n: int, feature: tuple) -> float:
        """How much crossing a placement of chamber ``n`` with ``feature`` on ``roll`` adds to the sheet's value."""
        size, singles, mushrooms, acorns, doors = feature
        track = context.track_left - size if roll == 1 else context.track_left
        filled = (context.crossed & self.layout.chamber_masks[n]).bit_count() + size
        gain = self.chamber_value(n, filled, singles, track > 0, context.budget) - context.terms[n]
        gain += mushrooms + ACORN_POINTS[context.acorns + acorns] - ACORN_POINTS[context.acorns]
        gain -= TRACK_BOX_VALUE * (context.track_left - track)
        if doors:
            gain += OPEN_DOOR_VALUE * self.doors_opened(doors, context.unstarted_bits)
        if track == 0 < context.track_left:
            gain += context.drop - context.own_drop[n]
        return gain

    def doors_opened(self, doors: int, unstarted_bits: int) -> int:
        """How many corridors the door cells ``doors`` open into the chambers not started."""
        key = (doors, unstarted_bits)
        count = self._doors_opened.get(key)
        if count is None:
            count = self._doors_opened[key] = sum((doors & self.doors[n]).bit_count()
                                                  for n in bits(unstarted_bits))
        return count

    def chamber_gains(self, context: Context, n: int, anchors: int) -> tuple[float, ...]:
        """The most a placement in chamber ``n`` adds on each roll 1..6 (minus infinity where none fits).

        Kept by everything it depends on: the look-ahead asks again for the chambers a candidate leaves alone.
        """
        mask = self.layout.chamber_masks[n]
        track = context.track_left
        key = (n, context.crossed & mask, anchors & mask, track, context.budget, context.acorns,
               context.unstarted_bits, context.drop - context.own_drop[n] if track <= MAX_ON_ONE else 0.0)
        gains = self._best.get(key)
        if gains is None:
            found = []
            for roll in range(1, 7):
                sizes = placement.allowed_sizes(roll, track)
                best = float("-inf")
                if sizes:
                    for feature in self.options(n, context.crossed, anchors, sizes.start, sizes.stop - 1).distinct:
                        gain = self.gain(context, roll, n, feature)
                        if gain > best:
                            best = gain
                found.append(best)
            gains = self._best[key] = tuple(found)
        return gains

    def expected_after_next_roll(self, crossed: int, track_left: int, rolls_left: float, free_start: bool) -> float:
        """The sheet's value after the best use of each of the six next rolls (a pass if nothing fits)."""
        anchors = placement.anchors(self.layout, crossed, free_start)
        context = self.context(crossed, track_left, rolls_left)
        best = [0.0] * 6  # the pass adds nothing
        for n, mask in enumerate(self.layout.chamber_masks):
            if anchors & mask:
                for roll, gain in enumerate(self.chamber_gains(context, n, anchors)):
                    if gain > best[roll]:
                        best[roll] = gain
        return context.value + sum(best) / 6

    def static_values(self, crossed: int, track_left: int, roll: int, rolls_left: float, free_start: bool,
                      masks: list[int]) -> list[float]:
        """The sheet's value after each of ``masks`` (legal placements of ``roll``)."""
        context = self.context(crossed, track_left, rolls_left)
        anchors = placement.anchors(self.layout, crossed, free_start)
        sizes = placement.allowed_sizes(roll, track_left)
        values = []
        for mask in masks:
            n = self.layout.chamber_of[mask.bit_length() - 1]
            feature = self.options(n, crossed, anchors, sizes.start, sizes.stop - 1).features.get(mask)
            if feature is None:  # not a placement the rules list (a caller's own list): judged alone
                feature = self.feature(n, crossed, mask)
            values.append(context.value + self.gain(context, roll, n, feature))
        return values


@dataclass(frozen=True)
class Context:
    crossed: int
    track_left: int
    budget: int  # the rolls still to come, rounded: what the chamber shares are judged by
    terms: list[float]  # each chamber's part of the value now
    value: float  # the sheet's value now
    acorns: int  # acorns crossed
    drop: float  # what the started chambers lose when the 1-track runs out
    own_drop: list[float]  # each started chamber's share of ``drop``
    unstarted_bits: int  # bit n: chamber n is not started


def best_of(features) -> tuple[tuple, ...]:
    """``features`` without those another one beats or equals in every respect (see Options.distinct)."""
    features = list(features)
    kept = []
    for feature in features:
        size, singles, mushrooms, acorns, doors = feature
        if not any(other is not feature and other[0] == size and other[1] <= singles and other[2] >= mushrooms
                   and other[3] >= acorns and other[4] & doors == doors for other in features):
            kept.append(feature)
    return tuple(kept)


def chamber_share(points: int, size: int, filled: int, singles: int, has_track: bool, rolls_left: int) -> float:
    """A started chamber's worth: all its points when full, else a share of them that grows with the
    filling and fades when the missing cells exceed what the remaining rolls can plausibly bring."""
    if filled == size:
        return float(points)
    # A single stranded cell needs a roll of 1, which needs the 1-track.
    if singles and not has_track:
        return 0.0
    missing = size - filled
    reachable = min(1.0, (3.5 * rolls_left + 1) / (2.5 * missing))
    share = 0.8 * (filled / size) ** 2 * reachable * (0.75 ** singles)
    return points * share


def doors_into(layout: Layout) -> tuple[int, ...]:
    """Per chamber: the mask of the cells from which a corridor leads into it."""
    doors = [0] * len(layout.chambers)
    for a, b in layout.corridors:
        for near, far in ((a, b), (b, a)):
            doors[layout.chamber_of[layout.index[far]]] |= 1 << layout.index[near]
    return tuple(doors)


def sum_masks(masks) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union
