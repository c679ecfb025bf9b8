"""Mömmen bots: legal in every phase, reading only the view, finishing rounds, with reasons in both
languages that name the move's cards, and the hard bot stronger than random."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from assistant import i18n
from assistant.bots import get_bot, moemmen_policy
from assistant.bots import moemmen as moemmen_bots
from assistant.bots.search import Playout, SearchResult, rollout, search
from assistant.games import get_game
from assistant.games.moemmen.actions import BENNY, PASS, REFRESH, TIM
from assistant.games.moemmen.cards import FULL_DECK, card_text
from tests.moemmen.helpers import moemmen_cards as C
from tests.moemmen.helpers import moemmen_exchange as X
from tests.moemmen.helpers import rig_moemmen as rig

GAME = get_game("moemmen")
LOCALES = Path(moemmen_bots.__file__).resolve().parent.parent / "locales" / "moemmen"
PHASES = ("turn", "tim_exchange", "tim_take")


def quick_hard_bot():
    """The hard bot with a fixed, small number of samples instead of a time budget: the same
    game every run, whatever the machine's load (bench/moemmen.py measures the real one)."""
    return moemmen_bots.HardBot(samples=3, seconds=float("inf"))


def bot(level: str):
    return quick_hard_bot() if level == "hard" else get_bot("moemmen", level)


def play(levels, seed, target=30, cap=3000):
    """A match of bots; every move they choose is legal, and the match ends within ``cap`` decisions."""
    bots = [bot(level) for level in levels]
    state, rng = GAME.new_state(len(levels), seed=seed, target=target), random.Random(seed)
    for _ in range(cap):
        if state.is_over():
            return state
        player = state.current_player
        legal = state.legal_actions()
        move = bots[player].choose(state.view(player), legal, rng)
        assert move in legal, (state.phase, move)
        state.apply(move)
    raise AssertionError(f"{levels} did not finish a match to {target} in {cap} decisions")


def positions(per_phase=4, players=(2, 3, 4)):
    """Seeded positions of every phase, reached by easy players with a random move now and then."""
    found = {phase: [] for phase in PHASES}
    seed = 0
    while any(len(states) < per_phase for states in found.values()):
        players_now = players[seed % len(players)]
        state, rng = GAME.new_state(players_now, seed=seed, target=30), random.Random(seed)
        for _ in range(60):
            if state.is_over():
                break
            states = found[state.phase]
            if len(states) < per_phase and rng.random() < 0.3:
                states.append(state.clone())
            legal = state.legal_actions()
            view = state.view(state.current_player)
            state.apply(rng.choice(legal) if rng.random() < 0.2 else moemmen_bots.easy_move(view, legal))
        seed += 1
    return [state for phase in PHASES for state in found[phase]]


POSITIONS = positions()


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_chooses_a_legal_move_in_every_phase(level):
    choosing = bot(level)
    for state in POSITIONS:
        view, legal = state.view(state.current_player), state.legal_actions()
        assert choosing.choose(view, legal, random.Random(1)) in legal, (state.phase, view["hand"], view["table"])
    assert {state.phase for state in POSITIONS} == set(PHASES)


@pytest.mark.parametrize("players", [3, 5])
def test_mixed_bots_play_whole_matches(players):
    state = play(["easy", "hard", "random", "easy", "easy"][:players], seed=players)
    assert state.winners() and max(state.scores()) >= 30


@pytest.mark.parametrize("seed", range(3))
def test_easy_players_finish_rounds(seed):
    """Uniformly random play needs tens of thousands of decisions for a round; easy players a few dozen."""
    state = play(["easy", "easy"], seed=seed, cap=600)
    assert len(state.results) >= 2
    assert all(not result["complete"] or max(result["scores"]) >= 6 for result in state.results)


def test_easy_beats_random_nearly_always():
    wins = sum(play(["easy", "random"] if seed % 2 == 0 else ["random", "easy"], seed, cap=20_000).winners()
               == [seed % 2] for seed in range(10))
    assert wins >= 9


def test_the_hard_bot_beats_random_over_a_few_matches():
    share = 0.0
    for seed in range(4):
        levels = ["hard", "random"] if seed % 2 == 0 else ["random", "hard"]
        winners = play(levels, seed=100 + seed, cap=20_000).winners()
        share += 1 / len(winners) if levels.index("hard") in winners else 0.0
    assert share >= 3.5


@pytest.mark.parametrize("phase", PHASES)
def test_the_bots_never_see_hidden_cards(phase):
    """The same view with the other hands, the deck and the discard pile dealt anew: the same advice."""
    for state in (s for s in POSITIONS if s.phase == phase):
        seat = state.current_player
        view = state.view(seat)
        others = [GAME.sample_from_view(view, random.Random(n)) for n in range(2)]
        assert any(o.hands != state.hands or o.deck != state.deck for o in others)  # the hidden cards differ
        for level in ("easy", "hard"):
            first = bot(level).advise(view, state.legal_actions(), random.Random(1))
            for other in others:
                assert other.view(seat) == view
                assert bot(level).advise(other.view(seat), other.legal_actions(), random.Random(1)) == first


# --- hints: a reason in both languages that names the move ------------------------------------
# A hint names the move with the words of its button on the board (assistant/ui/moemmen/play.py).
MOVE_WORDS = {kind: tuple(i18n.t(f"ui.moemmen.{kind}", lang) for lang in ("en", "de"))
              for kind in ("tim", "benny", "refresh", "pass", "skip")}


def assert_names_the_move(advice) -> None:
    move = advice.action
    for n, lang in enumerate(("en", "de")):
        text = i18n.t(advice.reason, lang, **advice.params)
        assert text != advice.reason and "{" not in text, text
        if move.kind == "exchange":
            for card in (move.give, move.take):
                assert i18n.t(card_text(card).key, lang, **card_text(card).params) in text, text
        else:
            assert MOVE_WORDS[move.kind][n] in text, text


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_hints_are_legal_and_name_their_cards_in_both_languages(level):
    reasons = set()
    for state in POSITIONS:
        legal = state.legal_actions()
        advice = bot(level).advise(state.view(state.current_player), legal, random.Random(2))
        assert advice.action in legal
        assert_names_the_move(advice)
        reasons.add(advice.reason)
    assert "bot.moemmen.take" in reasons and len(reasons) >= 3  # the Tim take, and several reasons besides


def test_the_hard_hint_that_overrules_the_easy_judgement_says_how_it_was_found(monkeypatch):
    state = rig("red+1 red+2 blue+3 yellow+1 green+2 green+3", "yellow+2 yellow+3 yellow+4 green+1 green+4 tim",
                table="red+4 blue+1 yellow-3 green-3 benny")
    view, legal = state.view(0), state.legal_actions()
    assert moemmen_bots.sharp_move(view, legal) != PASS
    monkeypatch.setattr(moemmen_bots, "search", lambda *args, **kwargs: search_result(PASS, 7))
    advice = quick_hard_bot().advise(view, legal, random.Random(0))
    assert advice.action == PASS and advice.reason == "bot.moemmen.best" and advice.params["samples"] == 7
    assert "7 simulated" in i18n.t(advice.reason, "en", **advice.params)
    assert_names_the_move(advice)


def search_result(action, samples):
    return SearchResult(action, {action: 0.0}, samples)


# --- the easy judgement, position by position ---------------------------------------------------
RED_FIVE = "red+1 red+2 red+3 red+4 red+4"


def easy_advice(state):
    return get_bot("moemmen", "easy").advise(state.view(state.current_player), state.legal_actions(),
                                             random.Random(0))


def test_easy_finishes_its_colour_when_an_exchange_does():
    state = rig(f"{RED_FIVE} blue+1", "yellow+1 yellow+2 yellow+3 green+1 green+4 benny",
                table="green+2 red+2 blue-3 yellow+4 tim")
    advice = easy_advice(state)
    assert advice.action == X("blue+1", "red+2") and advice.reason == "bot.moemmen.complete"
    assert i18n.t(advice.reason, "en", **advice.params) == "Exchange blue +1 for red +2: six red sheep end the round."
    assert quick_hard_bot().choose(state.view(0), state.legal_actions(), random.Random(0)) == advice.action


def test_easy_collects_its_colour_and_lays_down_its_least_useful_card():
    state = rig("red+1 red+3 red+4 blue+2 green-2 yellow+1", "yellow+2 yellow+3 yellow+4 green+1 green+4 tim",
                table="green+3 red+2 blue+4 yellow-3 blue+1")
    advice = easy_advice(state)
    assert advice.action == X("yellow+1", "red+2") and advice.reason == "bot.moemmen.collect"
    assert i18n.t(advice.reason, "de", **advice.params) == "Gelb +1 gegen Rot +2 tauschen: Du sammelst Rot."


def test_easy_swaps_a_minus_card_of_its_colour_for_a_sheep_of_it():
    state = rig("red+1 red+3 red+4 red-2 blue+2 green+3", "yellow+2 yellow+3 yellow+4 green+1 green+4 tim",
                table="green+1 red+2 blue+4 yellow+3 blue+1")
    advice = easy_advice(state)
    assert advice.action == X("red-2", "red+2") and advice.reason == "bot.moemmen.collect_minus"


@pytest.mark.parametrize("players, reason, count", [(2, "tim_push_one", 1), (3, "tim_push", 2)])
def test_easy_plays_tim_to_push_the_tables_minus_cards_onto_the_opponents(players, reason, count):
    others = ["yellow+2 yellow+3 yellow+4 green+1 green+4 benny", "blue+1 blue+2 blue+3 green+2 yellow+1 red+1"]
    state = rig("red+1 red+3 red+4 blue+2 green+3 tim", *others[:players - 1],
                table="green-2 yellow+1 blue-3 yellow-2 blue+4")
    advice = easy_advice(state)
    assert advice.action == TIM and advice.reason == f"bot.moemmen.{reason}" and advice.params["count"] == count


def test_easy_plays_tim_to_dump_its_minus_card_and_then_must_lay_it_down():
    state = rig("red+1 red+3 red+4 blue+2 green-3 tim", "yellow+2 yellow+3 yellow+4 green+1 green+4 benny",
                table="green+2 yellow+1 red+2 yellow+4 blue+4", deck="blue+1")
    advice = easy_advice(state)
    assert advice.action == TIM and advice.reason == "bot.moemmen.tim_dump"
    assert advice.params == {"card": card_text(X("green-3", "red+2").give)}
    state.apply(TIM)  # draws blue +1
    assert state.phase == "tim_exchange" and state.must_lay_minus
    advice = easy_advice(state)
    assert advice.action == X("green-3", "red+2") and advice.reason == "bot.moemmen.tim_minus"


def test_during_tim_an_opponent_takes_the_least_harmful_minus_card():
    state = rig("yellow+2 yellow+3 yellow+4 green+1 green+4 tim", "red+1 red+3 red+4 blue+2 green+3 yellow+1",
                table="red-3 yellow+1 blue-3 red-2 blue+4")
    state.apply(TIM)
    state.apply(state.legal_actions()[-1])  # no exchange
    assert state.phase == "tim_take" and state.current_player == 1
    advice = easy_advice(state)
    # red -2: the smallest loss, and of the colour it collects (a red sheep takes it back later);
    # yellow +1: a lone sheep of another colour, the card it needs least.
    assert advice.action == X("yellow+1", "red-2") and advice.reason == "bot.moemmen.take"


def test_easy_plays_benny_when_the_table_holds_nothing_for_its_colour_and_exchanges_when_it_does():
    hand = "red+1 red+3 red+4 blue+2 green+3 benny"
    other = "yellow+2 yellow+3 yellow+4 green+1 green+4 tim"
    nothing = rig(hand, other, table="green+2 yellow+1 blue+1 yellow+4 blue+4")
    advice = easy_advice(nothing)
    assert advice.action == BENNY and advice.reason == "bot.moemmen.benny"
    something = rig(hand, other, table="green+2 yellow+1 red+2 yellow+4 blue+4")
    assert easy_advice(something).action == X("blue+2", "red+2")


def test_easy_refreshes_a_table_of_minus_cards_and_passes_when_nothing_helps():
    hand = "red+1 red+3 red+4 red+4 green+3 blue+3"
    other = "yellow+2 yellow+3 yellow+4 green+1 green+4 tim"
    minus = rig(hand, other, table="green-2 yellow-2 blue-3 yellow+1 blue+4")
    advice = easy_advice(minus)
    assert advice.action == REFRESH and advice.reason == "bot.moemmen.refresh" and advice.params["count"] == 3
    nothing = rig(hand, other, table="green-2 yellow+1 blue+1 yellow+4 green+1")
    assert easy_advice(nothing).action == PASS


# --- the sharp judgement: the hard bot's own, from what the view tells about the opponents ------
OTHER = "yellow+2 yellow+3 green+3 green+1 green+4 tim"


def sharp_and_easy(state):
    view, legal = state.view(state.current_player), state.legal_actions()
    return moemmen_policy.sharp_move(view, legal), moemmen_policy.easy_move(view, legal)


def test_sharp_collects_the_colour_an_opponent_is_less_likely_to_collect():
    # Red and blue are level in the hand; a blue sheep lies on the table, so an opponent collecting
    # blue would have taken it, and red sheep are likelier in an opponent's hand.
    state = rig("red+1 red+4 blue+2 blue+3 green+1 yellow+1", OTHER, table="blue+4 green-2 yellow-3 green+2 red-3")
    seat = moemmen_policy.seat_from_view(state.view(0))
    assert moemmen_policy.Judge(seat.hand, seat.table).colour == 0  # easy: red, the first of equals
    assert moemmen_policy.sharp_judge(seat).colour == 3  # sharp: blue
    sharp, easy = sharp_and_easy(state)
    assert sharp == X("green+1", "blue+4") and easy == REFRESH


def test_sharp_lays_down_the_sheep_an_opponent_is_less_likely_to_want():
    # Two lone sheep worth the same: easy lays down the first (green), sharp the blue one, whose
    # colour shows on the table (the next player is unlikely to collect it).
    state = rig("red+1 red+3 red+4 blue+1 green+1 yellow-2", OTHER, table="red+2 blue+2 yellow-3 benny green-2")
    assert sharp_and_easy(state) == (X("blue+1", "red+2"), X("green+1", "red+2"))


def test_sharp_finishes_its_colour_with_the_highest_sheep_on_offer():
    state = rig(f"{RED_FIVE} blue+1", OTHER, table="red+1 green+2 red+3 yellow+4 tim")
    assert sharp_and_easy(state) == (X("blue+1", "red+3"), X("blue+1", "red+1"))
    advice = quick_hard_bot().advise(state.view(0), state.legal_actions(), random.Random(0))
    assert advice.action == X("blue+1", "red+3") and advice.reason == "bot.moemmen.complete"


def test_sharp_takes_a_minus_card_of_its_own_colour_which_a_sheep_can_take_back():
    # A minus card blocks one of the six places: red -3 can go for the next red sheep, blue -2 only with Tim.
    state = rig("yellow+2 yellow+3 yellow+4 green+1 green+4 tim", "red+1 red+3 red+4 blue+2 green+3 yellow+1",
                table="red-3 yellow+1 blue-2 green+2 blue+4")
    state.apply(TIM)
    state.apply(state.legal_actions()[-1])  # no exchange
    assert state.phase == "tim_take" and state.current_player == 1
    assert sharp_and_easy(state) == (X("yellow+1", "red-3"), X("yellow+1", "blue-2"))


# --- the hard bot: the shared search, its deals and its values -----------------------------------
def test_the_hard_bot_decides_with_the_shared_search(monkeypatch):
    state = next(s for s in POSITIONS if s.phase == "turn" and len(s.legal_actions()) > 3)
    asked = []

    def spy(view, candidates, rng, playout, **budget):
        asked.append((candidates, playout))
        return search(view, candidates, rng, playout, **budget)

    monkeypatch.setattr(moemmen_bots, "search", spy)
    legal = state.legal_actions()
    move = quick_hard_bot().choose(state.view(state.current_player), legal, random.Random(2))
    assert move in legal and asked
    candidates, playout = asked[0]
    sharp_choice = moemmen_policy.sharp_move(state.view(state.current_player), legal)
    assert set(candidates) <= set(legal) and sharp_choice in candidates
    assert playout.policy is moemmen_bots.rollout_move and playout.sample is moemmen_bots.sample_this_round
    assert playout.own_policy is moemmen_bots.own_rollout_move


def test_without_a_clear_difference_the_hard_bot_keeps_the_sharp_choice(monkeypatch):
    state = rig("red+1 red+3 red+4 blue+1 green+1 yellow-2", OTHER, table="red+2 blue+2 yellow-3 benny green-2")
    view, legal = state.view(0), state.legal_actions()
    sharp = moemmen_policy.sharp_move(view, legal)
    rival = X("green+1", "red+2")  # simulated a little better, but by less than the sharp choice's head start

    def close_call(view, candidates, rng, playout, *, prior, **budget):
        values = {move: prior.get(move, 0.0) + (0.5 if move == rival else 0.0) for move in candidates}
        return SearchResult(max(candidates, key=values.get), values, 9)

    monkeypatch.setattr(moemmen_bots, "search", close_call)
    assert quick_hard_bot().choose(view, legal, random.Random(0)) == sharp != rival


def test_in_a_rollout_the_searching_seat_plays_its_own_policy_and_the_others_the_rollout_policy():
    state = GAME.new_state(3, seed=1, target=30)
    me, seats = state.current_player, {"own": set(), "others": set()}

    def spy(name, policy):
        def play(deal):
            seats[name].add(deal.current_player)
            return policy(deal)
        return play

    playout = Playout(sample=moemmen_bots.sample_this_round, policy=spy("others", moemmen_bots.rollout_move),
                      value=moemmen_bots.round_value, own_policy=spy("own", moemmen_bots.own_rollout_move))
    view = state.view(me)
    rollout(moemmen_bots.sample_this_round(view, random.Random(3)), PASS, me, random.Random(4), playout)
    assert seats["own"] == {me} and seats["others"] == {0, 1, 2} - {me}


def test_a_sampled_deal_shows_the_same_view_and_gives_opponents_a_colour():
    state = next(s for s in POSITIONS if s.phase == "turn" and s.num_players == 2)
    view = state.view(state.current_player)
    opponent = 1 - state.current_player
    held = []
    for n in range(40):
        deal = moemmen_bots.sample_this_round(view, random.Random(n))
        assert sorted(deal.cards_in_play()) == sorted(FULL_DECK)
        assert deal.view(view["me"]) == view | {"target": deal.target}
        assert deal.legal_actions() == state.legal_actions()
        held.append(max(moemmen_bots.colour_counts(deal.hands[opponent])[0]))
    # A hand dealt at random holds about two sheep of its best colour; a player's holds more.
    assert sum(held) / len(held) > 3


def test_a_sampled_deal_fits_what_an_easy_opponent_was_seen_to_do():
    """The hard bot deals opponents hands with which an easy player would have made their latest
    moves: the real hands always fit, and most sampled deals fit too."""
    easy, fits, checked = get_bot("moemmen", "easy"), 0, 0
    for seed in range(6):
        state, rng = GAME.new_state(2, seed=seed, target=30), random.Random(seed)
        for _ in range(40):
            if state.is_over():
                break
            if state.current_player == 0 and state.phase == "turn":
                view = state.view(0)
                decisions = moemmen_bots.recent_decisions(view)
                assert moemmen_bots.misfits(state, decisions) == 0
                deal = moemmen_bots.sample_this_round(view, random.Random(len(state.history)))
                fits += moemmen_bots.misfits(deal, decisions) == 0
                checked += bool(decisions[1])
            state.apply(easy.choose(state.view(state.current_player), state.legal_actions(), rng))
    assert checked > 20 and fits >= 0.7 * checked


def test_a_hand_that_would_have_chosen_otherwise_misfits():
    state = rig("red+1 red+2 red+3 blue+1 blue-2 tim", "yellow+1 yellow+2 yellow+3 green+1 green+2 benny",
                table="green+3 red+4 blue+3 yellow+4 green-3")
    state.apply(X("blue+1", "red+4"))
    state.apply(X("green+1", "yellow+4"))  # seat 1 collects yellow: it takes the yellow 4
    decisions = moemmen_bots.recent_decisions(state.view(0))
    assert [entry[3] for entry in decisions[1]] == [X("green+1", "yellow+4")]
    assert moemmen_bots.misfits(state, decisions) == 0
    other = state.clone()  # a seat 1 collecting green would have taken the green 3 instead
    other.hands[1] = sorted(C("green+1 green+2 green+4 green+4 yellow+4 benny"))
    assert moemmen_bots.misfits(other, decisions) == 1


def test_a_rollout_ends_with_the_round_and_a_round_that_ends_the_match_counts_the_win():
    state = rig(f"{RED_FIVE} blue+1", "yellow+1 yellow+2 yellow+3 green+1 green+4 benny",
                table="green+2 red+2 blue-3 yellow+4 tim", target=30, totals=[20, 25])
    state.target = -1_000_000  # as in a sampled deal: the match ends with this round
    state.apply(X("blue+1", "red+2"))
    assert state.is_over()
    mine, theirs = state.results[-1]["scores"]  # red 1+2+3+4+4 and the 2 taken; yellow 6, two green -2, Benny -3
    assert (mine, theirs) == (16, 1)
    assert moemmen_bots.round_value(state, 0) == mine - theirs + moemmen_bots.WIN
    assert moemmen_bots.round_value(state, 1) == theirs - mine - moemmen_bots.WIN


def test_both_catalogues_hold_the_same_hint_keys():
    catalogues = [tomllib.loads((LOCALES / f"bots.{lang}.toml").read_text("utf-8")) for lang in ("en", "de")]
    assert set(catalogues[0]) == set(catalogues[1]) == {"bot"}
    english, german = (set(catalogue["bot"]["moemmen"]) for catalogue in catalogues)
    plain = {"tidy", "pass", "skip", "best", "best_one", "benny_new", "refresh_new"}  # said with how it was found
    assert english == german and moemmen_bots.SHARP | plain == english
