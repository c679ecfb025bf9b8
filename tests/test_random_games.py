"""Every built game in the registry, checked the same way over many seeded random games.

``tests.helpers.simulate`` holds the checks; a game takes part by registering its
``sim_setups`` (see ``assistant.games.registry``), nothing here names a game.
"""

from __future__ import annotations

import pytest

from assistant.games import registered
from tests.helpers import sim_cases, simulate


@pytest.mark.parametrize("name, setup, seed", sim_cases())
def test_random_game_keeps_every_invariant(name, setup, seed):
    simulate(name, setup, seed)


def test_every_built_game_takes_part():
    built = [info.name for info in registered() if info.built]
    assert built and {name for name, _, _ in sim_cases()} == set(built)
