"""What every game's ``replay_picture`` shares: a live table's picture made still, and the views of every
seat in a finished game.

A replay draws a step with the same builders as the live table, then takes out whatever a tap could
use: the ``data-tap`` parts and the boxes the tap board fills with buttons, modes and notes. Nothing on
the picture then looks or acts tappable (and the replay's board has no buttons to fill in anyway).
"""

from __future__ import annotations

import html
import re

from assistant.ui.common import tr

_TAPS = re.compile(r'\sdata-tap="[^"]*"')
_ACTION_BOXES = re.compile(r'<div class="(?:tb-modes|tb-buttons|tb-note)"></div>')


def still(markup: str) -> str:
    """``markup`` with nothing to tap: no parts, no empty boxes for buttons, modes or notes."""
    return _ACTION_BOXES.sub("", _TAPS.sub("", markup))


def seat_views(view: dict) -> list[dict] | None:
    """A finished game's replay shows every seat's hidden cards: the page passes each seat's view as
    ``view["seat_views"]`` (assistant/ui/pages/replay.py); None otherwise."""
    return view.get("seat_views")


def next_up(names: list[str], view: dict) -> str:
    """A status line for a card game: who decides next, or that the game is over (HTML, name escaped)."""
    if view["phase"] == "over":
        return f'<div class="tb-status"><b>{html.escape(tr("ui.game_over"))}</b></div>'
    current = view["current_player"]
    if not 0 <= current < len(names):
        return ""
    return f'<div class="tb-status">{html.escape(tr("ui.replay.next_up", name=names[current]))}</div>'


def hands_box(rows: list[tuple[str, str]]) -> str:
    """Every hand of a finished game, turned up: a heading, then per seat its name (text) and its cards
    (HTML drawn by the game's own pictures)."""
    shown = "".join(f'<div class="rp-hand"><div class="rp-hand-name">{html.escape(name)}</div>'
                    f'<div class="rp-hand-cards">{cards}</div></div>' for name, cards in rows)
    return (f'<div class="rp-hands"><div class="rp-hands-title">{html.escape(tr("ui.replay.every_hand"))}</div>'
            f'{shown}</div>')
