"""Hamsterdam with seats on phones, through AppTest: a phone rolls and undoes only for its own seat, the
table device never rolls for a seat a phone holds, together the table shows no seat's view while a
phone's seat decides, and the end screen on a phone offers no new game."""

from __future__ import annotations

import random

from assistant.games import get_game
from assistant.store import Store
from tests.components import SEAT_PAGE, buttons, decide, open_app, texts

HD_PAGE = "hamsterdam"
HD = "hd-board"
NAMES = ["Ann", "Ben", "Bot 1"]


def saved(db: Store, state) -> tuple[str, dict]:
    game_id = db.create(state, {"names": NAMES, "bots": ["human", "human", "easy"], "mode": "together",
                                "speed": "quick", "dice": "app"})
    links = db.seat_links(game_id, [0, 1])
    assert db.open_link(links[1].token) == (game_id, 1)  # Ben's phone holds seat 1
    return game_id, links


def played_until(done, seed: int = 4, mode: str = "classic"):
    state = get_game("hamsterdam").new_state(3, seed=seed, mode=mode)
    rng = random.Random(seed)
    while not done(state):
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_only_the_rollers_device_rolls(db):
    state = played_until(lambda s: s.phase == "roll" and s.roller() == 1 and s.turns > 1)
    game_id, links = saved(db, state)
    table = open_app(HD_PAGE, game=game_id)
    assert "roll" not in buttons(table, HD) and "Waiting for Ben to roll the dice." in texts(table)
    decide(table, HD, "roll")  # a tap the board no longer offers (a page drawn before the link opened)
    assert "That was not on offer" in texts(table) and db.action_count(game_id) == len(state.history)

    phone = open_app(SEAT_PAGE, t=links[1].token)
    assert "You play Ben" in texts(phone) and "roll" in buttons(phone, HD)
    decide(phone, HD, "roll")
    assert db.action_count(game_id) > len(state.history)


def test_a_phone_neither_rolls_nor_undoes_for_another_seat(db):
    # Ann decided last and may take it back (at the table); now she decides or rolls again.
    state = played_until(lambda s: s.turns > 1 and s.last_actor() == 0 and s.can_undo()
                         and (s.current_player == 0 or s.is_chance_node() and s.roller() == 0))
    game_id, links = saved(db, state)
    phone = open_app(SEAT_PAGE, t=links[1].token)
    assert "Waiting for Ann" in texts(phone)
    assert not {"roll", "undo"} & set(buttons(phone, HD))
    decide(phone, HD, "roll")
    decide(phone, HD, "undo")
    assert db.action_count(game_id) == len(state.history)


def test_together_the_table_shows_no_seat_while_a_phone_decides(db):
    state = played_until(lambda s: s.phase == "keep" and s.current_player == 1, mode="full")
    game_id, _ = saved(db, state)
    table = open_app(HD_PAGE, game=game_id)
    shown = texts(table)
    assert "Ben is deciding" in shown and "(you)" not in shown and "The specials dealt to you" not in shown
    assert "keep" not in buttons(table, HD)


def test_the_end_on_a_phone_names_the_winner_and_offers_no_new_game(db):
    state = played_until(lambda s: s.is_over())
    game_id, links = saved(db, state)
    phone = open_app(SEAT_PAGE, t=links[1].token)
    assert "The game is over" in texts(phone) and "(you)" in texts(phone)
    assert not [button for button in phone.button if button.key == "hd-new"]
    table = open_app(HD_PAGE, game=game_id)
    assert [button for button in table.button if button.key == "hd-new"]
