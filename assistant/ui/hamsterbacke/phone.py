"""The Hamsterbacke table laid out for a phone (the seat page): not the tablet's picture made small, in
which a pile of the circle is 37 px wide and its cards cannot be read.

The circle is a 3 x 3 grid of tiles, the deck in the middle: each pile a tile (the whole tile is the
part ``p0``..``p7`` a tap takes) with its number and a coloured label per colour it holds ("DB2×3").
The hand's cards are drawn short with large letters, and wrap into rows.

What the decision is about comes first: the circle (take or play), the players (choosing who gives)
or the hand (giving cards). One column on a phone held upright; on its side the status across the
top, then the circle on the left and the buttons and the hand on the right, or the players or the
cards to give across the screen (table.css). The parts and their ids are those of board.py, so
play.py decides the same way on either picture.
"""

from __future__ import annotations

import html

from assistant.games.hamsterbacke.cards import PILES
from assistant.ui.common import tr
from assistant.ui.hamsterbacke.board import TABLE_CSS, chip, hand_html, players_html, shorts
from assistant.ui.hamsterbacke.pictures import RING


def phone_table_html(names: list[str], labels: list[str], view: dict, seat: int | None, status: str,
                     gift_size: int = 0, notes: str = "", hidden: str = "") -> str:
    """The table for the seat a phone holds; the arguments are those of ``board.table_html``."""
    letters = shorts()
    circle = f'<div class="hbp-circle">{_circle(view, letters)}</div>'
    hand = f'<div class="hb-hand">{hand_html(view, seat, letters, gift_size, hidden, phone=True)}</div>'
    players = f'<div class="hb-players">{players_html(names, labels, view, seat, letters, phone=True)}</div>'
    # The modes and the buttons flow in one row while they fit (a phone on its side has little height).
    # Why a tapped part cannot be used now (the tap board's note) goes with the buttons, below the decision.
    controls = (f'<div class="hbp-controls"><div class="tb-modes"></div><div class="tb-buttons"></div></div>'
                f'<div class="tb-note"></div>{notes}')
    # Choosing who gives, or the cards to give: those are the decision, across the whole screen.
    kind = "hbp-table hbp-across"
    if view["phase"] == "choose_giver":
        main, rest = players, controls + circle + hand
    elif gift_size:
        main, rest = hand, controls + circle + players
    else:
        main, rest, kind = circle, controls + hand + players, "hbp-table"
    return (f'<style>{TABLE_CSS}</style><div class="{kind}"><div class="hbp-status">{status}</div>'
            f'<div class="hbp-main">{main}</div><div class="hbp-rest">{rest}</div></div>')


def _circle(view: dict, letters: list[str]) -> str:
    """The eight piles in their places of the ring (clockwise from the top), the deck in the middle."""
    tiles = [_pile(number, view["piles"][number], letters) for number in range(PILES)]
    # Words only: a card's back above them would make the middle row of the circle taller than its piles.
    tiles.append(f'<div class="hbp-deck" style="grid-area: 2 / 2">'
                 f'{html.escape(tr("ui.backe.deck", count=view["deck_count"]))}</div>')
    return "".join(tiles)


def _pile(number: int, cards: list[int], letters: list[str]) -> str:
    """A pile's tile: its number, then a label per colour it holds ("R4", "Y3×2"), in the colours' order
    (the cards' order in a pile never matters); the labels say its size too, so no line is spent on it."""
    column, row = RING[number]
    place = f'style="grid-area: {row + 1} / {column + 1}"'
    head = f'<span class="hbp-number">{number + 1}</span>'
    if not cards:
        return (f'<div class="hbp-pile hbp-empty" data-tap="p{number}" {place}>{head}'
                f'<span>{html.escape(tr("ui.backe.empty"))}</span></div>')
    counts = {card: cards.count(card) for card in sorted(set(cards))}
    labels = "".join(chip(card, letters, f"×{count}" if count > 1 else "") for card, count in counts.items())
    return f'<div class="hbp-pile" data-tap="p{number}" {place}>{head}{labels}</div>'
