"""The replay core (assistant/replays.py) on seeded random games of every registered game: any step is the
game replayed to that point, in any order of asking, at a bounded cost; who acted, what the log tells and
where the rounds begin agree with the engine."""

from __future__ import annotations

import json
import random
import threading
from functools import cache

import pytest

from assistant import CHANCE
from assistant.games import get_game, registered
from assistant.games.base import State
from assistant.games.registry import game_info, load
from assistant.replays import CHECKPOINT, Replay

GAMES = [info.name for info in registered() if info.built]
SEEDS = (0, 1)
CASES = [(name, setup, seed) for name in GAMES for setup in (0, -1) for seed in SEEDS]
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Flo"]


@cache
def finished(name: str, setup: int, seed: int) -> State:
    """A seeded random game of ``name`` to its end (its ``setup``-th simulation setup, played as the shared
    random simulation plays it). Cached: read it, never change it."""
    chosen = game_info(name).sim_setups[setup]
    state = get_game(name).new_state(chosen["num_players"], seed=seed, **chosen["options"])
    rng = random.Random(seed)
    policy = load(chosen["policy"]) if "policy" in chosen else None
    while not state.is_over():
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            legal = state.legal_actions()
            state.apply(policy(state.view(state.current_player), legal, rng) if policy else rng.choice(legal))
    return state


def fresh(state: State, step: int) -> State:
    """The game of ``state`` replayed from its seed to ``step``: what a replay's step must equal."""
    return state.game.replay(state.num_players, state.seed, state.options, state.history[:step])


@cache
def expected(name: str, setup: int, seed: int) -> tuple[list[str], list[dict]]:
    """Every step's saved game and public view, from one replay in order."""
    final = finished(name, setup, seed)
    state = fresh(final, 0)
    records, views = [state.to_json()], [copied(state.view(None))]
    for action in final.history:
        state.apply(action)
        records.append(state.to_json())
        views.append(copied(state.view(None)))
    return records, views


def copied(view: dict) -> dict:
    """A view as it was: a view may share lists with its state (Biber Gang's round results), which the
    next action changes."""
    return json.loads(json.dumps(view))


def ids(case) -> str:
    return f"{case[0]}-{case[1]}-{case[2]}"


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_step_is_the_game_replayed_to_it(case):
    final = finished(*case)
    replay = Replay.of_record(final.record())
    assert (replay.game, replay.num_players, replay.length) == (final.game.name, final.num_players, len(final.history))
    assert replay.is_finished()
    rng = random.Random(ids(case))
    boundaries = {edge + shift for edge in range(0, replay.length + 1, CHECKPOINT) for shift in (-1, 0, 1)}
    steps = sorted({0, replay.length, *rng.sample(range(replay.length + 1), 8),
                    *(step for step in boundaries if 0 <= step <= replay.length)})
    rng.shuffle(steps)
    for step in steps:
        state, again = replay.state_at(step), fresh(final, step)
        assert state.to_json() == again.to_json()
        assert state.legal_actions() == again.legal_actions()  # the same future, not only the same past
        for seat in (None, *range(replay.num_players)):
            assert replay.view_at(step, seat) == again.view(seat)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_stepping_back_and_forth_in_any_order_gives_the_same(case):
    records, views = expected(*case)
    replay = Replay.of_record(finished(*case).record())
    last = len(records) - 1
    rng = random.Random(ids(case))
    walk = [rng.randrange(last + 1) for _ in range(40)]  # jumps
    step = rng.randrange(last + 1)
    for _ in range(60):  # one step at a time, as a player taps Back and Forward
        step = min(last, max(0, step + rng.choice((-1, 1, 1))))
        walk.append(step)
    handed_out = []
    for step in walk + walk[::-1]:
        state = replay.state_at(step)
        assert state.to_json() == records[step]
        assert replay.view_at(step, None) == views[step]
        replay.events(step)  # the log plays the step's action on a copy of the step before
        handed_out.append((step, state))
    for step, state in handed_out:  # a state handed out is never changed afterwards
        assert state.to_json() == records[step]


@pytest.mark.parametrize("name", GAMES)
def test_a_step_costs_fewer_than_a_checkpoint_of_actions(name, monkeypatch):
    final = finished(name, -1, 0)
    replay = Replay.of_record(final.record())
    applied = []
    apply = type(final).apply
    monkeypatch.setattr(type(final), "apply", lambda state, action: (applied.append(action), apply(state, action)))
    for step in random.Random(name).sample(range(replay.length + 1), min(30, replay.length + 1)):
        applied.clear()
        replay.state_at(step)
        assert len(applied) < CHECKPOINT


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_who_acted_and_what_the_log_tells(case):
    final = finished(*case)
    replay = Replay.of_record(final.record())
    names = NAMES[:replay.num_players]
    assert replay.events(0) == [] and replay.sentences(0, names, "en") == []
    opening = replay.opening(names, "de")  # what the log tells before the first action: Mömmen's first deal
    assert bool(opening) == (case[0] == "moemmen") and all("{" not in sentence for sentence in opening)
    for step in range(1, replay.length + 1):
        assert replay.actor(step) == final.steps[step - 1].actor
        if replay.actor(step) == CHANCE:
            continue
        english, german = replay.sentences(step, names, "en"), replay.sentences(step, names, "de")
        assert english and len(german) == len(english), (step, replay.actions[step - 1])
        for sentence in english + german:
            assert "{" not in sentence and not sentence.startswith(("log.", "replays.")), sentence
    quiet = [step for step in range(1, replay.length + 1) if replay.actor(step) != CHANCE and not replay.events(step)]
    for step in quiet[:3]:
        assert replay.sentences(step, names, "de")[0].startswith(names[replay.actor(step)])


def begins_round(name: str, before: dict, after: dict) -> bool:
    """Whether the table is at the start of a round, as the game's rules tell it (from the public views)."""
    if name == "hamstern":
        return after["phase"] == "roll"  # the table waits for the next roll
    if name == "hamsterbacke":
        return after["phase"] == "act" and after["turn"] == 0 and after["actions_left"] == 2  # seat 0 begins
    return after["round"] > before["round"]  # a new deal (Biber Gang, Mömmen), the heading's round (Hamsterdam)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_rounds_begin_where_the_game_says(case):
    _, views = expected(*case)
    replay = Replay.of_record(finished(*case).record())
    starts = replay.round_starts()
    assert starts[0] == 0 and starts == sorted(set(starts)) and starts[-1] <= replay.length
    wanted = [0] + [step for step in range(1, replay.length + 1) if views[step]["phase"] != "over"
                    and begins_round(case[0], views[step - 1], views[step])]
    assert starts == wanted
    assert len(starts) > 1  # every game here plays more than one round


def test_an_unfinished_game_and_a_game_with_no_action():
    final = finished("hamsterdam", 0, 0)
    record = final.record()
    part = Replay.of_record({**record, "actions": record["actions"][:50]}, names=["Ann", "Ben"])
    assert part.length == 50 and not part.is_finished() and part.names == ["Ann", "Ben"]
    assert part.state_at(50).to_json() == fresh(final, 50).to_json()
    empty = Replay.of_record({**record, "actions": []})
    assert empty.length == 0 and empty.round_starts() == [0] and not empty.is_finished()
    assert empty.state_at(0).to_json() == fresh(final, 0).to_json()
    assert part.record() == {**record, "actions": record["actions"][:50]}


@pytest.mark.parametrize("step", [-1, 51, True, 1.0, "3", None])
def test_a_step_the_game_does_not_have_is_refused(step):
    record = finished("biber_gang", 0, 0).record()
    replay = Replay.of_record({**record, "actions": record["actions"][:50]})
    for known in range(4):  # kept: a step that is not one must not find them
        replay.state_at(known), replay.view_at(known, None), replay.events(known)
    for ask in (replay.state_at, replay.events, lambda step: replay.view_at(step, None), replay.actor,
                lambda step: replay.sentences(step, NAMES, "en")):
        with pytest.raises(ValueError):
            ask(step)
    with pytest.raises(ValueError):
        replay.actor(0)  # step 0 is before any action: nobody took it
    for seat in (-1, replay.num_players, "0", True):
        with pytest.raises(ValueError):
            replay.view_at(3, seat)
    with pytest.raises(ValueError):
        replay.sentences(3, ["Ann"], "en")  # a name per seat


def test_a_bad_record_is_refused():
    record = finished("hamstern", -1, 0).record()
    illegal = {**record, "actions": [record["actions"][0], record["actions"][0]]}  # a roll twice
    for bad in (None, [], {**record, "game": "chess"}, {**record, "game": 3},
                {key: value for key, value in record.items() if key != "seed"},
                {key: value for key, value in record.items() if key != "actions"}, {**record, "actions": "roll"},
                {**record, "num_players": 99}, {**record, "options": {"side": "C"}}, {**record, "actions": [{"x": 1}]},
                illegal):
        with pytest.raises(ValueError):
            Replay.of_record(bad)
    with pytest.raises(ValueError):
        Replay.of_record(record, names=["Ann"])


def test_threads_share_a_replay():
    case = ("hamsterdam", -1, 1)
    records, views = expected(*case)
    replay = Replay.of_record(finished(*case).record())
    wrong = []

    def read(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(60):
            step = rng.randrange(len(records))
            if replay.state_at(step).to_json() != records[step] or replay.view_at(step, None) != views[step]:
                wrong.append(step)
            replay.sentences(step, NAMES, "en")

    threads = [threading.Thread(target=read, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong
