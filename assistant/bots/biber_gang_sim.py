"""Simulation for the hard Biber Gang bot: guess the hidden cards, play the round out.

``determinize`` deals the cards the bot cannot see (face-down cards everywhere,
an opponent's drawn card, the deck) at random, consistent with its view.
``rollout_margin`` plays a move and then the rest of the round with the easy
policy for everyone, and returns the bot's points minus the opponents' average.
"""

from __future__ import annotations

import random

from assistant.bots.biber_gang import AVERAGE_CARD, easy_move, unseen_cards
from assistant.games.biber_gang import BiberGangGame
from assistant.games.biber_gang.rules import BiberGangState
from assistant.games.biber_gang.scoring import score_display

GAME = BiberGangGame()
MAX_ROLLOUT_MOVES = 400


def determinize(view: dict, rng: random.Random) -> BiberGangState:
    pool = unseen_cards(view)
    rng.shuffle(pool)
    state = BiberGangState.__new__(BiberGangState)
    state.game, state.num_players, state.seed = GAME, view["num_players"], 0
    state.options = dict(view["options"])
    state.rng, state.history = rng, []
    state.keep_discard = view["options"]["discard_pickup_must_be_kept"]
    state.round, state.over = view["round"], False
    state.round_scores, state.round_results = [], []
    state.displays, state.face_up = [], []
    for player in view["players"]:
        cards = [card if card is not None else pool.pop() for card in player["display"]]
        state.displays.append(cards)
        state.face_up.append(sum(1 << p for p, card in enumerate(player["display"]) if card is not None))
    state.drawn = view["drawn"] if view["drawn"] is not None or view["phase"] != "place" else pool.pop()
    state.drawn_from = view["drawn_from"]
    state.deck, state.discard = pool, list(view["discard"])
    state.phase, state.turn = view["phase"], view["current_player"]
    state.ender = view["ender"]
    state.last_turns = _last_turns(view)
    state.start_info, state._legal = None, None
    state.rounds = state.round  # the simulation stops at the end of this round
    return state


def _last_turns(view: dict) -> int:
    ender = view["ender"]
    if ender is None:
        return 0
    n, current = view["num_players"], view["current_player"]
    # players after the current one, up to the ender, still have their last turn
    return (ender - current) % n or n


def rollout_margin(deal: BiberGangState, move, me: int, rng: random.Random) -> float:
    state = deal.clone()
    state.rng = rng
    state.apply(move)
    for _ in range(MAX_ROLLOUT_MOVES):
        if state.over:
            break
        player = state.turn
        cards, up = state.displays[player], state.face_up[player]
        known = [card if up >> p & 1 else None for p, card in enumerate(cards)]
        top = state.discard[-1] if state.discard else None
        state.apply(easy_move(known, state.phase, state.legal_actions(), state.drawn, top, AVERAGE_CARD))
    # The round always ends within the move limit; scoring the displays as they lie is only a guard.
    scores = state.round_scores[-1] if state.round_scores else [score_display(d).points for d in state.displays]
    others = [s for p, s in enumerate(scores) if p != me]
    return scores[me] - sum(others) / len(others)

