"""One registration per game: a game registered once appears everywhere games are listed.

A tiny game defined here (everybody calls a coin, then it is flipped; right calls
score) is registered with one call and must then appear in the registry, in
``get_game``, in both command-line tools, in the random simulation every game must
pass, and in ``get_bot``. The app's side (navigation, Home, Score check, Print) is
tested with the pages.
"""

from __future__ import annotations

import io
import json
import random

import pytest

from assistant import __main__ as assistant_cli
from assistant.bots import get_bot
from assistant.games import GameInfo, get_game, is_built, register_game, registered
from assistant.games.registry import game_info, unregister_game
from tests.coin_flip import INFO
from tests.helpers import sim_cases, simulate


def test_the_registered_game_is_listed_and_built(coin_flip):
    assert coin_flip in registered() and game_info("coin_flip") is coin_flip
    assert is_built("coin_flip")
    game = get_game("coin_flip")
    assert (game.name, game.min_players, game.max_players, game.option_defaults) == ("coin_flip", 1, 3, {"flips": 3})
    with pytest.raises(ValueError, match="'flips' must be one of"):
        game.new_state(2, seed=1, flips=9)  # the options are data: their choices are checked


def test_the_contract_games_come_first_in_their_order(coin_flip):
    names = [info.name for info in registered()]
    assert names == ["hamstern", "hamsterdam", "biber_gang", "hamsterbacke", "moemmen", "coin_flip"]
    assert [info.name for info in registered() if not info.built] == []  # every contract game is built


def test_the_score_cli_checks_the_registered_game(coin_flip, monkeypatch, capsys):
    table = {"players": [{"name": "Ann", "right_calls": 2}, {"name": "Bo", "right_calls": 1}]}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(table)))
    assert assistant_cli.main(["score", "coin_flip", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Ann"]


def test_the_sheets_cli_prints_the_registered_sheet(coin_flip, tmp_path):
    import sheets.__main__ as sheets_cli

    target = tmp_path / "pad.pdf"
    assert sheets_cli.main(["coin-flip", "-o", str(target)]) == 0
    assert target.read_bytes().startswith(b"%PDF")


def test_the_random_simulation_plays_the_registered_game(coin_flip):
    cases = [case for case in sim_cases() if case[0] == "coin_flip"]
    assert len(cases) == 2 * 3  # its two setups, three seeds each
    for name, setup, seed in cases:
        state = simulate(name, setup, seed)
        assert state.flips == setup["options"].get("flips", 3)


def test_get_bot_finds_the_registered_bots(coin_flip):
    state = get_game("coin_flip").new_state(2, seed=3)
    for level in ("random", "easy", "hard"):
        bot = get_bot("coin_flip", level)
        assert bot.choose(state.view(0), state.legal_actions(), random.Random(1)) in state.legal_actions()


def test_a_game_without_bots_or_an_unknown_game_has_none():
    # A game announced but not built: no engine, so no bots yet, not even random ones.
    register_game(GameInfo(name="announced_game", titles={"en": "Announced", "de": "Angekündigt"}, icon="x",
                           kind="cards", min_players=2, max_players=4))
    try:
        assert game_info("announced_game").bots is None
        for level in ("random", "easy"):
            with pytest.raises(ValueError, match="no bots for 'announced_game'"):
                get_bot("announced_game", level)
    finally:
        unregister_game("announced_game")
    with pytest.raises(ValueError, match="no bots for 'chess'"):
        get_bot("chess", "easy")


def test_another_game_cannot_take_a_registered_name(coin_flip):
    register_game(INFO)  # the same registration again is harmless (a module imported twice)
    with pytest.raises(ValueError, match="registered already"):
        register_game(GameInfo(name="coin_flip", titles={"en": "x", "de": "x"}, icon="x", kind="cards",
                               min_players=1, max_players=2))


def test_each_built_game_declares_what_the_tools_need():
    for info in registered():
        assert info.icon and info.titles["en"] and info.titles["de"]
        if info.built:
            game = get_game(info.name)
            assert game.info is info and info.score_check and info.sim_setups
            for setup in info.sim_setups:
                game.new_state(setup["num_players"], seed=0, **setup["options"])
