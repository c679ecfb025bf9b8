"""Every tap gets an answer (issue 23): a cell that cannot be tapped now says why beside the sheet,
at once, in the player's language: the engine's reason where the tap would ask the engine something."""

from __future__ import annotations

import re

import pytest

from assistant import i18n
from assistant.games.hamstern import Place, Roll
from tests.components import HAMSTERN_PAGE, HS, board_data, decide, note_shown, open_app, open_seat
from tests.hamstern.helpers import cell_ids, cells, hamstern, hamstern_game, track_used_up


def silent(data: dict) -> list[str]:
    """The parts of the board that a tap would leave without an answer."""
    parts = set(re.findall(r'data-tap="([^"]+)"', data["html"]))
    return sorted(part for part in parts if part not in data["select"]["tappable"] and not note_shown(data, part))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_before_the_roll_every_cell_says_roll_first_and_a_small_sheet_whose_it_is(db, lang):
    game_id = hamstern_game(db)  # Ann and Ben, real dice, nothing rolled yet
    at = open_app(HAMSTERN_PAGE, game=game_id, lang=lang)
    data = board_data(at, HS)
    assert not silent(data)
    assert note_shown(data, cell_ids("F5")[0]) == i18n.t("error.hamstern.roll_first", lang)
    assert note_shown(data, f"o0:{cell_ids('F5')[0]}") == i18n.t("ui.hamstern.other_sheet", lang, name="Ben")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_crossed_cell_says_it_is_crossed(db, lang):
    state = hamstern(1, seed=4)
    for roll, names in ((2, "F5 G5"), (3, "F6 G6 H6")):
        state.apply(Roll(roll))
        state.apply(Place(cells(names)))
    state.apply(Roll(4))
    game_id = db.create(state, {"names": ["Solo"], "dice": "app"})
    data = board_data(open_app(HAMSTERN_PAGE, game=game_id, lang=lang), HS)
    assert not silent(data)
    for name in "F5 G5 F6 G6 H6".split():
        assert note_shown(data, cell_ids(name)[0]) == i18n.t("error.hamstern.already_crossed", lang, cell=name)
    assert note_shown(data, cell_ids("H5")[0]) == ""  # free: it is tapped, and selected


@pytest.mark.parametrize("lang", ["en", "de"])
def test_when_nothing_fits_every_cell_says_why(db, lang):
    game_id = db.create(track_used_up(), {"names": ["Solo"], "dice": "app"})
    data = board_data(open_app(HAMSTERN_PAGE, game=game_id, lang=lang), HS)
    assert not data["select"]["tappable"] and not silent(data)
    assert note_shown(data, cell_ids("A1")[0]) == i18n.t("error.hamstern.track_used_up", lang)


def test_a_phone_that_has_decided_says_so_and_the_table_says_whom_it_waits_for(db):
    game_id = hamstern_game(db, rolls=(2,))
    links = db.seat_links(game_id, [0, 1])
    phone = open_seat(links[1].token)
    placement = db.load(game_id).state.legal_actions_for(1)[0]
    decide(phone, HS, "confirm", [f"{r}-{c}" for r, c in sorted(placement.cells)])  # ahead of Ann
    data = board_data(phone, HS)
    assert not silent(data) and note_shown(data, cell_ids("A1")[0]) == i18n.t("error.already_decided")
    db.open_link(links[0].token)  # Ann decides on her phone: the table has nothing to cross
    table = board_data(open_app(HAMSTERN_PAGE, game=game_id), HS)
    assert not silent(table)
    assert note_shown(table, cell_ids("A1")[0]) == i18n.t("ui.phones.waiting_for", names="Ann")


# --- the hints in the player's words ----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hints_name_the_button_they_need_and_count_cells_right(lang):
    keys = [key for key in i18n.catalogue(lang) if key.startswith("bot.hamstern.")]
    assert keys
    for key in keys:
        text = i18n.t(key, lang, points=5, missing=1)
        assert "position" not in text.lower() and "simul" not in text.lower(), key
    assert i18n.t("ui.hamstern.pass_button", lang) in i18n.t("bot.hamstern.pass", lang)
    one, two = i18n.t("bot.hamstern.progress_one", lang, points=5), i18n.t("bot.hamstern.progress", lang, points=5,
                                                                             missing=2)
    assert ("1 cell to go" in one and "2 cells to go" in two) if lang == "en" else ("1 Feld fehlt" in one
                                                                                     and "2 Felder fehlen" in two)


def test_one_cell_to_go_is_said_in_the_singular():
    from assistant.bots.hamstern import Situation, _explain

    state = hamstern(1, seed=4)  # the start chamber F5..H7: its mushrooms H5 and G6 crossed first
    state.apply(Roll(6))
    state.apply(Place(cells("F5 G5 H5 F6 G6 H6")))
    state.apply(Roll(2))
    placement = Place(cells("F7 G7"))  # H7 is left
    advice = _explain(Situation.from_view(state.view(0)), placement, state.layout.mask(placement.cells))
    assert (advice.reason, advice.params["missing"]) == ("bot.hamstern.progress_one", 1)
    said = i18n.t(advice.reason, "en", **advice.params)
    assert said == "Builds up a 3-point chamber (1 cell to go) without leaving gaps."
