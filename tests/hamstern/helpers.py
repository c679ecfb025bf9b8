"""Hamstern's test helpers: naming cells as printed on the sheet, a new game, a turn of crosses,
a position where nothing fits, and the tap board's ids of named cells."""

from __future__ import annotations

import random

from assistant.bots import get_bot
from assistant.games import get_game
from assistant.games.base import State
from assistant.games.hamstern import Place, Roll


def cells(names: str) -> frozenset[tuple[int, int]]:
    """``cells("F5 G5")`` -> {(4, 5), (4, 6)}: column letter, row number, as printed on the sheet."""
    result = set()
    for name in names.split():
        result.add((int(name[1:]) - 1, ord(name[0]) - ord("A")))
    return frozenset(result)


def hamstern(players: int = 1, seed: int = 0, **options) -> State:
    return get_game("hamstern").new_state(players, seed=seed, **options)


def turn(state: State, roll: int, *placements: str) -> None:
    """Roll ``roll``, then each player in turn crosses the named cells ("" passes)."""
    state.apply(Roll(roll))
    for names in placements:
        state.apply(Place(cells(names)))


def track_used_up(seed: int = 3) -> State:
    """A solo Hamstern game after two 1s that used up the 1-track, with a third 1 rolled: nothing fits."""
    state = hamstern(1, seed=seed)
    for names in ("F5 G5 H5 F6 G6 H6 F7", "D5 C5 B5"):
        state.apply(Roll(1))
        state.apply(Place(cells(names)))
    state.apply(Roll(1))
    return state


def cell_ids(names: str) -> list[str]:
    """``cell_ids("F5 G5")`` -> ["4-5", "4-6"]: the board's ids of cells named as on the sheet."""
    return [f"{row}-{col}" for row, col in sorted(cells(names))]


def hamstern_game(db, names=("Ann", "Ben"), rolls=()) -> str:
    """A saved Hamstern game of ``names`` on side A, real dice, after ``rolls`` (its id)."""
    state = get_game("hamstern").new_state(len(names), seed=3, side="A")
    for value in rolls:
        state.apply(Roll(value))
    return db.create(state, {"names": list(names), "dice": "real"})


def drawn_cave(number: int) -> str:
    """The code of a cave drawn for tests, at hand at once: the first valid draw from ``number`` on
    (cave_plan.plan), put where caves.cave finds a made cave, without the seconds of the balance check.
    Any drawn cave must play by the rules; only the offered ones must also be balanced."""
    import random

    from assistant.games.hamstern import balance, caves
    from assistant.games.hamstern.cave_plan import plan
    from assistant.games.hamstern.layout import parse_layout

    code = f"TEST-{number}"
    if code not in caves._made:
        draw = number
        while (body := plan(random.Random(draw))) is None:
            draw += 1
        text = f'side = "{code}"\n{body}'
        figures = balance.Measure((0,))
        caves._made[code] = caves.Cave(code, text, parse_layout(text), figures, figures, "like_a", draw)
    return code


def hard_bot_solo(side: str, seed: int) -> int:
    """The hard bot alone on ``side``, through the engine's views and actions and its rolls: its score."""
    bot, state, rng = get_bot("hamstern", "hard"), hamstern(1, seed=seed, side=side), random.Random(seed)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node()
                    else bot.choose(state.view(0), state.legal_actions(), rng))
    return state.scores()[0]
