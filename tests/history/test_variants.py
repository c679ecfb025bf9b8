"""A game's variants compared apart (Hamstern's sides) are the registry's word (GameInfo.variant_option),
not the history's: the store records a result's variant from that option, a restore accepts a score
check's variant only from its choices, and the leaderboard offers them."""

from __future__ import annotations

import pytest

from assistant.games import game_info, registered
from assistant.games.registry import GameInfo, Option
from assistant.history_results import variants
from tests.components import open_app
from tests.history.helpers import check_at, play_to_end, results, setup_for


def test_the_registry_names_the_option_of_a_games_variants():
    assert game_info("hamstern").variant_option == "side" and game_info("hamstern").variants() == ("A", "B")
    assert {info.name for info in registered() if info.variants()} == {"hamstern"}
    assert variants("hamstern") == ("A", "B") and variants("moemmen") == (None,)
    with pytest.raises(ValueError, match="variant option"):
        GameInfo("x", {"en": "X", "de": "X"}, "x", "cards", 1, 2, options=(Option("speed", 1),), variant_option="speed")
    with pytest.raises(ValueError, match="variant option"):
        GameInfo("x", {"en": "X", "de": "X"}, "x", "cards", 1, 2, variant_option="side")


def test_a_result_records_the_variant_option_value(db):
    game_id = play_to_end(db, "hamstern", setup_for("hamstern", ["Ann", "Bo"]), 2, num_players=2,
                          options={"side": "B"})
    assert {row[-1] for row in results(db, game_id)} == {"B"}
    game_id = play_to_end(db, "moemmen", setup_for("moemmen", ["Ann", "Bo", "Cy"]), 2)
    assert {row[-1] for row in results(db, game_id)} == {None}


def test_the_leaderboard_offers_the_variants_of_a_game_that_has_them(db):
    check_at(db, "hamstern", 1.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)], variant="A")
    check_at(db, "moemmen", 2.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)])
    at = open_app("assistant/ui/pages/history.py", part="leaders")
    assert at.segmented_control(key="hi_board_side").options == ["Both sides", "Side A", "Side B"]
    at.segmented_control(key="hi_board_side").set_value("A").run()
    at.segmented_control(key="hi_board_game").set_value("moemmen").run()
    assert not at.exception and not [c for c in at.segmented_control if c.key == "hi_board_side"]
