"""Hamsterdam in a replay: the live table's picture (board.py), still. The dam of whoever decides or
rolls is drawn big, the others compact; the specials dealt to a player, which only that player sees
while the specials are kept, are drawn for the seat the replay shows, or for every seat once the game
is over."""

from __future__ import annotations

import html

from assistant.ui.common import tr
from assistant.ui.hamsterdam.board import held_cards, offered_specials, round_and_turn, table_html
from assistant.ui.hamsterdam.devices import roller
from assistant.ui.replay.pictures import seat_views, still

T = "ui.hamsterdam"
CHANCE_PHASES = ("roll", "start_roll", "reroll")


def replay_picture(names: list[str], view: dict, seat: int | None, phone: bool) -> str:
    """The table at one step of a replay (the registry's app interface)."""
    heading = tr(f"{T}.heading", round=round_and_turn(view)[0], mode=tr(f"{T}.mode_{view['mode']}"))
    heading = heading.rstrip(" ·")
    status = f'<div class="tb-status"><b>{html.escape(heading)}</b></div>'
    if view["phase"] == "over":
        status = f'<div class="tb-status"><b>{html.escape(tr("ui.game_over"))}</b></div>'
    markup = table_html(names, [""] * view["num_players"], view, _focus(view, seat), status, _extra(names, view, seat),
                        "")
    if not phone:
        # Every dam at one size: nothing is tapped in a replay, and four dams then fit a tablet's screen below
        # the replay's steps (the one deciding keeps its place first, and its mark).
        markup = markup.replace('class="hd-player hd-big', 'class="hd-player hd-small')
    return still(markup)


def _focus(view: dict, seat: int | None) -> int:
    """Whose dam is drawn big: the player deciding, or rolling, or else the seat shown (as the live table)."""
    rolling = roller(view) if view["phase"] in CHANCE_PHASES else None
    for candidate in (view["deciding"], rolling, seat):
        if candidate is not None and candidate >= 0:
            return candidate
    return 0


def _extra(names: list[str], view: dict, seat: int | None) -> str:
    """The cards still to lay and the specials offered, of each seat whose view holds them."""
    phase = view["phase"]
    shown = [(player, player_view) for player, player_view in enumerate(seat_views(view) or [])]
    if not shown and seat is not None:
        shown = [(seat, view)]
    if phase == "arrange" and view["deciding"] is not None:
        deciding = view["deciding"]
        return held_cards(sorted(view["players"][deciding]["held"]), "h", names[deciding])
    if phase != "keep":
        return ""
    boxes = [offered_specials(player_view["players"][player]["offered"] or [], names[player])
             for player, player_view in shown if player_view["players"][player]["offered"]]
    return "".join(boxes)
