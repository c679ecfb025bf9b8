"""Games saved as the app saves them, for the replay page's tests: seeded, played a fixed way, and each
action appended to the store as a move of the app is (the last with the final scores)."""

from __future__ import annotations

import random

from assistant.games import game_info, get_game
from assistant.games.registry import load

# A quick setup per game (Biber Gang one round, Mömmen to 30 points).
QUICK = {
    "hamstern": (2, {"side": "A"}),
    "hamsterdam": (3, {"mode": "classic"}),
    "biber_gang": (3, {"rounds": 1}),
    "hamsterbacke": (3, {}),
    "moemmen": (3, {"target": 30}),
}
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Flo"]


def setup_for(name: str, num_players: int, *, alone: bool = False) -> dict:
    """The setup the app saves: together at one tablet, or (``alone``) Ann against computer opponents."""
    names = NAMES[:num_players]
    if name == "hamstern":
        return {"names": names, "dice": "app"}
    bots = ["human"] + ["easy"] * (num_players - 1) if alone else ["human"] * num_players
    return {"names": names if not alone else ["Ann"] + [f"Bot {n}" for n in range(1, num_players)], "bots": bots,
            "mode": "alone" if alone else "together", "speed": "quick"}


def _policy(name: str):
    """The simulation's policy that makes the game end, where random play would not."""
    for setup in game_info(name).sim_setups:
        if "policy" in setup:
            return load(setup["policy"])
    return None


def saved_game(db, name: str, *, seed: int = 5, actions: int | None = None, num_players: int | None = None,
               alone: bool = False) -> str:
    """A seeded game of ``name`` saved in ``db`` and played ``actions`` actions (None: to its end)."""
    players, options = QUICK[name]
    players = num_players or players
    state = get_game(name).new_state(players, seed=seed, **options)
    game_id = db.create(state, setup_for(name, players, alone=alone))
    rng, choose = random.Random(seed), _policy(name)
    for number in range(20_000):
        if state.is_over() or (actions is not None and number >= actions):
            return game_id
        if state.is_chance_node():
            action = state.chance_outcome()
        else:
            legal = state.legal_actions()
            action = choose(state.view(state.current_player), legal, rng) if choose else rng.choice(legal)
        state.apply(action)
        db.append(game_id, number, action, state.scores() if state.is_over() else None)
    raise AssertionError("the game did not end")
