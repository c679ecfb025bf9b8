"""A damaged save never breaks anything: whatever a saved game's rows hold (an action, the setup, the
options: any JSON value, a value nested 10000 levels deep, a number too big for anything, text that is
no JSON, bytes that are not UTF-8), the store gives the game or raises DamagedGame, nothing else, for
every registered game. And a finished game refuses every action with a reason (the engine's
IllegalAction, in English and German)."""

from __future__ import annotations

import json
import random
import sqlite3
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import IllegalAction
from assistant.games import get_game, registered
from assistant.games.base import State
from assistant.games.registry import load
from assistant.positions import Positions
from assistant.store import DamagedGame, SavedGame, Store
from tests.helpers import app_setup, played

GAMES = [info.name for info in registered() if info.built]
EXAMPLES = 100  # per game and per kind of damage: the whole file runs in about 10 s

# --- what a damaged row may hold -----------------------------------------------------------------
# Words the games' actions and setups use, so that a damaged value often gets past the first check.
WORDS = ("roll", "cross", "move", "at", "to", "piece", "cards", "side", "value", "pile", "card", "sets", "player",
         "give", "take", "swap", "keep", "use", "play", "exchange", "hamster", "left", "right", "names", "bots",
         "speed", "dice", "mode", "human", "easy", "quick", "real", "together")
numbers = st.one_of(
    st.integers(-20, 20), st.integers(), st.integers(10**18, 10**40), st.integers(-(10**40), -(10**18)),
    st.just(10**4000),  # 4001 digits: more than any game counts
    st.floats(), st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e308, -0.0]),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, st.sampled_from(WORDS),
                    st.text(max_size=30), st.text(min_size=1000, max_size=5000))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=8), inner,
                                                               max_size=5),
    max_leaves=25,
)
# Texts json cannot read, or reads as values that deep: as they would be written into the file.
DEEP = 10_000
odd_texts = st.one_of(
    st.sampled_from(["[" * DEEP + "]" * DEEP, "[" * DEEP, '{"move":' * DEEP + "1" + "}" * DEEP,
                     '{"cross": ' + "[" * DEEP + "]" * DEEP + "}", "1" * 5000, "1e400", "-1e400", "NaN", "",
                     '{"roll": 5', "\x00", '{"roll": 5}{"roll": 5}']),
    st.integers(1, 50_000).map(lambda depth: "[" * depth + "]" * depth),
    st.text(max_size=200),
)
not_utf8 = st.binary(min_size=1, max_size=200).filter(lambda data: not _is_utf8(data))


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@st.composite
def changed(draw, value: Any) -> Any:
    """``value`` (a real action or setup as data) with one part replaced, added or taken away: damage
    that gets past the first checks, to the ones behind them."""
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        how = draw(st.sampled_from(["inside", "inside", "replace", "drop", "add"]))
        if how == "drop":
            return {k: v for k, v in value.items() if k != key}
        if how == "add":
            return {**value, draw(st.sampled_from(WORDS) | st.text(max_size=8)): draw(json_values)}
        return {**value, key: draw(changed(value[key])) if how == "inside" else draw(json_values)}
    if isinstance(value, list) and value:
        at = draw(st.integers(0, len(value) - 1))
        return [*value[:at], draw(changed(value[at])), *value[at + 1:]]
    return draw(json_values)


def written(value: Any) -> str:
    """A drawn value as the file would hold it: its JSON (NaN and Infinity as Python writes them)."""
    return json.dumps(value)


def damage_for(real: Any):
    """Everything that may stand in a row that held ``real`` (data): JSON of any value, the real value
    changed, text json cannot read, bytes that are not UTF-8 (kept as a BLOB, or as TEXT)."""
    return st.one_of(
        json_values.map(written), changed(real).map(written), odd_texts,
        not_utf8, not_utf8.map(lambda data: ("text", data)),
    )


# --- saved games --------------------------------------------------------------------------------
def action_number(state: State):
    """The number of one of the game's actions, each kind of action (a roll, each kind of move) as likely
    as any other: a kind played twice in forty actions is damaged as often as one played twenty times."""
    by_kind: dict[str, list[int]] = {}
    for number, action in enumerate(state.history, start=1):
        data = action.to_data()
        by_kind.setdefault(str(data.get("move", sorted(data)[0])), []).append(number)
    return st.sampled_from(sorted(by_kind)).flatmap(lambda kind: st.sampled_from(by_kind[kind]))


def write(store: Store, sql: str, value: Any, *keys: Any) -> None:
    """Put ``value`` into a row as it is: text, a BLOB, or (``("text", bytes)``) bytes kept as TEXT."""
    cast = isinstance(value, tuple)
    with sqlite3.connect(store.path) as db:
        db.execute(sql.replace("?", "CAST(? AS TEXT)", 1) if cast else sql, (value[1] if cast else value, *keys))


def assert_game_or_damaged(store: Store, game_id: str) -> SavedGame | None:
    """The store gives the game (one that can be shown and played on) or DamagedGame, nothing else;
    so does the server's live copy of it; the lists on Home still come up."""
    try:
        saved = store.load(game_id)
    except DamagedGame as error:
        assert str(error)  # a reason to show
        saved = None
    else:
        saved.state.view(None)
        saved.state.legal_actions()
    try:
        Positions(store).latest(game_id)
    except DamagedGame:
        assert saved is None, "the live copy refused a game the store loads"
    else:
        assert saved is not None, "the live copy took a game the store calls damaged"
    store.recent()
    store.best_solo_scores(saved.state.game.name if saved else GAMES[0], {})
    return saved


def settings_for(examples: int = EXAMPLES):
    # One store per test (a file of its own), a new game in it for each example.
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.mark.parametrize("name", GAMES)
@settings_for()
@given(data=st.data())
def test_a_damaged_saved_action_loads_as_the_game_or_as_damaged(db, name, data):
    state = played(name)
    game_id = db.create(state, app_setup(state))
    number = data.draw(action_number(state), label="action number")
    value = data.draw(damage_for(state.history[number - 1].to_data()), label="saved as")
    write(db, "UPDATE actions SET action = ? WHERE game_id = ? AND number = ?", value, game_id, number)
    saved = assert_game_or_damaged(db, game_id)
    if saved is not None:  # the damage happened to name a legal action: the game is all there
        assert len(saved.state.history) == len(state.history)


@pytest.mark.parametrize("name", GAMES)
@settings_for()
@given(data=st.data())
def test_a_damaged_action_after_the_ones_the_server_knows_is_damaged(db, name, data):
    """The server keeps a game live and applies only the actions saved since (positions.py): the
    new action is read on that path, not by a replay."""
    state = played(name)
    known = data.draw(action_number(state), label="actions known") - 1
    before = get_game(name).replay(state.num_players, state.seed, state.options, state.history[:known])
    game_id = db.create(before, app_setup(state))
    positions = Positions(db)
    positions.latest(game_id)
    value = data.draw(damage_for(state.history[known].to_data()), label="saved as")
    write(db, "INSERT INTO actions (action, game_id, number) VALUES (?, ?, ?)", value, game_id, known + 1)
    try:
        position = positions.latest(game_id)
    except DamagedGame:
        return
    assert len(position.state.history) == known + 1
    position.view(None)


@pytest.mark.parametrize("name", GAMES)
@settings_for()
@given(data=st.data())
def test_a_damaged_setup_or_options_loads_as_the_game_or_as_damaged(db, name, data):
    state = played(name)
    setup = app_setup(state)
    game_id = db.create(state, setup)
    column, real = data.draw(st.sampled_from([("setup", setup), ("options", state.options)]), label="column")
    value = data.draw(damage_for(real), label="saved as")
    write(db, f"UPDATE games SET {column} = ? WHERE id = ?", value, game_id)
    saved = assert_game_or_damaged(db, game_id)
    if saved is not None and column == "setup":
        assert len(saved.setup["names"]) == state.num_players


@pytest.mark.parametrize("name", GAMES)
@settings_for(EXAMPLES // 2)
@given(data=st.data())
def test_a_damaged_record_loads_as_the_game_or_as_damaged(db, name, data):
    """The game's own fields: its name, number of players and seed, as any value SQLite keeps."""
    state = played(name)
    game_id = db.create(state, app_setup(state))
    column = data.draw(st.sampled_from(["game", "num_players", "seed"]), label="column")
    value = data.draw(st.one_of(st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False), st.sampled_from(GAMES),
                                odd_texts,
                                json_values.map(written), not_utf8, not_utf8.map(lambda data: ("text", data))),
                      label="saved as")
    write(db, f"UPDATE games SET {column} = ? WHERE id = ?", value, game_id)
    assert_game_or_damaged(db, game_id)


# --- a finished game --------------------------------------------------------------------------------
@cache
def finished(name: str) -> State:
    """A game of ``name`` played to its end (with the policy its random simulation plays, if it names one)."""
    info = next(info for info in registered() if info.name == name)
    setup = info.sim_setups[0]
    state = get_game(name).new_state(setup["num_players"], seed=1, **setup["options"])
    rng = random.Random(1)
    policy = load(setup["policy"]) if "policy" in setup else None
    for _ in range(20_000):
        if state.is_over():
            return state
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            legal = state.legal_actions()
            state.apply(policy(state.view(state.current_player), legal, rng) if policy else rng.choice(legal))
    raise AssertionError(f"{name} did not end")


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_refuses_every_action_with_a_reason(name):
    state = finished(name)
    before = state.to_json()
    tried = list(dict.fromkeys(state.history))  # every action the game had, once: none may follow its end
    for action in tried:
        for attempt in (state.check, state.apply):
            with pytest.raises(IllegalAction) as refused:
                attempt(action)
            assert refused.value.key == "error.game_over"
            assert refused.value.message("de") != refused.value.message("en")
    assert state.legal_actions() == []
    assert state.to_json() == before
    # The same game, saved and loaded again, is still finished and still refuses.
    reloaded = get_game(name).from_json(before)
    assert reloaded.is_over()
    with pytest.raises(IllegalAction):
        reloaded.check(tried[0])
