"""The server's live games (assistant/positions.py): a read never replays a game that did not change,
a move adds one step, and a change made elsewhere (another device, another server process, an undo)
is always seen: the position equals the game replayed from the saved rows."""

from __future__ import annotations

import random

import pytest

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.logs import game_log
from assistant.positions import Positions
from assistant.store import StaleGame, Store


def new_game(store: Store, game: str = "biber_gang", players: int = 3, seed: int = 5) -> str:
    state = get_game(game).new_state(players, seed=seed)
    return store.create(state, {"names": [f"P{n}" for n in range(players)], "bots": ["human"] * players})


def play(live: Positions, game_id: str, moves: int, seed: int = 0):
    choose = random.Random(seed)
    position = live.latest(game_id)
    for _ in range(moves):
        state = position.state
        if state.is_over():
            break
        action = state.chance_outcome() if state.is_chance_node() else choose.choice(state.legal_actions())
        position = live.save(position, action)
    return position


def replayed(store: Store, game_id: str) -> str:
    return store.load(game_id).state.to_json()


@pytest.fixture
def replays(monkeypatch):
    """How often a saved game is replayed from its seed."""
    count = []
    rebuild = Store.rebuild

    def counted(rows):
        count.append(rows.id)
        return rebuild(rows)

    monkeypatch.setattr(Store, "rebuild", staticmethod(counted))
    return count


def test_a_read_of_an_unchanged_game_is_the_same_position(db, replays):
    game_id = new_game(db)
    live = Positions(db)
    first = live.latest(game_id)
    assert live.latest(game_id) is first and replays == [game_id]
    assert first.view(1) is first.view(1)  # a view is computed once per position


def test_moves_made_here_add_one_step_each_without_a_replay(db, replays):
    game_id = new_game(db)
    live = Positions(db)
    position = play(live, game_id, 60)
    assert replays == [game_id]
    assert live.latest(game_id) is position
    assert position.state.to_json() == replayed(db, game_id)
    assert position.events() == game_log(position.state, *_log_steps("biber_gang"))


def test_moves_saved_by_another_server_process_are_seen_step_by_step(db, replays, tmp_path):
    game_id = new_game(db, "hamsterbacke", players=4)
    here, there = Positions(db), Positions(Store(db.path))  # two processes on one file
    here.latest(game_id)
    play(there, game_id, 25, seed=3)
    caught_up = here.latest(game_id)
    assert replays.count(game_id) == 2  # each process replayed once, when it first read the game
    assert caught_up.state.to_json() == replayed(db, game_id)


def test_an_undo_elsewhere_and_another_move_in_its_place_are_seen(db):
    game_id = new_game(db, "hamsterbacke", players=3, seed=8)
    here, there = Positions(db), Positions(Store(db.path))
    position = play(here, game_id, 6, seed=1)
    mine = there.latest(game_id)
    while not mine.state.can_undo():  # step on until the last action may be taken back
        mine = play(there, game_id, 1, seed=len(mine.actions))
    before = there.take_back(mine)
    other = [action for action in before.state.legal_actions() if action != mine.state.history[-1]]
    there.save(before, other[0])  # the same number of actions, another game
    position = here.latest(game_id)
    assert position.state.to_json() == replayed(db, game_id)
    assert position.state.history[-1] == other[0]


def test_a_move_on_an_old_position_is_refused_and_nothing_is_saved(db):
    game_id = new_game(db)
    live = Positions(db)
    old = live.latest(game_id)
    play(live, game_id, 3)
    with pytest.raises(StaleGame):
        live.save(old, old.state.legal_actions()[0])
    assert len(live.latest(game_id).actions) == 3


def test_an_illegal_move_saves_nothing_and_leaves_the_position(db):
    game_id = new_game(db, "hamsterbacke", players=2)
    live = Positions(db)
    position = live.latest(game_id)
    before = position.state.to_json()
    hamstern_roll = get_game("hamstern").action_from_json('{"roll": 3}')
    with pytest.raises((IllegalAction, ValueError)):
        live.save(position, hamstern_roll)
    assert position.state.to_json() == before and db.action_count(game_id) == 0


def test_undo_here_steps_back_without_a_replay(db, replays):
    game_id = new_game(db, "hamstern", players=2)
    live = Positions(db)
    position = play(live, game_id, 5)
    while not position.state.can_undo():
        position = play(live, game_id, 1)
    before = live.take_back(position)
    assert before.state.to_json() == replayed(db, game_id) and replays.count(game_id) == 2  # the check's replay


@pytest.mark.parametrize("game", ["biber_gang", "hamsterbacke", "moemmen", "hamsterdam", "hamstern"])
def test_every_game_kept_live_equals_its_replay(db, game):
    info_players = {"biber_gang": 3, "hamsterbacke": 3, "moemmen": 3, "hamsterdam": 3, "hamstern": 2}
    game_id = new_game(db, game, players=info_players[game], seed=11)
    live = Positions(db)
    position = play(live, game_id, 120, seed=4)
    assert position.state.to_json() == replayed(db, game_id)
    module = _log_steps(game)
    if module:
        assert position.events() == game_log(position.state, *module)


def _log_steps(game: str):
    from importlib import import_module

    from assistant.games.registry import game_info

    path = game_info(game).log
    if path is None:
        return None
    log = import_module(path)
    return log.log_start, log.log_step


def _sentences(position, lang: str, names: list[str]) -> list[str]:
    """The log of ``position`` written from a replay, as it read before sentences were kept."""
    from importlib import import_module

    from assistant.games.registry import game_info

    game = position.state.game.name
    log = import_module(game_info(game).log)
    return [log.log_text(event, lang, names) for event in game_log(position.state, *_log_steps(game))]


def test_the_log_reads_right_in_every_language_and_names_after_an_undo_and_another_move(db):
    """The sentences kept per position are those of its own moves: after names, a language, an undo and
    another move in the undone one's place (here and in another server process), each line is the one a
    replay writes."""
    game_id = new_game(db, "hamsterbacke", players=3, seed=8)
    here, there = Positions(db), Positions(Store(db.path))
    readers = [("en", ["P0", "P1", "P2"]), ("de", ["P0", "P1", "P2"]), ("en", ["Ann", "Ben", "Cid"])]
    position = play(here, game_id, 6, seed=1)
    while not position.state.can_undo():
        position = play(here, game_id, 1, seed=len(position.actions))
    there.latest(game_id)
    for lang, names in readers:  # every device has read the log, in its language, with its names
        assert position.log_texts(lang, names) == _sentences(position, lang, names)
        there.latest(game_id).log_texts(lang, names, last=3)
    undone = position.state.history[-1]
    before = here.take_back(position)
    other = next(action for action in before.state.legal_actions() if action != undone)
    after = here.save(before, other)
    elsewhere = there.latest(game_id)
    assert elsewhere.state.history[-1] == other
    for lang, names in readers:
        for shown in (after, elsewhere):
            expected = _sentences(shown, lang, names)
            assert shown.log_texts(lang, names) == expected and shown.log_texts(lang, names, last=4) == expected[-4:]
    assert after.log_texts("en", readers[0][1])[-1] != position.log_texts("en", readers[0][1])[-1]


def test_a_move_made_while_another_device_writes_the_log_goes_through(db):
    """Every device draws the log of the same position, on threads of its own, while one of them moves from
    it: the move reads the sentences written so far as they are being written, and is never stopped."""
    import sys
    import threading
    import time

    game_id = new_game(db)
    position = play(Positions(db), game_id, 30)
    state = position.state
    action = state.chance_outcome() if state.is_chance_node() else state.legal_actions()[0]
    errors, done = [], threading.Event()

    def draw() -> None:  # a device per name: each writes sentences the moving thread reads
        drawn = 0
        while not done.is_set():
            drawn += 1
            position.log_texts("en", [f"Ann {drawn}", "Ben", "Cid"], last=20)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can: a race shows at once
    drawer = threading.Thread(target=draw)
    drawer.start()
    try:
        start = time.monotonic()
        while time.monotonic() - start < 1.0:
            try:
                position.following(action, action.to_json(), None)
            except RuntimeError as error:
                errors.append(error)
    finally:
        done.set()
        drawer.join()
        sys.setswitchinterval(interval)
    assert len(position._texts) > 100 and not errors, f"{len(errors)} moves stopped: {errors[:1]}"
