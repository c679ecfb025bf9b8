"""Small helpers every game's tests share: playing randomly (to the end, or to a wanted position),
snapshots, refusals, a game saved for the app, how every hint must read, and the random
simulation every registered game must pass. A game's own riggers and helpers are in
tests/<game>/helpers.py. Test modules import helpers from these, never from another test module."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest

from assistant import IllegalAction, i18n
from assistant.bots import LEVELS
from assistant.games import game_info, get_game, registered
from assistant.games.base import State
from assistant.games.registry import load


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


def first_position(new_state, wanted, seeds, choose=None, max_moves: int = 10_000) -> State:
    """The first position where ``wanted(state)`` holds in seeded play: for each seed in turn, the game
    ``new_state(seed)`` played with ``random.Random(seed)`` (uniformly random moves, or ``choose(view,
    legal, rng)`` as a bot chooses) for at most ``max_moves`` moves or to its end."""
    for seed in seeds:
        state, rng = new_state(seed), random.Random(seed)
        for _ in range(max_moves):
            if state.is_over():
                break
            if wanted(state):
                return state
            legal = state.legal_actions()
            state.apply(choose(state.view(state.current_player), legal, rng) if choose else rng.choice(legal))
    raise AssertionError("no game reached the wanted position")


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


def refusal(state: State, move, lang: str) -> str | None:
    """The engine's own reason for refusing ``move`` now, in ``lang`` (None if it allows it)."""
    try:
        state.check(move)
    except IllegalAction as error:
        return error.message(lang)
    return None


def hint_texts(advice, not_one: dict[str, re.Pattern]) -> dict[str, str]:
    """A hint's words in each language, checked as every hint must read: translated in full (no key, no
    {placeholder} left), no plural after 1 (``not_one[lang]`` finds "1 cards"), and a reason in the game's
    terms first: the simulations ("Of all moves ...") are how it was found, never its only reason."""
    texts = {}
    for lang in i18n.LANGUAGES:
        text = i18n.t(advice.reason, lang, **advice.params)
        assert text != advice.reason and "{" not in text, text
        assert not not_one[lang].search(text), text
        assert not re.match(r"(Of all moves|Von allen Zügen)", text), text
        texts[lang] = text
    return texts


# --- a saved game of any registered game ------------------------------------------------------
@cache
def played(name: str, actions: int = 40) -> State:
    """A game of ``name`` (its first simulation setup) after up to ``actions`` random legal actions,
    fewer if it ended. Cached: read it, never change it."""
    setup = game_info(name).sim_setups[0]
    state = get_game(name).new_state(setup["num_players"], seed=7, **setup["options"])
    rng = random.Random(7)
    while len(state.history) < actions and not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def sim_policy(name: str):
    """The simulation's policy that makes ``name`` end where random play would not (see sim_cases), or None."""
    for setup in game_info(name).sim_setups:
        if "policy" in setup:
            return load(setup["policy"])
    return None


def play_saved(store, state: State, setup: dict, seed: int, actions: int | None = None) -> str:
    """``state`` (new) saved in ``store`` under ``setup`` and played with ``random.Random(seed)`` action by
    action, each appended as the app saves a move (the last with the final scores): uniformly random moves,
    or the game's sim_policy. To its end, or ``actions`` actions. The game's id."""
    game_id = store.create(state, setup)
    rng, choose = random.Random(seed), sim_policy(state.game.name)
    for number in range(20_000):
        if state.is_over() or (actions is not None and number >= actions):
            return game_id
        if state.is_chance_node():
            action = state.chance_outcome()
        else:
            legal = state.legal_actions()
            action = choose(state.view(state.current_player), legal, rng) if choose else rng.choice(legal)
        state.apply(action)
        store.append(game_id, number, action, state.scores() if state.is_over() else None)
    raise AssertionError("the game did not end")


def saved_alone(db, state: State, level: str) -> str:
    """``state`` saved for the app, Ann alone against computer opponents of ``level``: the game's id."""
    names = ["Ann"] + [f"Bot {n}" for n in range(1, state.num_players)]
    return db.create(state, {"names": names, "bots": ["human"] + [level] * (state.num_players - 1), "mode": "alone",
                             "speed": "quick"})


def app_setup(state: State) -> dict:
    """The setup the app saves with ``state``: a name per seat, and who plays each seat (a person
    first, then computer opponents of each level)."""
    bots = ["human"] + [LEVELS[seat % len(LEVELS)] for seat in range(1, state.num_players)]
    return {"names": [f"Player {seat + 1}" for seat in range(state.num_players)], "bots": bots, "mode": "alone",
            "speed": "quick", "dice": "real"}


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

