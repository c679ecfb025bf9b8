"""Mömmen in a replay: the live table's picture (board.py), still, with the hand of the seat the replay
shows; once the game is over, every hand turned up below the table."""

from __future__ import annotations

import html

from assistant.games.moemmen.cards import NAMES
from assistant.ui.common import lang, tr
from assistant.ui.moemmen.board import hand_order, table_html
from assistant.ui.moemmen.pictures import card_box
from assistant.ui.replay.pictures import hands_box, next_up, seat_views, still


def replay_picture(names: list[str], view: dict, seat: int | None, phone: bool) -> str:
    """The table at one step of a replay (the registry's app interface)."""
    every = seat_views(view)
    hidden = tr("ui.replay.hands_below") if every else tr("ui.replay.hands_hidden")
    heading = tr("ui.moemmen.round_of", round=view["round"], target=view["target"])
    status = f'<div class="tb-status"><b>{html.escape(heading)}</b></div>{next_up(names, view)}'
    markup = table_html(names, [""] * view["num_players"], view, seat if every is None else None, status, "", hidden,
                        phone=phone)
    if every:
        markup += hands_box([(names[player], _hand(shown["hand"])) for player, shown in enumerate(every)])
    return still(markup)


def _hand(hand: list[int]) -> str:
    cards = "".join(card_box(NAMES[card], lang()) for card in hand_order(hand))
    return f'<div class="mm-hand-cards">{cards}</div>' if cards else tr("ui.replay.no_hand")
