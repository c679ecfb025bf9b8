"""Biber Gang in a replay: the deck, the discard pile and a drawn card, then every player's display at
one size (the replay has nothing to tap, so no display needs to be large), the one in turn ringed.

A card drawn from the deck shows only for the seat that drew it (its view holds it), and in a finished
game's replay, where every seat's view is given, always."""

from __future__ import annotations

import html
from pathlib import Path

from assistant.ui.biber_gang.pictures import card_box, display_box
from assistant.ui.common import tr
from assistant.ui.replay.pictures import next_up, seat_views, still

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")


def replay_picture(names: list[str], view: dict, seat: int | None, phone: bool) -> str:
    """The table at one step of a replay (the registry's app interface)."""
    rounds = tr("ui.biber.round_of", round=min(view["round"], view["rounds"]), rounds=view["rounds"])
    status = f'<div class="tb-status"><b>{html.escape(rounds)}</b></div>{next_up(names, view)}'
    if view["ender"] is not None and view["phase"] not in ("reveal", "over"):
        last = tr("ui.biber.last_turns", name=names[view["ender"]])
        status += f'<div class="tb-message tb-error">{html.escape(last)}</div>'
    players = len(view["players"])
    displays = "".join(_display(names, view, player, phone) for player in range(players))
    columns = players if players <= 4 else 3  # every display at one size, in one row or two
    classes = "rp-bg" + (" rp-phone" if phone else "") + (" rp-many" if players >= 4 else "")
    return still(f'<style>{TABLE_CSS}</style><div class="{classes}" '
                 f'style="--rp-cols:{columns}">'
                 f'<div class="rp-bg-top"><div class="rp-bg-piles">{_piles(names, view, phone)}</div>'
                 f'<div class="rp-bg-status">{status}</div></div>'
                 f'<div class="rp-bg-displays">{displays}</div></div>')


def _display(names: list[str], view: dict, player: int, phone: bool) -> str:
    shown = view["players"][player]
    total = shown["total"] if shown["round_scores"] else "–"
    turn = " bg-turn" if view["current_player"] == player else ""
    return (f'<div class="bg-opponent{turn}"><div class="bg-name"><b>{html.escape(names[player])}</b> · '
            f'{html.escape(tr("ui.biber.total"))}: {total}</div>{display_box(shown["display"], 0, phone=phone)}</div>')


def _piles(names: list[str], view: dict, phone: bool) -> str:
    """The deck, the discard pile's top card and the drawn card, where a view given holds it; on a phone
    without the corner numbers (a few pixels high there), as on a seat's page."""
    top = view["discard"][-1] if view["discard"] else None
    deck = tr("ui.biber.deck", count=view["deck_count"])
    parts = [f'<div class="bg-pile"><div class="bg-caption">{html.escape(deck)}</div>'
             f'{card_box(None, 0, corner=not phone)}</div>',
             f'<div class="bg-pile"><div class="bg-caption">{html.escape(tr("ui.biber.discard"))}</div>'
             f'{card_box(top, 0, corner=not phone) if top is not None else ""}</div>']
    drawn = view["drawn"]
    current = view["current_player"]
    for other in seat_views(view) or []:
        drawn = drawn if drawn is not None else other["drawn"]
    if drawn is not None and 0 <= current < len(names):
        caption = tr("ui.biber.drawn_by", name=names[current])
        parts.append(f'<div class="bg-pile bg-drawn"><div class="bg-caption">{html.escape(caption)}</div>'
                     f'{card_box(drawn, 0, corner=not phone)}</div>')
    return "".join(parts)
