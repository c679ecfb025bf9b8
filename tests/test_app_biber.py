"""The Biber Gang pages through AppTest: solo play against bots, and the scorekeeper."""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from assistant.games.biber_gang.actions import DRAW_DECK, SWAP, TAKE_DISCARD, TURN_UP
from assistant.store import Store
from tests.test_app import open_app, texts

PAGE = "assistant/ui/pages/biber_gang.py"
SCORE_PAGE = "assistant/ui/pages/score_check.py"


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(path))
    monkeypatch.setenv("HAMSTER_TABLE_BOT_DELAY", "0")
    return Store(path)


def solo_game(db: Store, seed=1, levels=("easy",), **options) -> str:
    state = get_game("biber_gang").new_state(len(levels) + 1, seed=seed, **options)
    names = ["Ann"] + [f"Bot {n + 1}" for n in range(len(levels))]
    return db.create(state, {"names": names, "bots": ["human", *levels], "mode": "solo"})


def test_start_a_solo_game_and_play_a_turn(db):
    at = open_app(PAGE)
    at.segmented_control(key="bg_new_count").set_value(2).run()
    at.segmented_control(key="bg_new_level_1").set_value("hard").run()
    at.button(key="bg_start").click().run()
    game_id = at.query_params["game"]
    saved = db.load(game_id)
    assert saved.setup["bots"] == ["human", "easy", "hard"]
    at.button(key="bg-card-0").click().run()
    at.button(key="bg-card-5").click().run()  # both bots turn up theirs, one move at a time, saved
    state = db.load(game_id).state
    assert (state.current_player, state.phase) == (0, "draw")  # the bots moved until it was my turn
    assert "turned up" in texts(at)
    at.button(key="bg-draw").click().run()
    at.button(key="bg-card-1").click().run()  # action 2: swap it for a face-down card
    after = db.load(game_id).state
    assert after.history[len(state.history):len(state.history) + 2] == [DRAW_DECK, SWAP[1]]


def test_bot_moves_are_saved_and_logged(db):
    game_id = solo_game(db, seed=3)
    at = open_app(PAGE, game=game_id)
    at.button(key="bg-card-0").click().run()
    at.button(key="bg-card-4").click().run()
    state = db.load(game_id).state
    assert len(state.history) >= 4, "the bot turned up its two cards"
    assert texts(at).count("Bot 1 turned up") == 2


def test_illegal_move_shows_the_reason_and_changes_nothing(db):
    game_id = solo_game(db, seed=4)
    at = open_app(PAGE, game=game_id)
    at.button(key="bg-card-0").click().run()
    at.button(key="bg-card-0").click().run()  # already face up
    assert "already face up" in at.error[0].value
    assert len(db.load(game_id).state.history) == 1


def _to_my_draw(db, seed):
    state = get_game("biber_gang").new_state(2, seed=seed)
    rng = random.Random(seed)
    while not (state.current_player == 0 and state.phase == "draw"):
        state.apply(TURN_UP[[p for p in range(8) if not state.face_up[state.turn] >> p & 1][0]]
                    if state.phase == "reveal" else rng.choice(state.legal_actions()))
    return db.create(state, {"names": ["Ann", "Bot 1"], "bots": ["human", "easy"], "mode": "solo"}), state


def test_undo_a_discard_pickup_but_not_a_draw_from_the_deck(db):
    game_id, state = _to_my_draw(db, seed=5)
    at = open_app(PAGE, game=game_id)
    at.button(key="bg-take").click().run()
    assert db.load(game_id).state.history[-1] == TAKE_DISCARD
    at.button(key="bg-undo").click().run()
    assert len(db.load(game_id).state.history) == len(state.history)
    at.button(key="bg-draw").click().run()
    assert not [b for b in at.button if b.key == "bg-undo"]


def test_hint_names_the_hard_bots_move_with_a_reason(db):
    game_id, _ = _to_my_draw(db, seed=6)
    at = open_app(PAGE, game=game_id)
    at.button(key="bg-hint").click().run()
    assert at.info and ("deck" in at.info[0].value or "discard" in at.info[0].value.lower())


def test_the_end_shows_the_score_table_and_the_winner(db):
    state = get_game("biber_gang").new_state(2, seed=7, rounds=1)
    rng = random.Random(7)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    game_id = db.create(state, {"names": ["Ann", "Bot 1"], "bots": ["human", "easy"], "mode": "solo"})
    at = open_app(PAGE, game=game_id)
    assert at.success and ("lowest total" in at.success[0].value or "share" in at.success[0].value)
    table = at.dataframe[0].value
    assert list(table["Total"]) == state.totals()
    assert "Round 1: the cards as they lay" in [e.label for e in at.expander]


def test_scorekeeper_scores_the_cards_and_keeps_five_rounds(db):
    at = open_app(SCORE_PAGE)
    at.segmented_control(key="sc_game").set_value("biber_gang").run()
    at.button(key="bk-slot-0-0").click().run()  # then each tap of the palette fills the next place
    for card in [5, 5, 3, 13, 5, 5, 7, 13]:  # the rulebook example: -5
        at.button(key=f"bk-pick-{card}").click().run()
    at.toggle(key="bk_direct_1").set_value(True).run()
    at.button(key="bk-pts-1-p5").click().run()
    table = at.dataframe[0].value
    assert list(table["Total"]) == ["-5", "5"]
    assert "Player 1 leads" in at.info[0].value  # four rounds are still to come
