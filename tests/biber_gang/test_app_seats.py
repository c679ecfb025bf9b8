"""Biber Gang for several people through AppTest: together at one tablet (the cover before each
person's decision, that person's display after "It is me", computer opponents between), a seat
held by a phone (the table device never shows its decision), and the page a phone opens."""

from __future__ import annotations

import random
import re

from assistant.games import get_game
from assistant.games.biber_gang.actions import DRAW_DECK, TAKE_DISCARD
from assistant.store import Store
from tests.components import (
    BG,
    BIBER_PAGE,
    SEAT_PAGE,
    assert_not_offered,
    assert_offered,
    assert_shows,
    board_html,
    decide,
    has_board,
    open_app,
    open_seat,
    tappable,
    texts,
)

NAMES = ["Ann", "Bo", "Bot 1"]


def saved(db: Store, state, mode: str = "together", speed: str = "quick") -> str:
    return db.create(state, {"names": NAMES, "bots": ["human", "human", "easy"], "mode": mode, "speed": speed})


def played_until(seed: int, done) -> object:
    """A 3-player game played at random (two reveals first, as people do) until ``done(state)``."""
    state = get_game("biber_gang").new_state(3, seed=seed)
    rng = random.Random(seed)
    while not done(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def big_display(at) -> str:
    """The heading of the display drawn large (name · label · total)."""
    found = re.search(r'<div class="bg-mine"><div class="bg-name">(.*?)</div>', board_html(at, BG))
    assert found, "no large display"
    return found.group(1)


def play_one_decision(at, db: Store, game_id: str) -> None:
    """The person in turn decides through the board: a reveal, a draw, or the drawn card into place 0."""
    state = db.load(game_id).state
    if state.phase == "reveal":
        down = next(p for p in range(8) if not state.face_up[state.turn] >> p & 1)
        decide(at, BG, "tap", [f"p{down}"])
    elif state.phase == "draw":
        decide(at, BG, "draw_deck")
    else:
        decide(at, BG, "swap", ["p0"])


def test_together_each_person_gets_the_cover_then_their_own_display(db):
    game_id = saved(db, get_game("biber_gang").new_state(3, seed=2))
    at = open_app(BIBER_PAGE, game=game_id)
    covers, bot_turns_between = [], 0
    while len(covers) < 6:
        state = db.load(game_id).state
        seat = state.current_player
        assert seat in (0, 1), "a computer opponent's turn is played at once (quick)"
        previous = next((actor for actor in reversed([s.actor for s in state.steps]) if actor != 2), None)
        if previous != seat:  # the tablet goes to another person (or to the first one)
            assert not has_board(at, BG), f"the cover hides the table from {NAMES[seat]}"
            assert f"{NAMES[seat]}, it is your turn" in texts(at)
            at.run()
            assert not has_board(at, BG), "a rerun keeps the cover"
            at.button(key="bg-its-me").click().run()
            covers.append(seat)
            bot_turns_between += any(step.actor == 2 for step in state.steps[-4:])
        # That person's own display, drawn large; no "(you)": everybody at the tablet reads it.
        assert big_display(at).startswith(f"{NAMES[seat]} · Total"), "that person's own display, drawn large"
        assert "Bot 1 · easy" in board_html(at, BG)
        assert_offered(at, BG, "hint")
        play_one_decision(at, db, game_id)
    assert set(covers) == {0, 1}
    assert bot_turns_between, "the computer opponent played between the people"
    assert any(step.actor == 2 for step in db.load(game_id).state.steps)


def test_together_a_drawn_card_stays_with_the_one_who_drew_it(db):
    state = played_until(4, lambda s: s.phase == "draw" and s.current_player == 0)
    state.apply(DRAW_DECK)
    game_id = saved(db, state)
    at = open_app(BIBER_PAGE, game=game_id)
    assert has_board(at, BG), "no cover: Ann's own draw was the last decision"
    assert 'class="bg-pile bg-drawn"' in board_html(at, BG)
    assert_shows(at, BG, "Your card")
    assert_offered(at, BG, "swap", "hint")


def test_undo_on_the_cover_before_the_tablet_is_passed(db):
    state = played_until(5, lambda s: s.phase == "draw" and s.current_player == 0 and s.discard)
    game_id = saved(db, state)
    at = open_app(BIBER_PAGE, game=game_id)
    at.button(key="bg-its-me").click().run()
    up = next(p for p in range(8) if state.face_up[0] >> p & 1)
    decide(at, BG, "take_discard")
    decide(at, BG, "swap", [f"p{up}"])  # onto a face-up card: nothing hidden was shown
    after = db.load(game_id).state
    assert after.current_player == 1 and after.history[-2] == TAKE_DISCARD
    assert "Bo, it is your turn" in texts(at) and not has_board(at, BG)
    assert at.button(key="bg-its-me-undo").label == "Undo Ann's move"
    at.button(key="bg-its-me-undo").click().run()
    assert len(db.load(game_id).state.history) == len(state.history) + 1  # the swap taken back
    assert has_board(at, BG) and big_display(at).startswith("Ann · Total"), "the tablet never left Ann"


def test_the_table_cannot_undo_a_move_made_on_a_phone(db):
    """Ann decides on her phone: her move is hers to take back there; the table's cover for Bo offers
    no Undo of it, and a forged Undo from the table is refused."""
    state = played_until(5, lambda s: s.phase == "draw" and s.current_player == 0 and s.discard)
    game_id = saved(db, state)
    anns = db.seat_links(game_id, [0])[0].token
    phone = open_seat(anns)
    up = next(p for p in range(8) if state.face_up[0] >> p & 1)
    decide(phone, BG, "take_discard")
    decide(phone, BG, "swap", [f"p{up}"])
    count = db.action_count(game_id)
    table = open_app(BIBER_PAGE, game=game_id)
    assert "Bo, it is your turn" in texts(table)
    assert not [button for button in table.button if button.key == "bg-its-me-undo"]
    assert db.action_count(game_id) == count


def test_an_old_solo_game_still_opens_and_plays(db):
    state = played_until(6, lambda s: s.phase == "draw" and s.current_player == 0)
    game_id = db.create(get_game("biber_gang").from_json(state.to_json()),
                        {"names": NAMES[:1] + ["Bot 1", "Bot 2"], "bots": ["human", "easy", "easy"],
                         "mode": "solo", "speed": "quick"})
    at = open_app(BIBER_PAGE, game=game_id)
    assert has_board(at, BG), "no cover alone"
    assert big_display(at).startswith("Ann · (you)")
    decide(at, BG, "draw_deck")
    decide(at, BG, "swap", ["p0"])
    assert db.load(game_id).state.current_player == 0, "both bots played, and it is Ann's turn again"


def test_the_table_device_never_shows_the_decision_of_a_seat_on_a_phone(db):
    state = played_until(7, lambda s: s.phase == "draw" and s.current_player == 1)
    state.apply(DRAW_DECK)  # Bo drew from the deck, on his phone: only Bo may see that card
    game_id = saved(db, state)
    links = db.seat_links(game_id, [0, 1])
    assert db.open_link(links[1].token) == (game_id, 1)
    at = open_app(BIBER_PAGE, game=game_id)
    assert has_board(at, BG) and "it is your turn" not in texts(at), "no cover: Bo's tablet is his phone"
    markup = board_html(at, BG)
    assert "bg-drawn" not in markup, "the card Bo drew is not on the table device"
    assert tappable(at, BG) == set()
    assert_not_offered(at, BG, "swap", "discard_turn", "hint", "undo")
    assert_shows(at, BG, "Bo is thinking")
    # The table as everybody sees it, Bo in turn: with phones around it, the tablet keeps nobody's hand in sight.
    assert big_display(at).startswith("Bo ·") and "(you)" not in big_display(at)
    decide(at, BG, "swap", ["p0"])  # a tap sent anyway (an old picture) is refused
    assert len(db.load(game_id).state.history) == len(state.history)


def test_the_seat_page_shows_that_seat_and_acts_only_when_it_decides(db):
    state = played_until(8, lambda s: s.phase == "draw" and s.current_player == 0)
    game_id = saved(db, state)
    links = db.seat_links(game_id, [0, 1])
    phone = open_app(SEAT_PAGE, t=links[1].token)
    assert "You play Bo" in texts(phone)
    assert not [button for button in phone.button if button.key == "bg-its-me"], "a phone needs no cover"
    assert big_display(phone).startswith("Bo · (you)")
    assert tappable(phone, BG) == set() and "Ann is thinking" in texts(phone)
    assert_not_offered(phone, BG, "draw_deck", "hint")

    # Ann draws from the deck at the tablet: Bo's phone does not see the card.
    db.append(game_id, len(state.history), DRAW_DECK)
    phone.run()
    assert "bg-drawn" not in board_html(phone, BG)

    # Ann places it, the bot plays, and Bo decides on his phone.
    after = db.load(game_id).state
    place = next(move for move in after.legal_actions() if move.kind == "swap")
    db.append(game_id, len(after.history), place)
    phone.run()
    while db.load(game_id).state.current_player == 2:  # the computer opponent, driven by any device
        phone.run()
    assert db.load(game_id).state.current_player == 1
    assert_offered(phone, BG, "draw_deck", "hint")
    decide(phone, BG, "draw_deck")
    assert db.load(game_id).state.history[-1] == DRAW_DECK
    assert 'class="bg-pile bg-drawn"' in board_html(phone, BG) and "Your card" in texts(phone)


def test_start_a_game_together_with_a_computer_opponent(db):
    at = open_app(BIBER_PAGE)
    at.segmented_control(key="bg_new_mode").set_value("together").run()
    at.segmented_control(key="bg_new_people").set_value(2).run()
    at.text_input(key="bg_new_person_0").input("Ann").run()
    at.text_input(key="bg_new_person_1").input("Bo").run()
    at.segmented_control(key="bg_new_count_together").set_value(1).run()
    at.segmented_control(key="bg_new_rounds").set_value(3).run()
    at.button(key="bg_start").click().run()
    saved_game = db.load(at.query_params["game"])
    assert saved_game.setup == {"names": NAMES, "bots": ["human", "human", "easy"], "mode": "together",
                                "speed": "normal"}
    assert saved_game.state.num_players == 3 and saved_game.state.rounds == 3
    assert "Ann, it is your turn" in texts(at) and not has_board(at, BG)


def test_together_the_next_round_begins_behind_the_cover(db):
    state = get_game("biber_gang").new_state(3, seed=9, rounds=3)
    rng = random.Random(9)
    while not state.round_scores:
        state.apply(rng.choice(state.legal_actions()))
    game_id = saved(db, state)
    at = open_app(BIBER_PAGE, game=game_id)
    assert "Round 1 is over" in texts(at) and not has_board(at, BG)
    assert list(at.table[0].value["Name"]) == NAMES
    at.button(key="bg-next-round").click().run()
    seat = db.load(game_id).state.current_player
    assert f"{NAMES[seat]}, it is your turn" in texts(at) and not has_board(at, BG), "everybody looked at the tablet"
    at.button(key="bg-its-me").click().run()
    assert big_display(at).startswith(f"{NAMES[seat]} · Total") and "Round 2 of 3" in texts(at)
