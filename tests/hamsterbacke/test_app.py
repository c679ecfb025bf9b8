"""The Hamsterbacke page through AppTest: alone against bots, together at one tablet, the end.

The table is one tap board ("hb-board"): piles p0..p7, colours of your hand c0..c6 (played in a
mode "setsN"), cards to give g{colour}-{n}, players s{seat}, your blocking stack "turn".
"""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from assistant.games.hamsterbacke.actions import GIVER, PLAY, TAKE, TURN_PILE
from assistant.games.hamsterbacke.cards import VALUES
from assistant.store import Store
from tests.components import (
    assert_not_offered,
    assert_offered,
    assert_shows,
    board_data,
    board_html,
    board_text,
    decide,
    has_board,
    message,
    open_app,
    tappable,
    texts,
)
from tests.hamsterbacke.helpers import played_until

PAGE = "hamsterbacke"
HB = "hb-board"


def saved(db: Store, state, bots=("random", "random"), mode="alone", names=None) -> str:
    kinds = ["human", *bots] if mode == "alone" else list(bots)
    names = names or (["Ann"] + [f"Bot {n}" for n in range(1, len(kinds))])
    return db.create(state, {"names": names, "bots": kinds, "mode": mode, "speed": "quick"})


def my_act(state) -> bool:
    return state.phase == "act" and state.current_player == 0 and state.actions_left == 2


def test_start_a_game_alone_against_bots_and_take_a_pile(db):
    at = open_app(PAGE)
    at.segmented_control(key="hb_new_count").set_value(2).run()
    for n in range(2):
        at.segmented_control(key=f"hb_new_level_{n}").set_value("random").run()
    at.segmented_control(key="hb_new_speed").set_value("quick").run()
    at.button(key="hb_start").click().run()
    game_id = at.query_params["game"]
    setup = db.load(game_id).setup
    assert setup["bots"] == ["human", "random", "random"] and setup["mode"] == "alone"
    assert setup["speed"] == "quick" and setup["names"][0] == "Player 1"
    assert tappable(at, HB) >= {f"p{n}" for n in range(8)}
    assert_shows(at, HB, "Player 1, your turn: action 1 of 2.")
    decide(at, HB, "tap", ["p3"])
    assert db.load(game_id).state.history[0] == TAKE[3]
    assert_shows(at, HB, "action 2 of 2")


def test_play_a_set_then_turn_the_pile(db):
    state = played_until(3, lambda s: my_act(s) and any(m.kind == "play" for m in s.legal_actions()))
    play = next(m for m in state.legal_actions() if m.kind == "play")
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    mode = next(spec for spec in board_data(at, HB)["modes"] if spec["id"] == "sets1")
    assert f"c{play.at}" in mode["tappable"]
    decide(at, HB, "sets1", [f"c{play.at}"])
    after = db.load(game_id).state
    assert after.history[-1] == PLAY[play.at][1] and after.blocking[0]
    assert "turn" in tappable(at, HB)  # a tap on your blocking stack turns it, as the button does
    assert_offered(at, HB, "turn_pile", "undo")
    decide(at, HB, "turn_pile")
    assert TURN_PILE in db.load(game_id).state.history


def test_a_refused_play_says_why_and_changes_nothing(db):
    state = played_until(3, lambda s: my_act(s) and any(
        0 < s.hands[0][c] < VALUES[c] for c in range(7)))
    colour = next(c for c in range(7) if 0 < state.hands[0][c] < VALUES[c])
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    modes = {spec["id"]: spec["tappable"] for spec in board_data(at, HB)["modes"]}
    assert f"c{colour}" not in modes.get("sets1", [])
    decide(at, HB, "sets1", [f"c{colour}"])  # a forged tap: the colour was not tappable
    assert "That was not on offer on this screen" in texts(at)
    assert len(db.load(game_id).state.history) == len(state.history)


def test_undo_a_play_but_not_a_take_from_the_deck(db):
    state = played_until(3, lambda s: my_act(s) and any(m.kind == "play" for m in s.legal_actions()))
    play = next(m for m in state.legal_actions() if m.kind == "play")
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    assert_not_offered(at, HB, "undo")
    decide(at, HB, f"sets{play.count}", [f"c{play.at}"])
    assert_offered(at, HB, "undo")
    decide(at, HB, "undo")
    assert len(db.load(game_id).state.history) == len(state.history)
    pile = next(n for n in range(8) if state.piles[n])
    decide(at, HB, "tap", [f"p{pile}"])  # lays cards from the deck: it stands
    assert_not_offered(at, HB, "undo")
    assert "Your take can no longer be undone: it showed cards from the deck." in board_text(at, HB)


def test_a_play_says_nothing_stands(db):
    state = played_until(3, lambda s: my_act(s) and any(m.kind == "play" for m in s.legal_actions()))
    play = next(m for m in state.legal_actions() if m.kind == "play")
    at = open_app(PAGE, game=saved(db, state))
    decide(at, HB, f"sets{play.count}", [f"c{play.at}"])
    assert "stands" not in board_text(at, HB)


def test_you_give_the_cards_a_bot_asks_for(db):
    state = played_until(3, lambda s: s.phase == "give" and s.giver == 0 and s.gift_size >= 2)
    size, before = state.gift_size, len(state.history)
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    assert_shows(at, HB, f"choose {size} to give to Bot {state.turn}")
    data = board_data(at, HB)
    assert data["select"]["mode"] == "many" and data["select"]["max"] == size
    chips = sorted(tappable(at, HB))
    assert chips and all(chip.startswith("g") for chip in chips)
    decide(at, HB, "give", chips[:1])  # too few: the engine says how many
    assert "exactly" in message(at, HB) and len(db.load(game_id).state.history) == before
    decide(at, HB, "give", chips[:size])
    after = db.load(game_id).state
    assert after.history[before].kind == "give" and after.history[before].given == size


def test_you_choose_who_gives(db):
    state = played_until(4, lambda s: s.phase == "choose_giver" and s.turn == 0)
    game_id = saved(db, state, bots=("random",) * 3)
    at = open_app(PAGE, game=game_id)
    assert tappable(at, HB) == {f"s{p}" for p in state.giver_choices}
    assert 0 not in state.giver_choices  # your own row is marked as your turn, never as tappable
    count = min(state.gift_value, state.hand_sizes[state.giver_choices[0]])
    assert_shows(at, HB, "Who gives you cards?")
    assert_shows(at, HB, f"You get {count} card{'s' if count > 1 else ''}.")
    chosen = state.giver_choices[-1]
    decide(at, HB, "tap", [f"s{chosen}"])
    assert db.load(game_id).state.history[len(state.history)] == GIVER[chosen]


def test_together_the_tablet_is_passed_with_every_hand_hidden(db):
    state = get_game("hamsterbacke").new_state(3, seed=4)
    game_id = saved(db, state, bots=("human", "human", "random"), mode="together", names=["Ann", "Bo", "Bot 1"])
    at = open_app(PAGE, game=game_id)
    assert not has_board(at, HB) and "Ann, it is your turn" in texts(at), "the first player gets the tablet too"
    at.button(key="hb-its-me").click().run()
    assert_shows(at, HB, "Ann, your turn")
    for _ in range(2):
        decide(at, HB, "tap", [f"p{next(n for n in range(8) if db.load(game_id).state.piles[n])}"])
    assert not has_board(at, HB), "the cover hides the table"
    assert "Bo, it is your turn" in texts(at) and "Your hand" not in texts(at)
    at.run()
    assert not has_board(at, HB), "a rerun keeps the cover"
    at.button(key="hb-its-me").click().run()
    assert has_board(at, HB)
    assert_shows(at, HB, "Bo, your turn: action 1 of 2.")
    hand = db.load(game_id).state.hands[1]
    assert f"Your hand ({sum(hand)} cards)" in board_text(at, HB)


def test_the_end_ranks_score_pile_hand_and_blocking(db):
    state = get_game("hamsterbacke").new_state(3, seed=9)
    rng = random.Random(9)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    at = open_app(PAGE, game=saved(db, state))
    assert at.success and "win" in at.success[0].value
    table = at.table[0].value
    rows = {name: total for name, total in zip(table["Name"], table["Total"], strict=True)}
    assert rows["Ann"] == state.scores()[0]
    assert set(table.columns) >= {"Score pile", "Hand", "Blocking stack", "Total"}
    assert at.button(key="hb-new")


def test_german_texts(db):
    state = get_game("hamsterbacke").new_state(3, seed=1)
    at = open_app(PAGE, game=saved(db, state), lang="de")
    assert_shows(at, HB, "Ann, du bist dran: Aktion 1 von 2.")
    assert_shows(at, HB, "Nachziehstapel")
    assert "Sperrstapel" in texts(at)  # the rules panel


@pytest.mark.skipif(__import__("importlib").util.find_spec("assistant.bots.hamsterbacke") is None,
                    reason="the Hamsterbacke bots are not written yet")
def test_hint_marks_the_advised_part(db):
    state = played_until(3, my_act)
    at = open_app(PAGE, game=saved(db, state))
    decide(at, HB, "hint")
    assert message(at, HB, "hint-text")
    assert board_data(at, HB)["marks"]["tb-hint"]


def test_score_check_counts_and_saves(db):
    at = open_app("assistant/ui/pages/score_check.py")
    at.segmented_control(key="sc_game").set_value("hamsterbacke").run()
    at.segmented_control(key="hb_sc_count").set_value(2).run()
    at.text_input(key="hb_sc_name_0").input("Ann").run()
    at.number_input(key="hb_sc_score_pile_0").set_value(20).run()
    at.number_input(key="hb_sc_hand_0").set_value(5).run()
    at.number_input(key="hb_sc_score_pile_1").set_value(12).run()
    at.number_input(key="hb_sc_blocking_1").set_value(4).run()
    table = at.table[0].value
    assert list(table["Total"]) == [15, 12] and list(table["Blocking stack"]) == [0, 4]
    assert "Ann wins" in at.success[0].value
    check = db.load_check(at.query_params["check"])
    assert check.game == "hamsterbacke" and check.data["counts"][0]["score_pile"] == 20
    at.number_input(key="hb_sc_hand_1").set_value(110).run()  # more cards than a game ends with
    assert "at most 118" in at.error[0].value and not at.table


def test_a_bot_gives_when_you_turn_your_pile(db):
    def bot_must_give(state) -> bool:
        if not (state.phase == "act" and state.current_player == 0 and TURN_PILE in state.legal_actions()):
            return False
        most = max(state.hand_sizes)
        return state.hand_sizes[0] < most and state.hand_sizes.count(most) == 1

    state = played_until(3, bot_must_give)
    giver = state.hand_sizes.index(max(state.hand_sizes))
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    decide(at, HB, "turn_pile")
    after = db.load(game_id).state
    turned, gift = after.history[len(state.history):len(state.history) + 2]
    assert turned == TURN_PILE and gift.kind == "give"  # the bot chose its cards at once (quick)
    assert f"Bot {giver} gave" in texts(at)


def test_together_bots_play_one_by_one_with_every_hand_hidden(db):
    state = get_game("hamsterbacke").new_state(4, seed=6)
    setup = {"names": ["Ann", "Bo", "Bot 1", "Bot 2"], "bots": ["human", "human", "random", "random"],
             "mode": "together", "speed": "normal"}
    game_id = db.create(state, setup)
    at = open_app(PAGE, game=game_id)
    for _seat in (0, 1):
        at.button(key="hb-its-me").click().run()
        for _ in range(2):
            decide(at, HB, "tap", [f"p{next(n for n in range(8) if db.load(game_id).state.piles[n])}"])
    assert db.load(game_id).state.current_player == 3, "one bot turn per tick: Bot 1 has played"
    assert_shows(at, HB, "every hand is hidden")
    assert "Your hand" not in board_text(at, HB)
    at.run()  # the next tick: Bot 2 plays, then Ann's turn comes behind the cover
    assert db.load(game_id).state.current_player == 0
    assert "Ann, it is your turn" in texts(at) and not has_board(at, HB)


def test_two_people_need_a_computer_opponent(db):
    at = open_app(PAGE)
    at.segmented_control(key="hb_new_mode").set_value("together").run()
    at.segmented_control(key="hb_new_people").set_value(2).run()
    assert at.button(key="hb_start").disabled and "3 to 5 players" in at.warning[0].value
    at.segmented_control(key="hb_new_count_together").set_value(1).run()
    assert not at.button(key="hb_start").disabled and not at.warning
    at.segmented_control(key="hb_new_mode").set_value("alone").run()
    at.segmented_control(key="hb_new_count").set_value(1).run()  # one person against one bot: fine
    assert not at.button(key="hb_start").disabled
    at.button(key="hb_start").click().run()
    assert db.load(at.query_params["game"]).setup["bots"] == ["human", "easy"]


def test_two_people_are_refused_in_german_too(db):
    # AppTest formats a choice outside the run, in English: chosen first, then the language switched.
    at = open_app(PAGE)
    at.segmented_control(key="hb_new_mode").set_value("together").run()
    at.segmented_control(key="hb_new_people").set_value(2).run()
    at.segmented_control(key="lang_switch").set_value("de").run()
    assert at.button(key="hb_start").disabled and "3 bis 5 Personen" in at.warning[0].value


def test_together_the_cover_names_the_gift_and_the_way_back(db):
    state = played_until(3, lambda s: s.phase == "give" and s.giver != s.turn and s.actions_left == 2)
    turn, giver, size = state.turn, state.giver, state.gift_size
    names = ["Ann", "Ben", "Cleo"]
    game_id = saved(db, state, bots=("human",) * 3, mode="together", names=names)
    at = open_app(PAGE, game=game_id)
    gift = f"{size} card" + ("s" if size > 1 else "")
    assert f"{names[giver]}, give {names[turn]} {gift}" in at.header[0].value and not has_board(at, HB)
    at.button(key="hb-its-me").click().run()
    decide(at, HB, "give", sorted(tappable(at, HB))[:size])
    assert db.load(game_id).state.history[-1].kind == "give"
    assert f"Back to {names[turn]}: action 2 of 2" in at.header[0].value and not has_board(at, HB)
    at.button(key="hb-its-me").click().run()
    assert_shows(at, HB, f"{names[turn]}, your turn: action 2 of 2.")
    assert_shows(at, HB, "Turning your pile can no longer be undone: cards were given to you.")


def test_the_hint_chooses_how_many_sets(db, monkeypatch):
    from assistant.bots import Advice
    from assistant.ui.table import Table

    state = played_until(3, lambda s: my_act(s) and any(m.kind == "play" and m.count >= 2 for m in s.legal_actions()))
    move = next(m for m in state.legal_actions() if m.kind == "play" and m.count >= 2)
    # The hard bot searches against the clock: its advice is fixed here, so the test is the page's.
    advice = Advice(move, "bot.backe.play", {"sets": "2 sets", "card": "a colour"})
    monkeypatch.setattr(Table, "hint", lambda table, seat: advice)
    at = open_app(PAGE, game=saved(db, state))
    decide(at, HB, "hint")
    data = board_data(at, HB)
    assert data["mode"] == f"sets{move.count}" and data["marks"]["tb-hint"] == [f"c{move.at}"]
    markup = data["html"]  # the hint comes below the buttons: it does not push them down
    assert markup.index('class="tb-buttons"') < markup.index("tb-hint-text")


def test_a_blocking_stack_shows_its_size(db):
    state = played_until(3, lambda s: my_act(s) and len(s.blocking[1]) >= 2)
    at = open_app(PAGE, game=saved(db, state))
    # The whole stack's size beside its top card (it may hold several colours), not "×5".
    assert f'<span class="hb-stack-size">{len(state.blocking[1])} cards</span>' in board_html(at, HB)


def test_a_whole_game_alone_against_a_bot_to_the_end(db):
    """Every decision through the board, the first part each time, until the end screen."""
    at = open_app(PAGE)
    at.segmented_control(key="hb_new_count").set_value(1).run()
    at.segmented_control(key="hb_new_level_0").set_value("random").run()
    at.segmented_control(key="hb_new_speed").set_value("quick").run()
    at.button(key="hb_start").click().run()
    game_id = at.query_params["game"]
    for _ in range(400):
        if not has_board(at, HB):
            break
        data = board_data(at, HB)
        buttons = {spec["id"] for spec in data["buttons"]}
        if data["select"]["mode"] == "many":  # giving: as many cards as asked
            decide(at, HB, "give", sorted(data["select"]["tappable"])[:data["select"]["max"]])
        elif data["modes"]:
            decide(at, HB, data["modes"][0]["id"], [sorted(data["modes"][0]["tappable"])[0]])
        elif data["select"]["tappable"]:
            decide(at, HB, "tap", [sorted(data["select"]["tappable"])[0]])
        else:
            assert "pass" in buttons, buttons
            decide(at, HB, "pass")
        assert not at.exception, at.exception
    state = db.load(game_id).state
    assert state.is_over() and not has_board(at, HB)
    table = at.table[0].value
    assert list(table.columns) == ["Place", "Name", "Score pile", "Hand", "Blocking stack", "Total"]
    rows = {name: list(row) for name, *row in zip(table["Name"], table["Score pile"], table["Hand"],
                                                   table["Blocking stack"], table["Total"], strict=True)}
    for seat, name in enumerate(db.load(game_id).setup["names"]):
        assert rows[name] == [len(state.score_piles[seat]), state.hand_sizes[seat], len(state.blocking[seat]),
                              state.scores()[seat]]
    winners = [db.load(game_id).setup["names"][p] for p in state.winners()]
    line = f"{winners[0]} wins!" if len(winners) == 1 else f"{' & '.join(winners)} share the win!"
    assert at.success[0].value == line


def test_score_check_ranks_with_shared_places(db):
    at = open_app("assistant/ui/pages/score_check.py")
    at.segmented_control(key="sc_game").set_value("hamsterbacke").run()
    at.segmented_control(key="hb_sc_count").set_value(3).run()
    for player, (pile, hand) in enumerate([(8, 3), (7, 2), (12, 2)]):
        at.number_input(key=f"hb_sc_score_pile_{player}").set_value(pile).run()
        at.number_input(key=f"hb_sc_hand_{player}").set_value(hand).run()
    table = at.table[0].value
    assert list(table["Place"]) == [2, 2, 1] and list(table["Total"]) == [5, 5, 10]
    assert at.info and "at least" in at.info[0].value  # too few cards for an end: said, the totals shown
