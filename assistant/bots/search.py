"""One determinized search for every hard card-game bot: Monte Carlo over sampled deals.

A bot cannot search the real game: it does not know the hidden cards. So it asks
the game for deals consistent with its view (``game.sample_from_view``, as OpenSpiel's
IS-MCTS asks a state to resample), plays every candidate move out in each deal
with the game's own rollout policy, and keeps the move with the best average
value. Each deal serves every candidate with the same random numbers afterwards, so
the candidates are compared on equal terms. A time budget keeps a decision short.

A game brings three things (a ``Playout``): how to sample a deal, how everybody
plays in a rollout, and what a finished rollout is worth to a seat. A game whose
rollouts to the end would be too slow for enough deals may cut them after ``depth``
moves; its value then judges the unfinished state.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from assistant.games.base import Action, State

MAX_ROLLOUT_MOVES = 1000  # a guard only: every rollout of a real game ends far sooner


@dataclass(frozen=True)
class Playout:
    """What a game lends the search."""

    sample: Callable[[dict, random.Random], State]  # a deal consistent with the view; its end ends a rollout
    policy: Callable[[State], Action]  # the move of whoever is to move in a rollout
    value: Callable[[State, int], float]  # what a finished rollout is worth to a seat: higher is better
    depth: int = MAX_ROLLOUT_MOVES  # moves after the candidate before the rollout stops (and ``value`` judges)
    own_policy: Callable[[State], Action] | None = None  # the searching seat's own moves, if not ``policy``


def with_depth(playout: Playout, depth: int) -> Playout:
    """The game's playout cut after ``depth`` moves instead (tests and benches try shorter rollouts)."""
    return playout if depth == playout.depth else replace(playout, depth=depth)


@dataclass(frozen=True)
class SearchResult:
    action: Action
    values: dict[Action, float]  # each candidate's average value, prior included
    samples: int  # how many deals were played out


def search(view: dict, candidates: Sequence[Action], rng: random.Random, playout: Playout, *,
           samples: int, seconds: float, prior: dict[Action, float] | None = None) -> SearchResult:
    """The candidate with the best average over up to ``samples`` deals (fewer if ``seconds`` run out).

    ``prior`` adds a fixed amount per candidate (in the unit of ``value``): where the
    rollouts cannot tell moves apart, the game's own judgement decides. Ties go to the
    earlier candidate, so the same deals give the same answer.
    """
    deadline = time.perf_counter() + seconds
    totals = dict.fromkeys(candidates, 0.0)
    played = 0
    while played < samples:
        deal = playout.sample(view, rng)
        seed = rng.getrandbits(32)
        for action in candidates:
            totals[action] += rollout(deal, action, view["me"], random.Random(seed), playout)
        played += 1
        if time.perf_counter() > deadline:
            break
    prior = prior or {}
    values = {action: totals[action] / played + prior.get(action, 0.0) for action in candidates}
    return SearchResult(max(candidates, key=values.get), values, played)


def rollout(deal: State, action: Action, me: int, rng: random.Random, playout: Playout) -> float:
    """Play ``action`` in a copy of ``deal``, then the game out with the rollout policy."""
    state = deal.clone()
    state.rng = rng  # the deal's own future draws (reshuffles) vary with the sample
    state.apply(action)
    own = playout.own_policy or playout.policy
    for _ in range(playout.depth):
        if state.is_over():
            break
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            state.apply((own if state.current_player == me else playout.policy)(state))
    return playout.value(state, me)
