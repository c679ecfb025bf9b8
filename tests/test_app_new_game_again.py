"""New game at a game's end seats the same table again: the same people by name, the same computer
opponents at their levels and speed (and Hamstern's players on the same side), so a table playing
a second game only taps Start."""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from tests.components import open_app

# game: (its page, the key of its New game button, its Start button's key)
GAMES = {"biber_gang": ("biber-gang", "bg-new", "bg_start"), "hamsterbacke": ("hamsterbacke", "hb-new", "hb_start"),
         "moemmen": ("moemmen", "mm-new", "mm_start"), "hamsterdam": ("hamsterdam", "hd-new", "hd_start"),
         "hamstern": ("hamstern", "hs-new", "hs_start")}
SEATINGS = {
    "alone": {"names": ["Ann *bold*", "Bot 1", "Bot 2"], "bots": ["human", "hard", "easy"], "mode": "alone",
              "speed": "quick"},
    "together": {"names": ["Ann", "Ben <b>", "Bot 1"], "bots": ["human", "human", "hard"], "mode": "together",
                 "speed": "normal"},
}


def finished(game: str, players: int, seed: int = 5):
    state = get_game(game).new_state(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("game", [name for name in GAMES if name != "hamstern"])
def test_new_game_seats_the_same_table_again(db, game, seating):
    page, new, start = GAMES[game]
    setup = SEATINGS[seating]
    game_id = db.create(finished(game, len(setup["names"])), dict(setup))
    at = open_app(page, game=game_id)
    at.button(key=new).click().run()
    assert not at.exception, at.exception
    assert "game" not in at.query_params
    typed = [box.value for box in at.text_input if box.key and "_new_" in box.key]
    assert typed == [name for name, kind in zip(setup["names"], setup["bots"], strict=True) if kind == "human"]
    at.button(key=start).click().run()
    assert not at.exception, at.exception
    again = db.recent()[0]
    assert again["id"] != game_id
    for part in ("names", "bots", "mode", "speed"):
        assert again["setup"][part] == setup[part], part


def test_new_game_at_hamstern_keeps_the_players_and_the_side(db):
    page, new, start = GAMES["hamstern"]
    state = get_game("hamstern").new_state(3, seed=4, side="B")
    rng = random.Random(4)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    game_id = db.create(state, {"names": ["Ann", "Ben", "Cem [x](y)"], "dice": "app"})
    at = open_app(page, game=game_id)
    at.button(key=new).click().run()
    assert not at.exception, at.exception
    assert [box.value for box in at.text_input if box.key and box.key.startswith("hs_new_name_")] == \
        ["Ann", "Ben", "Cem [x](y)"]
    at.button(key=start).click().run()
    again = db.recent()[0]
    assert again["id"] != game_id and again["setup"]["names"] == ["Ann", "Ben", "Cem [x](y)"]
    assert db.load(again["id"]).state.options["side"] == "B"


@pytest.mark.parametrize(("setup", "free_start"), [
    ({"dice": "real"}, True), ({"dice": "app", "auto_roll": True}, False),
    ({"dice": "loaded", "auto_roll": "yes"}, False)])
def test_new_game_at_hamstern_keeps_the_dice_and_the_variant(db, setup, free_start):
    """Real dice or the app's (rolling by itself or not), and the variant's free first crosses, as last game;
    a setup the form cannot show gives the form's own first values."""
    page, new, start = GAMES["hamstern"]
    state = get_game("hamstern").new_state(2, seed=4, free_start=free_start)
    rng = random.Random(4)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    game_id = db.create(state, {"names": ["Ann", "Ben"], **setup})
    at = open_app(page, game=game_id)
    at.button(key=new).click().run()
    assert not at.exception, at.exception
    at.button(key=start).click().run()
    assert not at.exception, at.exception
    again = db.recent()[0]
    assert again["id"] != game_id
    kept = setup if setup["dice"] in ("app", "real") else {"dice": "app"}
    assert again["setup"]["dice"] == kept["dice"]
    assert again["setup"]["auto_roll"] is (kept.get("auto_roll") is True)
    assert db.load(again["id"]).state.options["free_start"] is free_start


def test_a_damaged_setup_offers_the_plain_form(db):
    """A setup the form cannot show (bots of a level this game has not) seats nobody: the usual form."""
    page, new, _ = GAMES["moemmen"]
    game_id = db.create(finished("moemmen", 2), {"names": ["Ann", "Bot 1"], "bots": ["human", "random"],
                                                 "mode": "alone", "speed": "quick"})
    at = open_app(page, game=game_id)
    at.button(key=new).click().run()
    assert not at.exception, at.exception
    assert at.text_input(key="mm_new_name").value == "Player 1"
