"""Hamsterbacke in a replay: the live table's picture (board.py, or phone.py on a phone), still, with
the hand of the seat the replay shows; once the game is over, every hand turned up below the table."""

from __future__ import annotations

from assistant.games.hamsterbacke.cards import KINDS
from assistant.ui.common import tr
from assistant.ui.hamsterbacke.board import shorts, table_html
from assistant.ui.hamsterbacke.phone import phone_table_html
from assistant.ui.hamsterbacke.pictures import card_svg
from assistant.ui.replay.pictures import hands_box, next_up, seat_views, still


def replay_picture(names: list[str], view: dict, seat: int | None, phone: bool) -> str:
    """The table at one step of a replay (the registry's app interface)."""
    every = seat_views(view)
    picture = phone_table_html if phone else table_html
    hidden = tr("ui.replay.hands_below") if every else tr("ui.replay.hands_hidden")
    markup = picture(names, [""] * view["num_players"], view, seat if every is None else None, next_up(names, view),
                     0, "", hidden)
    if every:
        letters = shorts()
        markup += hands_box([(names[player], _hand(shown["hand"], letters)) for player, shown in enumerate(every)])
    return still(markup)


def _hand(hand: list[int], letters: list[str]) -> str:
    """A hand as the live table groups it: one card per colour held, and how many."""
    groups = [f'<div class="hb-group">{card_svg(card, letters[card])}<div class="hb-count">×{hand[card]}</div></div>'
              for card in range(KINDS) if hand[card]]
    return f'<div class="hb-groups">{"".join(groups)}</div>' if groups else tr("ui.replay.no_hand")
