"""``python -m assistant score hamstern``: totals, winners with tie-breaks, and clean refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from assistant.games.hamstern.layout import load_layout
from assistant.games.hamstern.scoring import Breakdown, deciding_tie_break, winners

S_A = [[4, 5], [4, 6], [4, 7], [5, 5], [5, 6], [5, 7], [6, 5], [6, 6], [6, 7]]


def run(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "assistant", "score", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_scores_a_finished_table_from_stdin():
    d_cells = [[4, 3], [4, 2], [4, 1], [4, 0], [5, 0], [5, 1], [5, 2], [5, 3]]  # d, entered at D5
    table = {"side": "A", "players": [
        {"name": "Ann", "crossed": S_A + d_cells, "one_track_struck": 2},
        {"name": "Bo", "crossed": S_A[:5], "one_track_struck": 0},
    ]}
    result = run(["hamstern", "-"], json.dumps(table))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    ann = out["players"][0]
    # S (3) + d (5) full; mushrooms G6 H5 (S) and A6 (d); no acorns.
    assert ann["breakdown"] == {"chambers": 8, "mushrooms": 3, "acorns": 0, "complete_chambers": ["S", "d"]}
    assert ann["total"] == 11 and out["winners"] == ["Ann"] and out["decided_by"] is None


def test_tie_breaks_chambers_then_mushrooms_then_acorns():
    def b(chambers, mushrooms, acorns):
        return Breakdown(chambers, mushrooms, acorns, ())

    assert deciding_tie_break([b(10, 0, 2), b(8, 2, 2)]) == "chambers"
    assert winners([b(10, 0, 2), b(8, 2, 2)]) == [0]
    assert deciding_tie_break([b(8, 2, 2), b(8, 0, 4)]) == "mushrooms"
    assert winners([b(8, 0, 4), b(8, 2, 2)]) == [1]
    # Same chambers and mushrooms means same acorns when totals tie: shared.
    assert winners([b(8, 2, 2), b(8, 2, 2), b(3, 0, 0)]) == [0, 1]
    assert deciding_tie_break([b(8, 2, 2), b(8, 2, 2)]) == "shared"
    # Needing the later step against one rival decides the label.
    assert deciding_tie_break([b(10, 2, 0), b(9, 3, 0), b(10, 0, 2)]) == "mushrooms"
    assert deciding_tie_break([b(5, 0, 0), b(3, 0, 0)]) is None


def test_free_start_sheets_may_begin_anywhere():
    table = {"side": "A", "free_start": True, "players": [{"name": "Ann", "crossed": [[0, 0], [0, 1]]}]}
    result = run(["hamstern", "-"], json.dumps(table))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["players"][0]["total"] == 2  # the acorn at A1


@pytest.mark.parametrize("table, reason", [
    ("{not json", "not valid JSON"),
    ('[1, 2]', "JSON object"),
    ('{"side": "C", "players": []}', "side"),
    ('{"side": "A", "players": []}', "1 to 6"),
    ('{"side": "A", "players": [{"name": "Ann", "crossed": [[3, 3]]}]}', "not a cell"),
    ('{"side": "A", "players": [{"name": "Ann", "crossed": [[99, 0]]}]}', "not a cell"),
    ('{"side": "A", "players": [{"name": "Ann", "crossed": [[4, 5], [4, 5]]}]}', "twice"),
    ('{"side": "A", "players": [{"name": "Ann", "crossed": [[4, 5], [0, 0]]}]}', "cannot have been reached"),
    ('{"side": "A", "players": [{"name": "Ann", "crossed": [], "one_track_struck": 11}]}', "one_track_struck"),
    ('{"side": "A", "players": [{"name": "", "crossed": []}]}', "needs a name"),
    ('{"side": "A", "players": [{"name": "A"}, {"name": "A"}]}', "two players"),
    ('{"side": "A", "players": [{"name": "Ann", "crossed": [["x", 1]]}]}', "a cell is"),
])
def test_bad_input_exits_2_with_one_line(table, reason):
    result = run(["hamstern", "-"], table)
    assert result.returncode == 2
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_missing_file_and_unknown_game(tmp_path):
    result = run(["hamstern", str(tmp_path / "nope.json")])
    assert result.returncode == 2 and "cannot read" in result.stderr
    result = run(["chess", "-"], "{}")
    assert result.returncode == 2


def test_every_cell_of_the_layout_is_accepted():
    layout = load_layout("B")
    all_cells = [list(cell) for cell in layout.cells]
    table = {"side": "B", "players": [{"name": "Max", "crossed": all_cells, "one_track_struck": 8}]}
    result = run(["hamstern", "-"], json.dumps(table))
    assert result.returncode == 0, result.stderr
    total = json.loads(result.stdout)["players"][0]["total"]
    assert total == sum(c.points for c in layout.chambers) + 10 + 16
