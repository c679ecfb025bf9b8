"""Games saved as the app saves them, for the replay page's tests: seeded, played a fixed way, and each
action appended to the store as a move of the app is (the last with the final scores)."""

from __future__ import annotations

from assistant.games import get_game
from tests.helpers import play_saved

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


def saved_game(db, name: str, *, seed: int = 5, actions: int | None = None, num_players: int | None = None,
               alone: bool = False) -> str:
    """A seeded game of ``name`` saved in ``db`` and played ``actions`` actions (None: to its end)."""
    players, options = QUICK[name]
    players = num_players or players
    state = get_game(name).new_state(players, seed=seed, **options)
    return play_saved(db, state, setup_for(name, players, alone=alone), seed, actions)
