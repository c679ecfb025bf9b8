"""One scenario per Hamsterbacke ruling (RULINGS.md section 4, docs/RULES.md K1-K6).

Positions are laid out by hand: a hand is seven counts, one per colour (cards.py), a pile
a list of cards, the deck a list whose last card is drawn first.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from assistant import TERMINAL, IllegalAction, i18n
from assistant.games import get_game
from assistant.games.hamsterbacke.actions import GIVER, PASS, PLAY, TAKE, TURN_PILE, give, move_from_data
from assistant.games.hamsterbacke.cards import FULL_DECK, KINDS, counts_of
from tests.helpers import assert_refused as refused

GAME = get_game("hamsterbacke")
R, OR, Y, DB, LB, DG, LG = range(KINDS)  # red 4, orange 3, yellow 3, dark/light blue 2, dark/light green 1
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def rig(players=3, hands=None, piles=None, deck=None, blocking=None, score_piles=None, turn=0, actions_left=2):
    """A hand-made position: ``hands`` are lists of cards; the 120 cards not placed go to the
    deck unless it is given (then the state holds fewer than 120 cards)."""
    state = GAME.new_state(players, seed=0)
    hands = hands or [[] for _ in range(players)]
    state.hands = [counts_of(hand) for hand in hands]
    state.hand_sizes = [len(hand) for hand in hands]
    state.known = [[0] * KINDS for _ in range(players)]
    state.piles = [list(pile) for pile in (piles if piles is not None else [[DG]] * 8)]
    state.blocking = [list(stack) for stack in (blocking or [[] for _ in range(players)])]
    state.score_piles = [list(pile) for pile in (score_piles or [[] for _ in range(players)])]
    if deck is None:
        rest = list(FULL_DECK)
        for group in (hands, state.piles, state.blocking, state.score_piles):
            for card in (card for cards in group for card in cards):
                rest.remove(card)
        deck = rest
    state.deck = list(deck)
    state.turn, state.actions_left, state.phase = turn, actions_left, "act"
    state._legal = None  # the moves listed for the dealt position
    return state


# --- K1: take --------------------------------------------------------------------------------
def test_take_moves_the_whole_pile_into_the_hand_and_lays_three_clockwise_from_the_emptied_space():
    piles = [[Y], [OR], [LB], [R], [R], [DG], [Y, OR, LG], [DB]]
    state = rig(hands=[[R], [], []], piles=piles, deck=[OR, OR, OR, LB, DB, LG])
    state.apply(TAKE[6])
    assert state.hands[0] == counts_of([R, Y, OR, LG]) and state.hand_sizes[0] == 4
    assert state.known[0] == counts_of([Y, OR, LG])  # everybody saw the pile, not the dealt red
    # The deck's last card goes first: onto the emptied space 6, then 7, then 0 (clockwise, wrapping).
    assert state.piles == [[Y, LB], [OR], [LB], [R], [R], [DG], [LG], [DB, DB]]
    assert state.deck == [OR, OR, OR] and state.actions_left == 1 and state.current_player == 0
    assert not state.can_undo()  # cards from the deck were shown
    refused(state.clone(), PASS, "error.backe.can_act")


def test_once_the_deck_runs_out_fewer_cards_are_laid_and_emptied_spaces_stay_empty():
    piles = [[Y], [OR], [LB], [R], [R], [DG], [Y], [DB]]
    state = rig(piles=piles, deck=[LG, DG])
    state.apply(TAKE[7])
    assert state.piles[7] == [DG] and state.piles[0] == [Y, LG] and state.piles[1] == [OR] and state.deck == []
    state.apply(TAKE[2])  # the deck is empty: nothing is laid
    assert state.piles[2] == [] and state.piles[3] == [R] and state.current_player == 1
    assert state.can_undo()  # nothing hidden was shown
    refused(state, TAKE[2], "error.backe.pile_empty")
    assert TAKE[2] not in state.legal_actions() and TAKE[3] in state.legal_actions()


# --- K2: play ------------------------------------------------------------------------------
def test_play_lays_sets_of_one_colour_and_the_player_chooses_how_many():
    state = rig(hands=[[Y] * 7 + [R] * 4 + [DB, LB], [], []])
    plays = [move for move in state.legal_actions() if move.kind == "play"]
    assert plays == [PLAY[R][1], PLAY[Y][1], PLAY[Y][2]]  # a dark and a light blue 2 are no set
    refused(state, PLAY[Y][3], "error.backe.too_many_sets")
    refused(state, PLAY[DB][1], "error.backe.no_set")
    refused(state, PLAY[OR][1], "error.backe.no_set")
    state.apply(PLAY[Y][2])
    assert state.blocking[0] == [Y] * 6 and state.hands[0] == counts_of([Y, R, R, R, R, DB, LB])
    assert state.hand_sizes[0] == 7 and state.actions_left == 1
    assert state.can_undo()
    state.apply(PLAY[R][1])  # another colour is another action, on top of the same stack
    assert state.blocking[0] == [Y] * 6 + [R] * 4 and state.current_player == 1


def test_a_colour_on_top_of_another_blocking_stack_may_not_be_played_even_as_a_first_set():
    hands = [[Y, Y, Y, R, R, R, R, LG], [], []]
    state = rig(hands=hands, blocking=[[], [OR], [Y, R]])  # player 2's yellow lies under a red
    refused(state, PLAY[R][1], "error.backe.blocked")
    assert PLAY[R][1] not in state.legal_actions()
    assert PLAY[Y][1] in state.legal_actions() and PLAY[LG][1] in state.legal_actions()
    state.apply(PLAY[LG][1])
    # The player's own top card never blocks them.
    state.hands[0][LG] += 1
    state.hand_sizes[0] += 1
    state._legal = None
    assert PLAY[LG][1] in state.legal_actions()
    state.apply(PLAY[LG][1])
    assert state.blocking[0] == [LG, LG]
    # The same colour on top of another stack still blocks, the own top card notwithstanding.
    state = rig(hands=[[LG, OR, OR, OR], [], []], blocking=[[LG], [LG], [OR]])
    refused(state, PLAY[LG][1], "error.backe.blocked")
    refused(state, PLAY[OR][1], "error.backe.blocked")
    assert [move for move in state.legal_actions() if move.kind == "play"] == []


def test_nothing_to_play_or_turn_and_no_pile_to_take_means_a_pass():
    state = rig(hands=[[R, OR], [], []], piles=[[]] * 8, deck=[])
    assert state.legal_actions() == [PASS]
    refused(state, TAKE[0], "error.backe.pile_empty")
    refused(state, TURN_PILE, "error.backe.nothing_to_turn")
    state.apply(PASS)
    assert state.actions_left == 1 and state.current_player == 0


# --- K3: turn the pile ------------------------------------------------------------------------
def test_turning_needs_a_blocking_stack():
    state = rig(hands=[[R], [OR, OR], []])
    assert TURN_PILE not in state.legal_actions()
    refused(state, TURN_PILE, "error.backe.nothing_to_turn")


@pytest.mark.parametrize("sizes", [(5, 5, 2), (6, 5, 5), (3, 0, 0)])
def test_the_active_player_with_the_most_cards_or_tied_for_it_gets_nothing(sizes):
    hands = [[OR] * size for size in sizes]
    state = rig(hands=hands, blocking=[[Y, R], [], []])
    state.apply(TURN_PILE)
    assert state.score_piles[0] == [Y, R] and state.blocking[0] == []
    assert state.hand_sizes == list(sizes) and state.phase == "act" and state.actions_left == 1
    assert state.current_player == 0 and state.can_undo()  # nothing hidden moved


def test_the_player_with_the_most_cards_gives_the_top_value_and_chooses_which():
    hands = [[LG], [R, R, OR, Y, LB], [DG, DG]]
    state = rig(hands=hands, blocking=[[R, R, R, R, Y, Y, Y], [], []])  # yellow 3 on top
    state.apply(TURN_PILE)
    assert state.score_piles[0] == [R] * 4 + [Y] * 3
    assert state.phase == "give" and state.current_player == 1 and state.gift_size == 3
    assert not state.can_undo()  # it made someone give: it stands
    gifts = state.legal_actions()
    assert all(move.kind == "give" and move.given == 3 for move in gifts)
    assert give(counts_of([R, R, OR])) in gifts and give(counts_of([OR, Y, LB])) in gifts and len(gifts) == 7
    refused(state, TAKE[0], "error.backe.must_give")
    refused(state, give(counts_of([R, R])), "error.backe.gift_size")
    refused(state, give(counts_of([OR, OR, Y])), "error.backe.gift_not_held")
    refused(state, GIVER[1], "error.backe.must_give")
    state.apply(give(counts_of([OR, Y, LB])))  # the giver keeps the reds
    assert state.hands[1] == counts_of([R, R]) and state.hand_sizes[1] == 2
    assert sorted(state.score_piles[0]) == sorted([R] * 4 + [Y] * 3 + [OR, Y, LB])
    assert state.current_player == 0 and state.phase == "act" and state.actions_left == 1
    assert not state.can_undo()  # cards handed over are not handed back
    assert state.scores() == [10 - 1, -2, -2]


def test_the_giver_gives_at_most_all_they_hold():
    state = rig(hands=[[], [OR, DB], [LG]], blocking=[[R] * 4, [], []])
    state.apply(TURN_PILE)
    assert state.current_player == 1 and state.gift_size == 2  # min(4, 2)
    assert state.legal_actions() == [give(counts_of([OR, DB]))]
    state.apply(give(counts_of([OR, DB])))
    assert state.hand_sizes[1] == 0 and sorted(state.score_piles[0]) == [R, R, R, R, OR, DB]


def test_the_top_card_alone_sets_the_value():
    state = rig(hands=[[], [OR, OR, OR, OR], []], blocking=[[R, R, R, R, DG], [], []])
    state.apply(TURN_PILE)
    assert state.gift_size == 1 and state.gift_value == 1


def test_a_tie_among_the_others_is_decided_by_the_active_player():
    hands = [[LG], [OR, OR, OR], [Y, Y, Y], [DB, LB]]
    state = rig(players=4, hands=hands, blocking=[[DB, DB], [], [], []], turn=0)
    state.apply(TURN_PILE)
    assert state.phase == "choose_giver" and state.current_player == 0
    assert state.legal_actions() == [GIVER[1], GIVER[2]]
    assert not state.can_undo()
    refused(state, GIVER[3], "error.backe.not_tied")
    refused(state, GIVER[0], "error.backe.not_tied")
    refused(state, TAKE[0], "error.backe.choose_giver")
    refused(state, give(counts_of([Y, Y])), "error.backe.choose_giver")
    state.apply(GIVER[2])
    assert state.current_player == 2 and state.gift_size == 2 and not state.can_undo()
    state.apply(give(counts_of([Y, Y])))
    assert state.current_player == 0 and state.hand_sizes == [1, 3, 1, 2]


def test_gifts_and_givers_are_refused_when_nobody_gives():
    state = rig(hands=[[R], [OR], []])
    refused(state, give(counts_of([OR])), "error.backe.no_gift_now")
    refused(state, GIVER[1], "error.backe.no_gift_now")


# --- two actions a turn ----------------------------------------------------------------------
def test_a_turn_is_two_actions_the_same_one_twice_allowed():
    state = rig(hands=[[DG, LG], [], []])
    state.apply(PLAY[DG][1])
    assert state.current_player == 0 and state.actions_left == 1
    state.apply(PLAY[LG][1])
    assert state.current_player == 1 and state.actions_left == 2
    state.apply(TAKE[0])
    state.apply(TAKE[1])
    assert state.current_player == 2
    state.apply(TAKE[2])
    state.apply(TAKE[3])
    assert state.current_player == 0


def test_a_gift_completes_the_action_and_the_turn():
    state = rig(hands=[[], [OR, OR], []], blocking=[[DG], [], []], actions_left=1)
    state.apply(TURN_PILE)
    assert state.current_player == 1 and state.turn == 0
    state.apply(give(counts_of([OR])))
    assert state.current_player == 1 and state.turn == 1 and state.actions_left == 2


# --- K4: the end and the score -----------------------------------------------------------------
def test_four_piles_and_a_take_as_first_action_the_turn_is_completed_then_the_game_ends():
    piles = [[R], [], [OR], [], [Y, Y], [], [LG], []]
    state = rig(hands=[[], [DB, DB], [OR]], piles=piles, deck=[], blocking=[[DG], [], []])
    state.apply(TAKE[0])
    assert state.ending and not state.is_over() and state.current_player == 0
    state.apply(TURN_PILE)  # the second action still happens, with its gift
    assert state.current_player == 1 and not state.is_over()
    state.apply(give(counts_of([DB])))
    assert state.is_over() and state.current_player == TERMINAL and state.legal_actions() == []
    assert state.piles_left() == 3
    refused(state, TAKE[2], "error.game_over")
    assert state.scores() == [2 - 1, 0 - 1, 0 - 1] and state.winners() == [0]


def test_five_piles_two_takes_leave_three_and_end_after_the_turn():
    piles = [[R], [OR], [OR], [], [Y], [], [LG], []]
    state = rig(players=2, hands=[[], []], piles=piles, deck=[])
    state.apply(TAKE[0])
    assert not state.ending
    state.apply(TAKE[1])
    assert state.is_over() and state.piles_left() == 3


def test_a_full_deck_never_ends_the_game():
    state = rig(players=2, deck=[R] * 6)
    state.apply(TAKE[0])
    state.apply(TAKE[1])
    assert state.piles_left() == 8 and not state.ending and state.current_player == 1


def test_score_is_score_pile_minus_hand_and_the_blocking_stack_does_not_count():
    # The rulebook's Bernd: 20 in the score pile, 3 in the blocking stack, 5 in hand: 15.
    state = rig(players=2, hands=[[OR] * 5, [Y] * 2], blocking=[[R, R, R], []],
                score_piles=[[LB] * 16 + [DB] * 4, [Y] * 17])
    assert state.scores() == [15, 15]
    state.over = True
    assert state.winners() == [0, 1]  # equal scores share the place
    assert [row["place"] for row in state.standings()["players"]] == [1, 1]
    assert state.standings()["players"][0]["breakdown"] == {"score_pile": 20, "hand": 5, "blocking": 3}


# --- K5: undo -------------------------------------------------------------------------------
def _real_game_until(wanted, seed_range=range(40)):
    """A seeded game played at random until ``wanted(state, move)`` holds for a legal move."""
    for seed in seed_range:
        state, rng = GAME.new_state(3, seed=seed), random.Random(seed)
        while not state.is_over():
            for move in state.legal_actions():
                if wanted(state, move):
                    return state, move
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position found")


@pytest.mark.parametrize("name, wanted, undoable", [
    ("play", lambda s, m: m.kind == "play", True),
    ("take, deck empty", lambda s, m: m.kind == "take" and not s.deck, True),
    ("take, cards laid", lambda s, m: m.kind == "take" and s.deck, False),
    ("turn, nobody gives", lambda s, m: m.kind == "turn_pile" and s.hand_sizes[s.turn] == max(s.hand_sizes), True),
    ("turn, someone gives", lambda s, m: m.kind == "turn_pile" and s.hand_sizes[s.turn] < max(s.hand_sizes), False),
    ("gift", lambda s, m: m.kind == "give", False),
])
def test_undo_takes_back_an_action_that_showed_and_handed_over_nothing(name, wanted, undoable):
    state, move = _real_game_until(wanted)
    before, actor = state.to_json(), state.current_player
    state.apply(move)
    assert state.can_undo() is undoable, name
    if undoable:
        assert state.last_actor() == actor and state.undo().to_json() == before
    else:
        after = state.to_json()
        with pytest.raises(IllegalAction) as error:
            state.undo()
        assert error.value.key == "error.backe.cannot_undo" and state.to_json() == after


# --- views: what a seat may see ----------------------------------------------------------------
def test_a_view_holds_the_own_hand_counts_and_known_cards_but_no_other_hand_score_pile_or_deck():
    piles = [[R, OR], [OR], [LB], [R], [R], [DG], [Y], [DB]]
    state = rig(hands=[[DG, LG], [R, R, Y], [LB]], piles=piles, score_piles=[[OR, OR], [Y] * 3, []],
                blocking=[[], [LG], []])
    state.apply(TAKE[0])
    state.apply(PLAY[DG][1])
    view = state.view(1)
    assert view["hand"] == counts_of([R, R, Y])
    assert view["players"][0] == {"hand_count": 3, "score_count": 2, "blocking": [DG], "known": counts_of([R, OR]),
                                  "score": -1}
    assert set(view) & {"hands", "deck", "score_piles"} == set() and view["deck_count"] == len(state.deck)
    assert state.view(None)["hand"] is None
    # Another deal of everything seat 1 cannot see shows seat 1 the very same view.
    other = state.clone()
    other.hands[0] = counts_of([R, OR, R])  # the known red and orange stay, the unknown card changes
    other.hands[2] = counts_of([Y])
    other.score_piles = [[Y, LB], [R, R, R], []]
    other.deck = list(reversed(other.deck))
    assert other.view(1) == view


def test_cards_given_away_lower_what_is_known_of_the_hand():
    state = rig(hands=[[], [R, R, OR], []], blocking=[[DG], [], []], piles=[[R, R]] + [[DG]] * 7)
    state.known[1] = counts_of([R, R])  # taken from the circle earlier
    state.apply(TURN_PILE)
    state.apply(give(counts_of([R])))
    assert state.view(0)["players"][1]["known"] == counts_of([R])  # nobody saw which card went


# --- moves, rulings and docs -------------------------------------------------------------------
def test_moves_read_back_from_json_and_bad_ones_are_refused():
    for move in (TAKE[7], PLAY[Y][2], TURN_PILE, GIVER[4], PASS, give(counts_of([R, OR, OR]))):
        assert GAME.action_from_json(move.to_json()) == move and str(move)
    bad = ({"move": "play", "card": "red4", "sets": 0}, {"move": "take", "pile": 8}, "take",
           {"move": "give", "cards": []}, {"move": "play", "card": "blue2", "sets": 1}, {"move": "take", "pile": True})
    for data in bad:
        with pytest.raises(ValueError):
            move_from_data(data)


def test_docs_name_every_ruling_and_both_languages_show_it():
    text = RULES_MD.read_text("utf-8")
    section = text.split("## Hamsterbacke", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^\| (K\d+) \|", section, flags=re.M) == [f"K{n}" for n in range(1, 7)]
    for lang in ("en", "de"):
        shown = " ".join(value for key, value in i18n.catalogue(lang).items() if key.startswith("rules.backe."))
        assert sorted(set(re.findall(r"\bK\d\b", shown))) == [f"K{n}" for n in range(1, 7)], lang
