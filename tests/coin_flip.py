"""A tiny game for the registry tests (everybody calls a coin, then it is flipped; right calls
score): registered with one call, it must appear everywhere games are listed. Shared by the
engine's and the app's registry tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from assistant import CHANCE, TERMINAL, IllegalAction
from assistant.bots import Advice
from assistant.games import GameInfo, Option, register_game
from assistant.games import standings as ranking
from assistant.games.base import Action, Game, State
from assistant.games.registry import unregister_game

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

    def _check(self, action: Action) -> None:
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
    sheet=f"{__name__}:render", sheet_kind="coin-flip", bots=__name__, app="tests.coin_flip_app",
    sim_setups=({"num_players": 1, "options": {}}, {"num_players": 3, "options": {"flips": 5}}),
)
CoinFlipGame.info = INFO


@pytest.fixture
def coin_flip():
    register_game(INFO)  # the one call a game's package makes
    yield INFO
    unregister_game(INFO.name)
