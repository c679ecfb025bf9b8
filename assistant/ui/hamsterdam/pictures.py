"""Hamsterdam pictures (our own drawings): a dam card, a hamster, a special hamster, a flood token.

A dam card shows its value big and its dots small: orange dots (a hamster each) in the top left,
blue dots (specials) in the bottom right, each dot also told by its shape (a round orange dot, a blue
diamond), so a colour-blind player or a grey print still tells them apart. A card flipped by a dam
breach is drawn grey and hatched, its value faint. The numbers come from templates/hamsterdam.toml.
"""

from __future__ import annotations

import html
from functools import cache

from assistant.games.hamsterdam.cards import HAMSTER, MARKED, TURNED, card_of, numbers, special_name

CARD_W, CARD_H = 60, 64
ORANGE, BLUE, WATER = "#e65100", "#1565c0", "#1e88e5"


@cache
def dam_card_svg(value: int, flipped: bool = False) -> str:
    """One dam card; CSS gives it its width."""
    table = numbers()
    orange, blue = table.orange.get(value, 0), table.blue.get(value, 0)
    fill, ink, border = ("#eceff1", "#b0bec5", "#90a4ae") if flipped else ("#f3e5c8", "#3e2723", "#8d6e63")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}" role="img" '
             f'aria-label="{value}"><rect x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="6" '
             f'fill="{fill}" stroke="{border}" stroke-width="3"/>']
    if flipped:  # hatched: the card is out of the dam
        parts.append('<path d="M4 20 L20 4 M4 40 L40 4 M4 60 L56 8 M20 60 L56 24 M40 60 L56 44" stroke="#b0bec5" '
                     'stroke-width="2"/>')
    else:
        parts += [f'<circle cx="{9 + 9 * n}" cy="10" r="3.6" fill="{ORANGE}"/>' for n in range(orange)]
        # Bottom right: the top right corner is where a flood token's badge sits.
        parts += [f'<path d="M{52 - 9 * n} 53 l4.5 4.5 l-4.5 4.5 l-4.5 -4.5 Z" fill="{BLUE}"/>' for n in range(blue)]
    parts.append(f'<text x="30" y="52" font-size="31" font-weight="bold" font-family="sans-serif" '
                 f'text-anchor="middle" fill="{ink}">{value}</text></svg>')
    return "".join(parts)


HAMSTER_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 26" class="hd-hamster" aria-hidden="true">'
               '<circle cx="8" cy="7" r="4" fill="#a1662f"/><circle cx="24" cy="7" r="4" fill="#a1662f"/>'
               '<ellipse cx="16" cy="15" rx="13" ry="10" fill="#c98b4f" stroke="#6d3f1a" stroke-width="1.5"/>'
               '<ellipse cx="16" cy="19" rx="7" ry="5" fill="#f6e3c8"/>'
               '<circle cx="11" cy="12" r="1.8" fill="#222"/><circle cx="21" cy="12" r="1.8" fill="#222"/>'
               '<ellipse cx="16" cy="15.5" rx="1.8" ry="1.3" fill="#6d3f1a"/></svg>')


def token_svg(size: int = 20) -> str:
    """A flood token: a water drop."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="{size}" height="{size}" '
            f'aria-hidden="true"><path d="M10 1.5 C13 6.5 16.2 9.6 16.2 13 A6.2 6.2 0 0 1 3.8 13 C3.8 9.6 7 6.5 '
            f'10 1.5 Z" fill="{WATER}" stroke="#0d47a1" stroke-width="1.2"/></svg>')


def piece_chip(piece: str, count: int = 1, tap: str | None = None) -> str:
    """A stack's piece as a chip: a plain hamster with its count, a special by its card name (a turned
    one as a hamster with its name small and grey, a marked Cheekster with a marker)."""
    tapped = f' data-tap="{html.escape(tap)}"' if tap else ""
    if piece == HAMSTER:
        return f'<div class="hd-chip hd-plain"{tapped}>{HAMSTER_SVG}<b>×{count}</b></div>'
    name = special_name(card_of(piece))
    many = f" ×{count}" if count > 1 else ""
    long = " hd-long" if len(name) > 6 else ""  # Bombster, Contractster: smaller, not broken up
    if piece.startswith(TURNED):
        return f'<div class="hd-chip hd-turned{long}"{tapped}>{HAMSTER_SVG}<span>{html.escape(name)}{many}</span></div>'
    marker = '<i class="hd-marker"></i>' if piece.startswith(MARKED) else ""
    return f'<div class="hd-chip hd-special{long}"{tapped}>{marker}<span>{html.escape(name)}{many}</span></div>'


def stack_counts(pieces: list[str]) -> list[tuple[str, int]]:
    """Each kind of piece once with its count, specials (which lie on top) first."""
    counts: dict[str, int] = {}
    for piece in pieces:
        counts[piece] = counts.get(piece, 0) + 1
    return sorted(counts.items(), key=lambda item: item[0] == HAMSTER)
