"""Mömmen cards as pictures (our own vector drawings): woolly sheep, shorn sheep, Tim, Benny, a back.

Colour is never the only cue: yellow, green and blue come from a palette colour-blind players can tell
apart (Okabe-Ito), red is a true red (Okabe-Ito's vermilion was seen as orange, while every text says
red), and every colour card also carries its colour's symbol beside the value (red a heart, yellow a
sun, green a leaf, blue a drop). A plus card shows its value as that many wool tufts
under the sheep; a minus card as that many wool scraps on the ground.

A card is drawn in a 100 x 140 box. The value and symbol sit in the top left corner, where a fanned
hand still shows them, and again upside down in the bottom right. No element has an ``id``: many
cards share one page, so the markup is plain and repeated (no <symbol>, <pattern> or gradients).
"""

from __future__ import annotations

import html
import math
from functools import cache
from typing import NamedTuple

from assistant import i18n
from assistant.games.moemmen.cards import COLOUR_OF, COLOURS, NAMES, POINTS, card_from_name, card_text


class Palette(NamedTuple):
    main: str  # the fleece, the minus card's band
    dark: str  # outlines and the value's text
    light: str  # the plus card's background


CARD_COLOURS = {
    "red": Palette("#c8102e", "#6b0a19", "#f9dadf"),
    "yellow": Palette("#f0e442", "#6b6000", "#fdf9d8"),
    "green": Palette("#009e73", "#004d38", "#d6f0e8"),
    "blue": Palette("#0072b2", "#003a5c", "#d8e9f6"),
}
CARDS = NAMES  # the 26 different cards, as the contract writes them
CARD_W, CARD_H = 100, 140
INK, SKIN, STEEL = "#333", "#f2c8a0", "#b0bec5"
FONT = 'font-family="Helvetica, Arial, sans-serif" font-weight="bold"'


def parse(card: str) -> tuple[str | None, int]:
    """``"red+3"`` -> ``("red", 3)``, ``"blue-2"`` -> ``("blue", -2)``, Tim and Benny -> ``(None, 0)``;
    ValueError for a name that is no card."""
    kind = card_from_name(card)
    colour = COLOUR_OF[kind]
    return (COLOURS[colour], POINTS[kind]) if colour >= 0 else (None, 0)


def colour_of(card: str) -> str | None:
    """The card's colour, None for Tim and Benny."""
    return parse(card)[0]


def value_text(value: int) -> str:
    """"+3", and "−2" with a real minus sign (U+2212), which reads better than a hyphen."""
    return f"+{value}" if value > 0 else f"\u2212{-value}"


# --- small shapes ----------------------------------------------------------------------------------
def _cloud(circles, fill: str, stroke: str, width: float = 2.0) -> str:
    """Fleece: circles outlined, then filled again without outline, so only the cloud's rim stays."""
    outlines = "".join(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}"/>' for x, y, r in circles)
    return (f'<g fill="{fill}" stroke="{stroke}" stroke-width="{width * 2:g}">{outlines}</g>'
            f'<g fill="{fill}">{outlines}</g>')


def _tuft(x: float, y: float, fill: str, stroke: str, size: float = 1.0) -> str:
    """A small tuft of wool, one per point of the card (the class lets tests count them)."""
    cloud = _cloud([(x - 3.4 * size, y + 1 * size, 3.2 * size), (x + 3.4 * size, y + 1 * size, 3.2 * size),
                    (x, y - 1.8 * size, 3.4 * size)], fill, stroke, 1.1)
    return f'<g class="mm-tuft">{cloud}</g>'


SYMBOLS = {  # each in a 20 x 20 box
    "red": '<path d="M10 17.5 C2 11.5 1 5.5 5.5 3.6 C8 2.6 9.4 4.3 10 5.8 C10.6 4.3 12 2.6 14.5 3.6 '
           'C19 5.5 18 11.5 10 17.5 Z"/>',
    "yellow": '<circle cx="10" cy="10" r="4.6"/><path d="M10 1 V4.2 M10 15.8 V19 M1 10 H4.2 M15.8 10 H19 M3.6 3.6 '
              'L5.9 5.9 M14.1 14.1 L16.4 16.4 M3.6 16.4 L5.9 14.1 M14.1 5.9 L16.4 3.6" stroke-width="2.2" '
              'stroke-linecap="round"/>',
    "green": '<path d="M3 17 C3 8 9 3 17.5 2.5 C17.5 11 12 17 3 17 Z"/><path d="M3.5 16.5 L13 7" fill="none" '
             'stroke="#fff" stroke-width="1.3"/>',
    "blue": '<path d="M10 1.5 C13 6.5 16.2 9.6 16.2 13 A6.2 6.2 0 0 1 3.8 13 C3.8 9.6 7 6.5 10 1.5 Z"/>',
}


def symbol_svg(colour: str, size: int) -> str:
    """A colour's symbol on its own (a heart, a sun, a leaf, a drop), ``size`` px square."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="{size}" height="{size}" '
            f'aria-hidden="true">{_symbol(colour, 0, 0, 20)}</svg>')


def _symbol(colour: str, x: float, y: float, size: float = 18) -> str:
    palette = CARD_COLOURS[colour]
    return (f'<g transform="translate({x:g} {y:g}) scale({size / 20:g})" fill="{palette.main}" '
            f'stroke="{palette.dark}" stroke-width="1.2" stroke-linejoin="round">{SYMBOLS[colour]}</g>')


def _corners(mark: str) -> str:
    """``mark`` (drawn for the top left corner) there and again upside down in the bottom right."""
    return f'{mark}<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{mark}</g>'


def _index(colour: str, value: int, inset: float = 0) -> str:
    """Value and symbol in the corners; ``inset`` moves them off a wide border."""
    return _corners(f'<g transform="translate({inset:g} {inset:g})"><text x="6" y="27" font-size="25" {FONT} '
                    f'fill="{CARD_COLOURS[colour].dark}">{value_text(value)}</text>{_symbol(colour, 7, 32)}</g>')


def _frame(fill: str, stroke: str, width: float = 3) -> str:
    inset = width / 2
    return (f'<rect x="{inset:g}" y="{inset:g}" width="{CARD_W - width:g}" height="{CARD_H - width:g}" rx="8" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>')


# --- sheep -----------------------------------------------------------------------------------------
def _woolly_sheep(fill: str, stroke: str, x: float = 0, y: float = 0, scale: float = 1.0) -> str:
    """A woolly sheep facing left, drawn around (0, 0): fleece about 56 wide, legs down to y 30."""
    fleece = [(24 * math.cos(math.radians(a)), 13 * math.sin(math.radians(a)), 9.5) for a in range(0, 360, 36)]
    fleece.append((0, 0, 16))
    legs = "".join(f'<rect x="{lx}" y="10" width="5" height="20" rx="2.2" fill="{INK}"/>' for lx in (-17, -8, 6, 14))
    head = (f'<ellipse cx="-34" cy="-6" rx="8.5" ry="11.5" transform="rotate(25 -34 -6)" fill="{INK}"/>'
            f'<ellipse cx="-27" cy="-15" rx="6.5" ry="3" transform="rotate(20 -27 -15)" fill="{INK}"/>'
            '<circle cx="-37" cy="-9" r="2.6" fill="#fff"/><circle cx="-37.6" cy="-8.8" r="1.3" fill="#111"/>')
    curls = "".join(f'<path d="M{cx - 4:g} {cy:g} q4 -5 8 0" fill="none" stroke="{stroke}" stroke-width="1.3" '
                    'stroke-linecap="round" opacity="0.55"/>' for cx, cy in ((-8, -6), (8, -4), (0, 6), (16, 6)))
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{legs}'
            f'{_cloud(fleece, fill, stroke)}{curls}{head}'
            f'{_cloud([(-29, -17, 4), (-24, -19, 3.5)], fill, stroke, 1.2)}</g>')


def _shorn_sheep(x: float, y: float) -> str:
    """A shorn sheep facing left, thin and pink, around (x, y); legs down to y + 30."""
    legs = "".join(f'<rect x="{lx}" y="4" width="3.6" height="26" rx="1.6" fill="{INK}"/>' for lx in (-17, -9, 7, 14))
    shiver = "".join(f'<path d="M{sx} {sy} q2 -3 0 -6" fill="none" stroke="#9e9e9e" stroke-width="1.4" '
                     'stroke-linecap="round"/>' for sx, sy in ((27, -2), (31, 1), (27, 4)))
    return (f'<g transform="translate({x:g} {y:g})">{legs}'
            '<ellipse cx="0" cy="-1" rx="22" ry="10.5" fill="#f7c6c7" stroke="#b0707a" stroke-width="2"/>'
            '<path d="M-14 -6 q5 3 10 0 M2 -7 q5 3 10 0" fill="none" stroke="#d99aa3" stroke-width="1.2"/>'
            '<path d="M21 -4 q6 -4 5 3" fill="none" stroke="#b0707a" stroke-width="2" stroke-linecap="round"/>'
            f'<ellipse cx="-27" cy="-9" rx="8" ry="11" transform="rotate(25 -27 -9)" fill="{INK}"/>'
            f'<ellipse cx="-20" cy="-18" rx="6" ry="2.8" transform="rotate(20 -20 -18)" fill="{INK}"/>'
            '<circle cx="-30" cy="-12" r="2.8" fill="#fff"/><circle cx="-30.4" cy="-12" r="1.5" fill="#111"/>'
            f'{shiver}</g>')


def _plus_card(colour: str, value: int) -> str:
    palette = CARD_COLOURS[colour]
    # The tufts fill the bottom left corner, left of the upside-down value.
    tufts = "".join(_tuft(14 + n * 12.5, 121, palette.main, palette.dark, 0.9) for n in range(value))
    return (_frame(palette.light, palette.main) + _index(colour, value)
            + f'<ellipse cx="52" cy="93" rx="28" ry="3.5" fill="{palette.dark}" opacity="0.15"/>'
            + _woolly_sheep(palette.main, palette.dark, 55, 66, 0.9) + tufts)


# Wool scraps on the ground of a minus card, one per point.
SCRAPS = ((20, 118), (36, 122), (52, 117))


def _minus_card(colour: str, value: int) -> str:
    palette = CARD_COLOURS[colour]
    scraps = "".join(_tuft(x, y, palette.main, palette.dark, 0.9) for x, y in SCRAPS[:value])
    return (_frame(palette.main, palette.dark)
            + '<rect x="8" y="8" width="84" height="124" rx="5" fill="#f6f4f1"/>'
            + _index(colour, -value, inset=3)
            + '<ellipse cx="52" cy="100" rx="28" ry="3.5" fill="#000" opacity="0.1"/>'
            + _shorn_sheep(54, 70) + scraps)


# --- Tim and Benny ---------------------------------------------------------------------------------
SHEARS_ICON = ('<g fill="none" stroke="#455a64" stroke-width="2" stroke-linecap="round">'
               '<path d="M4 3 L14 15 M16 3 L6 15"/><circle cx="5" cy="17" r="2.6"/><circle cx="15" cy="17" r="2.6"/>'
               '</g>')
PAW_ICON = ('<g fill="#6d4c41"><ellipse cx="10" cy="14" rx="5" ry="4"/><circle cx="4" cy="8" r="2.2"/>'
            '<circle cx="8" cy="4.5" r="2.2"/><circle cx="12" cy="4.5" r="2.2"/><circle cx="16" cy="8" r="2.2"/></g>')


def _named_card(icon: str, picture: str, name: str, role: str, phone: bool = False) -> str:
    """A person's card: warm background, the picture, the name and role below, the icon in both top corners
    (the bottom ones would sit on the name). ``phone``: the name large and no role, which would be a few
    pixels high on a card 50 px wide."""
    label = '<rect x="8" y="106" width="84" height="28" rx="5" fill="#fff" opacity="0.8"/>'
    if phone:
        label += (f'<text x="50" y="129" font-size="25" {FONT} fill="#4e342e" text-anchor="middle">'
                  f'{html.escape(name)}</text>')
    else:
        label += (f'<text x="50" y="121" font-size="16" {FONT} fill="#4e342e" text-anchor="middle">'
                  f'{html.escape(name)}</text>'
                  f'<text x="50" y="131" font-size="8.5" font-family="Helvetica, Arial, sans-serif" fill="#6d4c41" '
                  f'text-anchor="middle">{html.escape(role)}</text>')
    return (_frame("#f7efe0", "#8d6e63") + picture
            + "".join(f'<g transform="translate({x} 6) scale(0.9)">{icon}</g>' for x in (6, 76)) + label)


def _tim() -> str:
    """Tim the Shearer: a farmer in a cap and dungarees, holding big open shears."""
    body = (f'<rect x="38" y="80" width="9" height="22" rx="3" fill="#5d4037"/>'
            f'<rect x="53" y="80" width="9" height="22" rx="3" fill="#5d4037"/>'
            f'<rect x="35" y="99" width="13" height="5" rx="2.5" fill="{INK}"/>'
            f'<rect x="52" y="99" width="13" height="5" rx="2.5" fill="{INK}"/>'
            '<path d="M34 56 Q34 46 44 45 H56 Q66 46 66 56 V84 H34 Z" fill="#8fa3ad" stroke="#546e7a" '
            'stroke-width="1.5"/>'
            '<path d="M38 60 H62 V86 H38 Z" fill="#6d4c41"/><path d="M41 60 V48 M59 60 V48" stroke="#6d4c41" '
            'stroke-width="3"/><circle cx="41" cy="62" r="1.6" fill="#ffd54f"/><circle cx="59" cy="62" r="1.6" '
            'fill="#ffd54f"/>')
    head = (f'<circle cx="50" cy="33" r="11" fill="{SKIN}" stroke="#a1785a" stroke-width="1.2"/>'
            '<path d="M38.5 30 Q39 19 50 19 Q61 19 61.5 30 Z" fill="#6d4c41"/>'
            '<path d="M58 28 H68 Q66 31 60 31 Z" fill="#5d4037"/>'
            '<circle cx="46" cy="34" r="1.4" fill="#222"/><circle cx="54" cy="34" r="1.4" fill="#222"/>'
            '<path d="M45.5 38.5 Q50 42 54.5 38.5" fill="none" stroke="#6d3b2a" stroke-width="1.4" '
            'stroke-linecap="round"/>')
    # Big open shears in his right hand, blades pointing up to the left; the left arm hangs down.
    shears = (f'<g fill="{STEEL}" stroke="#455a64" stroke-width="1.4" stroke-linejoin="round">'
              '<path d="M63 59 L14 28 Q31 47 57 66 Z"/><path d="M63 62 L8 50 Q32 62 58 69 Z" fill="#cfd8dc"/>'
              '<circle cx="60" cy="63" r="2.4" fill="#78909c"/></g>'
              '<g fill="none" stroke="#5d4037" stroke-width="3.5" stroke-linecap="round">'
              '<path d="M61 63 L75 73 M61 63 L79 64"/><circle cx="79" cy="76" r="4"/><circle cx="84" cy="64" r="4"/>'
              '</g>')
    arms = ('<path d="M64 50 Q76 54 78 66 M36 50 Q29 60 30 76" fill="none" stroke="#8fa3ad" stroke-width="6" '
            'stroke-linecap="round"/>')
    hands = (f'<g fill="{SKIN}" stroke="#a1785a" stroke-width="1"><circle cx="77" cy="69" r="4.2"/>'
             '<circle cx="30" cy="79" r="4"/></g>')
    return body + arms + head + shears + hands


def _benny() -> str:
    """Benny the Village Dog: a friendly dog sitting, tongue out, tail up."""
    fur, ear = "#c98b4f", "#7b4a26"
    return ('<path d="M70 86 Q86 80 82 62" fill="none" stroke="#7b4a26" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M32 100 Q30 66 50 60 Q70 66 68 100 Z" fill="{fur}" stroke="{ear}" stroke-width="1.5"/>'
            '<path d="M42 100 Q42 74 50 70 Q58 74 58 100 Z" fill="#f6e3c8"/>'
            f'<ellipse cx="41" cy="100" rx="7" ry="4" fill="{fur}" stroke="{ear}" stroke-width="1.2"/>'
            f'<ellipse cx="59" cy="100" rx="7" ry="4" fill="{fur}" stroke="{ear}" stroke-width="1.2"/>'
            '<path d="M38 62 Q50 68 62 62" fill="none" stroke="#37474f" stroke-width="3.5"/>'
            '<circle cx="50" cy="67" r="2.6" fill="#ffd54f" stroke="#8d6e00" stroke-width="0.8"/>'
            f'<ellipse cx="31" cy="38" rx="7" ry="14" transform="rotate(20 31 38)" fill="{ear}"/>'
            f'<ellipse cx="69" cy="38" rx="7" ry="14" transform="rotate(-20 69 38)" fill="{ear}"/>'
            f'<circle cx="50" cy="40" r="17" fill="{fur}" stroke="{ear}" stroke-width="1.5"/>'
            '<ellipse cx="50" cy="49" rx="9.5" ry="7" fill="#f6e3c8"/>'
            '<circle cx="43" cy="37" r="2.4" fill="#222"/><circle cx="57" cy="37" r="2.4" fill="#222"/>'
            '<circle cx="43.7" cy="36.2" r="0.8" fill="#fff"/><circle cx="57.7" cy="36.2" r="0.8" fill="#fff"/>'
            '<ellipse cx="50" cy="45" rx="3.6" ry="2.6" fill="#222"/>'
            '<path d="M50 47.5 V50 M45.5 50 Q50 53 54.5 50" fill="none" stroke="#222" stroke-width="1.2" '
            'stroke-linecap="round"/>'
            '<path d="M48 51.5 Q48 58 50.5 58 Q53 58 53 51.5 Z" fill="#ef7f8e" stroke="#c2185b" stroke-width="0.8"/>')


# --- the API ---------------------------------------------------------------------------------------
def card_body(card: str, lang: str = "en", phone: bool = False) -> str:
    """The card's SVG elements in a 100 x 140 box, to place inside a bigger picture (``phone``: Tim's and
    Benny's names large, without their roles)."""
    colour, value = parse(card)
    if card == "tim":
        return _named_card(SHEARS_ICON, _tim(), i18n.t("picture.moemmen.tim", lang),
                           i18n.t("picture.moemmen.tim_role", lang), phone)
    if card == "benny":
        return _named_card(PAW_ICON, _benny(), i18n.t("picture.moemmen.benny", lang),
                           i18n.t("picture.moemmen.benny_role", lang), phone)
    return _plus_card(colour, value) if value > 0 else _minus_card(colour, -value)


def card_label(card: str, lang: str = "en") -> str:
    """What a screen reader says: the card as the game names it ("red +3", "Tim the Shearer")."""
    text = card_text(card_from_name(card))
    return i18n.t(text.key, lang, **text.params)


def _svg(body: str, label: str, width: int | None) -> str:
    size = f' width="{width}" height="{round(width * CARD_H / CARD_W)}"' if width else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}"{size} role="img" '
            f'aria-label="{html.escape(label)}">{body}</svg>')


@cache
def card_svg(card: str, lang: str = "en", *, width: int | None = None, phone: bool = False) -> str:
    """One card as an inline SVG; without ``width`` it takes its container's width (CSS sizes it).
    An unknown card name raises ValueError. ``phone``: see ``card_body``."""
    return _svg(card_body(card, lang, phone), card_label(card, lang), width)


def _lattice(left: float, top: float, right: float, bottom: float, step: float) -> str:
    """Diagonal lines both ways, cut to the rectangle by hand (a clip path would need an ``id``)."""
    lines = []
    for c in range(int(top - right), int(bottom - left), int(step)):  # y = x + c
        x0, x1 = max(left, top - c), min(right, bottom - c)
        lines.append(f"M{x0:g} {x0 + c:g} L{x1:g} {x1 + c:g}")
    for c in range(int(left + top), int(right + bottom), int(step)):  # y = c - x
        x0, x1 = max(left, c - bottom), min(right, c - top)
        lines.append(f"M{x0:g} {c - x0:g} L{x1:g} {c - x1:g}")
    return " ".join(lines)


def back_body() -> str:
    """The face-down card: a diamond lattice on plum with a white sheep in an oval."""
    return (_frame("#5b4a7a", "#3b2f52")
            + f'<path d="{_lattice(9, 9, 91, 131, 12)}" stroke="#7a68a0" stroke-width="1.2"/>'
            + '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#c5b8e0" stroke-width="1.5"/>'
            + '<ellipse cx="50" cy="70" rx="31" ry="25" fill="#f3eefb" stroke="#c5b8e0" stroke-width="2.5"/>'
            + _woolly_sheep("#ffffff", "#7a68a0", 53, 67, 0.62))


@cache
def card_back_svg(lang: str = "en", *, width: int | None = None) -> str:
    return _svg(back_body(), i18n.t("picture.moemmen.back", lang), width)


def card_box(card: str | None, lang: str = "en", *, width: int | None = None, tap: str | None = None,
             phone: bool = False) -> str:
    """A card (None: face down) for the tap board; ``tap`` makes it a part that can be tapped."""
    # line-height 0: no gap for a text line's descenders under the picture; without a width CSS sizes it.
    style = "line-height:0" + (f";width:{width}px" if width else "")
    tapped = f' data-tap="{html.escape(tap)}"' if tap else ""
    picture = card_back_svg(lang) if card is None else card_svg(card, lang, phone=phone)
    return f'<div class="mm-card" style="{style}"{tapped}>{picture}</div>'


def tile_svg() -> str:
    """Home's picture of the game: a shorn sheep and two woolly ones, fanned as in a hand."""
    fanned = "".join(f'<g transform="rotate({angle} 60 140) translate(37 6) scale(0.46)">{card_body(card)}</g>'
                     for card, angle in (("blue-2", -15), ("green+3", 0), ("red+4", 15)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img">'
            '<ellipse cx="60" cy="80" rx="42" ry="6" fill="#e0e0e0"/>' + fanned + "</svg>")
