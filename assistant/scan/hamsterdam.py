"""Reading a straightened dam tracker: per strip, the flood pile's struck boxes and the flood tokens ticked.

A flood pile box carries its printed number, so a box's ink is measured against a bare box's of its
kind (heavy or light): a box struck out (a cross or one diagonal) has clearly more. The pile is struck from
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
PILE_EMPTY, PILE_STRUCK = 0.012, 0.08
TOKEN_EMPTY, TOKEN_MARKED = 0.002, 0.006
PILE_INSET = 0.15
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
    # A box's look: heavy (a breach box, bold) or light, and one digit or two.
    heavy = [(numbers().breaches_due(n) > numbers().breaches_due(n - 1), n >= 10) for n in range(1, pile + 1)]
    raw = [[_mean(dark, sheet.box(*box, inset=PILE_INSET)) for box in sheet_pdf.pile_boxes(strip, width, pile)]
           for strip in layout.strips]
    # A bare box's own ink (its number, heavy or light): the game ends when all piles together hold as
    # many tokens as one pile has boxes, so most boxes of the sheet are bare.
    bare = {style: float(np.percentile([row[n] for row in raw for n in range(pile) if heavy[n] == style], 30))
            for style in set(heavy)}
    strips = []
    for strip, row in zip(layout.strips, raw, strict=True):
        piles = [value - bare[heavy[n]] for n, value in enumerate(row)]
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
