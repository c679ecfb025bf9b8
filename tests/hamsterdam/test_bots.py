"""Hamsterdam bots: legal in every phase, reading only the view, with reasons in both languages, the
hard bot stronger than random; the deals the search samples (the shared random-game checks, which
sample a deal at every step, run in test_random_games.py)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from assistant import i18n
from assistant.bots import RandomBot, get_bot
from assistant.bots import hamsterdam as dam_bots
from assistant.games.hamsterdam import HamsterdamGame, Move, Roll
from assistant.games.hamsterdam.abilities import INDEX
from assistant.games.hamsterdam.actions import GO_ON
from assistant.games.hamsterdam.cards import card_of, numbers, piece_text
from tests.hamsterdam.helpers import rig_hamsterdam

GAME = HamsterdamGame()
# Every phase with a choice, and the kinds of move it offers (views.KINDS_OF_PHASE, as random play meets them).
EXPECTED = {("pass", "pass"), ("arrange", "lay"), ("keep", "keep"), ("place", "put"), ("place", "clear"),
            ("place", "done"), ("flood", "plug"), ("flood", "use"), ("flood", "accept"), ("breach", "breach"),
            ("sacrifice", "sacrifice"), ("move", "move"), ("move", "stay"), ("move", "use"), ("window", "use"),
            ("window", "go_on"), ("choose_dice", "dice"), ("mole", "put")}


def quick_hard_bot():
    """The hard bot with a fixed, small number of samples instead of a time budget: the same choice
    every run, whatever the machine's load (bench/hamsterdam.py measures the real one)."""
    return dam_bots.HardBot(samples=2, seconds=float("inf"), depth=8)


def bot(level: str):
    return {"random": RandomBot(), "easy": dam_bots.EasyBot(), "hard": quick_hard_bot()}[level]


def done_position():
    """Redeployment with every intact card under a flood token: clear one, or be done."""
    state = rig_hamsterdam(2, tokens=[{value: 1 for value in range(2, 13)}, {}])
    state.hand[0] = ["hamster", "hamster", "blobster"]
    state.start_phase("place", [0, 1])
    state.hand[1] = ["hamster"]
    state._legal = None
    return state


def mole_position():
    """Whack-a-Mole's second roll shows a value of two cards of the roller's dam without a token."""
    state = rig_hamsterdam(2, mode="full", dams=[[2, 3, 4, 5, 6, 7, 7, 8, 9, 10, 11], list(range(2, 13))],
                           stacks=[{4: ["hamster", "whack-a-mole"]}, {}])
    state.dice, state.value, state.second = (1, 3), 4, (3, 4)
    state.pending, state.pending_at, state.whacked = "whack-a-mole", 2, True
    state.window, state.queue, state.phase = "roll_own", [0], "mole"
    state._legal = None
    return state


def speedster_position():
    """The movement phase after the normal move, a Speedster left to move (D15): a Speedster move or go on."""
    state = rig_hamsterdam(2, stacks=[{2: ["hamster", "speedster"], 9: ["hamster"]}, {}], turns=3)
    state.apply(Roll(6, 6))
    state.apply(Move("move", "hamster", 0, 1))
    return state


def copycat_janitster_position():
    """Redeployment with a Copycatster that may copy the Janitster on the other dam (D13)."""
    state = rig_hamsterdam(2, stacks=[{3: ["hamster", "copycatster"]}, {4: ["janitster"]}], tokens=[{5: 1}, {}],
                           turns=11)
    state.apply(Roll(6, 6))
    while state.phase == "move":
        state.apply(state.legal_actions()[-1])  # no move
    return state


@pytest.fixture(scope="module")
def positions():
    """Up to four positions (state, seat) for each phase and kind of move, from seeded random games of
    every mode, and two rigged ones random play seldom meets."""
    found: dict[tuple[str, str], list] = {}
    for seed in range(14):
        for players, mode in ((2, "full"), (3, "full"), (4, "classic")):
            state, rng = GAME.new_state(players, seed=seed, mode=mode), random.Random(seed)
            while not state.is_over():
                if state.is_chance_node():
                    state.apply(state.chance_outcome())
                    continue
                legal = state.legal_actions()
                for kind in {move.kind for move in legal} if len(legal) > 1 else ():
                    found.setdefault((state.phase, kind), [])
                    if len(found[(state.phase, kind)]) < 4:
                        found[(state.phase, kind)].append(state.clone())
                state.apply(rng.choice(legal))
    found[("place", "done")] = [done_position()]
    found[("mole", "put")] = [mole_position()]
    found[("move", "go_on")] = [speedster_position()]
    found.setdefault(("place", "use"), []).append(copycat_janitster_position())
    return found


def all_positions(positions):
    return [state for states in positions.values() for state in states]


def test_random_play_meets_every_phase(positions):
    assert EXPECTED <= set(positions)


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_chooses_a_legal_move_in_every_phase(positions, level):
    player = bot(level)
    for state in all_positions(positions):
        legal = state.legal_actions()
        view = state.view(state.current_player)
        assert player.choose(view, legal, random.Random(1)) in legal, state.phase
        assert player.advise(view, legal, random.Random(1)).action in legal, state.phase


def rendered(advice, lang: str) -> str:
    return i18n.t(advice.reason, lang, **advice.params)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_hints_give_a_reason_in_both_languages_naming_the_move(positions, level):
    player, reasons = bot(level), set()
    for state in all_positions(positions):
        legal = state.legal_actions()
        advice = player.advise(state.view(state.current_player), legal, random.Random(2))
        english, german = rendered(advice, "en"), rendered(advice, "de")
        assert advice.reason.startswith("bot.hamsterdam.") and english != advice.reason and german != english
        assert not re.search(r"[{}]", english + german), english  # every value filled in
        move = advice.action
        # The move as the table's buttons say it, its card, its piece, the cards passed, the specials kept.
        names = [words(dam_bots.move_words(state.view(state.current_player), move))]
        params = advice.params
        names += [words(params[key]) for key in ("value", "left", "names") if key in params]
        names += [words(piece_text(move.piece))] if move.piece else []
        assert any(name in english for name in names), (english, names)
        assert "position" not in english.lower() and "simul" not in english.lower(), english
        reasons.add(advice.reason)
    assert len(reasons) >= 10  # the easy judgement's reasons, not one catch-all


def test_easy_copies_janitster_with_a_copycatster_and_says_so():
    state = copycat_janitster_position()
    legal = state.legal_actions()
    advice = dam_bots.EasyBot().advise(state.view(0), legal, random.Random(1))
    assert advice.action == Move("use", "copycatster", -1, -1, (INDEX["janitster"],)) and advice.action in legal
    assert rendered(advice, "en") == ("Copycatster as Janitster: every flood token off your dam; Copycatster goes to "
                                      "the reinforcement pile – that is 2 flood tokens, and Copycatster stays in "
                                      "the game.")
    assert rendered(advice, "de").startswith("Copycatster als Janitster: alle Flutmarker runter")


def test_easy_moves_speedster_after_its_move_where_floods_come_most():
    state = speedster_position()
    legal = state.legal_actions()
    assert GO_ON in legal and all(move.kind in ("use", "go_on") for move in legal)
    advice = dam_bots.EasyBot().advise(state.view(0), legal, random.Random(1))
    assert advice.action == Move("use", "speedster", 0, 5) and advice.reason == "bot.hamsterdam.move"
    state.apply(advice.action)
    assert state.current_player != 0  # both moves made


def test_easy_plugs_with_a_plain_hamster_and_says_so():
    state = rig_hamsterdam(2, stacks=[{7: ["hamster", "blobster"]}, {}])
    state.draw_dice = lambda: None
    state._next_dice = (3, 4)
    state.apply(state.chance_outcome())
    assert state.phase == "flood"
    advice = dam_bots.EasyBot().advise(state.view(0), state.legal_actions(), random.Random(0))
    assert advice.action.kind == "plug" and advice.action.piece == "hamster"
    assert rendered(advice, "en") == "Plug the 7 with a plain hamster: keep Blobster for later."
    assert rendered(advice, "de") == "Stopfe die 7 mit einem normalen Hamster: Blobster bleibt für später."


def test_easy_puts_a_hamster_where_floods_are_likely():
    state = rig_hamsterdam(2, stacks=[{value: ["hamster"] for value in range(2, 13) if value != 7}, {}])
    state.hand[0] = ["hamster"]
    state.start_phase("place", [0])
    state._legal = None
    advice = dam_bots.EasyBot().advise(state.view(0), state.legal_actions(), random.Random(0))
    assert (advice.action.kind, advice.action.at) == ("put", 5)  # the bare 7
    assert rendered(advice, "en") == "Put hamster on the 7: it floods on 6 of 36 rolls, and no card is covered worse."


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_read_only_the_view(positions, level):
    """A table re-dealt from the view (other specials, passes and dice at random) shows the same view,
    and a bot makes the same choice there with the same random numbers."""
    player = bot(level)
    for n, state in enumerate(all_positions(positions)):
        me = state.current_player
        dealt = GAME.sample_from_view(state.view(me), random.Random(n))
        legal = state.legal_actions()
        assert dealt.legal_actions() == legal
        assert (player.choose(dealt.view(me), legal, random.Random(n))
                == player.choose(state.view(me), legal, random.Random(n)))


def specials_seen(state) -> Counter:
    """Every special card a state holds anywhere: offered, kept (in the hand once everybody kept), on
    the dams, in piles and hands, out of the game."""
    count = Counter()
    for p in range(state.num_players):
        kept = state.kept[p] if state.phase == "keep" else []
        cards = state.offered[p] + kept + state.pieces(p) + state.removed[p]
        count.update(card_of(piece) for piece in cards if piece != "hamster")
    return count


def test_a_deal_keeps_what_the_view_shows_and_conserves_every_piece(positions):
    for n, state in enumerate(all_positions(positions)):
        for seat in range(state.num_players):
            view = state.view(seat)
            dealt = GAME.sample_from_view(view, random.Random(n))
            assert dealt.view(seat) == view
            assert dealt.tokens_in_play() == numbers().supply_tokens
            assert [dealt.hamsters_left(p) for p in range(state.num_players)] == \
                   [state.hamsters_left(p) for p in range(state.num_players)]
            assert all(count <= 2 for count in specials_seen(dealt).values())
            mine = state.offered[seat] + state.kept[seat]
            assert dealt.offered[seat] + dealt.kept[seat] == mine


def test_a_deal_redeals_the_hidden_specials(positions):
    state = positions[("keep", "keep")][0]
    me = state.current_player
    other = next(p for p in range(state.num_players) if p != me and state.offered[p])
    deals = [GAME.sample_from_view(state.view(me), random.Random(n)) for n in range(6)]
    assert len({tuple(deal.offered[other]) for deal in deals}) > 1
    assert all(len(deal.offered[other]) == len(state.offered[other]) for deal in deals)
    assert all(deal.offered[me] == state.offered[me] for deal in deals)


def test_the_dice_to_come_are_redealt():
    state = rig_hamsterdam(2)
    outcomes = {GAME.sample_from_view(state.view(0), random.Random(n)).chance_outcome() for n in range(20)}
    assert len(outcomes) > 3


@pytest.mark.parametrize("players, mode", [(2, "full"), (3, "classic"), (4, "full")])
def test_easy_plays_complete_games(players, mode):
    state, rng, easy = GAME.new_state(players, seed=7, mode=mode), random.Random(7), dam_bots.EasyBot()
    decisions = 0
    while not state.is_over():
        if state.is_chance_node():
            state.apply(state.chance_outcome())
            continue
        state.apply(easy.choose(state.view(state.current_player), state.legal_actions(), rng))
        decisions += 1
        assert decisions < 1500, "the game does not end"
    assert state.tokens_in_play() == numbers().supply_tokens


def test_hard_beats_random():
    """A handful of seeded two-player games, seats alternating (the bench plays a hundred)."""
    wins = 0.0
    for seed in range(4):
        hard_seat = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[hard_seat] = dam_bots.HardBot(samples=3, seconds=float("inf"), depth=12)
        state, rng = GAME.new_state(2, seed=seed, mode="full"), random.Random(seed)
        while not state.is_over():
            if state.is_chance_node():
                state.apply(state.chance_outcome())
                continue
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
        winners = state.winners()
        wins += 1 / len(winners) if hard_seat in winners else 0
    assert wins >= 3.5


def test_get_bot_finds_every_level():
    for level in ("random", "easy", "hard"):
        assert get_bot("hamsterdam", level).level == level


def test_after_its_move_the_easy_bot_goes_on_saying_no_speedster_move_is_worth_it():
    state = rig_hamsterdam(2, stacks=[{7: ["hamster", "speedster"]}, {}], turns=3)
    state.apply(Roll(6, 6))
    state.apply(Move("move", "hamster", 5, 6))  # the Speedster stays alone on the 7, which floods most
    advice = dam_bots.EasyBot().advise(state.view(0), state.legal_actions(), random.Random(1))
    assert advice.action == GO_ON
    assert rendered(advice, "en") == "Go on – no Speedster move covers more than it leaves bare."
    assert rendered(advice, "de").startswith("Weiter – kein Speedster-Zug")


@pytest.mark.parametrize("piece", ["hamster", "speedster"])
def test_without_a_no_move_the_easy_bot_gives_the_reason_of_the_move_it_makes(piece):
    """No move covers more than it leaves bare, and "no move" is not among the moves offered."""
    state = rig_hamsterdam(2, stacks=[{7: [piece]}, {}], turns=3)
    state.apply(Roll(6, 6))
    moves = [move for move in state.legal_actions() if move.kind not in ("stay", "go_on")]
    advice = dam_bots.EasyBot().advise(state.view(0), moves, random.Random(1))
    assert advice.action in moves and advice.reason == "bot.hamsterdam.move_forced"
    assert rendered(advice, "en").startswith(f"Move {words(piece_text(piece))} from the 7 to the ")
    assert "must be made" in rendered(advice, "en")


def words(text) -> str:
    """A text of the catalogue in English; a number or a name as it is."""
    return i18n.t(text.key, "en", **text.params) if isinstance(text, i18n.Text) else str(text)
