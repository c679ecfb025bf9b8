"""``python -m assistant score``, what every game shares: a game without a check is refused clearly, and
one reading of the players for every game. Each game's totals and refusals are in tests/<game>/."""

from __future__ import annotations

import pytest


def test_a_game_without_a_score_check_says_it_is_not_built():
    """Every game of the contract has its check now; a game registered without one is refused clearly."""
    from assistant.__main__ import score
    from assistant.games.registry import GameInfo, register_game, unregister_game

    register_game(GameInfo(name="no_check", titles={"en": "No check", "de": "Ohne Prüfung"}, icon="x",
                           kind="cards", min_players=2, max_players=4))
    try:
        with pytest.raises(ValueError, match="score checking for no_check is not built yet"):
            score("no_check", {"players": []})
    finally:
        unregister_game("no_check")


HAMSTERN_PLAYER = {"crossed": [], "one_track_struck": 0}


BIBER_PLAYER = {"display": [[1, 2, 3, 4], [5, 6, 7, 8]]}


@pytest.mark.parametrize("game, extra, player", [("hamstern", {"side": "A"}, HAMSTERN_PLAYER),
                                                 ("biber_gang", {}, BIBER_PLAYER)])
def test_both_score_checks_read_players_with_the_same_reasons(game, extra, player):
    """One reading of the players for every game (assistant/games/score_input.py)."""
    from assistant.__main__ import score

    def reason(players) -> str:
        with pytest.raises(ValueError) as error:
            score(game, {**extra, "players": players})
        return str(error.value)

    title, low = {"hamstern": ("Hamstern", 1), "biber_gang": ("Biber Gang", 2)}[game]
    named = [{"name": name, **player} for name in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")]
    assert reason(named) == f"{title} is for {low} to 6 players, not 7"
    assert reason("Ann") == "expected a JSON object with a list of 'players'"
    assert reason(["Ann", *named[:2]]) == "player 1 needs a name"
    assert reason([named[0], {**player, "name": "   "}]) == "player 2 needs a name"
    assert reason([named[0], {**player, "name": " Ann "}]) == "two players are called 'Ann'"
