"""Small helpers the tests share: playing games, naming Hamstern cells, laying out Biber Gang
and Mömmen positions. Test modules import helpers from here, never from another test module."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from assistant import IllegalAction
from assistant.games import game_info, get_game, registered
from assistant.games.base import State
from assistant.games.biber_gang.cards import BEAVER, FULL_DECK
from assistant.games.hamsterdam import HamsterdamGame
from assistant.games.hamsterdam import Move as HamsterdamMove
from assistant.games.hamsterdam import Roll as HamsterdamRoll
from assistant.games.hamsterdam.cards import numbers as hamsterdam_numbers
from assistant.games.hamstern import Place, Roll
from assistant.games.moemmen.actions import exchange
from assistant.games.moemmen.cards import FULL_DECK as MOEMMEN_DECK
from assistant.games.moemmen.cards import card_from_name
from assistant.games.moemmen.scoring import round_score
from assistant.games.registry import load

B = BEAVER


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


def play_randomly(state: State, rng: random.Random, max_steps: int = 10_000) -> State:
    """Random legal actions to the end; chance nodes take the state's own roll."""
    for _ in range(max_steps):
        if state.is_over():
            return state
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


def new_biber_gang(players: int = 2, seed: int = 0, **options) -> State:
    return get_game("biber_gang").new_state(players, seed=seed, **options)


def rig(state, displays, face_up, deck=None, discard=(9,), turn=0, phase="draw"):
    """Lay out a hand-made Biber Gang position (the rest of the 108 cards go to the deck unless given)."""
    state.displays = [list(d) for d in displays]
    state.face_up = [sum(1 << p for p in up) for up in face_up]
    state.discard = list(discard)
    if deck is None:
        rest = list(FULL_DECK)
        for card in [c for d in displays for c in d] + list(discard):
            rest.remove(card)
        deck = rest
    state.deck = list(deck)
    state.turn, state.phase, state.drawn, state.drawn_from = turn, phase, None, None
    state._legal = None  # the legal moves listed for the position before
    return state


def snapshot(state: State) -> tuple:
    """Everything a refused action must leave as it was: the saved game, every field of the
    position and the generator."""
    fields = {name: value for name, value in vars(state).items() if name not in ("game", "rng", "_legal")}
    return state.to_json(), json.dumps(fields, sort_keys=True, default=repr), state.rng.getstate()


def assert_refused(state: State, action, key: str) -> IllegalAction:
    """``action`` is refused with the reason ``key`` (in German too), and nothing changed."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.key == key, str(error.value)
    assert error.value.message("de") != error.value.message("en")  # a German reason exists
    assert snapshot(state) == before
    return error.value


def moemmen_cards(names: str) -> list[int]:
    """Mömmen cards from names: ``moemmen_cards("red+3 tim")``."""
    return [card_from_name(name) for name in names.split()]


def moemmen_exchange(give: str, take: str):
    """The Mömmen exchange of ``give`` from the hand for ``take`` from the table."""
    return exchange(card_from_name(give), card_from_name(take))


def rig_moemmen(*hands: str, table: str, deck: str | None = None, discard: str = "", turn: int = 0,
                target: int = 100, totals=None) -> State:
    """A hand-made Mömmen position in round 1, phase "turn" (cards as names, the deck's last card is
    drawn first); without ``deck`` the cards not placed form the deck, in card order."""
    players = len(hands)
    state = get_game("moemmen").new_state(players, seed=0, target=target)
    state.hands = [sorted(moemmen_cards(hand)) for hand in hands]
    state.table, state.discard = moemmen_cards(table), moemmen_cards(discard)
    if deck is None:
        rest = Counter(MOEMMEN_DECK)
        rest.subtract(card for cards in (*state.hands, state.table, state.discard) for card in cards)
        state.deck = sorted(rest.elements())
    else:
        state.deck = moemmen_cards(deck)
    state.round, state.dealer, state.turn, state.phase = 1, (turn - 1) % players, turn, "turn"
    state.passes, state.acted, state.must_lay_minus, state.takers = 0, False, False, []
    state.totals, state.results = list(totals or [0] * players), []
    state.round_moves = []
    state._legal = None  # the moves listed for the dealt position
    return state


# --- the random simulation every registered game must pass ------------------------------------
SEEDS_PER_SETUP = 3


def sim_cases() -> list[tuple[str, dict, int]]:
    """``(game, setup, seed)`` for every built game in the registry and each of its sim setups;
    a setup may ask for more seeds with ``"seeds": n`` (a game with few, quick setups), and name a
    ``"policy"`` (``"module:function"``, called like a bot's ``choose``) that plays instead of
    uniformly random moves (a game that random play would not finish in ``max_steps``)."""
    return [(info.name, setup, seed) for info in registered() if info.built
            for setup in info.sim_setups for seed in range(setup.get("seeds", SEEDS_PER_SETUP))]


def simulate(name: str, setup: dict, seed: int, max_steps: int = 5000) -> State:
    """A seeded random game of ``name``, checking at every step what every game promises:

    the legal actions are distinct, listed in the same order each time and all accepted;
    a refused action leaves the state exactly as it was; actions survive JSON; views are
    JSON-safe and hold nothing hidden (a deal sampled from a view shows that view again, or,
    for a game without hidden cards, another seed gives the same views); a clone is
    independent; undo gives back the state before the action; a saved and reloaded state
    has the same future. At the end: the standings agree with the winners and the scores,
    and the game's score check scores the final position as the engine does.
    """
    game, info = get_game(name), game_info(name)
    state = game.new_state(setup["num_players"], seed=seed, **setup["options"])
    samples = hasattr(game, "sample_from_view")
    twin = None if samples else game.new_state(setup["num_players"], seed=seed + 1000, **setup["options"])
    rng = random.Random(seed)
    policy = load(setup["policy"]) if "policy" in setup else None
    seen: list = []  # every action legal so far: later, most of them are not
    for step in range(max_steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        legal.append("not an action")  # the caller's copy: the state's own list stays as it was
        assert state.legal_actions() == legal[:-1]
        legal.pop()
        seen.extend(action for action in legal if action not in seen)
        _refused_or_legal(state, rng.choice(seen), legal)
        if state.is_chance_node():
            action = state.chance_outcome()
        else:
            action = policy(state.view(state.current_player), legal, rng) if policy else rng.choice(legal)
        assert game.action_from_json(action.to_json()) == action
        before, actor = state.to_json(), state.current_player
        state.apply(action)
        _check_views(game, state, twin, action, rng, samples)
        if state.can_undo():
            assert state.last_actor() == actor
            assert state.undo().to_json() == before
        if step % 7 == 0:
            reloaded = game.from_json(state.to_json())
            assert reloaded == state and reloaded.legal_actions() == state.legal_actions()
            if state.is_chance_node():
                assert reloaded.chance_outcome() == state.chance_outcome()
            assert reloaded.scores() == state.scores()
    assert state.is_over(), "the game did not end"
    _check_the_end(info, state)
    return state


def _refused_or_legal(state: State, attempt, legal: list) -> None:
    before = state.to_json()
    probe = state.clone()
    assert probe == state
    try:
        probe.apply(attempt)
    except IllegalAction:
        with pytest.raises(IllegalAction):
            state.apply(attempt)
        assert state.to_json() == before
    else:
        assert attempt in legal, f"{attempt} was accepted but is not listed as legal"
        assert state.to_json() == before, "applying to a clone changed the original"


def _check_views(game, state: State, twin: State | None, action, rng: random.Random, samples: bool) -> None:
    for player in range(state.num_players):
        view = state.view(player)
        assert json.loads(json.dumps(view)) == view  # JSON-safe
        if samples:
            dealt = game.sample_from_view(view, rng)
            assert dealt.view(player) == view, "a deal consistent with the view shows another view"
            if player == state.current_player:
                assert dealt.legal_actions() == state.legal_actions()
    if twin is not None:
        twin.apply(action)
        assert twin.view(0) == state.view(0)  # nothing drawn from the generator shows


def _check_the_end(info, state: State) -> None:
    standing = state.standings()
    assert state.winners() and set(state.winners()) <= set(range(state.num_players))
    assert state.winners() == sorted(row["player"] for row in standing["players"] if row["winner"])
    assert sorted(row["player"] for row in standing["players"]) == list(range(state.num_players))
    assert {row["player"]: row["score"] for row in standing["players"]} == dict(enumerate(state.scores()))
    assert [row["place"] for row in standing["players"]] == sorted(row["place"] for row in standing["players"])
    if info.score_check and hasattr(state, "score_check_inputs"):
        from assistant.__main__ import score

        totals = [0] * state.num_players
        for table in state.score_check_inputs():
            table = json.loads(json.dumps(table))  # as it would arrive in a file
            for n, player in enumerate(score(info.name, table)["players"]):
                totals[n] += player["total"]
        assert totals == state.scores()


def collect_one_colour(view: dict, legal: list, rng: random.Random):
    """A Mömmen player for simulations (uniformly random play almost never ends a round): mostly
    the move after which the hand scores best (M10), so it collects one colour; now and then any
    move, so that Benny, Tim, refresh and passing happen too. Only the view and the moves, as a bot."""
    if rng.random() < 0.2:
        return rng.choice(legal)

    def worth(move) -> tuple[int, float]:
        hand = list(view["hand"])
        if move.kind == "exchange":
            hand.remove(move.give)
            hand.append(move.take)
        return round_score(hand), rng.random()

    return max(legal, key=worth)


def track_used_up(seed: int = 3) -> State:
    """A solo Hamstern game after two 1s that used up the 1-track, with a third 1 rolled: nothing fits."""
    state = hamstern(1, seed=seed)
    for names in ("F5 G5 H5 F6 G6 H6 F7", "D5 C5 B5"):
        state.apply(Roll(1))
        state.apply(Place(cells(names)))
    state.apply(Roll(1))
    return state


def rig_hamsterdam(players=2, mode="classic", stacks=None, tokens=None, piles=None, dams=None, flipped=None,
                   reserve=None, start_player=0, turns=0, supply=None, breaches=None):
    """A hand-made Hamsterdam position before a roll (dams 2..12 unless given). ``stacks[p]`` maps a
    card value to its pieces, ``tokens[p]`` a card value to its flood tokens, ``flipped[p]`` lists
    flipped card values; the roll to come is by seat ``start_player + turns``."""
    state = HamsterdamGame().new_state(players, seed=0, mode=mode)
    seats = range(players)
    state.held, state.hand = [[] for _ in seats], [[] for _ in seats]
    state.dams = [list(dam) for dam in (dams or [range(2, 13)] * players)]
    state.offered, state.kept = [[] for _ in seats], [[] for _ in seats]
    state.reserve = [list(pile) for pile in (reserve or [[] for _ in seats])]
    state.stacks = [[[] for _ in range(11)] for _ in seats]
    state.tokens, state.flipped = [[0] * 11 for _ in seats], [[False] * 11 for _ in seats]
    for p in seats:
        for value, pieces in (stacks[p] if stacks else {}).items():
            state.stacks[p][state.dams[p].index(value)] = list(pieces)
        for value, count in (tokens[p] if tokens else {}).items():
            state.tokens[p][state.dams[p].index(value)] = count
        for value in (flipped[p] if flipped else []):
            state.flipped[p][state.dams[p].index(value)] = True
    table = hamsterdam_numbers()
    state.piles = list(piles or [0] * players)
    state.breaches = list(breaches or [table.breaches_due(pile) for pile in state.piles])
    placed = sum(state.piles) + sum(map(sum, state.tokens))
    # A ``supply`` given rigs a short box: the tokens missing from the 35 are simply not in this game.
    state.supply = table.supply_tokens - placed if supply is None else supply
    state.start_player, state.turns = start_player, turns
    state.next_roll()
    state._legal = None  # the actions listed for the position before
    return state


def hamsterdam_roll(state, value, first=None):
    """Roll ``value`` in Hamsterdam (as ``first`` and the rest, or the lowest pair)."""
    first = first or max(1, value - 6)
    state.apply(HamsterdamRoll(first, value - first))


def hamsterdam_stack(state, player, value):
    """The pieces on ``player``'s dam card of ``value``."""
    return state.stacks[player][state.dams[player].index(value)]


def hamsterdam_tokens(state, player, value):
    """The flood tokens on ``player``'s dam card of ``value``."""
    return state.tokens[player][state.dams[player].index(value)]


def play_hamsterdam_setup(state, choose=lambda legal: legal[0]):
    """Every Hamsterdam decision before the first turn roll: the first legal one, the app's rolls."""
    while state.phase != "roll":
        state.apply(state.chance_outcome() if state.is_chance_node() else choose(state.legal_actions()))
    return state


def hamsterdam_pos(value: int) -> int:
    """The position of a card on a dam laid 2..12."""
    return value - 2


def hamsterdam_use(piece: str, at: int, to: int = -1, *cards: int) -> HamsterdamMove:
    return HamsterdamMove("use", piece, at, to, cards)


def hamsterdam_uses(state) -> list[HamsterdamMove]:
    return [move for move in state.legal_actions() if move.kind == "use"]


def rig_hamsterdam_movement(stacks, tokens=None, reserve=None):
    """Two players just before the roll that ends with a movement phase; the roll floods the 12s."""
    state = rig_hamsterdam(stacks=stacks, tokens=tokens, reserve=reserve, turns=3)
    state.apply(HamsterdamRoll(6, 6))
    return state
