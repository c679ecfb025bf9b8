"""Hamsterbacke cards as pictures (our own design): seven colours, the value big on the card.

Readable without colour too: every card carries its colour's short letters ("R", "DB", "LG" in
English; the catalogue's ``ui.backe.short_*``) beside its value, dark colours are filled solid and
the two light ones are drawn outlined on white with a dotted band, so a black-and-white print or a
colour-blind player still tells dark blue from light blue.

A card is 60 x 84 units; its top band (18 units) holds the letters and the value, so a fanned
pile, where only the bands of the lower cards show, still names every card.
"""

from __future__ import annotations

import html
from functools import cache

from assistant.games.hamsterbacke.cards import COLOURS, PILES, VALUES

CARD_W, CARD_H, BAND = 60, 84, 18
# fill, text on it, border; the light colours are outlined (white body, coloured border and band).
STYLE = {
    "red": ("#c62828", "#fff", "#7f0000"),
    "orange": ("#ef6c00", "#fff", "#8d3d00"),
    "yellow": ("#fbc02d", "#212121", "#8a6500"),
    "darkblue": ("#1a237e", "#fff", "#000051"),
    "lightblue": ("#e1f5fe", "#01579b", "#0288d1"),
    "darkgreen": ("#1b5e20", "#fff", "#003300"),
    "lightgreen": ("#f1f8e9", "#33691e", "#7cb342"),
}
OUTLINED = {"lightblue", "lightgreen"}


def _card_body(card: int, short: str, *, x: float = 0, y: float = 0, w: float = CARD_W, h: float = CARD_H) -> str:
    """One card as SVG elements in a ``w`` x ``h`` box at (x, y), scaled from 60 x 84."""
    colour = COLOURS[card]
    fill, ink, border = STYLE[colour]
    value, label = VALUES[card], html.escape(short)
    scale = w / CARD_W
    parts = [f'<g transform="translate({x:.1f} {y:.1f}) scale({scale:.3f})">']
    if colour in OUTLINED:
        parts.append(f'<rect x="1.5" y="1.5" width="57" height="81" rx="7" fill="{fill}" stroke="{border}" '
                     'stroke-width="3"/>')
        parts.append(f'<rect x="3" y="3" width="54" height="{BAND - 2}" rx="5" fill="#fff" stroke="{border}" '
                     'stroke-width="1.5" stroke-dasharray="2 2"/>')
    else:
        parts.append(f'<rect x="1" y="1" width="58" height="82" rx="7" fill="{fill}" stroke="{border}" '
                     'stroke-width="2"/>')
        parts.append(f'<rect x="3" y="{BAND + 1}" width="54" height="1.5" fill="{ink}" opacity="0.6"/>')
    parts.append(f'<text x="6" y="{BAND - 4}" font-size="13" font-weight="bold" font-family="sans-serif" '
                 f'fill="{ink if colour not in OUTLINED else border}">{label}</text>')
    parts.append(f'<text x="54" y="{BAND - 4}" font-size="13" font-weight="bold" font-family="sans-serif" '
                 f'text-anchor="end" fill="{ink if colour not in OUTLINED else border}">{value}</text>')
    parts.append(f'<text x="30" y="66" font-size="40" font-weight="bold" font-family="sans-serif" '
                 f'text-anchor="middle" fill="{ink}">{value}</text>')
    parts.append("</g>")
    return "".join(parts)


@cache
def card_svg(card: int, short: str, width: int = 0) -> str:
    """A card on its own, for the hand and the blocking stacks; ``width`` 0 lets CSS size it."""
    size = f' width="{width}" height="{round(width * CARD_H / CARD_W)}"' if width else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}"{size} role="img" '
            f'aria-label="{html.escape(short)}{VALUES[card]}">{_card_body(card, short)}</svg>')


PHONE_SIDE, PHONE_BAND = 60, 24


@cache
def phone_card_svg(card: int, short: str) -> str:
    """A card of a phone's hand, drawn about 50 px wide: square, its letters and value large (a 60 x 84
    card's letters are 10 px there), so that two rows of a hand fit under the circle. CSS sizes it;
    the same colours and the same outlined light colours as ``card_svg``."""
    colour = COLOURS[card]
    fill, ink, border = STYLE[colour]
    letters = border if colour in OUTLINED else ink
    edge = PHONE_SIDE - 3
    if colour in OUTLINED:
        frame = (f'<rect x="1.5" y="1.5" width="{edge}" height="{edge}" rx="7" fill="{fill}" stroke="{border}" '
                 f'stroke-width="3"/><rect x="3" y="3" width="54" height="{PHONE_BAND - 2}" rx="5" fill="#fff" '
                 f'stroke="{border}" stroke-width="1.5" stroke-dasharray="2 2"/>')
    else:
        frame = (f'<rect x="1" y="1" width="{edge + 1}" height="{edge + 1}" rx="7" fill="{fill}" stroke="{border}" '
                 f'stroke-width="2"/><rect x="3" y="{PHONE_BAND + 1}" width="54" height="1.5" fill="{ink}" '
                 'opacity="0.6"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {PHONE_SIDE} {PHONE_SIDE}" role="img" '
            f'aria-label="{html.escape(short)}{VALUES[card]}">{frame}'
            f'<text x="6" y="{PHONE_BAND - 5}" font-size="17" font-weight="bold" font-family="sans-serif" '
            f'fill="{letters}">{html.escape(short)}</text>'
            f'<text x="30" y="54" font-size="30" font-weight="bold" font-family="sans-serif" text-anchor="middle" '
            f'fill="{ink}">{VALUES[card]}</text></svg>')


def back_svg(width: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" width="{width}" '
            f'height="{round(width * 1.4)}" role="img"><rect x="1.5" y="1.5" width="57" height="81" rx="7" '
            'fill="#6d4c41" stroke="#3e2723" stroke-width="3"/><circle cx="30" cy="42" r="14" fill="#a1887f"/>'
            '<circle cx="24" cy="38" r="2.5" fill="#3e2723"/><circle cx="36" cy="38" r="2.5" fill="#3e2723"/></svg>')


# --- the circle: eight piles in a ring around the deck ----------------------------------------------
CELL_W, CELL_H = 200, 150
# Pile n clockwise from the top: its (column, row) in a 3 x 3 ring; the middle holds the deck.
RING = ((1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0))
PILE_CARD_W, PILE_CARD_H = 52, 73


def _pile(number: int, cards: list[int], shorts: list[str], empty_word: str) -> str:
    col, row = RING[number]
    x0, y0 = col * CELL_W + 4, row * CELL_H + 4
    w, h = CELL_W - 8, CELL_H - 8
    dash = "" if cards else ' stroke-dasharray="8 6"'
    parts = [f'<g class="hb-pile" data-tap="p{number}">',
             f'<rect class="hb-frame" x="{x0}" y="{y0}" width="{w}" height="{h}" rx="12" '
             f'fill="{"#f5efe6" if cards else "#fafafa"}" stroke="#bcaaa4" stroke-width="2"'
             f'{dash}/>',
             f'<text x="{x0 + 9}" y="{y0 + 20}" font-size="16" font-family="sans-serif" fill="#6d4c41" '
             f'font-weight="bold">{number + 1}</text>']
    if not cards:
        parts.append(f'<text x="{x0 + w / 2}" y="{y0 + h / 2 + 6}" font-size="16" font-family="sans-serif" '
                     f'fill="#9e9e9e" text-anchor="middle">{html.escape(empty_word)}</text>')
    else:
        # Up to five cards a column, up to three columns; each lower card shows its top band.
        columns = min(3, (len(cards) + 4) // 5)
        per_column = -(-len(cards) // columns)
        room = h - 12 - PILE_CARD_H
        step = min(22.0, room / (per_column - 1)) if per_column > 1 else 0
        span = columns * PILE_CARD_W + (columns - 1) * 6
        left = x0 + 26 + (w - 26 - span) / 2
        for n, card in enumerate(cards):
            column, place = divmod(n, per_column)
            parts.append(_card_body(card, shorts[card], x=left + column * (PILE_CARD_W + 6), y=y0 + 6 + place * step,
                                    w=PILE_CARD_W, h=PILE_CARD_H))
    parts.append("</g>")
    return "".join(parts)


def circle_svg(piles: list[list[int]], deck_count: int, shorts: list[str], empty_word: str,
               deck_word: str) -> str:
    """The eight piles in a ring (each a part ``p0``..``p7``), the deck's count in the middle."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="hb-circle-svg" viewBox="0 0 {3 * CELL_W} '
             f'{3 * CELL_H}" role="img">']
    parts += [_pile(n, piles[n], shorts, empty_word) for n in range(PILES)]
    cx, cy = 1.5 * CELL_W, 1.5 * CELL_H
    if deck_count:
        parts.append(f'<g transform="translate({cx - 26} {cy - 52})">{_back_body()}</g>')
    parts.append(f'<text x="{cx}" y="{cy + 52}" font-size="17" font-family="sans-serif" text-anchor="middle" '
                 f'fill="#3e2723">{html.escape(deck_word)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _back_body() -> str:
    return ('<rect x="1.5" y="1.5" width="49" height="70" rx="7" fill="#6d4c41" stroke="#3e2723" stroke-width="3"/>'
            '<circle cx="26" cy="36" r="12" fill="#a1887f"/>')


def tile_svg() -> str:
    """Home's picture of the game: three cards fanned from a pile, as a hand holds them."""
    cards = ((0, -18, 30), (3, 0, 46), (6, 18, 62))
    fanned = "".join(f'<g transform="rotate({angle} 60 96)">{_card_body(card, "", x=x, y=10, w=34, h=48)}</g>'
                     for card, angle, x in cards)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img">'
            '<ellipse cx="60" cy="80" rx="44" ry="7" fill="#d7ccc8"/>' + fanned + "</svg>")
