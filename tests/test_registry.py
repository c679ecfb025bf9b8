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
from dataclasses import dataclass
from typing import Any

import pytest

from assistant import CHANCE, TERMINAL, IllegalAction
from assistant import __main__ as assistant_cli
from assistant.bots import Advice, get_bot
from assistant.games import GameInfo, Option, get_game, is_built, register_game, registered
from assistant.games import standings as ranking
from assistant.games.base import Action, Game, State
from assistant.games.registry import game_info, unregister_game
from tests.helpers import sim_cases, simulate

SIDES = ("heads", "tails")


@dataclass(frozen=True)
class Call(Action):
    side: str

    def to_data(self) -> Any:
        return {"call": self.side}


@dataclass(frozen=True)
class Flip(Action):
    side: str

    def to_data(self) -> Any:
        return {"flip": self.side}


class CoinFlipState(State):
    def __init__(self, game, num_players, seed, options):
        super().__init__(game, num_players, seed, options)
        self.calls: list[str] = []
        self.points = [0] * num_players
        self.flips = 0
        self.next_flip = self.rng.choice(SIDES)

    @property
    def current_player(self) -> int:
        if self.flips == self.options["flips"]:
            return TERMINAL
        return CHANCE if len(self.calls) == self.num_players else len(self.calls)

    def _list_legal_actions(self) -> list[Action]:
        return [Flip(side) if self.is_chance_node() else Call(side) for side in SIDES]

    def check(self, action: Action) -> None:
        if not self.is_legal(action):
            raise IllegalAction("error.coin_flip.not_now")

    def _apply(self, action: Action) -> bool:
        if isinstance(action, Call):
            self.calls.append(action.side)
        else:
            self.points = [points + (call == action.side) for points, call in zip(self.points, self.calls, strict=True)]
            self.calls, self.flips, self.next_flip = [], self.flips + 1, self.rng.choice(SIDES)
        return False  # the calls are public

    def chance_outcome(self) -> Action:
        return Flip(self.next_flip)

    def scores(self) -> list[int]:
        return list(self.points)

    def standings(self) -> dict:
        return ranking.table([(p,) for p in self.points], self.points, over=self.is_over())

    def view(self, player: int | None = None) -> dict:
        return {"me": player, "calls": list(self.calls), "points": list(self.points), "flips": self.flips}


class CoinFlipGame(Game):
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return CoinFlipState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        if isinstance(data, dict) and len(data) == 1 and data.get("call", data.get("flip")) in SIDES:
            return Call(data["call"]) if "call" in data else Flip(data["flip"])
        raise ValueError(f"not a coin-flip action: {data!r}")


def check_scores(data: Any) -> dict:
    players = [{"name": p["name"], "total": p["right_calls"], "breakdown": {}} for p in data["players"]]
    best = max(p["total"] for p in players)
    return {"players": players, "winners": [p["name"] for p in players if p["total"] == best]}


def render(paper: str, lang: str, copies: int) -> bytes:
    return b"%PDF-1.4 coin flip score pad\n"


class FirstChoiceBot:
    def __init__(self, level: str):
        self.level = level

    def advise(self, view: dict, legal_actions: list, rng: random.Random) -> Advice:
        return Advice(legal_actions[0], "bot.random")

    def choose(self, view: dict, legal_actions: list, rng: random.Random) -> Action:
        return legal_actions[0]


def make_bot(level: str) -> FirstChoiceBot:
    return FirstChoiceBot(level)


INFO = GameInfo(
    name="coin_flip", titles={"en": "Coin flip", "de": "Münzwurf"}, icon="coin_flip", kind="dice_cards",
    min_players=1, max_players=3, options=(Option("flips", 3, (1, 2, 3, 4, 5)),),
    engine=f"{__name__}:CoinFlipGame", score_check=f"{__name__}:check_scores",
    sheet=f"{__name__}:render", sheet_kind="coin-flip", bots=__name__,
    sim_setups=({"num_players": 1, "options": {}}, {"num_players": 3, "options": {"flips": 5}}),
)
CoinFlipGame.info = INFO


@pytest.fixture
def coin_flip():
    register_game(INFO)  # the one call a game's package makes
    yield INFO
    unregister_game(INFO.name)


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
    assert [info.name for info in registered() if not info.built] == ["hamsterdam", "hamsterbacke", "moemmen"]


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
    with pytest.raises(ValueError, match="no bots for 'moemmen'"):
        get_bot("moemmen", "easy")
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
