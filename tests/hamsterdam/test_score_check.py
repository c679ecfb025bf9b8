"""Hamsterdam's score check: ``python -m assistant score hamsterdam FILE`` (fewest flood tokens in pile
and on the dam, then more hamsters left, then shared) and the counting form on the Score check page."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from streamlit.testing.v1.element_tree import Error

from assistant.errors import IllegalAction
from assistant.games.hamsterdam.scorecard import check_counts, check_scores, limits
from assistant.ui.common import plain
from tests.components import SCORE_PAGE as PAGE
from tests.components import open_app


def run(table: str):
    return subprocess.run([sys.executable, "-m", "assistant", "score", "hamsterdam", "-"], input=table,
                          capture_output=True, text=True, timeout=60)


def dam(*players) -> str:
    """The input of the check: (name, flood pile, dam tokens, hamsters) per player."""
    return json.dumps({"players": [{"name": name, "flood_pile": pile, "dam_tokens": tokens, "hamsters": hamsters}
                                   for name, pile, tokens, hamsters in players]})


# --- the command line -----------------------------------------------------------------------------
def test_fewest_tokens_in_pile_and_on_the_dam_win():
    result = run(dam(("Ann", 8, 2, 5), ("Bo", 4, 4, 0), ("Cy", 3, 0, 9)))  # the piles hold 15: three end
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Ann", 10), ("Bo", 8), ("Cy", 3)]
    assert out["players"][0]["breakdown"] == {"flood_pile": 8, "dam_tokens": 2, "hamsters": 5}
    assert out["winners"] == ["Cy"] and out["decided_by"] is None


def test_a_tie_on_tokens_goes_to_more_hamsters_left():
    out = json.loads(run(dam(("Ann", 6, 0, 5), ("Bo", 3, 3, 7), ("Cy", 6, 2, 12))).stdout)
    assert out["winners"] == ["Bo"] and out["decided_by"] == "hamsters"
    # Tokens decide before hamsters: a player with more hamsters but one token more loses.
    out = json.loads(run(dam(("Ann", 5, 0, 1), ("Bo", 5, 1, 14))).stdout)
    assert out["winners"] == ["Ann"] and out["decided_by"] is None


def test_still_tied_after_the_hamsters_the_win_is_shared():
    out = json.loads(run(dam(("Ann", 4, 2, 5), ("Bo", 6, 0, 5), ("Cy", 0, 6, 4), ("Di", 10, 0, 9))).stdout)
    assert out["winners"] == ["Ann", "Bo"] and out["decided_by"] == "shared"


def test_the_most_a_game_can_leave_is_accepted():
    most = limits()
    assert (most.tokens, most.per_player, most.together(2)) == (35, 20, 33)  # templates/hamsterdam.toml's dots
    result = run(dam(("Ann", 20, 0, 20), ("Bo", 10, 5, 13)))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["Bo"]


def player(name="Bo", **counts) -> dict:
    return {"name": name, "flood_pile": 0, "dam_tokens": 0, "hamsters": 0, **counts}


BO = player()


@pytest.mark.parametrize("table, reason", [
    ('{"players": [{"name": "Ann", "flood_pile": 3', "not valid JSON"),
    ("[1, 2]", "JSON object with a list of 'players'"),
    (json.dumps({"players": [player("Ann")]}), "Hamsterdam is for 2 to 4 players, not 1"),
    (json.dumps({"players": [player(name) for name in "ABCDE"]}), "for 2 to 4 players, not 5"),
    (json.dumps({"players": [player("Ann", flood_pile=-1), BO]}), "Ann: flood_pile must be a whole number"),
    (json.dumps({"players": [player("Ann", dam_tokens=1.5), BO]}), "Ann: dam_tokens must be a whole number of flood"),
    (json.dumps({"players": [player("Ann", hamsters="3"), BO]}), "Ann: hamsters must be a whole number of hamsters"),
    (json.dumps({"players": [player("Ann", hamsters=True), BO]}), "Ann: hamsters must be a whole number of hamsters"),
    (json.dumps({"players": [player("Ann", hamsters=None), BO]}), "Ann: hamsters must be a whole number of hamsters"),
    (json.dumps({"players": [{"name": "Ann", "flood_pile": 1, "hamsters": 2}, BO]}),
     "Ann: the number of flood tokens in 'dam_tokens' is missing"),
    (json.dumps({"players": [{"name": "Ann", "dam_tokens": 1, "hamsters": 2}, BO]}),
     "Ann: the number of flood tokens in 'flood_pile' is missing"),
    (json.dumps({"players": [{"name": "Ann", "flood_pile": 1, "dam_tokens": 2}, BO]}),
     "Ann: the number of hamsters in 'hamsters' is missing"),
    (json.dumps({"players": [player("Ann", specials=2), BO]}), "Ann: unknown field 'specials'"),
    (json.dumps({"players": [{"flood_pile": 1, "dam_tokens": 0, "hamsters": 0}, BO]}), "player 1 needs a name"),
    (json.dumps({"players": [player("Bo"), BO]}), "two players are called 'Bo'"),
    (dam(("Ann", 20, 10, 0), ("Bo", 5, 1, 0)), "36 flood tokens in all (flood piles and dams together)"),
    (dam(("Ann", 10**30, 0, 0), ("Bo", 0, 0, 0)), "more than the game has: 35"),
    (dam(("Ann", 1, 0, 21), ("Bo", 0, 0, 0)), "Ann: 21 hamsters left is more than anyone starts with: at most 20"),
    (dam(("Ann", 1, 0, 20), ("Bo", 0, 0, 14)), "34 hamsters left together is more than 2 players start with"),
])
def test_impossible_input_exits_2_with_one_line(table, reason):
    result = run(table)
    assert result.returncode == 2 and result.stdout == ""
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize("table, piles, end", [
    (dam(("Ann", 0, 0, 14), ("Bo", 0, 0, 14)), 0, 10),  # no token anywhere: once a shared win
    (dam(("Ann", 5, 10, 3), ("Bo", 4, 11, 3)), 9, 10),  # 30 tokens out: more than a last turn clears
    (dam(("Ann", 7, 0, 3), ("Bo", 7, 0, 3), ("Cy", 0, 14, 3)), 14, 15),
    (dam(("Ann", 5, 0, 3), ("Bo", 5, 0, 3), ("Cy", 5, 0, 3), ("Di", 4, 7, 3)), 19, 20),
])
def test_an_end_no_game_reaches_exits_2_with_one_line(table, piles, end):
    """The piles short of the end number and the supply not empty: the game was still on."""
    result = run(table)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert result.stderr.startswith("No game ends so: the flood piles hold")
    assert f"hold {piles} tokens together, fewer than the {end} that end" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize("table", [
    dam(("Ann", 5, 0, 3), ("Bo", 5, 0, 3)),  # the piles at the end number, the supply full
    dam(("Ann", 5, 10, 3), ("Bo", 4, 16, 3)),  # the supply used up: all 35 on the dams and in the piles
    dam(("Ann", 9, 0, 3), ("Bo", 9, 0, 3), ("Cy", 0, 0, 3)),  # a turn finishes past the end number
    # The supply ran out (the game ends after this turn), then the turn's breaches cleared a token back
    # into it: 4 players, seed 2, found by an audit.
    dam(("Ann", 3, 6, 3), ("Bo", 2, 7, 3), ("Cy", 4, 4, 3), ("Di", 1, 7, 3)),
])
def test_the_ends_a_game_reaches_are_accepted(table):
    result = run(table)
    assert result.returncode == 0, result.stderr


def test_the_end_check_refuses_in_both_languages_and_waits_while_counting():
    counts = [{"flood_pile": 0, "dam_tokens": 0, "hamsters": 3}, {"flood_pile": 0, "dam_tokens": 0, "hamsters": 3}]
    check_counts(["Ann", "Bo"], counts, finished=False)  # counts still being entered: not refused yet
    with pytest.raises(IllegalAction) as error:
        check_counts(["Ann", "Bo"], counts)
    assert error.value.key == "error.hamsterdam.score_check.not_over"
    assert error.value.message("de").startswith("So endet kein Spiel: Die Flutstapel halten zusammen 0 Flutmarker")
    with pytest.raises(ValueError, match="^No game ends so"):  # the command line's own function too
        check_scores({"players": [{"name": name, **row} for name, row in zip(("Ann", "Bo"), counts, strict=True)]})


def test_the_hamster_limit_is_explained():
    result = run(dam(("Ann", 1, 0, 21), ("Bo", 0, 0, 0)))
    assert "orange dot" in result.stderr and "Twinster" in result.stderr and "no hamster joins later" in result.stderr


def test_the_reasons_exist_in_both_languages():
    counts = [{"flood_pile": 0, "dam_tokens": 0, "hamsters": 21}, {"flood_pile": 0, "dam_tokens": 0, "hamsters": 0}]
    with pytest.raises(IllegalAction) as error:
        check_counts(["Ann", "Bo"], counts)
    english, german = error.value.message("en"), error.value.message("de")
    assert english.startswith("Ann: 21 hamsters") and german.startswith("Ann: 21 übrige Hamster") and "20" in german
    counts = [{"flood_pile": 30, "dam_tokens": 0, "hamsters": 0}, {"flood_pile": 0, "dam_tokens": 6, "hamsters": 0}]
    with pytest.raises(IllegalAction) as error:
        check_counts(["Ann", "Bo"], counts)
    assert "36 Flutmarker insgesamt" in error.value.message("de")


def test_the_check_is_what_the_command_line_runs():
    from assistant.__main__ import score

    table = json.loads(dam(("Ann", 6, 0, 3), ("Bo", 4, 2, 3)))
    assert score("hamsterdam", table) == check_scores(table)
    assert check_scores(table)["winners"] == ["Ann", "Bo"]


# --- the Score check page -------------------------------------------------------------------------
def hamsterdam(at):
    at.segmented_control(key="sc_game").set_value("hamsterdam").run()
    return at


def tap(at, player: int, field: str, step: str = "more", times: int = 1) -> None:
    for _ in range(times):
        at.button(key=f"hd-sc-{field}-{player}-{step}").click().run()


def ranking(at) -> list[tuple]:
    table = at.table[0].value
    return list(zip(table["Place"], table["Name"], table["Total"], table["Hamsters left"], strict=True))


def test_counting_with_taps_ranks_the_players_and_is_saved_at_once(db):
    at = hamsterdam(open_app(PAGE))
    assert at.segmented_control(key="hd_sc_count").value == 2
    assert at.button(key="hd-sc-flood_pile-0-less").disabled  # nothing to take away from 0
    at.text_input(key="hd_sc_name_0").input("Ann").run()
    at.text_input(key="hd_sc_name_1").input("Bo").run()
    tap(at, 0, "flood_pile", times=6)
    tap(at, 1, "dam_tokens", times=3)
    tap(at, 1, "dam_tokens", "less")
    tap(at, 0, "hamsters")
    tap(at, 1, "flood_pile", times=3)
    assert not at.exception and not at.error and not at.success  # 9 in the piles: the game goes on
    assert "No game ends so" in at.warning[0].value and ranking(at)[0][1] == "Bo"  # the ranking so far
    tap(at, 1, "flood_pile")  # 10 in the piles: two players' game ends
    assert not at.warning and ranking(at) == [(1, "Ann", 6, 1), (2, "Bo", 6, 0)]
    assert "Ann wins" in at.success[0].value
    assert "more hamsters left decided" in at.info[0].value  # the tie-break is said
    check = db.load_check(at.query_params["check"])
    assert check.game == "hamsterdam" and check.data["names"][:2] == ["Ann", "Bo"]
    assert check.data["counts"][:2] == [{"flood_pile": 6, "dam_tokens": 0, "hamsters": 1},
                                        {"flood_pile": 4, "dam_tokens": 2, "hamsters": 0}]
    again = open_app(PAGE, check=at.query_params["check"])  # a refresh: a new session on the same URL
    assert ranking(again) == ranking(at) and again.text_input(key="hd_sc_name_1").value == "Bo"


def saved_check(db, counts, names=("Ann", "Bo", "Cy", "Di")) -> str:
    return db.create_check("hamsterdam", {"count": len(counts), "names": list(names),
                                          "counts": [dict(zip(("flood_pile", "dam_tokens", "hamsters"), row,
                                                              strict=True)) for row in counts]})


def test_a_refresh_shows_everything_entered(db):
    check_id = saved_check(db, [(4, 2, 5), (1, 3, 7), (10, 0, 2)])  # 15 in the piles: three players' end
    at = open_app(PAGE, check=check_id)  # a new session on the URL: as after a refresh
    assert at.segmented_control(key="sc_game").value == "hamsterdam"
    assert at.segmented_control(key="hd_sc_count").value == 3
    assert [at.text_input(key=f"hd_sc_name_{n}").value for n in range(3)] == ["Ann", "Bo", "Cy"]
    assert ranking(at) == [(1, "Bo", 4, 7), (2, "Ann", 6, 5), (3, "Cy", 10, 2)]
    assert "Bo wins" in at.success[0].value and not at.info
    tap(at, 2, "flood_pile", "less")
    assert db.load_check(check_id).data["counts"][2]["flood_pile"] == 9
    assert "No game ends so" in at.warning[0].value and not at.success  # saved, but no game ends so


def test_a_shared_win_is_said_and_places_are_shared(db):
    at = open_app(PAGE, check=saved_check(db, [(8, 0, 4), (5, 3, 4), (2, 5, 9)]))
    assert ranking(at) == [(1, "Cy", 7, 9), (2, "Ann", 8, 4), (2, "Bo", 8, 4)]
    tap(at, 2, "dam_tokens")  # Cy now has 8 too, and more hamsters
    assert "Cy wins" in at.success[0].value and "more hamsters" in at.info[0].value
    tap(at, 2, "hamsters", "less", times=5)
    assert ranking(at)[0][0] == ranking(at)[1][0] == ranking(at)[2][0] == 1
    assert "Ann & Bo & Cy share the win" in at.success[0].value and "shared" in at.info[0].value


def descendants(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from descendants(child)


def errors_in_box_of(at, player: int) -> list[str]:
    """The errors in one player's bordered box: the innermost block that holds the player's name field."""
    boxes = [node for node in descendants(at.main)
             if any(getattr(inner, "key", None) == f"hd_sc_name_{player}" for inner in descendants(node))]
    return [node.value for node in descendants(boxes[-1]) if isinstance(node, Error)]


def test_a_tap_past_what_a_game_can_leave_is_refused_with_the_reason(db):
    check_id = saved_check(db, [(20, 15, 0), (0, 0, 20)])
    at = open_app(PAGE, check=check_id)
    tap(at, 1, "flood_pile")
    assert "36 flood tokens in all" in at.error[0].value
    assert errors_in_box_of(at, 1) == [at.error[0].value] and not errors_in_box_of(at, 0)  # where it was tapped
    tap(at, 0, "hamsters", times=13)  # 33 hamsters together: the most two players start with
    tap(at, 0, "hamsters")
    assert "34 hamsters left together" in at.error[0].value
    saved = db.load_check(check_id).data["counts"]
    assert (saved[1]["flood_pile"], saved[0]["hamsters"]) == (0, 13)  # the refused taps changed nothing


def test_german_and_names_as_text(db):
    name = "[y](http://a.org)"
    at = open_app(PAGE, check=saved_check(db, [(5, 1, 20), (5, 1, 3)], names=(name, "*Bo*")), lang="de")
    assert at.header[0].value.endswith("Hamsterdam: Spielende prüfen")
    table = at.table[0].value
    assert list(table["Name"]) == [plain(name), plain("*Bo*")]
    assert list(table["Flutstapel"]) == [5, 5] and list(table["Übrige Hamster"]) == [20, 3]
    assert at.success[0].value == f"{plain(name)} gewinnt!"
    assert "Mehr übrige Hamster haben über Platz 1 entschieden" in at.info[0].value
    tap(at, 0, "hamsters")
    assert at.error[0].value.startswith(f"{plain(name)}: 21 übrige Hamster sind mehr")
    tap(at, 1, "hamsters")
    assert not at.error and list(at.table[0].value["Übrige Hamster"]) == [20, 4]


def test_the_page_shows_why_no_game_ends_so_in_both_languages(db):
    for lang, reason, table_head in (("en", "No game ends so: the flood piles hold 0 tokens", "Flood pile"),
                                     ("de", "So endet kein Spiel: Die Flutstapel halten zusammen 0", "Flutstapel")):
        at = open_app(PAGE, check=saved_check(db, [(0, 0, 14), (0, 0, 14)]), lang=lang)
        assert not at.exception and not at.error and not at.success  # no winner named
        assert at.warning[0].value.startswith(reason) and list(at.table[0].value[table_head]) == [0, 0]
