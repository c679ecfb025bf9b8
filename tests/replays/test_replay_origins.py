"""Games not played through here from their start (played on from a replay, imported from a game record)
count neither in the solo best scores nor in the history; a game record file is taken only with a setup
the app's own setup screens could have made (assistant/replays.py, assistant/replay_records.py,
assistant/store.py)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from assistant.games import get_game
from assistant.replay_records import OFFERED_SETUP
from assistant.replays import export_record, import_record, play_on, replay_of
from assistant.store import DamagedGame, Store, _checked_setup
from tests.replays.helpers import saved_game
from tests.replays.test_replay_records import refused, valid

SIDE_A = {"side": "A"}


def solo_hamstern(db: Store, seed: int = 5) -> str:
    """A one-player Hamstern game played to its end as the app saves it (the app rolls)."""
    return saved_game(db, "hamstern", seed=seed, num_players=1)


def results_of(db: Store, game_id: str) -> int:
    """How many history rows the game gave."""
    with sqlite3.connect(db.path) as file:
        return file.execute("SELECT COUNT(*) FROM results WHERE source = 'game' AND source_id = ?",
                            (game_id,)).fetchone()[0]


def play_again(db: Store, new_id: str, actions) -> None:
    """Take ``actions`` in the saved game ``new_id``, as the app saves each (the last with the scores)."""
    state = db.load(new_id).state
    for action in actions:
        number = len(state.history)
        state.apply(action)
        db.append(new_id, number, action, state.scores() if state.is_over() else None)


# --- played on, imported: not counted ----------------------------------------------------------------
def test_a_solo_game_played_on_from_its_start_on_the_same_rolls_is_no_best_score(db):
    original = solo_hamstern(db)
    best = db.best_solo_scores("hamstern", SIDE_A)
    assert [row["id"] for row in best] == [original] and results_of(db, original) == 1
    new_id = play_on(db, original, 0)
    assert db.load(new_id).setup["origin"] == "played_on"
    # Every roll is known now: the same game again (a perfect sheet would count just the same).
    play_again(db, new_id, db.load(original).state.history)
    assert db.load(new_id).state.is_over() and db.recent(limit=1)[0]["finished"]
    assert [row["id"] for row in db.best_solo_scores("hamstern", SIDE_A)] == [original]
    assert results_of(db, new_id) == 0
    assert db.record_finished_game(new_id) and results_of(db, new_id) == 0  # recorded again: still nothing


def test_a_card_game_played_on_is_not_in_the_history(db):
    original = saved_game(db, "moemmen", alone=True)
    assert results_of(db, original) == 3
    ended = play_on(db, original, replay_of(db, original).length)  # saved finished at once
    assert db.load(ended).state.is_over() and results_of(db, ended) == 0
    later = play_on(db, original, 10)
    play_again(db, later, db.load(original).state.history[10:])
    assert db.load(later).state.is_over() and results_of(db, later) == 0
    assert db.load(play_on(db, later, 3)).setup["origin"] == "played_on"


def test_an_imported_game_is_neither_a_best_score_nor_in_the_history(db, tmp_path):
    original = solo_hamstern(db)
    text = export_record(db, original)
    for store in (db, Store(tmp_path / "other.sqlite3")):
        new_id = import_record(store, text)
        assert store.load(new_id).setup["origin"] == "imported" and store.load(new_id).state.is_over()
        assert new_id not in [row["id"] for row in store.best_solo_scores("hamstern", SIDE_A)]
        assert results_of(store, new_id) == 0
    imported = import_record(db, export_record(db, saved_game(db, "biber_gang")))
    assert db.load(imported).state.is_over() and results_of(db, imported) == 0
    # Exported again and imported again, or played on: still not counted.
    again = import_record(db, export_record(db, imported))
    assert db.load(again).setup["origin"] == "imported" and results_of(db, again) == 0
    assert db.load(play_on(db, imported, 4)).setup["origin"] == "played_on"


def test_the_store_keeps_the_origin_and_refuses_junk_in_it(db):
    setup = {"names": ["Ann"], "dice": "app"}
    for origin in ("played_on", "imported"):
        assert _checked_setup("hamstern", 1, json.dumps({**setup, "origin": origin}))["origin"] == origin
    for junk in ("", "played here", "PLAYED_ON", 1, True, [], {"a": 1}, ["played_on"]):
        with pytest.raises(ValueError):
            _checked_setup("hamstern", 1, json.dumps({**setup, "origin": junk}))
    assert "origin" not in _checked_setup("hamstern", 1, json.dumps(setup))
    game_id = solo_hamstern(db)
    with sqlite3.connect(db.path) as file:  # changed by hand: a damaged game, in no best scores
        file.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps({**setup, "origin": "x"}), game_id))
    with pytest.raises(DamagedGame):
        db.load(game_id)
    assert db.best_solo_scores("hamstern", SIDE_A) == []


# --- a game record holds only what the app's setup screens offer ---------------------------------------
def hamstern_record(db: Store, players: int = 2) -> dict:
    return json.loads(export_record(db, saved_game(db, "hamstern", actions=12, num_players=players)))


def test_no_computer_opponents_nor_their_pace_in_a_game_without_them(db):
    good = hamstern_record(db)
    for seating in ({"bots": ["human", "hard"]}, {"bots": ["human", "human"]}, {"mode": "alone"},
                    {"mode": "together"}, {"speed": "quick"}):
        refused(db, json.dumps({**good, "setup": {**good["setup"], **seating}}), "bad_setup")
    import_record(db, json.dumps(good))  # as the app saves it


def test_mode_speed_and_dice_only_as_the_setup_offers_them(db):
    good = valid(db, "hamsterdam")
    assert good["setup"]["mode"] == "alone" and good["setup"]["speed"] == "quick" and good["setup"]["dice"] == "real"
    for odd in ({"mode": "solo"}, {"mode": ""}, {"mode": None}, {"speed": "warp"}, {"speed": "Quick"},
                {"dice": "loaded"}, {"dice": None}, {"mode": ["alone"]}):
        refused(db, json.dumps({**good, "setup": {**good["setup"], **odd}}), "bad_setup")
    for fine in ({"mode": "together"}, {"speed": "normal"}, {"dice": "app"}):
        import_record(db, json.dumps({**good, "setup": {**good["setup"], **fine}}))
    cards = valid(db, "moemmen")
    assert "dice" not in cards["setup"]
    for dice in ("app", "real"):  # a card game has no dice: "real" would let a file choose the deals
        refused(db, json.dumps({**cards, "setup": {**cards["setup"], "dice": dice}}), "bad_setup")


def test_the_values_offered_are_the_setup_screens_own():
    from assistant.ui.hamsterdam.setup import DICE
    from assistant.ui.seats import MODES
    from assistant.ui.widgets import BOT_SPEEDS

    assert OFFERED_SETUP == {"mode": MODES, "speed": tuple(BOT_SPEEDS), "dice": DICE}


def test_alone_the_app_rolls(db):
    """The Hamstern setup never lets one player enter real dice: a file saying so would choose every roll."""
    alone = hamstern_record(db, players=1)
    assert alone["setup"]["dice"] == "app"
    refused(db, json.dumps({**alone, "setup": {**alone["setup"], "dice": "real"}}), "bad_setup")
    together = hamstern_record(db, players=2)
    assert replay_of(db, import_record(db, json.dumps({**together, "setup": {**together["setup"], "dice": "real"}})))


@pytest.mark.parametrize(("name", "options"), [("moemmen", {"target": 10**12}), ("moemmen", {"target": 31}),
                                               ("moemmen", {"target": 1}), ("biber_gang", {"rounds": 7}),
                                               ("biber_gang", {"rounds": 2})])
def test_options_beyond_the_setups_are_refused(db, name, options):
    good = valid(db, name, actions=2)
    get_game(name).new_state(good["num_players"], seed=1, **options)  # the engine takes them
    refused(db, json.dumps({**good, "options": {**good["options"], **options}}), "not_offered")


def test_options_the_setup_offers_are_taken(db):
    for name, options in (("moemmen", {"target": 50}), ("biber_gang", {"rounds": 3}), ("biber_gang", {})):
        good = valid(db, name, actions=2)
        new_id = import_record(db, json.dumps({**good, "options": options}))
        assert db.load(new_id).state.options == {**get_game(name).option_defaults, **options}


@pytest.mark.parametrize("name", ["Ann\x00", "\u202eAnn", "An\u200bn", "Ann\n", "A\tnn", "\u2028Ann", "Ann\ufeff",
                                  "\x1b[31mAnn", "Ann\ud800", "\u2066Ann\u2069", "Ann\x7f"])
def test_a_name_with_control_characters_is_refused(db, name):
    good = hamstern_record(db)
    setup = {**good["setup"], "names": [good["setup"]["names"][0], name]}
    error = refused(db, json.dumps({**good, "setup": setup}), "bad_name")
    assert "\n" not in error.message("de")


def test_names_as_people_type_them_are_taken(db):
    good = hamstern_record(db)
    for typed in ("Zoë", "李明", "👩\u200d🍳 Ann", "Ann-Kathrin", "O'Neil", "<b>Ann</b>"):
        new_id = import_record(db, json.dumps({**good, "setup": {**good["setup"], "names": ["Ben", typed]}}))
        assert db.load(new_id).setup["names"][1] == typed

