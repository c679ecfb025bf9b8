"""What a move costs the server as a game grows: ``python bench/moves.py``.

The server time of one decision and the redraw that follows it (AppTest, the whole page run as a
tablet's tap triggers it), at action 10, 100 and 300 of a 4-player Hamsterdam game and at the end of a
5-round Biber Gang game (against its action 10); the median of ``--decisions`` decisions at each point,
every seat a person at the table (no computer opponent's turn is counted). Target: the largest within 1.2x the smallest.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.games import get_game  # noqa: E402
from assistant.store import Store  # noqa: E402
from assistant.ui import access  # noqa: E402
from tests.components import decide, open_app, switch_page  # noqa: E402

# AppTest stands for the laptop's own browser, the table (as tests/conftest.py says for the tests).
access.connection_is_local = lambda: True

HAMSTERDAM_SEED = 3  # a random 4-player game of 332 actions
NAMES = ["Ann", "Bo", "Cem", "Dana"]


def played(game: str, players: int, seed: int, actions: int, **options):
    """A random game after ``actions`` actions (the same every run)."""
    state = get_game(game).new_state(players, seed=seed, **options)
    choose = random.Random(seed)
    while len(state.history) < actions and not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else choose.choice(state.legal_actions()))
    return state


def hamsterdam_decision(state) -> tuple[str, list[str]]:
    """The button and the parts a tap on the board sends for a random legal move of the seat deciding."""
    from assistant.ui.hamsterdam.decisions import board_for, parts_of, selection_parts

    if state.is_chance_node():
        return "roll", []
    seat = state.current_player
    view = state.view(seat)
    move = random.Random(len(state.history)).choice(state.legal_actions())
    board = board_for(view, state.legal_actions(), seat)
    taps, button = parts_of(board, move)
    if move.kind in ("pass", "keep"):
        return move.kind, selection_parts(view, seat, move)
    if button is not None and not taps:
        return button, []
    if button is not None:  # a mode of the placing, then the card
        return button, taps
    return (board.button or "choose"), taps


def biber_decision(state) -> tuple[str, list[str]]:
    move = random.Random(len(state.history)).choice(state.legal_actions())
    if move.kind in ("draw_deck", "take_discard", "discard"):
        return move.kind, []
    if move.kind == "turn_up":
        return "tap", [f"p{move.at}"]
    return move.kind, [f"p{move.to if move.kind == 'swim' else move.at}"]


def timed(store: Store, page: str, board: str, state, setup: dict, decision, count: int) -> float:
    """Median ms of ``count`` decisions, each on a fresh copy of ``state`` (the same point of the game)."""
    times = []
    for _ in range(count):
        game_id = store.create(state, setup)
        at = open_app(game=game_id)
        switch_page(at, page).run()
        at.run()  # a first draw: the server has the game now, as at a table
        button, parts = decision(store.load(game_id).state)
        started = time.perf_counter()
        decide(at, board, button, parts)
        times.append((time.perf_counter() - started) * 1000)
        assert not at.exception, at.exception
        assert store.action_count(game_id) == len(state.history) + 1, "the decision was not taken"
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["HAMSTER_TABLE_DB"] = str(Path(folder) / "games.sqlite3")
        store = Store(os.environ["HAMSTER_TABLE_DB"])
        rows = []
        setup = {"names": NAMES, "bots": ["human"] * 4, "mode": "alone", "speed": "quick", "dice": "app"}
        for at_action in (10, 100, 300):
            state = played("hamsterdam", 4, HAMSTERDAM_SEED, at_action, mode="full")
            rows.append((f"Hamsterdam, 4 players, action {at_action}",
                         timed(store, "hamsterdam", "hd-board", state, setup, hamsterdam_decision, args.decisions)))
        end = len(played("biber_gang", 4, 7, 10**6, rounds=5).history)
        setup = {"names": NAMES, "bots": ["human"] * 4, "mode": "alone", "speed": "quick"}
        for at_action in (10, end - 6):
            biber = played("biber_gang", 4, 7, at_action, rounds=5)
            rows.append((f"Biber Gang, 4 players, 5 rounds, action {at_action} of {end}",
                         timed(store, "biber-gang", "bg-board", biber, setup, biber_decision, args.decisions)))
    for name, median in rows:
        print(f"{name:55s} {median:7.1f} ms")
    for game in ("Hamsterdam", "Biber Gang"):
        values = [median for name, median in rows if name.startswith(game)]
        print(f"{game}: largest / smallest {max(values) / min(values):.2f}x (target <= 1.2x)")

if __name__ == "__main__":
    main()
