"""``python -m assistant score``: totals, winners with tie-breaks, and clean refusals."""

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


def test_a_game_without_a_score_check_says_it_is_not_built():
    """Every game of the contract has its check now; a game registered without one is refused clearly."""
    from assistant.__main__ import score
    from assistant.games.registry import GameInfo, register_game, unregister_game

    register_game(GameInfo(name="no_check", titles={"en": "No check", "de": "Ohne Prüfung"}, icon="x",
                           kind="cards", min_players=2, max_players=4))
    try:
        with pytest.raises(ValueError, match="score checking for no_check is not built yet"):
            score("no_check", {"players": []})
    finally:
        unregister_game("no_check")


def test_every_cell_of_the_layout_is_accepted():
    layout = load_layout("B")
    all_cells = [list(cell) for cell in layout.cells]
    table = {"side": "B", "players": [{"name": "Max", "crossed": all_cells, "one_track_struck": 8}]}
    result = run(["hamstern", "-"], json.dumps(table))
    assert result.returncode == 0, result.stderr
    total = json.loads(result.stdout)["players"][0]["total"]
    assert total == sum(c.points for c in layout.chambers) + 10 + 16


HAMSTERN_PLAYER = {"crossed": [], "one_track_struck": 0}
BIBER_PLAYER = {"display": [[1, 2, 3, 4], [5, 6, 7, 8]]}


@pytest.mark.parametrize("game, extra, player", [("hamstern", {"side": "A"}, HAMSTERN_PLAYER),
                                                 ("biber_gang", {}, BIBER_PLAYER)])
def test_both_score_checks_read_players_with_the_same_reasons(game, extra, player):
    """One reading of the players for every game (assistant/games/score_input.py)."""
    from assistant.__main__ import score

    def reason(players) -> str:
        with pytest.raises(ValueError) as error:
            score(game, {**extra, "players": players})
        return str(error.value)

    title, low = {"hamstern": ("Hamstern", 1), "biber_gang": ("Biber Gang", 2)}[game]
    named = [{"name": name, **player} for name in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")]
    assert reason(named) == f"{title} is for {low} to 6 players, not 7"
    assert reason("Ann") == "expected a JSON object with a list of 'players'"
    assert reason(["Ann", *named[:2]]) == "player 1 needs a name"
    assert reason([named[0], {**player, "name": "   "}]) == "player 2 needs a name"
    assert reason([named[0], {**player, "name": " Ann "}]) == "two players are called 'Ann'"


# --- Hamsterbacke: score pile minus hand (docs/RULES.md K4) ------------------------------------
def backe(*players) -> str:
    return json.dumps({"players": [{"name": name, **counts} for name, counts in players]})


def test_hamsterbacke_totals_are_score_pile_minus_hand_and_the_blocking_stack_does_not_count():
    table = backe(("Bernd", {"score_pile": 20, "hand": 5, "blocking": 3}),
                  ("Ann", {"score_pile": 14, "hand": 0, "blocking": 0}),
                  ("Cy", {"score_pile": 0, "hand": 9, "blocking": 0}))
    result = run(["hamsterbacke", "-"], table)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Bernd", 15), ("Ann", 14), ("Cy", -9)]
    assert out["players"][0]["breakdown"] == {"score_pile": 20, "hand": 5, "blocking": 3}
    assert out["winners"] == ["Bernd"]


def test_hamsterbacke_ties_share_first_place_and_118_cards_are_the_most():
    table = backe(("Ann", {"score_pile": 50, "hand": 10, "blocking": 0}),
                  ("Bo", {"score_pile": 45, "hand": 5, "blocking": 0}),
                  ("Cy", {"score_pile": 8, "hand": 0, "blocking": 0}))  # 118 cards: two piles stay in the circle
    result = run(["hamsterbacke", "-"], table)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["Ann", "Bo"]


NOTHING = {"score_pile": 0, "hand": 0, "blocking": 0}  # a player who scored nothing and holds nothing


@pytest.mark.parametrize("table, reason", [
    ('{"players": [{"name": "Ann", "score_pile": 3', "not valid JSON"),
    (backe(("Ann", {"score_pile": -1, "hand": 0}), ("Bo", NOTHING)), "score_pile must be a whole number"),
    (backe(("Ann", {"score_pile": 1.5, "hand": 0}), ("Bo", NOTHING)), "score_pile must be a whole number"),
    (backe(("Ann", {"score_pile": 4, "hand": "3", "blocking": 0}), ("Bo", NOTHING)), "hand must be a whole number"),
    (backe(("Ann", {"score_pile": 4, "hand": True, "blocking": 0}), ("Bo", NOTHING)), "hand must be a whole number"),
    (backe(("Ann", {"score_pile": 4, "hand": 0, "blocking": None}), ("Bo", NOTHING)), "blocking must be a whole"),
    (backe(("Ann", {"score_pile": 4, "blocking": 0}), ("Bo", NOTHING)), "Ann: the number of cards in 'hand' is"),
    (backe(("Ann", {"score_pile": 40, "hand": 4}), ("Bo", NOTHING)), "'blocking' is missing"),
    (backe(("Ann", {**NOTHING, "blocked": 3}), ("Bo", NOTHING)), "Ann: unknown field 'blocked'"),
    (backe(("Ann", {"score_pile": 30, "hand": 4, "blocking": 10}), ("Bo", NOTHING)), "fewer than any finished game"),
    (backe(("Ann", {"hand": 4, "blocking": 0}), ("Bo", NOTHING)), "Ann: the number of cards in 'score_pile' is"),
    (backe(("Ann", {"score_pile": 100, "hand": 10, "blocking": 0}), ("Bo", {**NOTHING, "blocking": 9})),
     "119 cards together"),
    (backe(("Ann", {"score_pile": 10**30, "hand": 0, "blocking": 0}), ("Bo", NOTHING)), "at most 118"),
    (backe(*[(name, NOTHING) for name in "ABCDEF"]), "for 2 to 5 players, not 6"),
])
def test_hamsterbacke_bad_input_exits_2_with_one_line(table, reason):
    result = run(["hamsterbacke", "-"], table)
    assert result.returncode == 2 and result.stdout == ""
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_hamsterbacke_score_check_reasons_exist_in_both_languages():
    from assistant import i18n
    from assistant.errors import IllegalAction
    from assistant.games.hamsterbacke.scorecard import MOST_HELD, check_counts

    with pytest.raises(IllegalAction) as error:
        check_counts([{"score_pile": 60, "hand": 0, "blocking": 0}, {"score_pile": 59, "hand": 0, "blocking": 0}])
    assert error.value.key == "error.backe.too_many_cards" and MOST_HELD == 118
    english, german = error.value.message("en"), error.value.message("de")
    assert "119" in english and "118" in english and "119" in german and "118" in german and english != german
    assert all(error.value.key in i18n.catalogue(lang) for lang in ("en", "de"))
