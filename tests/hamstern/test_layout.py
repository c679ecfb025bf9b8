"""The layout files: the constraints of RULINGS.md section 1, and clear errors for broken ones."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from assistant.games import get_game
from assistant.games.hamstern.layout import parse_layout, reachable_chambers


@pytest.mark.parametrize("side", ["A", "B"])
def test_layout_meets_the_design_constraints(side):
    layout = get_game("hamstern").layout(side)
    assert len(layout.chambers) == 8
    assert [c.start for c in layout.chambers].count(True) == 1
    assert all(4 <= len(c.cells) <= 16 for c in layout.chambers)
    assert list(layout.icons.values()).count("acorn") == 4
    assert 8 <= list(layout.icons.values()).count("mushroom") <= 12
    assert layout.one_track_length >= 7 and layout.round_counter_length == 6
    assert reachable_chambers(layout) == set(range(8))
    every_cell = [cell for c in layout.chambers for cell in c.cells]
    assert len(every_cell) == len(set(every_cell)), "a cell belongs to two chambers"
    assert layout.start_chamber.cells and (layout.rows // 2, layout.cols // 2) in layout.start_chamber.cells


def test_bigger_chambers_score_more_on_each_side():
    for side in "AB":
        chambers = get_game("hamstern").layout(side).chambers
        smallest = min(chambers, key=lambda c: len(c.cells))
        biggest = max(chambers, key=lambda c: len(c.cells))
        assert biggest.points > smallest.points


def test_side_b_is_crooked_with_a_split_chamber_and_longer_detours():
    a, b = (get_game("hamstern").layout(side) for side in "AB")
    assert b.rocks and not a.rocks
    assert len(b.corridors) < len(a.corridors)
    start_doors = [pair for pair in b.corridors if any(cell in b.start_chamber.cells for cell in pair)]
    assert len(start_doors) == 2


def _source(side="a"):
    return resources.files("templates").joinpath(f"hamstern_{side}.toml").read_text("utf-8")


@pytest.mark.parametrize("breakage, message", [
    (("points = 3\nstart = true", "points = 3"), "start chamber"),
    (("[[4, 5], [4, 3]],    # start - d", "[[4, 5], [4, 4]],"), "not in a chamber"),
    (("A.........M.A", "..........M.A"), "4 acorns"),
    (("points_at = [6, 4]", "points_at = [5, 5]"), "points_at"),
    (("one_track_length = 10", "one_track_length = 5"), "1-track"),
])
def test_broken_layouts_are_refused_with_a_reason(breakage, message):
    old, new = breakage
    text = _source()
    assert old in text
    with pytest.raises(ValueError, match=message):
        parse_layout(text.replace(old, new, 1))


def test_unreachable_chamber_is_refused():
    text = _source().replace("  [[5, 2], [8, 2]],    # d - f\n", "").replace("  [[9, 3], [9, 5]],    # f - g\n", "")
    with pytest.raises(ValueError, match="cannot be reached"):
        parse_layout(text)


def test_every_part_of_a_split_chamber_must_be_reachable():
    """Side B's chamber b is split by rock; its right part is entered only from chamber c."""
    text = _source("b")
    door = "  [[0, 11], [0, 9]],    # c - b (right part)\n"
    assert door in text
    parse_layout(text)
    with pytest.raises(ValueError, match=r"chamber b cannot be reached at \[0, 9\]"):
        parse_layout(text.replace(door, ""))


def _rules_table() -> dict[str, tuple[str, str]]:
    """The layout table of docs/RULES.md: row label -> (side A, side B) as written."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text("utf-8")
    table = text[text.index("| | Side A (light) | Side B (dark) |"):].split("\n\n")[0]
    rows = {}
    for line in table.splitlines()[2:]:
        label, a, b = (part.strip() for part in line.strip("|").split("|"))
        rows[label] = (a, b)
    return rows


def _leading_number(text: str) -> int:
    return int(re.match(r"\d+", text).group())


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_layout_table_in_the_docs_matches_the_files(side):
    layout = get_game("hamstern").layout(side)
    column = "AB".index(side)
    rows = _rules_table()
    assert _leading_number(rows["corridors"][column]) == len(layout.corridors)
    assert _leading_number(rows["cells in chambers"][column]) == len(layout.cells)
    assert _leading_number(rows["chamber points"][column]) == sum(c.points for c in layout.chambers)
    assert _leading_number(rows["1-track"][column]) == layout.one_track_length


def _distance_to_cells(point, cells) -> float:
    """From a point in sheet coordinates (x across, y down, in cells) to the nearest cell centre."""
    x, y = point
    return min(((col + 0.5 - x) ** 2 + (row + 0.5 - y) ** 2) ** 0.5 for row, col in cells)


@pytest.mark.parametrize("side", ["A", "B"])
def test_every_points_badge_sits_on_its_own_chambers_wall(side):
    """Issue 8: side A's "5" and "9" stood together in the earth, far from their walls."""
    layout = get_game("hamstern").layout(side)
    centres = {chamber.id: layout.badge_centre(chamber) for chamber in layout.chambers}
    for chamber in layout.chambers:
        own = _distance_to_cells(centres[chamber.id], chamber.cells)
        assert own <= 0.6, f"badge of {chamber.id} is {own:.2f} cells from its chamber"
        for other in layout.chambers:
            if other is not chamber:
                assert _distance_to_cells(centres[chamber.id], other.cells) > own, (chamber.id, other.id)
    ids = list(centres)
    for n, first in enumerate(ids):
        for second in ids[n + 1:]:
            (x1, y1), (x2, y2) = centres[first], centres[second]
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= 1, (first, second)


def test_badge_centre_is_the_middle_of_the_wall_towards_points_at():
    layout = get_game("hamstern").layout("A")
    f = next(chamber for chamber in layout.chambers if chamber.id == "f")
    assert f.points_at == (7, 3)  # the earth cell D8, above the chamber's cell D9
    assert layout.badge_centre(f) == (3.5, 8.0)  # x across, y down: the middle of D9's top wall


@pytest.mark.parametrize("side, old, new, message", [
    ("a", "points_at = [2, 0]", "points_at = [3, 0]", r"chamber a: points_at \[3, 0\] must share exactly one wall"),
    ("b", "points_at = [3, 1]", "points_at = [1, 1]", r"chamber a: points_at \[1, 1\] .* not 4"),
    ("a", "points_at = [2, 0]", "points_at = [2, 1]", r"chamber a: points_at \[2, 1\] is in a corridor"),
    ("a", "points_at = [6, 1]", "points_at = [6, 0]", r"chamber d: the badge would cover the mushroom at \[5, 0\]"),
])
def test_badges_off_their_wall_or_covering_something_are_refused(side, old, new, message):
    text = _source(side)
    assert old in text
    with pytest.raises(ValueError, match=message):
        parse_layout(text.replace(old, new, 1))


def test_badges_less_than_a_cell_apart_are_refused():
    """Cell E6 joined to chamber d: the earth cell E7 below it then touches both d and the start
    chamber, and both badges there would overlap."""
    text = _source().replace("dddd.SSS.eeee\n.....SSS", "dddddSSS.eeee\n.....SSS", 1)
    text = text.replace("points_at = [6, 1]", "points_at = [6, 4]", 1)
    assert "dddddSSS" in text and text.count("points_at = [6, 4]") == 2
    with pytest.raises(ValueError, match="the badges of chambers S and d are less than a cell apart"):
        parse_layout(text)
