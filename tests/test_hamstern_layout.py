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
    text = (Path(__file__).resolve().parent.parent / "docs" / "RULES.md").read_text("utf-8")
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
