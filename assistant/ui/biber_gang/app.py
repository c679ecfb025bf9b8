"""Biber Gang's app side, as the registry finds it (``GameInfo.app``; the interface is described at
the top of assistant/games/registry.py): the new-game form, the table, the rules panel, the score
check, the picture on Home and the end screen's chart."""

from __future__ import annotations

from assistant.games.biber_gang.cards import BEAVER
from assistant.ui.biber_gang.chart import end_chart
from assistant.ui.biber_gang.pictures import card_svg
from assistant.ui.biber_gang.play import render, rules_in_force
from assistant.ui.biber_gang.replay import replay_picture
from assistant.ui.biber_gang.score import biber_scorekeeper as score_form
from assistant.ui.biber_gang.score import result as score_result
from assistant.ui.biber_gang.setup import new_game_form

__all__ = ["end_chart", "new_game_form", "picture", "render", "replay_picture", "rules_in_force", "score_form",
           "score_result"]


def picture() -> str:
    """A 7 and a beaver, overlapping as on the table."""
    def placed(card, x: int, y: int) -> str:
        return card_svg(card).replace("<svg xmlns='http://www.w3.org/2000/svg'",
                                      f"<svg x='{x}' y='{y}' width='54' height='76'")

    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img">'
            + placed(7, 14, 6) + placed(BEAVER, 52, 8) + "</svg>")
