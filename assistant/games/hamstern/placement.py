"""Where a player may cross cells (RULINGS.md section 1, "Placement rulings").

Pure functions over one player's sheet: ``crossed`` is a bitmask over the
layout's chamber cells. The engine, the bots, the score check and the app all
ask these same functions, so there is exactly one reading of the rules.
"""

from __future__ import annotations

from assistant.errors import IllegalAction
from assistant.games.hamstern.layout import Layout, bits

MAX_CROSSES_ON_ONE = 7


def allowed_sizes(roll: int, track_left: int) -> range:
    """How many cells a roll lets a player cross: exactly d, or 1..7 on a 1 (track permitting)."""
    if roll == 1:
        return range(1, min(MAX_CROSSES_ON_ONE, track_left) + 1)
    return range(roll, roll + 1)


def anchors(layout: Layout, crossed: int, free_start: bool) -> int:
    """The empty cells a new group may touch its sheet with.

    The first placement may use any start-chamber cell (any cell with free start).
    Later: an empty cell orthogonally next to a cross of its own chamber, or the
    far end of a corridor whose near end is crossed (how a chamber is entered).
    """
    if crossed == 0:
        if free_start:
            return (1 << len(layout.cells)) - 1
        return layout.chamber_masks[layout.chambers.index(layout.start_chamber)]
    touching = 0
    for i in bits(crossed):
        touching |= layout.neighbours[i] | layout.corridor_ends[i]
    return touching & ~crossed


def check(layout: Layout, crossed: int, cells: int, sizes: range, free_start: bool) -> None:
    """Raise IllegalAction with the first reason ``cells`` may not be crossed now."""
    count = cells.bit_count()
    if count not in sizes:
        if len(sizes) == 1:
            raise IllegalAction("error.hamstern.need_exactly", count=sizes.start, chosen=count)
        raise IllegalAction("error.hamstern.need_between", low=sizes.start, high=sizes.stop - 1, chosen=count)
    if cells & crossed:
        cell = layout.cells[(cells & crossed).bit_length() - 1]
        raise IllegalAction("error.hamstern.already_crossed", cell=layout.cell_name(cell))
    chamber = layout.chamber_of[cells.bit_length() - 1]
    if cells & ~layout.chamber_masks[chamber]:
        raise IllegalAction("error.hamstern.one_chamber")
    if not is_connected(layout, cells):
        raise IllegalAction("error.hamstern.not_connected")
    if not cells & anchors(layout, crossed, free_start):
        if crossed == 0:
            raise IllegalAction("error.hamstern.first_in_start")
        raise IllegalAction("error.hamstern.must_touch")


def is_connected(layout: Layout, cells: int) -> bool:
    """True if ``cells`` form one orthogonally connected group inside one chamber."""
    return region(layout, cells & -cells, cells) == cells


def can_place(layout: Layout, crossed: int, sizes: range, free_start: bool) -> bool:
    """True if any legal placement exists.

    A connected region of empty cells that holds an anchor and has at least k
    cells always contains a connected group of exactly k cells through that
    anchor, so it is enough to measure the regions around the anchors.
    """
    if not sizes:
        return False
    empty = ~crossed & ((1 << len(layout.cells)) - 1)
    remaining = anchors(layout, crossed, free_start)
    while remaining:
        around = region(layout, remaining & -remaining, empty)
        if around.bit_count() >= sizes.start:
            return True
        remaining &= ~around
    return False


def region(layout: Layout, seed: int, allowed: int) -> int:
    """The cells of ``allowed`` reachable from ``seed`` by steps inside a chamber."""
    reached, frontier = seed, seed
    while frontier:
        grown = 0
        for i in bits(frontier):
            grown |= layout.neighbours[i]
        frontier = grown & allowed & ~reached
        reached |= frontier
    return reached


def placements(layout: Layout, crossed: int, sizes: range, free_start: bool) -> list[int]:
    """Every legal placement as a bitmask, each exactly once, in a fixed order.

    Each group is found from the lowest anchor it contains: for the i-th anchor we
    list the connected groups through it that avoid all lower anchors
    (Redelmeier's method, which lists every connected group exactly once).
    """
    found: list[int] = []
    if not sizes:
        return found
    empty = ~crossed & ((1 << len(layout.cells)) - 1)
    lower_anchors = 0
    for a in bits(anchors(layout, crossed, free_start)):
        root = 1 << a
        allowed = empty & layout.chamber_masks[layout.chamber_of[a]] & ~lower_anchors
        _grow(layout.neighbours, allowed, 0, 0, root, root, sizes.start, sizes.stop - 1, found)
        lower_anchors |= root
    return found


def _grow(neighbours, allowed, group, size, untried, seen, low, high, found):
    while untried:
        newest = untried & -untried
        untried ^= newest
        bigger = group | newest
        if size + 1 >= low:
            found.append(bigger)
        if size + 1 < high:
            fresh = neighbours[newest.bit_length() - 1] & allowed & ~seen
            _grow(neighbours, allowed, bigger, size + 1, untried | fresh, seen | fresh, low, high, found)
