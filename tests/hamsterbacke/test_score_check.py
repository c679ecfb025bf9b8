"""``python -m assistant score hamsterbacke``: score pile minus hand (docs/RULES.md K4), ties, clean refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "assistant", "score", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


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
