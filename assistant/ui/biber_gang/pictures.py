"""Biber Gang cards as pictures (our own design): numbers by colour band, a beaver, a back."""

from __future__ import annotations

from functools import cache

from assistant.games.biber_gang.cards import BEAVER

# Low cards cool, high cards warm: players read "good" and "bad" at a glance.
BANDS = [(2, "#2e7d32"), (5, "#1565c0"), (8, "#6a1b9a"), (10, "#e65100"), (12, "#c62828")]


def colour(card: int) -> str:
    return next(c for top, c in BANDS if card <= top)


BEAVER_FACE = ("<circle cx='22' cy='20' r='6' fill='#8d6e63' stroke='#3e2723' stroke-width='2'/>"
               "<circle cx='58' cy='20' r='6' fill='#8d6e63' stroke='#3e2723' stroke-width='2'/>"
               "<circle cx='40' cy='44' r='24' fill='#a1887f' stroke='#3e2723' stroke-width='2.5'/>"
               "<circle cx='31' cy='38' r='3.5' fill='#212121'/><circle cx='49' cy='38' r='3.5' fill='#212121'/>"
               "<ellipse cx='40' cy='47' rx='6' ry='4' fill='#3e2723'/>"
               "<rect x='34' y='52' width='6' height='10' fill='white' stroke='#3e2723' stroke-width='1.5'/>"
               "<rect x='40' y='52' width='6' height='10' fill='white' stroke='#3e2723' stroke-width='1.5'/>")


@cache
def card_svg(card: int | None, pair: bool = False, corner: bool = True) -> str:
    """A card 80 x 112; None is the back. ``pair`` rings it as part of a column pair. ``corner`` False
    leaves out the small number in the corner (a phone: there it would be a few pixels high, and the
    cards of a display never overlap, so the large number is always in sight)."""
    ring = "<rect x='3' y='3' width='74' height='106' rx='10' fill='none' stroke='#ffb300' stroke-width='6'/>" \
        if pair else ""
    if card is None:
        body = ("<rect x='2' y='2' width='76' height='108' rx='10' fill='#5d4037' stroke='#3e2723' stroke-width='3'/>"
                "<rect x='10' y='10' width='60' height='92' rx='6' fill='none' stroke='#bcaaa4' stroke-width='2' "
                "stroke-dasharray='5 4'/><path d='M24 56 q16 -22 32 0 q-16 22 -32 0z' fill='#8d6e63'/>")
    elif card == BEAVER:
        body = ("<rect x='2' y='2' width='76' height='108' rx='10' fill='#fff8e1' stroke='#3e2723' stroke-width='3'/>"
                f"<g transform='translate(0 18)'>{BEAVER_FACE}</g>")
    else:
        fill = colour(card)
        body = (f"<rect x='2' y='2' width='76' height='108' rx='10' fill='white' stroke='{fill}' stroke-width='3'/>"
                f"<rect x='8' y='8' width='64' height='96' rx='7' fill='{fill}' opacity='0.12'/>"
                f"<text x='40' y='70' font-size='44' font-family='sans-serif' font-weight='bold' fill='{fill}' "
                f"text-anchor='middle'>{card}</text>"
                + (f"<text x='12' y='24' font-size='14' font-family='sans-serif' fill='{fill}'>{card}</text>"
                   if corner else ""))
    return f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 80 112'>{body}{ring}</svg>"


def card_background(card: int | None, pair: bool = False) -> str:
    svg = card_svg(card, pair).replace("#", "%23").replace("<", "%3C").replace(">", "%3E")
    return f'background: url("data:image/svg+xml;utf8,{svg}") center / contain no-repeat;'


def display_html(display: list, width: int = 40, pairs: tuple = ()) -> str:
    """A display of 8 cards (None face down) in its two rows, as one picture of a fixed size."""
    height, gap = round(width * 1.4), 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{4 * (width + gap)}" height="{2 * (height + gap)}" '
             'role="img">']
    for position, card in enumerate(display):
        x, y = (position % 4) * (width + gap), (position // 4) * (height + gap)
        inner = card_svg(card, pair=(position % 4) in pairs).replace(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 80 112'>",
            f"<svg x='{x}' y='{y}' width='{width}' height='{height}' viewBox='0 0 80 112'>")
        parts.append(inner)
    parts.append("</svg>")
    return "".join(parts)


def card_box(card: int | None, width: int, *, tap: str | None = None, pair: bool = False,
             corner: bool = True) -> str:
    """One card for the tap board; ``tap`` makes it a part that can be tapped; width 0 lets CSS size it."""
    size = f' style="width:{width}px"' if width else ""
    tapped = f' data-tap="{tap}"' if tap else ""
    return f'<div class="bg-card"{size}{tapped}>{card_svg(card, pair, corner)}</div>'


def display_box(display: list, width: int, *, taps: bool = False, pairs: tuple = (), phone: bool = False) -> str:
    """A display of 8 cards (None face down) in its two rows; with ``taps`` each card is ``p0``..``p7``.
    ``phone``: no corner numbers, and the grid left to the phone's stylesheet (table.css)."""
    cards = "".join(card_box(card, width, tap=f"p{position}" if taps else None, pair=(position % 4) in pairs,
                             corner=not phone) for position, card in enumerate(display))
    if phone:
        return f'<div class="bg-display">{cards}</div>'
    # The grid is inline too: outside the tap board (the round's end) no stylesheet reaches it.
    return (f'<div class="bg-display" style="display:grid;grid-template-columns:repeat(4,max-content);gap:4px">'
            f'{cards}</div>')
