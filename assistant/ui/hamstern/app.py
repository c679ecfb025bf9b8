"""Hamstern's app side, as the registry finds it (``GameInfo.app``; the interface is described at the
top of assistant/games/registry.py): the new-game form, the table, the rules panel, the score
check, the picture on Home, the end screen's chart, the print page's choice of side or cave and a
cave's name wherever a saved game or a result is named (Home, the replay, the history)."""

from __future__ import annotations

from assistant.games.hamstern.layout import load_layout
from assistant.ui.hamstern.cave_picker import other_variants_name, pick_side, variant_name
from assistant.ui.hamstern.chart import end_chart
from assistant.ui.hamstern.play import render, rules_in_force
from assistant.ui.hamstern.replay import replay_picture
from assistant.ui.hamstern.score import hamstern_check as score_form
from assistant.ui.hamstern.score import result as score_result
from assistant.ui.hamstern.score import variant as score_variant
from assistant.ui.hamstern.setup import new_game_form
from assistant.ui.hamstern.sheet import sheet_svg

__all__ = ["end_chart", "new_game_form", "other_variants_name", "picture", "print_choices", "render", "replay_picture",
           "rules_in_force", "score_form", "score_result", "score_variant", "variant_name"]


def print_choices(key: str) -> dict | None:
    """The sheet's side for the print page: A, B, today's cave or a code's (made under a progress bar
    first); None while the code typed is none."""
    side = pick_side(key, preview=False)
    return None if side is None else {"side": side}


def picture() -> str:
    """Side A of the sheet with a first roll's crosses in the start chamber."""
    return sheet_svg(load_layout("A"), {(4, 5), (4, 6), (5, 6)})
