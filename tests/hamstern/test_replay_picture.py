"""Hamstern in a replay: the sheets carry the printed sheet's column letters and row numbers, since the
replay's sentences name cells by them ("Ann crossed F5 G5")."""

from __future__ import annotations

from assistant.games.hamstern import Place, Roll
from assistant.ui.hamstern.replay import replay_picture
from tests.hamstern.helpers import cells, hamstern


def test_a_replayed_sheet_names_its_columns_and_rows():
    state = hamstern(2, seed=3, side="A")
    state.apply(Roll(3))
    state.apply(Place(cells("F5 G5 H5")))
    picture = replay_picture(["Ann", "Bo"], state.view(None), None, phone=False)
    assert picture.count(">A</text>") == 2 and picture.count(">M</text>") == 2  # one per sheet
    assert picture.count(">11</text>") == 2
    assert "data-tap" not in picture  # nothing to tap in a replay
