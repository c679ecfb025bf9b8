"""Reading a straightened dam tracker: per strip, the flood pile's struck boxes and the flood tokens ticked.

A flood pile box carries its printed number, often as much ink as a pen's strike over it, so the
box as printed is drawn again and taken away (printed.py); what is left is the pen's. Each player
writes with their own pen, so a strip's boxes are judged against that strip's clearly struck ones.
The pile is struck from the left: the count is where the struck boxes end (a weak strike between
strong ones is a strike the print hid), and it is doubted when a box at that end is neither clearly
struck nor clearly bare, or the boxes break the rule. The game ends when the piles together hold the
end number, so if they seem to hold fewer, some strike did not show: a pile read as empty is doubted,
and if no pile is in doubt, all are. The flood token row has one box per dam card; a mark in it is a token on that card.
What the tracker cannot tell (several tokens on one card, the hamsters tallied in their row) is not read.

``result`` is what assistant/scan's ``read_photo`` gives for a tracker (the registry names this module
as Hamsterdam's reader), with the score check's entries of it (``check_player``, ``score_check_data``)
and the counts to look at (``unsure``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from reportlab.lib.units import mm

from assistant.games.hamsterdam.cards import numbers
from assistant.scan import ink, printed
from assistant.scan.result import ScanResult
from assistant.scan.sheet import PX_PER_MM, Sheet
from sheets import hamsterdam as sheet_pdf
from sheets.pdf import PAPERS

# A pile box's ink (ink.py, the print taken away), above the sheet's bare boxes': below PILE_EMPTY (or
# PILE_SHARE / 2 of the strip's struck boxes) bare, from PILE_STRUCK (or PILE_SHARE of them) struck.
# A token box's likewise (no print inside). Chosen on tuning photos (tests/scan/photos.py, seeds 0..999).
PILE_EMPTY, PILE_STRUCK, PILE_SHARE = 0.005, 0.022, 0.3
PILE_INSET = 0.12
BARE_PERCENTILE = 30  # most of a tracker's pile boxes are bare at the game's end: the piles share one
TOKEN_EMPTY, TOKEN_MARKED = 0.002, 0.006
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
    relative = ink.relative(sheet.gray)
    below = ink.floor(relative)
    dark = ink.darkness(relative, below)
    pile = numbers().end_tokens[kind.players]
    inks = _pile_inks(sheet, layout, relative, pile, below)
    bare = float(np.percentile(np.concatenate(inks), BARE_PERCENTILE))
    counts = [_count(row - bare) for row in inks]
    if sum(count for count, _ in counts) < pile:  # the piles seem to hold fewer than the game's end:
        counts = [(count, unsure or count == 0) for count, unsure in counts]  # an empty one may hide strikes,
        if not any(unsure for _, unsure in counts):  # and if none is in doubt, which one does cannot be told
            counts = [(count, True) for count, _ in counts]
    strips = []
    for strip, row, (flood, pile_unsure) in zip(layout.strips, inks, counts, strict=True):
        token_y, token_h = strip.rows["token"]
        tokens = [_mean(dark, sheet.box(x, token_y, strip.column_w, token_h, inset=TOKEN_INSET))
                  for x in strip.columns]
        marked = sum(value >= (TOKEN_EMPTY + TOKEN_MARKED) / 2 for value in tokens)
        token_unsure = any(TOKEN_EMPTY <= value < TOKEN_MARKED for value in tokens)
        strips.append(DamStrip(flood, pile_unsure, numbers().breaches_due(flood), marked, token_unsure,
                               tuple(float(value) for value in row - bare), tuple(tokens)))
    return tuple(strips)


def _pile_inks(sheet: Sheet, layout, relative: np.ndarray, pile: int, below: float) -> list[np.ndarray]:
    """Every strip's pile boxes' ink, the print taken away (printed.py): a box's mean darkness beyond
    the printed box's, inside PILE_INSET of its side."""
    width = PAPERS[sheet.kind.paper][0]
    heavy = [numbers().breaches_due(n) > numbers().breaches_due(n - 1) for n in range(1, pile + 1)]
    around = printed.AROUND_MM * mm
    pairs = []
    for strip in layout.strips:
        for number, (x, y, w, h) in enumerate(sheet_pdf.pile_boxes(strip, width, pile), start=1):
            template = printed.softened(printed.pile_box(number, heavy[number - 1], w), sheet.blur_mm)
            top, _, left, _ = sheet.box(x - around, y - around, w + 2 * around, h + 2 * around)
            pairs.append(printed.placed(relative, template, top, left))
    black = printed.contrast(pairs)  # the print as dark as the photo shows it
    paper_px = int(round(printed.AROUND_MM * PX_PER_MM))
    values = []
    for box, template in pairs:
        shown = 1 - black * (1 - template)
        beyond = np.clip(shown - box - below, 0, 1)
        inner = beyond[paper_px:beyond.shape[0] - paper_px, paper_px:beyond.shape[1] - paper_px]  # the box
        inset = int(round(inner.shape[0] * PILE_INSET))
        inner = inner[inset:inner.shape[0] - inset, inset:inner.shape[1] - inset]
        values.append(float(inner.mean()) if inner.size else 0.0)
    return [np.array(values[n * pile:(n + 1) * pile]) for n in range(len(layout.strips))]


def _count(values: np.ndarray) -> tuple[int, bool]:
    """(boxes struck, unsure) of one strip's pile from its boxes' ink above bare.

    The count is where struck boxes end: the split of the row into a struck run and a bare rest
    that fits the inks best (least squares, the bare rest at no ink). It is unsure when the last
    box counted is not clearly struck or one of the next two not clearly bare (a strike the print
    hid leaves a gap of a box), or when a clearly bare box comes before it or a clearly struck one
    after it."""
    struck = values[values >= PILE_STRUCK]
    strength = float(np.median(struck)) if struck.size else 0.0
    bare_below, struck_from = max(PILE_EMPTY, PILE_SHARE / 2 * strength), max(PILE_STRUCK, PILE_SHARE * strength)
    costs = [float(((values[:k] - values[:k].mean()) ** 2).sum() if k else 0.0) + float((values[k:] ** 2).sum())
             for k in range(len(values) + 1)]
    count = int(np.argmin(costs))
    before, after = values[:count], values[count:]
    unsure = bool((count and before[-1] < struck_from) or (after[:2] >= bare_below).any()
                  or (before < bare_below).any() or (after >= struck_from).any())
    return count, unsure




def _mean(dark: np.ndarray, box: tuple[int, ...]) -> float:
    top, bottom, left, right = box
    patch = dark[top:bottom, left:right]
    return float(patch.mean()) if patch.size else 0.0


# --- the reader's part in read_photo (assistant/scan/__init__.py) ----------------------------------------
def result(found: Sheet, side: str | None, common: dict) -> ScanResult:
    """The tracker in ``found`` read, a strip per player (``side`` is a Hamstern sheet's: not used)."""
    strips = read(found)
    first = strips[0]
    return ScanResult("hamsterdam", None, flood_pile=first.flood_pile, breaches=first.breaches,
                      dam_tokens=first.dam_tokens, unsure_fields=first.unsure_fields, strips=strips, **common)


def check_player(result: ScanResult, name: str, strip: int = 0) -> dict:
    """Strip ``strip``'s entry in the score check's JSON (0 is the top one): ``{"name", "flood_pile",
    "dam_tokens"}``, without "hamsters", which the tracker does not show."""
    if not 0 <= strip < len(result.strips):
        raise ValueError(f"the tracker has {len(result.strips)} strips, not a strip {strip + 1}")
    read = result.strips[strip]
    return {"name": name, "flood_pile": read.flood_pile, "dam_tokens": read.dam_tokens}


def score_check_data(result: ScanResult, names: list[str] | None = None) -> dict:
    names = names or [f"Player {n + 1}" for n in range(len(result.strips))]
    return {"players": [check_player(result, name, n) for n, name in enumerate(names[:len(result.strips)])]}


def unsure(result: ScanResult) -> list[list[str]]:
    return [list(strip.unsure_fields) for strip in result.strips]
