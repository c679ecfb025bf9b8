"""The Streamlit app through AppTest: every Hamstern flow a table goes through.

The decision is one tap board ("hs-board"): cells are selected in the browser, and a decision
comes back as one trigger (tests/components.py sends it as the browser would).
"""

from __future__ import annotations

import random

from assistant.games import get_game
from assistant.games.hamstern import Place, Roll
from assistant.games.hamstern.layout import load_layout
from assistant.store import Store
from tests.components import (
    HAMSTERN_PAGE,
    HS,
    SC,
    SCORE_PAGE,
    assert_not_offered,
    assert_offered,
    assert_shows,
    board_data,
    board_html,
    decide,
    label,
    marked,
    message,
    open_app,
    roll_shown,
    tappable,
    texts,
)
from tests.hamstern.helpers import cell_ids, cells, track_used_up
from tests.helpers import play_randomly


def saved_game(db: Store, state, dice="real", names=("Ann", "Bo"), **setup) -> str:
    return db.create(state, {"names": list(names)[: state.num_players], "dice": dice, **setup})


def test_start_roll_place_and_next_player(db):
    at = open_app(HAMSTERN_PAGE)
    at.segmented_control(key="hs_new_dice").set_value("real").run()
    at.button(key="hs_start").click().run()
    game_id = at.query_params["game"]
    assert db.load(game_id).state.num_players == 2
    assert_offered(at, HS, *(f"die-{value}" for value in range(1, 7)))
    assert not tappable(at, HS)  # nothing to cross before the roll
    decide(at, HS, "die-3")
    assert_shows(at, HS, "Player 1, your turn")
    assert roll_shown(at) == 3
    assert board_data(at, HS)["select"]["max"] == 3  # a fourth tap selects nothing more
    assert label(at, HS, "confirm", selected=3) == "Cross 3"
    assert buttons_need_a_selection(at, "confirm", "clear")
    decide(at, HS, "confirm", cell_ids("F5 G5 H5"))
    assert not at.exception
    state = db.load(game_id).state
    assert state.history == [Roll(3), Place(cells("F5 G5 H5"))]
    assert_shows(at, HS, "Player 2, your turn")
    assert not [m for m in at.markdown if "data-tap" in m.value]  # the other sheets are only shown
    assert label(at, HS, "undo") == "Undo Player 1's F5 G5 H5"  # whose placement it takes back
    # Player 2's sheet has nothing crossed; player 1's crosses are marks on the other sheets (parts
    # "o{box}:row-col" of the same board), whose picture, like the sheet's, stays the same all game.
    sheet_before = board_data(at, HS)["html"]
    assert own_and_others(at, "tb-crossed") == (set(), {f"o0:{cell}" for cell in cell_ids("F5 G5 H5")})
    assert "Player 1" in board_data(at, HS)["slots"]["name0"]
    decide(at, HS, "confirm", cell_ids("F6 G6 H6"))
    assert_shows(at, HS, "Roll no. 2")
    # Player 1 decides first again; the first other sheet is now player 2's.
    assert own_and_others(at, "tb-crossed") == (set(cell_ids("F5 G5 H5")),
                                                {f"o0:{cell}" for cell in cell_ids("F6 G6 H6")})
    captions = " ".join(text for name, text in board_data(at, HS)["slots"].items() if name.startswith("name"))
    assert "Player 2" in captions and "Player 1" not in captions
    assert board_data(at, HS)["html"] == sheet_before


def own_and_others(at, mark: str) -> tuple[set[str], set[str]]:
    """The parts of the deciding player's sheet with ``mark``, and those of the other sheets."""
    parts = marked(at, HS, mark)
    return {part for part in parts if ":" not in part}, {part for part in parts if ":" in part}


def buttons_need_a_selection(at, *ids: str) -> bool:
    """Confirm and Clear are greyed out in the browser until a cell is selected."""
    specs = {spec["id"]: spec for spec in board_data(at, HS)["buttons"]}
    return all(specs[id_]["needs"] == "selection" for id_ in ids)


def test_illegal_placement_shows_the_reason_and_changes_nothing(db):
    state = get_game("hamstern").new_state(2, seed=1)
    state.apply(Roll(2))
    game_id = saved_game(db, state)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    decide(at, HS, "confirm", cell_ids("A1 B1"))
    assert "start chamber" in message(at, HS)
    assert len(db.load(game_id).state.history) == 1
    assert board_data(at, HS)["selected"] == cell_ids("A1 B1")  # kept, to be corrected
    decide(at, HS, "confirm", cell_ids("F5 G5"))
    assert not message(at, HS) and len(db.load(game_id).state.history) == 2


def test_a_one_shows_the_track_and_strikes_boxes(db):
    state = get_game("hamstern").new_state(1, seed=2)
    state.apply(Roll(1))
    game_id = saved_game(db, state, dice="app", names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert_shows(at, HS, "A 1: tap 1 to 7")
    data = board_data(at, HS)
    assert data["select"]["max"] == 7
    assert data["pending"] == {"from": 0}  # the browser strikes the next boxes as cells are selected
    assert board_html(at, HS).count('class="box" data-pending=') == load_layout("A").one_track_length  # the 1-track
    decide(at, HS, "confirm", cell_ids("F5 G5 H5 F6"))
    assert db.load(game_id).state.struck[0] == 4


def test_nothing_fits_offers_only_the_pass(db):
    state = track_used_up()
    game_id = saved_game(db, state, names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert_shows(at, HS, "Nothing fits")
    assert_offered(at, HS, "pass")
    assert_not_offered(at, HS, "confirm", "hint")
    assert not tappable(at, HS)
    assert 'class="ht-sheet"' in board_data(at, HS)["html"]  # the board stays, walls and all
    decide(at, HS, "pass")
    assert db.load(game_id).state.is_chance_node()


def test_undo_takes_back_the_placement_but_not_the_roll(db):
    state = get_game("hamstern").new_state(1, seed=4)
    state.apply(Roll(2))
    state.apply(Place(cells("F5 G5")))
    game_id = saved_game(db, state, names=["Solo"])
    assert label(open_app(HAMSTERN_PAGE, game=game_id, lang="de"), HS, "undo") == "F5 G5 zurücknehmen"
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert label(at, HS, "undo") == "Undo F5 G5"  # alone: no name, but the placement it takes back
    decide(at, HS, "undo")
    assert db.load(game_id).state.history == [Roll(2)]
    assert_not_offered(at, HS, "undo")  # the roll stays


def test_hint_highlights_the_hard_bots_choice_and_can_be_taken(db):
    state = get_game("hamstern").new_state(1, seed=5)
    state.apply(Roll(4))
    game_id = saved_game(db, state, names=["Solo"])
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert_not_offered(at, HS, "take_hint")
    decide(at, HS, "hint")
    assert message(at, HS, "hint-text")  # the reason, beside the sheet
    hinted = board_data(at, HS)["marks"]["tb-hint"]
    assert len(hinted) == 4 and set(hinted) <= tappable(at, HS)
    assert_offered(at, HS, "take_hint")  # selects the hinted cells, in the browser
    decide(at, HS, "confirm", hinted)
    after = db.load(game_id).state
    assert len(after.history) == 2 and after.history[-1] == Place(frozenset(
        tuple(int(v) for v in cell.split("-")) for cell in hinted))


def test_solo_sheet_is_headed_as_yours_and_the_option_rolls_after_confirm(db):
    state = get_game("hamstern").new_state(1, seed=10)
    state.apply(Roll(2))
    game_id = saved_game(db, state, dice="app", names=["Solo"], auto_roll=True)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert_shows(at, HS, "Your sheet")
    decide(at, HS, "confirm", cell_ids("F5 G5"))
    after = db.load(game_id).state
    assert len(after.history) == 3 and isinstance(after.history[-1], Roll)  # rolled at once
    assert roll_shown(at) == after.history[-1].value and "confirm" in {s["id"] for s in board_data(at, HS)["buttons"]}


def test_the_form_keeps_the_option_to_roll_after_confirm(db):
    at = open_app(HAMSTERN_PAGE)
    at.segmented_control(key="hs_new_count").set_value(1).run()
    at.toggle(key="hs_new_auto").set_value(True).run()
    at.button(key="hs_start").click().run()
    setup = db.load(at.query_params["game"]).setup
    assert setup["dice"] == "app" and setup["auto_roll"] is True
    assert_offered(at, HS, "roll")  # the first die is rolled by a tap


def test_without_the_option_the_app_waits_for_the_roll_button(db):
    state = get_game("hamstern").new_state(1, seed=10)
    state.apply(Roll(2))
    game_id = saved_game(db, state, dice="app", names=["Solo"], auto_roll=False)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    decide(at, HS, "confirm", cell_ids("F5 G5"))
    assert db.load(game_id).state.is_chance_node()
    assert_offered(at, HS, "roll")
    decide(at, HS, "roll")
    after = db.load(game_id).state
    assert len(after.history) == 3 and roll_shown(at) == after.history[-1].value


def test_end_screen_ranks_with_the_breakdown(db):
    state = play_randomly(get_game("hamstern").new_state(2, seed=6), random.Random(6))
    game_id = saved_game(db, state)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "Game over" in texts(at)
    assert at.success and ("wins" in at.success[0].value or "share" in at.success[0].value)
    table = at.table[0].value
    assert list(table["Total"]) == sorted(state.scores(), reverse=True)
    assert {"Chambers", "Mushrooms", "Acorns"} <= set(table.columns)


def test_solo_end_compares_with_the_hard_bot_and_keeps_best_scores(db):
    state = play_randomly(get_game("hamstern").new_state(1, seed=7, side="B"), random.Random(7))
    *before, last = state.history
    game_id = db.create(state.game.replay(1, state.seed, state.options, before), {"names": ["Solo"], "dice": "app"})
    db.append(game_id, len(before), last, state.scores())  # the last action, saved as the app saves it
    at = open_app(HAMSTERN_PAGE, game=game_id)
    from assistant.bots.hamstern import rival_score

    # Alone nobody "wins": the first thing said is your score against the hard bot's on the same rolls.
    assert at.success[0].value == (f"You scored {state.scores()[0]}; the hard bot scored {rival_score(state)} "
                                   "on the same rolls.")
    assert "Your best scores on side B" in texts(at)


def test_resume_by_game_id_and_unknown_or_damaged_ids(db):
    state = get_game("hamstern").new_state(2, seed=8)
    state.apply(Roll(5))
    game_id = saved_game(db, state)
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert roll_shown(at) == 5 and "Ann, your turn" in texts(at)
    at = open_app(HAMSTERN_PAGE, game="no-such-game")
    assert "no saved game" in at.error[0].value and at.button(key="table-home")
    with db._connect() as connection:
        connection.execute("INSERT INTO actions (game_id, number, action) VALUES (?, 2, '{\"roll\": 9}')", (game_id,))
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert "cannot be opened" in at.error[0].value


def test_two_tabs_never_lose_an_action(db):
    state = get_game("hamstern").new_state(2, seed=9)
    game_id = saved_game(db, state)
    first, second = open_app(HAMSTERN_PAGE, game=game_id), open_app(HAMSTERN_PAGE, game=game_id)
    decide(first, HS, "die-4")
    decide(second, HS, "die-6")  # acted on an old picture of the game
    assert db.load(game_id).state.history == [Roll(4)]
    assert roll_shown(second) == 4


def test_a_decision_on_an_old_picture_is_not_taken_for_the_next_player(db):
    state = get_game("hamstern").new_state(2, seed=9)
    state.apply(Roll(3))
    game_id = saved_game(db, state)
    first, second = open_app(HAMSTERN_PAGE, game=game_id), open_app(HAMSTERN_PAGE, game=game_id)
    decide(first, HS, "confirm", cell_ids("F5 G5 H5"))  # Ann, on the first tab
    decide(second, HS, "confirm", cell_ids("F5 G5 F6"))  # meant for Ann too, on a picture before hers
    assert db.load(game_id).state.history == [Roll(3), Place(cells("F5 G5 H5"))], "Bo crossed what Ann chose"
    assert "another tab" in second.warning[0].value


def test_a_tab_picks_up_what_another_tab_saved(db):
    """The state is kept per tab; a rerun reloads it when the saved action count moved."""
    state = get_game("hamstern").new_state(2, seed=9)
    game_id = saved_game(db, state)
    first, second = open_app(HAMSTERN_PAGE, game=game_id), open_app(HAMSTERN_PAGE, game=game_id)
    decide(first, HS, "die-2")
    second.run()
    assert roll_shown(second) == 2
    decide(second, HS, "confirm", cell_ids("F5 G5"))
    assert db.load(game_id).state.history == [Roll(2), Place(cells("F5 G5"))]


def test_score_check_totals_update_as_cells_are_tapped(db):
    at = open_app(SCORE_PAGE)
    assert board_data(at, SC)["select"]["mode"] == "one"  # one tap, one entry
    for cell in cell_ids("F5 G5 H5 F6 G6 H6 F7 G7 H7"):
        decide(at, SC, "toggle", [cell])
    table = at.table[0].value
    assert list(table["Total"]) == [5, 0]  # start chamber 3 + two mushrooms
    decide(at, SC, "toggle", ["0-0"])
    assert "cannot have been reached" in at.warning[0].value
