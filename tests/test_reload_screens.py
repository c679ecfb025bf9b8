"""A reload never changes what the table sees: the screens between two decisions (a finished round, the
pass-the-tablet cover, the end) come from the saved game, so a reload, a second device or a restarted
server (each a new AppTest: a new session) shows the same screen, and nothing moves meanwhile."""

from __future__ import annotations

import random
from importlib import import_module

import pytest

from assistant.bots import get_bot
from assistant.games import get_game
from assistant.games.registry import registered
from tests.components import boards, open_app, texts

GAMES = [info.name for info in registered() if info.built and info.app]
ROUND_GAMES = ["biber_gang", "moemmen"]
COVER_GAMES = ["biber_gang", "hamsterbacke", "moemmen", "hamsterdam"]


def page(game: str) -> str:
    return game.replace("_", "-")


def step(state, rng) -> None:
    """One move as the easy bot plays it (random moves can circle a long time in Mömmen)."""
    if state.is_chance_node():
        state.apply(state.chance_outcome())
        return
    seat = state.current_player
    view = state.view(seat) if seat >= 0 else state.view(None)
    state.apply(get_bot(state.game.name, "easy").choose(view, state.legal_actions(), rng))


def shown(game: str, game_id: str) -> str:
    """What a device opening the game now sees (a reload, a second device, a restarted server)."""
    at = open_app(page(game), game=game_id)
    assert not at.exception, at.exception
    return " ".join([*(h.value for h in at.header), *(b.label for b in at.button), texts(at)])


def heading(game: str, game_id: str) -> str:
    """The screen's heading (a round's end, a cover, the end) as a device opening the game now sees it."""
    at = open_app(page(game), game=game_id)
    assert not at.exception, at.exception
    return " ".join(h.value for h in at.header)


@pytest.mark.parametrize("game", ROUND_GAMES)
def test_a_finished_round_stays_on_screen_until_somebody_goes_on(db, game):
    rounds = import_module(f"assistant.ui.{game}.play").ROUNDS
    state = get_game(game).new_state(2, seed=3)
    rng = random.Random(3)
    game_id = db.create(state.game.from_json(state.to_json()),
                        {"names": ["Ann", "Bot 1"], "bots": ["human", "easy"], "mode": "alone", "speed": "quick"})
    open_app(page(game), game=game_id)  # the table opened the game at its start
    finished = "results" if game == "moemmen" else "round_results"
    while not state.view(None)[finished]:
        before = len(state.history)
        step(state, rng)
        db.append(game_id, before, state.history[-1])
    count = db.action_count(game_id)
    for _ in range(3):  # a reload, another device, again
        assert "Round 1 is over" in heading(game, game_id)
        assert db.action_count(game_id) == count  # the bots wait, the next round is not played meanwhile
    at = open_app(page(game), game=game_id)
    at.button(key=f"{rounds.key}-next-round").click().run()
    assert "Round 1 is over" not in heading(game, game_id)


@pytest.mark.parametrize("game", COVER_GAMES)
def test_the_cover_and_what_it_hid_look_the_same_after_a_reload(db, game):
    state = get_game(game).new_state(2, seed=5)
    rng = random.Random(5)
    # Hamsterdam covers the specials each player keeps in secret; the card games, every hand.
    while state.is_chance_node() or state.current_player != 1 or not state.history \
            or state.steps[-1].actor != 0 or (game == "hamsterdam" and state.view(None)["phase"] != "keep"):
        step(state, rng)
    game_id = db.create(state, {"names": ["Ann", "Ben"], "bots": ["human", "human"], "mode": "together",
                                "speed": "normal", "dice": "app"})
    for _ in range(2):
        at = open_app(page(game), game=game_id)
        assert its_me(at) and "Ben" in " ".join(h.value for h in at.header) and not boards(at)
        assert db.action_count(game_id) == len(state.history)
    its_me(at)[0].click().run()
    assert boards(at)
    for _ in range(2):  # Ben's hand, not the cover again: he has the tablet
        again = open_app(page(game), game=game_id)
        assert not its_me(again) and boards(again)


def its_me(at) -> list:
    """The cover's "It is me" button, if the cover is shown."""
    return [button for button in at.button if button.key and button.key.endswith("-its-me")]


@pytest.mark.parametrize("game", GAMES)
def test_the_end_looks_the_same_after_a_reload(db, game):
    state = get_game(game).new_state(2, seed=9)
    rng = random.Random(9)
    while not state.is_over():
        step(state, rng)
    setup = {"names": ["Ann", "Ben"], "bots": ["human", "human"], "mode": "together", "speed": "normal", "dice": "app"}
    game_id = db.create(state, setup)
    first = shown(game, game_id)
    assert "Ann" in first and "Ben" in first
    for _ in range(2):
        assert shown(game, game_id) == first
