"""The Hamsterdam page through AppTest: new games (full and Classic, alone and together), whole games
decided on the board, a refused decision, real dice, resuming by URL, German, names as text.

The table is one tap board ("hd-board"): dam cards c{seat}-{pos}, pieces p{seat}-{pos}-{piece},
held cards h/l/r{value}, offered specials k{n}, hamsters moving in a breach m-{piece}, real dice
a{face}/b{face}; what no tap says is a button (assistant/ui/hamsterdam/decisions.py).
"""

from __future__ import annotations

import json
import random

from assistant import i18n
from assistant.bots import Advice
from assistant.bots.hamsterdam_policy import easy_move
from assistant.games.hamsterdam.actions import Move, Roll
from assistant.store import Store
from assistant.ui.hamsterdam.board import CSS_SLOT, table_html
from assistant.ui.hamsterdam.decisions import Board, board_for, parts_of, selection_parts
from assistant.ui.hamsterdam.play import _doing, _how_key, _move_button, _told_apart
from assistant.ui.table import Table
from tests.components import (
    assert_shows,
    board,
    board_data,
    board_html,
    board_text,
    decide,
    has_board,
    marked,
    message,
    open_app,
    texts,
)
from tests.hamsterdam.helpers import advance, new_state, position, rig_hamsterdam, saved

PAGE = "hamsterdam"
HD = "hd-board"


def decide_on_board(at, db: Store, game_id: str, move) -> None:
    """Make ``move`` as a player does: the taps and the button the board offers for it."""
    game = db.load(game_id).state
    seat = game.current_player
    view = game.view(seat)
    data = board_data(at, HD)
    button_ids = {spec["id"] for spec in data["buttons"]}
    if move.kind in ("pass", "keep"):
        parts = selection_parts(view, seat, move)
        assert set(parts) <= set(data["select"]["tappable"]), (parts, data["select"]["tappable"])
        assert move.kind in button_ids
        decide(at, HD, move.kind, parts)
        return
    board = board_for(view, game.legal_actions(), seat)
    taps, button = parts_of(board, move)
    if board.modes and taps:
        mode = next(spec for spec in data["modes"] if spec["id"] == button)
        assert taps[0] in mode["tappable"]
        decide(at, HD, button, taps)
    elif taps and len(taps) == 2:
        assert set(taps) <= set(data["select"]["tappable"]) and board.button in button_ids
        decide(at, HD, board.button, taps)
    elif taps:
        assert taps[0] in data["select"]["tappable"], (taps, data["select"]["tappable"])
        decide(at, HD, "choose", taps)
    else:
        assert button in button_ids, (move, button, button_ids)
        decide(at, HD, button)


def play_on_board(at, db: Store, game_id: str, rng: random.Random, most: int = 3000) -> int:
    """Every decision of the person at the tablet through the board (random moves, the Roll button)
    until the game is over; returns how many decisions that took."""
    for count in range(most):
        game = db.load(game_id).state
        if game.is_over():
            return count
        before = len(game.history)
        if game.is_chance_node():
            decide(at, HD, "roll")
            made = None
        else:
            made = rng.choice(game.legal_actions())
            decide_on_board(at, db, game_id, made)
        assert not at.exception, at.exception
        after = db.load(game_id).state
        assert len(after.history) > before, (made, message(at, HD))
        if made is not None:
            assert after.history[before] == made
    raise AssertionError("the game did not end")


# --- starting ----------------------------------------------------------------------------------------
def test_a_new_classic_game_together_with_real_dice(db):
    at = open_app(PAGE)
    at.segmented_control(key="hd_new_mode").set_value("together").run()
    at.segmented_control(key="hd_new_people").set_value(2).run()
    at.text_input(key="hd_new_person_0").input("Ann").run()
    at.text_input(key="hd_new_person_1").input("Bo").run()
    at.segmented_control(key="hd_new_game_mode").set_value("classic").run()
    at.segmented_control(key="hd_new_dice").set_value("real").run()
    at.button(key="hd_start").click().run()
    game = db.load(at.query_params["game"])
    assert game.setup["bots"] == ["human", "human"] and game.setup["dice"] == "real"
    assert game.state.mode == "classic" and game.state.num_players == 2
    # Classic: the dam 2..12 and two specials each, nobody chooses (D9): the start roll comes first.
    assert_shows(at, HD, "Who starts? Ann rolls for the start player.")
    assert_shows(at, HD, "Roll the real dice, tap the face of each die, then Enter the roll.")
    assert "roll" not in {spec["id"] for spec in board_data(at, HD)["buttons"]}


def test_together_the_specials_are_kept_behind_the_cover(db):
    game = new_state(2, 3, "full")
    advance(game, random.Random(3), lambda g: g.phase == "keep")
    game_id = saved(db, game, bots=("human", "human"), mode="together", names=["Ann", "Bo"])
    at = open_app(PAGE, game=game_id)
    first = game.current_player
    name, other = ["Ann", "Bo"][first], ["Ann", "Bo"][1 - first]
    assert not has_board(at, HD) and at.header[0].value == f"{name}, choose your special hamsters"
    assert "only you see them" not in texts(at)
    at.button(key="hd-its-me").click().run()
    assert_shows(at, HD, f"{name}: keep your special hamsters.")
    assert_shows(at, HD, "The specials dealt to you (only you see them)")
    decide_on_board(at, db, game_id, game.legal_actions()[0])
    assert not has_board(at, HD) and at.header[0].value == f"{other}, choose your special hamsters"


def test_a_new_full_game_alone_against_computer_opponents(db):
    at = open_app(PAGE)
    assert at.segmented_control(key="hd_new_level_0").options == ["easy", "hard"]  # random only for tests
    assert at.segmented_control(key="hd_new_count").options == ["1", "2", "3"]  # 2-4 players
    at.segmented_control(key="hd_new_count").set_value(3).run()
    at.segmented_control(key="hd_new_level_2").set_value("hard").run()
    at.segmented_control(key="hd_new_speed").set_value("quick").run()
    at.button(key="hd_start").click().run()
    game = db.load(at.query_params["game"])
    assert game.setup["bots"] == ["human", "easy", "easy", "hard"] and game.setup["dice"] == "app"
    assert game.state.mode == "full" and game.state.num_players == 4
    assert_shows(at, HD, "Player 1: pass two dam cards.")
    data = board_data(at, HD)
    assert {"l2", "r12"} <= set(data["select"]["tappable"]) and data["select"]["max"] == 2
    assert [spec["id"] for spec in data["buttons"] if spec.get("primary")] == ["pass"]


# --- whole games ---------------------------------------------------------------------------------------
def test_a_whole_classic_game_decided_on_the_board(db):
    game_id = saved(db, new_state(2, 4, "classic"))
    at = open_app(PAGE, game=game_id)
    decisions = play_on_board(at, db, game_id, random.Random(4))
    assert decisions > 20
    final = db.load(game_id).state
    assert final.is_over()
    assert "The game is over" in at.header[0].value
    winners = [["Ann", "Bot 1"][seat] for seat in final.winners()]
    assert any(" & ".join(winners) in success.value for success in at.success)
    table = at.table[0].value
    assert list(table.columns) == ["Place", "Name", "Pile", "Dam", "Hamsters", "Total"]
    assert sorted(table["Total"]) == sorted(final.scores())
    log = texts(at)
    assert "rolled" in log and "flood" in log


def test_a_whole_full_game_for_three_decided_on_the_board(db):
    """Passing left and right, arranging, keeping, placing, floods, breaches, moves and specials: every
    decision of the person at the tablet by tapping, until the end."""
    game_id = saved(db, new_state(3, 20, "full"), bots=("random", "random"))
    at = open_app(PAGE, game=game_id)
    play_on_board(at, db, game_id, random.Random(20))
    final = db.load(game_id).state
    assert final.is_over() and "The game is over" in at.header[0].value
    mine = {action.kind for action, step in zip(final.history, final.steps, strict=True) if step.actor == 0}
    assert {"pass", "lay", "keep", "put", "plug", "move", "breach"} <= mine, mine


def test_a_decision_sends_only_the_slots_it_changed(db):
    """The table goes as a small frame and slots (the style sheet, each dam, the roll, the piles), which the
    browser keeps by id: after a roll the page is sent again only what the roll changed, and what it shows
    is the whole table as the position is."""
    game = position(4, "full", lambda state: len(state.history) >= 120 and state.is_chance_node()
                    and state.phase == "roll")
    game_id = saved(db, game, bots=("human", "human", "human"))
    at = open_app(PAGE, game=game_id)
    first = json.loads(board(at, HD).proto.json)["board"]
    assert first["slots"]["css"]["html"] == CSS_SLOT and 'data-slot="dam0"' in first["html"]
    decide(at, HD, "roll")
    after = json.loads(board(at, HD).proto.json)["board"]
    assert db.action_count(game_id) == len(game.history) + 1
    sent = {name for name, slot in after["slots"].items() if slot["html"] is not None}
    assert "css" not in sent and "roll" in sent and "piles" in sent
    assert not {f"dam{seat}" for seat in range(4)} <= sent, sent  # a roll floods one dam at most
    assert len(board(at, HD).proto.json) < len(json.dumps(first)) / 3
    rolled = db.load(game_id).state
    assert 'class="hd-value"' in board_html(at, HD) and board_text(at, HD).count("pile") >= 4
    shown = board_data(at, HD)
    assert shown["slots"]["roll"] in table_html(["Ann", "Bot 1", "Bot 2", "Bot 3"], [""] * 4, rolled.view(0),
                                                0, "", "", "")


# --- refusals, real dice ------------------------------------------------------------------------------
def test_a_refused_decision_says_why_and_changes_nothing(db):
    game = position(2, "full", lambda g: g.phase == "keep" and g.current_player == 0 and len(g.offered[0]) == 4)
    game_id = saved(db, game)
    at = open_app(PAGE, game=game_id)
    decide(at, HD, "keep", ["k0"])  # one special, where two are kept
    assert "Keep exactly 2 of the special hamsters dealt to you." in message(at, HD)
    assert db.load(game_id).state.to_json() == game.to_json()
    decide(at, HD, "pass", ["k0", "k1"])  # a button this board does not have
    assert "That was not on offer on this screen" in texts(at)
    assert db.load(game_id).state.to_json() == game.to_json()


def test_real_dice_are_entered_a_face_of_each_die(db):
    game = new_state(2, 6, "classic")
    advance(game, random.Random(6), lambda g: g.phase == "roll")
    game_id = saved(db, game, dice="real")
    at = open_app(PAGE, game=game_id)
    data = board_data(at, HD)
    assert {f"a{face}" for face in range(1, 7)} <= set(data["select"]["tappable"])
    assert data["select"]["pairs"]["a3"] == [f"b{face}" for face in range(1, 7)]
    assert "Roll the real dice" in board_text(at, HD)
    decide(at, HD, "enter", ["a5"])  # one die only
    assert "Tap one face of each die" in message(at, HD)
    decide(at, HD, "enter", ["a5", "b2"])
    after = db.load(game_id).state
    assert after.history[len(game.history)].dice == (2, 5)


# --- saved, languages, names ------------------------------------------------------------------------
def test_resume_by_url_in_a_new_session(db):
    game = new_state(2, 7, "full")
    advance(game, random.Random(7), lambda g: g.current_player == 0 and g.phase == "place")
    game_id = saved(db, game)
    first = open_app(PAGE, game=game_id)
    made = game.legal_actions()[0]
    decide_on_board(first, db, game_id, made)
    moved = db.load(game_id).state
    again = open_app(PAGE, game=game_id)
    assert board_html(again, HD) == board_html(first, HD)
    assert db.load(game_id).state.to_json() == moved.to_json()


def test_german_texts(db):
    game = new_state(3, 8, "classic")
    advance(game, random.Random(8), lambda g: g.current_player == 0 and g.phase == "place")
    at = open_app(PAGE, game=saved(db, game, bots=("easy", "hard")), lang="de")
    assert_shows(at, HD, "Ann: setze deine Hamster auf deinen Damm.")
    assert_shows(at, HD, "Flutstapel zusammen")
    assert_shows(at, HD, "Runde 1 · Klassisch")
    assert "Spezialhamster" in texts(at)  # the rules panel


def test_names_are_shown_as_text(db):
    names = ["**Ann** <b>x</b>", "[y](https://e.org)"]
    game = new_state(2, 9, "classic")
    advance(game, random.Random(9), lambda g: g.current_player == 0 and g.phase == "place")
    at = open_app(PAGE, game=saved(db, game, names=names))
    markup = board_html(at, HD)
    assert "&lt;b&gt;x&lt;/b&gt;" in markup and "<b>x</b>" not in markup
    log = "\n".join(str(element.value) for element in at.markdown)
    assert names[1] not in log and r"\[y\]\(https\:" in log


# --- hints, undo ------------------------------------------------------------------------------------
def test_a_hint_marks_the_hamster_and_says_why(db, monkeypatch):
    game = position(3, "full", lambda g: g.current_player == 0 and g.phase == "flood"
                    and any(move.kind == "plug" for move in g.legal_actions()))
    plug = next(move for move in game.legal_actions() if move.kind == "plug")
    # The hard bot searches against the clock: its advice is fixed here, so the test is the page's.
    monkeypatch.setattr(Table, "hint", lambda table, seat: Advice(plug, "bot.random"))
    at = open_app(PAGE, game=saved(db, game, bots=("random", "random")))
    decide(at, HD, "hint")
    flood = game.view(0)["flood"]
    assert marked(at, HD, "tb-hint") == {f"p0-{flood['at']}-{plug.piece}"}
    assert message(at, HD, "hint-text")
    decide(at, HD, "choose", sorted(marked(at, HD, "tb-hint")))
    assert db.load(at.query_params["game"]).state.history[len(game.history)] == plug


def test_a_placed_hamster_can_be_taken_back(db):
    game = position(2, "classic", lambda g: g.current_player == 0 and g.phase == "place" and len(g.hand[0]) > 2)
    game_id = saved(db, game)
    at = open_app(PAGE, game=game_id)
    assert "undo" not in {spec["id"] for spec in board_data(at, HD)["buttons"]}
    put = next(move for move in game.legal_actions() if move.kind == "put" and move.piece == "hamster")
    decide_on_board(at, db, game_id, put)
    assert "undo" in {spec["id"] for spec in board_data(at, HD)["buttons"]}
    decide(at, HD, "undo")
    assert db.load(game_id).state.to_json() == game.to_json()


def test_a_hint_for_keeping_marks_the_specials_to_take(db, monkeypatch):
    game = position(2, "full", lambda g: g.phase == "keep" and g.current_player == 0 and len(g.offered[0]) == 4)
    keep = game.legal_actions()[-1]
    monkeypatch.setattr(Table, "hint", lambda table, seat: Advice(keep, "bot.random"))
    at = open_app(PAGE, game=saved(db, game))
    decide(at, HD, "hint")
    assert marked(at, HD, "tb-hint") == set(selection_parts(game.view(0), 0, keep))
    assert "take_hint" in {spec["id"] for spec in board_data(at, HD)["buttons"]}


# --- what the table says, found in play -------------------------------------------------------------
def test_the_movement_after_a_rounds_last_turn_still_belongs_to_that_round(db):
    game = position(3, "classic", lambda g: g.phase == "move" and g.turns == g.round_turns and g.current_player == 0)
    at = open_app(PAGE, game=saved(db, game, bots=("random", "random")))
    assert_shows(at, HD, "Round 1 · Classic")  # the engine's count is at 12 turns: not "Round 2 ... turn 1"
    assert_shows(at, HD, "turn 12 of 12 this round")


def test_a_dam_card_held_twice_says_so_while_arranging(db):
    def twice(g) -> bool:
        held = g.held[0]
        return g.phase == "arrange" and g.current_player == 0 and len(set(held)) < len(held)
    game = position(2, "full", twice)
    value = next(value for value in game.held[0] if game.held[0].count(value) == 2)
    markup = board_html(open_app(PAGE, game=saved(db, game)), HD)
    assert f'data-tap="h{value}">' in markup
    assert markup.split(f'data-tap="h{value}">')[1].split('data-tap="h')[0].count('hd-count">×2') == 1


def test_a_window_of_buttons_only_names_no_card_to_tap(db):
    def buttons_only(g) -> bool:
        return g.phase == "window" and g.current_player == 0 and not board_for(g.view(0), g.legal_actions(), 0).tappable
    game = position(3, "full", buttons_only, seeds=range(80))
    at = open_app(PAGE, game=saved(db, game, bots=("random", "random")))
    assert_shows(at, HD, "Tap the button of a special; Go on uses none.")
    assert "Tap a card for a special" not in board_text(at, HD)


def test_the_rules_panel_names_only_the_rules_of_the_mode(db):
    classic = new_state(2, 4, "classic")
    advance(classic, random.Random(4), lambda g: g.phase == "place")
    shown = texts(open_app(PAGE, game=saved(db, classic)))
    assert "Classic (D9)" in shown and "Breaches (D11)" not in shown and "Dots (D1)" not in shown
    full = new_state(2, 4, "full")
    shown = texts(open_app(PAGE, game=saved(db, full)))
    assert "Breaches (D11)" in shown and "Dots (D1)" in shown and "Classic (D9)" not in shown


def test_piles_past_the_end_number_say_the_game_ends_after_this_turn(db):
    def past_the_end(g) -> bool:
        return not g.is_chance_node() and sum(g.piles) >= g.view(None)["end_tokens"]
    game = position(2, "full", past_the_end, seeds=range(80))
    at = open_app(PAGE, game=saved(db, game, bots=("human", "human"), mode="together", names=["Ann", "Bo"]))
    assert_shows(at, HD, f"Flood piles together: {sum(game.piles)} of 10: the game ends after this turn.")


def test_a_flood_without_a_specials_button_names_no_button(db):
    def plug_only(g) -> bool:
        return g.phase == "flood" and g.current_player == 0 and not board_for(g.view(0), g.legal_actions(), 0).extra
    game = position(3, "classic", plug_only)
    at = open_app(PAGE, game=saved(db, game, bots=("random", "random")))
    assert_shows(at, HD, "Tap the hamster that plugs the flood, or a special that stops it.")
    assert "or a button" not in board_text(at, HD)


def test_two_specials_of_a_kind_make_buttons_that_name_their_cards():
    game = position(2, "classic", lambda g: g.phase == "roll" and g.turns > 0)
    view = game.view(0) | {"deciding": 0}
    first, second = Move("use", "buffster", 2), Move("use", "buffster", 7)
    board = Board("none", [], extra=[("x0", first), ("x1", second), ("x2", Move("stay"))])
    specs = _told_apart([_move_button(b, move, view) for b, move in board.extra], board, view)
    values = [card["value"] for card in view["players"][0]["dam"]]
    assert specs[0]["label"].endswith(f"on card {values[2]}") and specs[1]["label"].endswith(f"on card {values[7]}")
    assert "on card" not in specs[2]["label"]


def test_place_as_before_is_one_button_in_the_redeployment_and_one_undo(db):
    game = position(3, "full", lambda g: g.phase == "place" and g.current_player == 0 and Move("restore") in
                    g.legal_actions(), seeds=range(3, 40))
    game_id = saved(db, game, bots=("random", "random"))
    at = open_app(PAGE, game=game_id)
    restore = next(spec for spec in board_data(at, HD)["buttons"] if spec["label"] == "Place as before")
    assert restore.get("primary") and "hd-stood" in board_html(at, HD)  # where each piece stood, faint
    assert_shows(at, HD, "Place as before puts every hamster back on the card it stood on")
    decide(at, HD, restore["id"])
    after = db.load(game_id).state
    assert after.history[len(game.history)] == Move("restore")
    assert after.current_player == 0 and after.hand[0]  # the reinforcement pile's pieces: placed by tap
    stood = game.before[0]
    assert all(piece in after.stacks[0][pos] for pos, stack in enumerate(stood) for piece in stack)
    decide(at, HD, "undo")
    assert db.load(game_id).state.to_json() == game.to_json()
    german = open_app(PAGE, game=game_id, lang="de")
    assert "Wie vorher aufstellen" in {spec["label"] for spec in board_data(german, HD)["buttons"]}


def test_after_the_normal_move_the_status_says_only_speedster_is_left(monkeypatch):
    state = rig_hamsterdam(2, stacks=[{2: ["hamster", "speedster"], 9: ["hamster"]}, {}], turns=3)
    state.apply(Roll(6, 6))
    view = state.view(0)
    assert _how_key(view, board_for(view, state.legal_actions(), 0)) == "move_with_speedster"
    state.apply(Move("move", "hamster", 7, 8))
    view = state.view(0)
    how = f"ui.hamsterdam.how_{_how_key(view, board_for(view, state.legal_actions(), 0))}"
    assert _doing(view, "Ann", ["Ann", "Bo"]) == "Movement phase: Ann has moved; Speedster may still move, to any card."
    assert i18n.t(how, "en") == "Tap Speedster, then the card it goes to, then Move; or Go on."
    monkeypatch.setattr("assistant.ui.common.lang", lambda: "de")
    assert _doing(view, "Ann", ["Ann", "Bo"]).startswith("Bewegungsphase: Ann hat gezogen; Speedster darf noch")
    assert i18n.t(how, "de").startswith("Tippe Speedster an")


def test_the_small_dams_show_their_position_numbers_too():
    state = rig_hamsterdam(3, stacks=[{2: ["hamster"]}, {}, {}])
    markup = table_html(["Ann", "Bo", "Cy"], ["", "", ""], state.view(0), 0, "", "", "")
    small = markup.split('class="hd-player hd-small')[1:]
    assert len(small) == 2 and all(dam.count('class="hd-posno">') == 11 for dam in small)
    assert '<div class="hd-posno">11</div>' in small[1]


def test_a_game_ended_by_the_empty_supply_says_so_not_that_it_ends_at_the_end_number(db):
    # Cleared tokens go back to the supply (D15), but four easy players leave many on their 44 dam cards:
    # this game runs out of tokens with the piles short of 20.
    game = new_state(4, 0, "classic")
    while not game.is_over():
        game.apply(game.chance_outcome() if game.is_chance_node()
                   else easy_move(game.view(game.current_player), game.legal_actions()))
    assert game.exhausted and sum(game.piles) < 20
    at = open_app(PAGE, game=saved(db, game, bots=("random",) * 3))
    shown = texts(at)
    assert f"The supply of flood tokens ran out: the game ended with {sum(game.piles)} of 20 tokens" in shown
    assert_shows(at, HD, "the game ended when a flood token was needed and none was left.")
    assert "(the game ends at 20)" not in board_text(at, HD)
