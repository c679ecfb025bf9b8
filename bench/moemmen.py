"""Mömmen figures for the issue notes: ``python bench/moemmen.py [--rounds N] [--games N] [--quick]``.

Prints random-play speed: microseconds per decision, 2 players, the best of five runs (other work
on the machine only ever slows a run down). Uniformly random play takes tens of thousands of
decisions to complete a colour, so each game is played to a target of 1: exactly one round (the
player who ends a round scores at least 6). It also prints how many decisions such a round took
(median and max), the figure the issue quotes from a lean reference (about 34,000).

Then: easy against easy, turns per round (mean, max); the hard bot's sharp policy alone (no search)
against easy over ``--policy-games`` two-player matches to 30 (seats alternate); and the hard bot over
``--games`` two-player matches to 30 against random and against easy (seats alternate), with its seconds
per decision.
``--quick`` is a smoke run: two random rounds, four matches per rival.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import bench_hard, random_games  # noqa: E402 - bench/figures.py, beside this script

from assistant.bots import get_bot  # noqa: E402
from assistant.bots.moemmen_policy import easy_move, sharp_move  # noqa: E402
from assistant.games import get_game  # noqa: E402

GAME = get_game("moemmen")


def bench_random_play(rounds: int, runs: int = 5) -> None:
    results = [random_games(GAME, rounds, target=1) for _ in range(runs)]
    seconds, decisions, finished = min(results, key=lambda result: result[0])
    lengths = sorted(len(state.history) for state in finished)
    print(f"random play, 2 players: {seconds / decisions * 1e6:.1f} us per decision (best of {runs} runs of "
          f"{rounds} one-round games, {decisions:,} decisions a run)   (target: <= 10 us)")
    print(f"decisions per random round: median {statistics.median(lengths):,.0f}, max {lengths[-1]:,} "
          f"over {rounds} rounds   (a lean reference: about 34,000)")


def bench_easy_rounds(matches: int = 20) -> None:
    """Easy against easy, 2 players to 30: how many turns a round takes (a turn ends when the next
    player is on turn; Benny, refresh and the Tim phase belong to the turn they happen in)."""
    easy, turns_per_round = get_bot("moemmen", "easy"), []
    for seed in range(matches):
        state, rng = GAME.new_state(2, seed=seed, target=30), random.Random(seed)
        turns, last_turn, rounds = 0, state.view(0)["turn"], len(state.results)
        while not state.is_over():
            state.apply(easy.choose(state.view(state.current_player), state.legal_actions(), rng))
            view = state.view(0)
            if len(state.results) > rounds:
                turns_per_round.append(turns + 1)
                turns, rounds = 0, len(state.results)
            elif view["turn"] != last_turn:
                turns += 1
            last_turn = view["turn"]
    print(f"easy vs easy, 2 players: {statistics.mean(turns_per_round):.1f} turns per round on average, at most "
          f"{max(turns_per_round)} ({len(turns_per_round)} rounds of {matches} matches to 30)")


def sharp_game(seed: int) -> float:
    """One match to 30 of the sharp policy against the easy one, the sharp seat alternating; its share of the win."""
    state, sharp_seat = GAME.new_state(2, seed=seed, target=30), seed % 2
    while not state.is_over():
        player, legal = state.current_player, state.legal_actions()
        policy = sharp_move if player == sharp_seat else easy_move
        state.apply(policy(state.view(player), legal))
    winners = state.winners()
    return 1 / len(winners) if sharp_seat in winners else 0.0


def bench_sharp_policy(matches: int) -> None:
    share = sum(map(sharp_game, range(matches))) / matches
    print(f"sharp policy (no search) vs easy: wins {share:.1%} of {matches} 2-player matches to 30", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10, help="one-round random games per run")
    parser.add_argument("--games", type=int, default=100, help="2-player matches to 30 per rival of the hard bot")
    parser.add_argument("--policy-games", type=int, default=4000, help="matches of the sharp policy against easy")
    parser.add_argument("--quick", action="store_true", help="a smoke run: few rounds and matches")
    args = parser.parse_args()
    rounds, games = (2, 4) if args.quick else (args.rounds, args.games)
    bench_random_play(rounds)
    bench_easy_rounds(5 if args.quick else 20)
    bench_sharp_policy(20 if args.quick else args.policy_games)
    bench_hard("moemmen", [(("random",), games, "90%"), (("easy",), games, "60%")], target=30)


if __name__ == "__main__":
    main()
