"""Mömmen beyond the moves: scoring (M10), the score check, views and hidden cards (M13), moves as
JSON, the target option (M11), the log, and the rulings in the docs and the rules panel."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant import i18n
from assistant.games import get_game
from assistant.games.moemmen import MoemmenGame
from assistant.games.moemmen.actions import BENNY, EXCHANGE, PASS, SKIP, TIM, move_from_data
from assistant.games.moemmen.log import game_log, log_text
from assistant.games.moemmen.scoring import best_colour, breakdown, round_score
from tests.moemmen.helpers import collect_one_colour
from tests.moemmen.helpers import moemmen_cards as C
from tests.moemmen.helpers import moemmen_exchange as X
from tests.moemmen.helpers import rig_moemmen as rig

GAME = get_game("moemmen")
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
NO_MINUS = "green+2 red+4 blue+3 yellow+1 green+1"  # a table without minus cards


# --- M10: scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, score, colour", [
    ("red+1 red+2 red+3 red+4 red+4 red+3", 17, "red"),  # the hand that ends the round
    ("red+4 red+3 blue+1 blue-2 tim benny", 7 - 1 - 2 - 6, "red"),
    ("yellow+1 green+1 blue+1 red+1 tim benny", 1 - 3 - 6, "red"),  # every colour ties: the first
    ("blue+4 blue+4 green+4 green+4 yellow-3 red-2", 8 - 2 - 5, "green"),  # green before blue
    ("green-2 green-3 red-2 red-3 yellow-2 yellow-3", -15, "red"),
])
def test_a_hand_scores_its_best_colour_minus_one_per_other_plus_card_minus_cards_and_minus_three(hand, score,
                                                                                                 colour):
    assert round_score(C(hand)) == score and breakdown(C(hand))["colour"] == colour
    assert ["red", "yellow", "green", "blue"][best_colour(C(hand))] == colour


def test_the_breakdown_shows_the_parts_of_the_score():
    assert breakdown(C("red+4 red+3 blue+1 blue-2 tim benny")) == {
        "colour": "red", "colour_points": 7, "other_plus": -1, "minus": -2, "tim_benny": -6}


# --- the score check ---------------------------------------------------------------------------
def score(table) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "assistant", "score", "moemmen", "-"], input=json.dumps(table),
                          capture_output=True, text=True, timeout=60)


def players(*hands: str, names="Ann Bo Cy") -> dict:
    named = zip(names.split(), hands, strict=False)  # names for up to three hands
    return {"players": [{"name": name, "hand": hand.split()} for name, hand in named]}


def test_the_score_check_scores_each_hand_with_its_best_colour_and_names_the_winners():
    result = score(players("red+1 red+2 red+3 red+4 red+4 red+3", "red+4 red+3 blue+1 blue-2 tim benny",
                           "yellow+4 yellow+4 yellow+4 yellow+3 yellow+3 green+3"))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [p["total"] for p in out["players"]] == [17, -2, 17] and out["winners"] == ["Ann", "Cy"]
    assert out["players"][1]["breakdown"]["colour"] == "red" and out["players"][2]["breakdown"]["other_plus"] == -1


@pytest.mark.parametrize("table, reason", [
    (players("red+1 red+2 red+3 red+4 red+4 red+3 tim", "tim tim tim benny benny benny"), "Ann holds 7 cards"),
    (players("red+1 red+2 red+3", "tim tim tim benny benny benny"), "Ann holds 3 cards: a hand at the end"),
    (players("red-2 red-2 red+1 red+2 red+3 red+4", "red-2 red-2 tim tim benny benny"),
     "4 copies of red −2: the deck has only 1"),
    (players("red+1 red+1 red+1 red+1 tim benny", "tim benny green+1 green+2 green+3 green+4"),
     "4 copies of red +1: the deck has only 3"),
    (players("red+5 red+2 red+3 red+4 red+4 red+3", "tim tim tim benny benny benny"), "Ann: 'red+5' is no Mömmen card"),
    (players("red+1", "tim", names="Ann Ann"), "two players are called 'Ann'"),
    ({"players": [{"name": "Ann", "hand": "red+1"}, {"name": "Bo", "hand": []}]}, "Ann: 'hand' must be a list"),
    ({"players": [{"name": "Ann", "hand": [], "cards": 3}, {"name": "Bo", "hand": []}]}, "unknown field 'cards'"),
    (players("tim"), "for 2 to 5 players, not 1"),
])
def test_impossible_hands_exit_2_with_one_line(table, reason):
    result = score(table)
    assert result.returncode == 2 and result.stdout == ""
    assert reason in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize("table", [
    players("red+1 red+2 red+3 red+4 red+4 blue+3", "tim tim tim benny benny benny"),  # five red, one blue
    players("red+1 red+2 red+3 red+4 red+4 red-2", "green+1 green+2 green+3 green+4 green+4 tim"),  # a minus
    players("yellow+1 green+1 blue+1 red+1 tim benny", "tim benny tim benny red-2 blue-3",
            "benny red+1 red+2 red+3 red+4 green+4"),
])
def test_a_finished_round_in_which_nobody_holds_six_plus_cards_of_one_colour_exits_2(table):
    """M9: only six plus cards of one colour end a round; no such hand, no finished round."""
    result = score(table)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert result.stderr.startswith("No round ends so: nobody holds six plus cards of one colour")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_the_round_end_check_refuses_in_both_languages_and_waits_while_entering():
    from assistant.errors import IllegalAction
    from assistant.games.moemmen.scorecard import check_hands, check_scores

    hands = [C("red+1 red+2 red+3 red+4 red+4 blue+3"), C("tim tim tim benny benny benny")]
    check_hands(["Ann", "Bo"], hands, finished=False)  # hands still being entered: not refused yet
    with pytest.raises(IllegalAction) as error:
        check_hands(["Ann", "Bo"], hands)
    assert error.value.key == "error.moemmen.no_full_colour"
    assert error.value.message("de").startswith("So endet keine Runde: Niemand hat sechs Pluskarten einer Farbe")
    with pytest.raises(ValueError, match="^No round ends so"):
        check_scores(players("red+1 red+2 red+3 red+4 red+4 blue+3", "tim tim tim benny benny benny"))
    both = check_scores(players("red+1 red+2 red+3 red+4 red+4 red+3", "blue+1 blue+1 blue+2 blue+2 blue+3 blue+3"))
    assert both["winners"] == ["Ann"]  # two full colours at the deal: a round that ended


def test_the_app_may_check_hands_still_being_entered():
    from assistant.games.moemmen.scorecard import check_scores

    assert check_scores(players("red+1 red+2", "tim"), finished=False)["winners"] == ["Ann"]


# --- M13: views hold nothing hidden ------------------------------------------------------------
def test_a_view_shows_the_own_hand_the_table_and_sizes_but_no_other_hand_nor_the_deck():
    state = rig("red+1 red+2 red+3 blue+1 blue-2 benny", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 green+2",
                table="green+3 red+4 blue+3 yellow-3 green-3")
    state.apply(BENNY)
    view = state.view(1)
    assert view["hand"] == C("yellow+1 yellow+2 yellow+3 yellow+4 green+1 green+2") and view["hand_sizes"] == [6, 6]
    assert view["table"] == state.table and view["deck_count"] == len(state.deck)
    assert view["discard_top"] == C("green-3")[0] and view["discard_count"] == 6
    assert not {"hands", "deck", "discard"} & set(view) and state.view(None)["hand"] is None
    other = state.clone()  # everything seat 1 cannot see, dealt differently
    other.hands[0] = sorted(C("tim tim red+1 red+1 green+4 blue+4"))
    other.deck.reverse()
    other.discard[:5] = other.discard[4::-1]
    assert other.view(1) == view
    dealt = GAME.sample_from_view(view, random.Random(3))
    assert dealt.view(1) == view and sorted(dealt.cards_in_play()) == sorted(state.cards_in_play())


def test_every_view_remembers_the_cards_a_player_was_seen_to_take_until_they_leave_the_hand():
    state = rig("red+1 red+2 red+3 red-2 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="blue+4 yellow-3 green+1 green+2 yellow+1")
    state.apply(X("blue+1", "blue+4"))  # seat 0 takes the blue 4 in the open
    state.apply(X("green+1", "yellow+1"))
    assert state.view(0)["known"] == state.view(1)["known"] == [C("blue+4"), C("yellow+1")]
    state.apply(TIM)  # Tim leaves seat 0's hand (nobody knew it was there)
    state.apply(X("blue+4", "green+1"))  # the blue 4 everybody knew of goes back to the table
    state.apply(X("benny", "yellow-3"))  # seat 1 must take the yellow -3
    assert state.view(1)["known"] == [C("green+1"), sorted(C("yellow+1 yellow-3"))]
    for seed in range(10):  # a deal from seat 0's view gives seat 1 the cards everybody saw it take
        dealt = GAME.sample_from_view(state.view(0), random.Random(seed))
        assert set(C("yellow+1 yellow-3")) <= set(dealt.hands[1]) and dealt.view(0) == state.view(0)
    rng = random.Random(1)
    while not state.results:
        state.apply(collect_one_colour(state.view(state.current_player), state.legal_actions(), rng))
    assert state.view(0)["known"] == [[], []]  # a new round: nothing known


def test_a_deal_from_the_view_of_the_tim_player_gives_the_taker_a_card_to_lay_down():
    state = rig("red+1 red+2 red+3 red-2 blue+1 tim", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                table="blue+4 yellow-3 green+1 green+2 yellow+1")
    state.apply(TIM)
    state.apply(SKIP)
    view = state.view(0)
    for seed in range(20):
        dealt = GAME.sample_from_view(view, random.Random(seed))
        assert dealt.view(0) == view and dealt.current_player == 1 and dealt.legal_actions()


def test_a_sampled_taker_with_only_minus_cards_swaps_one_for_a_card_to_lay_down():
    from assistant.games.moemmen.rules import _give_a_card_to_lay_down

    hand, pool = sorted(C("red-2 red-3 yellow-2 yellow-3 green-2 green-3")), C("blue-2 tim blue-3")
    known = C("red-2 red-3 yellow-2 yellow-3 green-3")  # seen going in: only the green -2 may go
    _give_a_card_to_lay_down(hand, known, pool)
    assert hand == sorted(C("red-2 red-3 yellow-2 yellow-3 green-3 tim")) and pool == C("blue-2 green-2 blue-3")


# --- moves and options -------------------------------------------------------------------------
def test_moves_read_back_from_json_read_well_and_bad_ones_are_refused():
    assert X("red+1", "blue-2").to_data() == {"move": "exchange", "give": "red+1", "take": "blue-2"}
    assert str(X("red+1", "blue-2")) == "Exchange red +1 for blue −2" and str(TIM) == "Play Tim: Mömmen!"
    for move in (X("tim", "green+4"), BENNY, TIM, PASS, SKIP, EXCHANGE[25][0]):
        assert GAME.action_from_json(move.to_json()) is move
    bad = ({"move": "exchange", "give": "red+5", "take": "tim"}, {"move": "exchange", "give": "tim"}, "pass",
           {"move": "pass", "card": "tim"}, {"move": "tim!"}, {"move": "exchange", "give": 3, "take": 4}, None)
    for data in bad:
        with pytest.raises(ValueError):
            move_from_data(data)


@pytest.mark.parametrize("target", [0, -30, True, "100", 50.0])
def test_the_target_is_a_positive_whole_number(target):
    with pytest.raises(ValueError, match="target"):
        GAME.new_state(2, seed=1, target=target)


def test_the_target_defaults_to_100_and_the_app_offers_30_50_and_100():
    assert GAME.new_state(2, seed=1).target == 100 and GAME.new_state(5, seed=1, target=7).target == 7
    assert [option.offered for option in GAME.info.options] == [(30, 50, 100)]


# --- the log -----------------------------------------------------------------------------------
def logged(monkeypatch, build, moves, names=("Ann", "Bo", "Cy")) -> list[str]:
    """The log of ``moves`` played from the rigged position ``build()``, in English: the log
    replays from the game's deal, so the deal is made to be that position."""
    state, start = build(), build()
    for move in moves:
        state.apply(move)
    monkeypatch.setattr(MoemmenGame, "new_state", lambda self, players, *, seed, **options: start)
    return [log_text(event, "en", names) for event in game_log(state)]


def test_the_log_tells_the_tim_phase_and_who_is_skipped(monkeypatch):
    def build():
        return rig("red+1 red+2 red+3 red-2 blue+1 tim", "green-2 green-3 yellow-2 yellow-3 blue-2 blue-3",
                   "blue+1 blue+2 red-3 green+3 green+4 benny", table="yellow+1 blue+4 green+1 green+2 yellow+4",
                   deck="red+4 blue+3")
    lines = logged(monkeypatch, build, [TIM, X("red-2", "blue+4"), X("benny", "red-2")])
    assert lines[1:] == ["Ann played Tim the Shearer: Mömmen!",
                         "No minus card lay on the table: Ann must lay one down.",
                         "Ann laid down red −2 and took blue +4.", "Bo holds only minus cards and is skipped.",
                         "Cy had to take red −2 and laid down Benny the Village Dog."]


def test_the_log_tells_a_new_table_after_all_passed_and_a_rebuilt_deck(monkeypatch):
    def build():
        return rig("red+1 red+2", "yellow+1 benny", table=NO_MINUS, deck="blue+1 blue+2 blue+3 blue+4",
                   discard="green+3 green+4 blue+2")
    lines = logged(monkeypatch, build, [PASS, PASS], names=("Ann", "Bo"))
    assert lines == ["Round 1: Bo deals, Ann begins.", "Ann passed.", "Bo passed.",
                     "Everybody passed in a row: the table is replaced.",
                     "The deck ran out: the discard pile was shuffled into a new deck."]


def test_the_log_tells_the_end_of_a_round_every_score_and_the_end_of_the_match(monkeypatch):
    def build():
        return rig("red+1 red+2 red+3 red+4 red+4 blue+1", "yellow+1 yellow+2 yellow+3 yellow+4 green+1 benny",
                   table="red+3 blue+4 green+1 green+2 yellow+4", target=20, totals=[15, 26])
    lines = logged(monkeypatch, build, [X("blue+1", "red+3")], names=("Ann", "Bo"))
    assert lines[-4:] == ["Ann shows six plus cards in red: round 1 is over.", "Ann: 17 with red, total 32.",
                          "Bo: 6 with yellow, total 32.", "Ann, Bo share the win with 32 points each."]


def test_a_real_game_logs_every_move():
    state, rng = GAME.new_state(3, seed=4, target=5), random.Random(4)
    while not state.is_over():
        state.apply(collect_one_colour(state.view(state.current_player), state.legal_actions(), rng))
    events = game_log(state)
    assert log_text(events[0], "de", ("Ann", "Bo", "Cy")) == "Runde 1: Cy gibt, Ann fängt an."
    keys = [key for key, _ in events]
    moves = ("exchange", "tim_exchange", "take", "skip", "benny", "tim", "refresh", "pass")
    assert sum(key.split(".")[-1] in moves for key in keys) == len(state.history)
    assert keys[-1] in ("log.moemmen.over", "log.moemmen.over_shared")


# --- the rulings in the docs and the rules panel -----------------------------------------------
def test_docs_name_every_ruling_and_both_languages_show_it():
    section = RULES_MD.read_text("utf-8").split("## Mömmen", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^\| (M\d+) \|", section, flags=re.M) == [f"M{n}" for n in range(1, 14)]
    for lang in ("en", "de"):
        shown = " ".join(value for key, value in i18n.catalogue(lang).items() if key.startswith("rules.moemmen."))
        assert sorted(set(re.findall(r"\bM\d+\b", shown)), key=lambda m: int(m[1:])) == [f"M{n}" for n in range(1, 14)]
