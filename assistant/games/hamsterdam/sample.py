"""A Hamsterdam table as one seat might imagine it (the hard bot's search, the random simulation).

Nearly everything is public, so the state is rebuilt from the view. What the seat cannot know is
dealt at random: the dam cards another player chose to pass (while passing), the specials dealt to
the others and those they kept (while keeping), and the dice still to come (a fresh generator).
"""

from __future__ import annotations

import random
from collections import Counter

from assistant.games.hamsterdam.actions import POSITIONS
from assistant.games.hamsterdam.cards import numbers
from assistant.games.hamsterdam.setup import TWINSTERS


def sample_from_view(game, view: dict, rng: random.Random):
    """A state that shows the view's seat exactly that view, the unseen dealt at random.

    Sets every field ``HamsterdamState.__init__`` sets, from the view; a new field of the state is
    set here too, or the random-simulation test finds the views differ.
    """
    state = game.new_state(view["num_players"], seed=0, **view["options"])
    state.rng = rng
    players = view["players"]
    state.held = [list(p["held"]) for p in players]
    state.dams = [[card["value"] for card in p["dam"]] for p in players]
    state.flipped, state.tokens = _cards(players, "flipped", bool), _cards(players, "tokens", int)
    state.stacks = [[list(pieces) for pieces in stacks] for stacks in _cards(players, "pieces", list)]
    for name in ("hand", "reserve", "removed"):
        setattr(state, name, [list(p[name]) for p in players])
    state.piles = [p["pile"] for p in players]
    state.breaches = [p["breaches"] for p in players]
    state.supply, state.exhausted = view["supply"], view["exhausted"]
    state.passes = [tuple(p["pass"]) if p["pass"] is not None else _guess_pass(view, seat, rng)
                    for seat, p in enumerate(players)]
    state.offered, state.kept = _deal_specials(view, rng)
    state.start_rolls = list(view["start_rolls"])
    state.start_dice = [tuple(dice) if dice else None for dice in view["start_dice"]]
    state.start_player = view["start_player"] or 0
    state.turns, state.rerolls = view["turns"], view["rerolls"]
    state.dice = tuple(view["dice"]) if view["dice"] else None
    state.value = view["value"] or 0
    state.adjust, state.ignore = list(view["adjust"]), list(view["ignore"])
    state.pending = view["pending"] or ""
    state.second = tuple(view["second"]) if view["second"] else None
    state.moving = list(view["moving"])
    progress = view["progress"]
    state.queue, state.contenders = list(progress["queue"]), list(progress["contenders"])
    state.floods = [tuple(flood) for flood in progress["floods"]]
    state.window, state.bombing, state.whacked = progress["window"], progress["bombing"], progress["whacked"]
    state.moved, state.sped = list(progress["moved"]), list(progress["sped"])
    state.janitor, state.copy_janitor = list(progress["janitor"]), list(progress["copy_janitor"])
    state.pending_at, state.moving_to = progress["pending_at"], progress["moving_to"]
    state.phase = view["phase"]
    state._next_dice = (1, 1)
    if state.phase in ("roll", "start_roll", "reroll"):
        state.draw_dice()  # the dice to come are unknown: drawn from the deal's own generator
    state._legal = None
    return state


def _cards(players: list[dict], field: str, blank) -> list[list]:
    """Each dam card's ``field``, per player. While the dams are laid the view shows only the cards
    laid; the state keeps a place for every card (``blank()`` for those to come)."""
    return [[card[field] for card in p["dam"]] + [blank() for _ in range(POSITIONS - len(p["dam"]))] for p in players]


def _guess_pass(view: dict, seat: int, rng: random.Random) -> tuple:
    """Another player's hidden pass: any two of the cards they hold (sorted with two players, as listed)."""
    if not view["players"][seat]["passed"]:
        return ()
    cards = rng.sample(view["players"][seat]["held"], 2)
    return tuple(sorted(cards)) if view["num_players"] == 2 else tuple(cards)


def _deal_specials(view: dict, rng: random.Random) -> tuple[list[list[str]], list[list[str]]]:
    """The specials offered to and kept by each player: the seat's own and those shown as they are;
    the others' from the specials the seat has not seen, at random."""
    offered = [list(p["offered"] or []) for p in view["players"]]
    kept = [list(p["kept"] or []) for p in view["players"]]
    hidden = [seat for seat, p in enumerate(view["players"]) if p["offered"] is None and p["kept"] is None]
    if not hidden:
        return offered, kept
    pool = Counter({name: 2 for name in numbers().special_names})
    pool[TWINSTERS] -= 1  # one Twinster is set aside before dealing
    for cards in (*offered, *kept):
        pool.subtract(card for card in cards if card != TWINSTERS)
        pool[TWINSTERS] -= min(1, cards.count(TWINSTERS))  # a kept pair holds the set-aside copy
    deck = sorted(pool.elements())
    rng.shuffle(deck)
    for seat in hidden:
        shown = view["players"][seat]
        if shown["offered_count"]:
            offered[seat] = sorted(deck.pop() for _ in range(shown["offered_count"]))
            continue
        if view["phase"] != "keep":
            continue  # nothing dealt yet
        keep = numbers().blue_dots([card["value"] for card in shown["dam"]])  # kept already
        kept[seat] = [deck.pop() for _ in range(keep)]
        if TWINSTERS in kept[seat]:
            kept[seat].append(TWINSTERS)
    return offered, kept
