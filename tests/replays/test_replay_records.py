"""Saved games' replays, game record files and playing on (assistant/replays.py, assistant/replay_records.py):
an exported game imported into another store replays the same at every step; a file that is no good game
record is refused with one translated reason and nothing written, whatever it holds; playing on starts a
new game with exactly the first actions; replay links."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import i18n
from assistant.games import game_info, get_game
from assistant.games.base import State
from assistant.replay_records import MAX_BYTES
from assistant.replays import ImportRefused, export_record, import_record, play_on, replay_of
from assistant.store import DamagedGame, Store, UnknownGame
from tests.helpers import app_setup
from tests.replays.helpers import saved_game
from tests.replays.test_replay_core import GAMES, finished

ALL_KEYS = {"not_json", "foreign", "newer", "unknown_game", "players", "damaged", "illegal", "bad_setup", "too_big",
            "bad_name", "not_offered"}


def as_offered(name: str) -> State:
    """``finished(name, 0, 0)``, with options the app's setup offers (Biber Gang's simulation plays 2 rounds,
    the app offers 1, 3 or 5): a game the app could have saved."""
    state = finished(name, 0, 0)
    options = {option.name: option.offered[0] for option in game_info(name).options
               if option.offered is not None and state.options[option.name] not in option.offered}
    if not options:
        return state
    state = get_game(name).new_state(state.num_players, seed=0, **{**state.options, **options})
    rng = random.Random(0)
    while not state.is_over():
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def saved(db: Store, name: str, actions: int | None = None) -> str:
    """A random game of ``name`` (to its end, or its first ``actions``) saved as the app saves it."""
    state = as_offered(name)
    if actions is not None:
        state = state.game.replay(state.num_players, state.seed, state.options, state.history[:actions])
    setup = app_setup(state)
    if name == "hamstern":
        setup = {"names": setup["names"], "dice": "app", "auto_roll": False}
    elif game_info(name).kind == "cards":
        del setup["dice"]  # as the app saves a card game: no dice to choose
    game_id = db.create(state.game.replay(state.num_players, state.seed, state.options, state.history[:-1]), setup)
    db.append(game_id, len(state.history) - 1, state.history[-1], state.scores() if state.is_over() else None)
    return game_id


def counts(db: Store) -> tuple[int, int]:
    """How many games and actions the store's file holds."""
    with sqlite3.connect(db.path) as file:
        return (file.execute("SELECT COUNT(*) FROM games").fetchone()[0],
                file.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def refused(db: Store, text, key: str | None = None) -> ImportRefused:
    """``text`` is refused with one reason (``key`` if given) in both languages, and nothing is written."""
    before = counts(db)
    with pytest.raises(ImportRefused) as error:
        import_record(db, text)
    assert error.value.key.startswith("replays.import.") and error.value.key.removeprefix("replays.import.") in ALL_KEYS
    if key is not None:
        assert error.value.key == f"replays.import.{key}", str(error.value)
    english, german = error.value.message("en"), error.value.message("de")
    assert english != german and "{" not in english + german and "\n" not in english + german
    assert english == i18n.t(error.value.key, "en", **error.value.params)
    assert counts(db) == before
    return error.value


# --- export and import ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_an_exported_game_imports_and_replays_the_same(db, tmp_path, name):
    game_id = saved(db, name)
    text = export_record(db, game_id)
    data = json.loads(text)
    assert data["format"] == "hamster-table-game" and data["version"] == 1 and data["exported"]
    assert data["setup"] == db.load(game_id).setup
    other = Store(tmp_path / "other.sqlite3")
    new_id = import_record(other, text.encode("utf-8"))
    original, imported = replay_of(db, game_id), replay_of(other, new_id)
    assert imported.length == original.length and imported.setup == {**original.setup, "origin": "imported"}
    for step in range(original.length + 1):
        assert imported.state_at(step).to_json() == original.state_at(step).to_json()
    assert other.recent()[0]["finished"]  # saved finished, as a game played to its end is
    assert other.load(new_id).state.to_json() == db.load(game_id).state.to_json()


def test_an_unfinished_game_imports_unfinished_and_goes_on(db, tmp_path):
    game_id = saved(db, "moemmen", actions=40)
    other = Store(tmp_path / "other.sqlite3")
    new_id = import_record(other, export_record(db, game_id))
    state = other.load(new_id).state
    assert len(state.history) == 40 and not other.recent()[0]["finished"]
    other.append(new_id, 40, state.legal_actions()[0])


def valid(db: Store, name: str = "hamsterdam", actions: int | None = 60) -> dict:
    return json.loads(export_record(db, saved(db, name, actions)))


def test_what_is_no_game_record_is_refused(db):
    good = valid(db)
    actions = good["actions"]
    refused(db, "{", "not_json")
    refused(db, "", "not_json")
    refused(db, b"\xff\xfe{\x00", "not_json")  # not UTF-8
    refused(db, good["actions"][0]["move"].encode("utf-16"), "not_json")
    refused(db, "[" * 100_000 + "]" * 100_000, "not_json")  # nested deeper than any reader goes
    refused(db, '{"a": ' * 50_000 + "1" + "}" * 50_000, "not_json")
    refused(db, "1" * 5000, "not_json")
    refused(db, 42, "not_json")
    for foreign in ({"a": 1}, [], "text", None, {**good, "format": "chess-game"}, {**good, "version": "1"},
                    {key: value for key, value in good.items() if key != "format"}, {**good, "version": 0}):
        refused(db, json.dumps(foreign), "foreign")
    assert refused(db, json.dumps({**good, "version": 2}), "newer").params == {"version": 2}
    refused(db, json.dumps({**good, "game": "chess"}), "unknown_game")
    refused(db, json.dumps({**good, "game": None}), "unknown_game")
    refused(db, json.dumps({**good, "num_players": 9}), "players")
    refused(db, json.dumps({**good, "num_players": 3}), "bad_setup")  # a name per seat no longer
    refused(db, json.dumps({**good, "num_players": "4"}), "players")
    for damage in ({"seed": 2**70}, {"seed": True}, {"seed": "3"}, {"options": {"mode": "wild"}},
                   {"options": {"speed": 3}}, {"options": []}, {"actions": {}},
                   {"actions": actions[:5] + [{"move": "fly"}]}):
        refused(db, json.dumps({**good, **damage}), "damaged")
    assert refused(db, json.dumps({**good, "actions": actions[:5] + actions[4:]}), "illegal").params == {"number": 6}


def test_where_the_app_rolls_a_file_holds_its_rolls(db):
    good = valid(db, "hamstern", actions=12)
    assert good["setup"]["dice"] == "app" and good["actions"][0] == finished("hamstern", 0, 0).history[0].to_data()
    other_roll = {"roll": good["actions"][0]["roll"] % 6 + 1}  # a face the die may show, not the app's
    forged = {**good, "actions": [other_roll]}
    assert refused(db, json.dumps(forged), "illegal").params == {"number": 1}
    # Alone the app always rolls (its setup offers no real dice): a file saying "real" would choose the rolls.
    refused(db, json.dumps({**forged, "setup": {**good["setup"], "dice": "real"}}), "bad_setup")
    together = json.loads(export_record(db, saved_game(db, "hamstern", actions=12)))
    real = {**together, "actions": [other_roll], "setup": {**together["setup"], "dice": "real"}}
    assert db.load(import_record(db, json.dumps(real))).state.history[0].value == other_roll["roll"]


def test_a_setup_is_checked_as_the_store_checks_it(db):
    good = valid(db)
    names = good["setup"]["names"]
    for setup in (None, [], {}, {**good["setup"], "names": names[:-1]}, {**good["setup"], "names": [*names[:-1], 7]},
                  {**good["setup"], "names": [*names[:-1], "x" * 21]}, {**good["setup"], "names": [*names[:-1], " "]},
                  {key: value for key, value in good["setup"].items() if key != "bots"},
                  {**good["setup"], "bots": ["easy"] * len(names)}, {**good["setup"], "bots": ["human", "god", "easy"]},
                  {**good["setup"], "speed": 2}, {**good["setup"], "auto_roll": "yes"}):
        refused(db, json.dumps({**good, "setup": setup}), "bad_setup")
    extra = {"theme": "dark", "admin": True, "origin": "played_here"}
    new_id = import_record(db, json.dumps({**good, "setup": {**good["setup"], **extra}}))
    # What the app does not keep is left out, and the game is marked as imported, whatever the file said.
    assert db.load(new_id).setup == {**good["setup"], "origin": "imported"}


def test_a_file_too_big_is_refused_before_it_is_read(db):
    good = json.dumps(valid(db))
    padded = good[:-1] + " " * (MAX_BYTES - len(good)) + "}"
    assert len(padded) == MAX_BYTES
    import_record(db, padded)  # exactly the limit: read
    refused(db, padded + " ", "too_big")
    refused(db, (padded + " ").encode(), "too_big")
    refused(db, "ü" * (MAX_BYTES // 2 + 1), "too_big")  # the limit is in bytes


WORDS = ("format", "hamster-table-game", "version", "game", "hamsterdam", "num_players", "options", "seed",
         "actions", "setup", "names", "bots", "move", "roll", "human", "mode", "full")
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-3, 5), st.floats(), st.sampled_from(WORDS),
              st.text(max_size=30)),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=8), inner,
                                                               max_size=6),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.one_of(st.binary(max_size=300), st.text(max_size=300), json_values.map(json.dumps)))
def test_junk_is_refused_with_one_reason(db, junk):
    refused(db, junk)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["format", "version", "game", "num_players", "options", "seed", "actions", "setup"]),
       value=json_values, data=st.data())
def test_a_damaged_field_is_refused_or_harmless(db, field, value, data):
    good = _good_record(db)
    damaged = {**good, field: value}
    if field == "actions" and data.draw(st.booleans()):  # one action damaged, the others as they were
        at = data.draw(st.integers(0, len(good["actions"]) - 1))
        damaged["actions"] = good["actions"][:at] + [value] + good["actions"][at + 1:]
    before = counts(db)
    try:
        new_id = import_record(db, json.dumps(damaged))
    except ImportRefused:
        assert counts(db) == before
    else:  # a value the game takes (a shorter list of actions, an option's default): a good game
        replay_of(db, new_id).state_at(0)


_records: dict = {}


def _good_record(db: Store) -> dict:
    if db.path not in _records:
        _records.clear()
        _records[db.path] = valid(db, "hamstern", actions=12)
    return _records[db.path]


# --- playing on -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_play_on_starts_a_new_game_from_a_step(db, name):
    game_id = saved(db, name)
    replay = replay_of(db, game_id)
    step = random.Random(name).randrange(1, replay.length)
    new_id = play_on(db, game_id, step)
    saved_game, new = db.load(game_id), db.load(new_id)
    assert new.state.history == saved_game.state.history[:step]
    assert (new.state.seed, new.state.options, new.setup) == (saved_game.state.seed, saved_game.state.options,
                                                             {**saved_game.setup, "origin": "played_on"})
    assert new.state.to_json() == replay.state_at(step).to_json()
    # It goes on by the rules, in the store, as a game played here does.
    state, rng = new.state, random.Random(step)
    for number in range(step, min(step + 20, replay.length)):
        if state.is_over():  # other moves than the saved game's: it may end sooner
            break
        action = state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply(action)
        db.append(new_id, number, action, state.scores() if state.is_over() else None)
    assert db.load(new_id).state.to_json() == state.to_json()
    assert db.load(game_id).state.to_json() == saved_game.state.to_json()  # the game played on from is as it was


def test_play_on_at_the_start_and_at_the_end(db):
    game_id = saved(db, "biber_gang")
    replay = replay_of(db, game_id)
    assert db.load(play_on(db, game_id, 0)).state.history == []
    ended = play_on(db, game_id, replay.length)
    assert db.load(ended).state.is_over() and db.recent(limit=1)[0]["finished"]
    games = counts(db)
    for step in (-1, replay.length + 1, None, "3", 2.0, True):
        with pytest.raises(ValueError):
            play_on(db, game_id, step)
    assert counts(db) == games
    with pytest.raises(UnknownGame):
        play_on(db, "nothing", 0)


# --- saved games' replays ----------------------------------------------------------------------------
def test_a_saved_games_replay_is_shared_until_the_game_moves_on(db):
    game_id = saved(db, "hamsterbacke", actions=30)
    first = replay_of(db, game_id)
    assert replay_of(db, game_id) is first and replay_of(Store(db.path), game_id) is first
    assert first.setup == db.load(game_id).setup and first.names == first.setup["names"]
    state = db.load(game_id).state
    db.append(game_id, 30, state.legal_actions()[0])
    later = replay_of(db, game_id)
    assert later is not first and later.length == 31 and first.length == 30
    db.remove_last(game_id, 31)
    assert replay_of(db, game_id).length == 30
    with pytest.raises(UnknownGame):
        replay_of(db, "nothing")
    with pytest.raises(UnknownGame):
        export_record(db, "nothing")


def test_a_damaged_game_has_no_replay(db):
    game_id = saved(db, "moemmen", actions=20)
    with sqlite3.connect(db.path) as file:
        file.execute("UPDATE actions SET action = '{\"move\": \"fly\"}' WHERE game_id = ? AND number = 5", (game_id,))
    for damaged in (replay_of, export_record):
        with pytest.raises(DamagedGame):
            damaged(db, game_id)
    with sqlite3.connect(db.path) as file:
        file.execute("UPDATE games SET setup = '[[[' WHERE id = ?", (game_id,))
    with pytest.raises(DamagedGame):
        replay_of(db, game_id)


# --- replay links -------------------------------------------------------------------------------------
def test_a_replay_link_is_made_once(db):
    first, second = saved(db, "hamstern", actions=10), saved(db, "biber_gang", actions=10)
    token = db.replay_link(first)
    assert db.replay_link(first) == token and Store(db.path).replay_link(first) == token
    assert db.replay_link(second) != token
    assert db.open_replay_link(token) == first and db.open_replay_link(db.replay_link(second)) == second
    db.withdraw_replay_link(first)
    assert db.open_replay_link(token) is None
    assert db.replay_link(first) not in (token, None)
    with pytest.raises(UnknownGame):
        db.replay_link("nothing")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.one_of(st.text(max_size=40), st.text(alphabet="abcXYZ019_-", min_size=22, max_size=22), st.none(),
                      st.integers(), st.binary(max_size=30), st.lists(st.text(max_size=3), max_size=2)))
def test_a_junk_token_opens_nothing(db, junk):
    assert db.open_replay_link(junk) is None


def test_a_token_of_the_right_shape_but_unknown_opens_nothing(db):
    game_id = saved(db, "hamstern", actions=4)
    token = db.replay_link(game_id)
    changed = ("A" if token[0] != "A" else "B") + token[1:]
    assert db.open_replay_link(changed) is None
    assert db.open_replay_link(token + "x") is None and db.open_replay_link(token[:-1]) is None
    assert db.open_replay_link(f"{token[:-2]}' OR '1'='1"[:22]) is None


def test_the_player_count_of_a_game_is_its_own(db):
    """Each game checks its own range: 1 player is Hamstern's, not Hamsterdam's."""
    good = valid(db, "hamstern", actions=6)
    game = get_game("hamsterdam")
    refused(db, json.dumps({**good, "game": "hamsterdam", "num_players": game.min_players - 1}), "players")
