"""Hamsterbacke's app side, as the registry finds it (``GameInfo.app``; the interface is described at
the top of assistant/games/registry.py): the new-game form, the table, the rules panel, the score
check, the picture on Home and the end screen's chart."""

from __future__ import annotations

from assistant.ui.hamsterbacke.chart import end_chart
from assistant.ui.hamsterbacke.pictures import tile_svg as picture
from assistant.ui.hamsterbacke.play import render, rules_in_force
from assistant.ui.hamsterbacke.replay import replay_picture
from assistant.ui.hamsterbacke.score import backe_check as score_form
from assistant.ui.hamsterbacke.score import result as score_result
from assistant.ui.hamsterbacke.setup import new_game_form

__all__ = ["end_chart", "new_game_form", "picture", "render", "replay_picture", "rules_in_force", "score_form",
           "score_result"]
