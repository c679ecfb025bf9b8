"""Hamsterdam's app side, as the registry finds it (``GameInfo.app``; the interface is described at
the top of assistant/games/registry.py): the new-game form, the table, the rules panel, the score
check, the picture on Home and the end screen's chart."""

from __future__ import annotations

from assistant.ui.hamsterdam.chart import end_chart
from assistant.ui.hamsterdam.play import render, rules_in_force
from assistant.ui.hamsterdam.replay import replay_picture
from assistant.ui.hamsterdam.score import hamsterdam_check as score_form
from assistant.ui.hamsterdam.score import result as score_result
from assistant.ui.hamsterdam.setup import new_game_form

__all__ = ["end_chart", "new_game_form", "picture", "render", "replay_picture", "rules_in_force", "score_form",
           "score_result"]


def picture() -> str:
    """A dam of cards with water rising below it (our own drawing; no emoji font needed)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img">'
            '<rect x="8" y="18" width="104" height="34" rx="4" fill="#a1887f" stroke="#4e342e" stroke-width="3"/>'
            + "".join(f'<rect x="{12 + 20 * n}" y="{22 + 14 * (n % 2)}" width="16" height="10" fill="#d7ccc8"/>'
                      for n in range(5))
            + '<path d="M0 62 q15 -10 30 0 t30 0 t30 0 t30 0 V90 H0 Z" fill="#64b5f6"/>'
            '<path d="M0 74 q15 -10 30 0 t30 0 t30 0 t30 0" stroke="#1565c0" stroke-width="3" fill="none"/></svg>')
