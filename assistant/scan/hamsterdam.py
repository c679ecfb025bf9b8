"""Reading a straightened dam tracker: per strip, the flood pile's struck boxes and the flood tokens ticked.

A flood pile box carries its printed number in the middle, so only its corners are measured: a box
struck out (a cross or one diagonal) has ink there, a bare one has none. The pile is struck from
the left, so a gap makes the count unsure. The flood token row has one box per dam card; a mark in
it is a token on that card. What the tracker cannot tell (several tokens on one card, the hamsters
tallied in their row) is not read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from assistant.games.hamsterdam.cards import numbers
from assistant.scan import ink
from assistant.scan.sheet import Sheet
from sheets import hamsterdam as sheet_pdf
from sheets.pdf import PAPERS

# A box's mean ink (ink.py) outside its printed number: below EMPTY bare, from STRUCK on struck, else
# unsure. A token box's likewise. Chosen on tuning photos (tests/scan/photos.py, seeds 0..999).
PILE_EMPTY, PILE_STRUCK = 0.004, 0.015
TOKEN_EMPTY, TOKEN_MARKED = 0.002, 0.006
PILE_INSET = 0.1
DIGIT_W, DIGIT_H = 0.7, 0.5  # of a pile box: the middle part left out, where its number is printed
TOKEN_INSET = 0.15


@dataclass(frozen=True)
class DamStrip:
    """One player's strip of the tracker, as read."""

    flood_pile: int  # boxes struck on the flood pile
    flood_pile_unsure: bool
    breaches: int  # the breaches that flood pile has called for (the heavy boxes with the crack icon)
    dam_tokens: int  # flood token boxes with a mark
    dam_tokens_unsure: bool
    pile_inks: tuple[float, ...] = ()
    token_inks: tuple[float, ...] = ()

    @property
    def unsure_fields(self) -> tuple[str, ...]:
        return tuple(name for name, unsure in (("flood_pile", self.flood_pile_unsure),
                                               ("dam_tokens", self.dam_tokens_unsure)) if unsure)


def read(sheet: Sheet) -> tuple[DamStrip, ...]:
    kind = sheet.kind
    layout = sheet_pdf.page_layout(kind.paper, kind.players, kind.lang)
    dark = ink.darkness(ink.relative(sheet.gray))
    width = PAPERS[kind.paper][0]
    pile = numbers().end_tokens[kind.players]
    strips = []
    for strip in layout.strips:
        piles = [_corner_ink(dark, sheet.box(*box, inset=PILE_INSET))
                 for box in sheet_pdf.pile_boxes(strip, width, pile)]
        struck = [value >= (PILE_EMPTY + PILE_STRUCK) / 2 for value in piles]
        flood = sum(struck)
        gaps = struck != sorted(struck, reverse=True)  # struck from the left: a gap is a misreading
        pile_unsure = gaps or any(PILE_EMPTY <= value < PILE_STRUCK for value in piles)
        token_y, token_h = strip.rows["token"]
        tokens = [_mean(dark, sheet.box(x, token_y, strip.column_w, token_h, inset=TOKEN_INSET))
                  for x in strip.columns]
        marked = sum(value >= (TOKEN_EMPTY + TOKEN_MARKED) / 2 for value in tokens)
        token_unsure = any(TOKEN_EMPTY <= value < TOKEN_MARKED for value in tokens)
        strips.append(DamStrip(flood, pile_unsure, numbers().breaches_due(flood), marked, token_unsure,
                               tuple(piles), tuple(tokens)))
    return tuple(strips)


def _mean(dark: np.ndarray, box: tuple[int, ...]) -> float:
    top, bottom, left, right = box
    patch = dark[top:bottom, left:right]
    return float(patch.mean()) if patch.size else 0.0


def _corner_ink(dark: np.ndarray, box: tuple[int, ...]) -> float:
    """The box's mean ink with its middle (the printed number) left out."""
    top, bottom, left, right = box
    patch = dark[top:bottom, left:right]
    if not patch.size:
        return 0.0
    rows, cols = patch.shape
    keep = np.ones(patch.shape, bool)
    cut_r, cut_c = int(rows * (1 - DIGIT_H) / 2), int(cols * (1 - DIGIT_W) / 2)
    keep[cut_r:rows - cut_r, cut_c:cols - cut_c] = False
    return float(patch[keep].mean())
