"""The dam tracker's photo as the reader saw it, with what it read drawn over it (issue 27): per strip, the
flood pile's boxes read as struck and the flood token boxes read as marked framed blue, orange where the
reader is unsure of that count. The player compares it with the counts filled in below.

The reader hands back the page straightened (``rectified_png``) and, per strip, what it read; where the
boxes are printed is the printing code's (sheets/hamsterdam.py), in page points. The strips sit a little
higher or lower with the language the tracker was printed in, which the reading does not say: the
language whose printed table lines lie on the photo's dark lines is taken.
"""

from __future__ import annotations

import base64
import io

import numpy as np
from PIL import Image

from assistant.games.hamsterdam.cards import numbers
from assistant.ui.scan_photo import picture_part
from sheets import hamsterdam as tracker
from sheets.pdf import PAPERS
from sheets.scan_marks import DAM_LANGUAGES

READ, UNSURE = "#1565c0", "#e65100"
AROUND = 6.0  # points of the page shown above the first strip and below the last


def picture(result) -> str | None:
    """The HTML of the tracker's strips cut out of the photo with the reading drawn over them, or None
    when the reading has no picture or strips this tracker could have."""
    png, strips, paper = getattr(result, "rectified_png", None), getattr(result, "strips", ()), \
        getattr(result, "paper", None)
    if not isinstance(png, bytes) or not png or paper not in PAPERS or not strips:
        return None
    players = len(strips)
    if players not in numbers().end_tokens:
        return None
    try:
        layout = _layout(png, paper, players)
    except (ValueError, OSError):  # a tracker the printing code cannot lay out, a picture that cannot be opened
        return None
    width, height = PAPERS[paper]
    top, bottom = layout.strips[0].top + AROUND, layout.strips[-1].bottom - AROUND
    box = (0.0, (height - top) / height, 1.0, (height - bottom) / height)
    cut = picture_part(png, box)
    if cut is None:
        return None
    jpeg, (left, up, right, down) = cut
    # The drawing's units are page points from the top: the cut-out's place in them is its viewBox.
    span = box[3] - box[1]
    view = (left * width, (box[1] + up * span) * height, (right - left) * width, (down - up) * span * height)
    marks = "".join(_strip_marks(layout.strips[n], strip, width, height, numbers().end_tokens[players])
                    for n, strip in enumerate(strips))
    src = f"data:image/jpeg;base64,{base64.b64encode(jpeg).decode()}"
    return (f'<div class="hd-photo-read"><img src="{src}" alt="">'
            f'<svg viewBox="{" ".join(f"{v:.2f}" for v in view)}" preserveAspectRatio="none">{marks}</svg></div>')


def _layout(png: bytes, paper: str, players: int) -> tracker.PageLayout:
    """The tracker's layout in the language whose table lines the photo shows."""
    layouts = {lang: tracker.page_layout(paper, players, lang) for lang in DAM_LANGUAGES}
    first, *others = layouts.values()
    if all(layout.strips == first.strips for layout in others):  # two strips sit alike in every language
        return first
    with Image.open(io.BytesIO(png)) as image:
        dark = 1.0 - np.asarray(image.convert("L"), dtype=np.float32) / 255.0
    scale = dark.shape[1] / PAPERS[paper][0]  # pixels a point

    def on_lines(layout: tracker.PageLayout) -> float:
        rows = []
        for strip in layout.strips:
            left, right = int(strip.columns[0] * scale), int((strip.columns[-1] + strip.column_w) * scale)
            for y in (strip.table_top, strip.bottom, strip.rows["card"][0]):  # the table's heavy lines
                row = int(round((PAPERS[paper][1] - y) * scale))
                band = dark[max(0, row - 1):row + 2, left:right]
                rows.append(float(band.max(axis=0).mean()) if band.size else 0.0)
        return sum(rows) / len(rows)
    return max(layouts.values(), key=on_lines)


def _strip_marks(strip: tracker.Strip, read, width: float, height: float, pile: int) -> str:
    """One strip's marks: the pile boxes read as struck, the token boxes read as marked."""
    boxes = tracker.pile_boxes(strip, width, pile)
    struck = _chosen(getattr(read, "flood_pile", 0), getattr(read, "pile_inks", ()), len(boxes), from_left=True)
    unsure = set(getattr(read, "unsure_fields", ()))
    token_y, token_h = strip.rows["token"]
    tokens = [(x, token_y, strip.column_w, token_h) for x in strip.columns]
    marked = _chosen(getattr(read, "dam_tokens", 0), getattr(read, "token_inks", ()), len(tokens), from_left=False)
    parts = [_boxes([boxes[n] for n in struck], height, "flood_pile" in unsure),
             _boxes([tokens[n] for n in marked], height, "dam_tokens" in unsure, inset=2.0)]
    for field, row in (("flood_pile", boxes), ("dam_tokens", tokens)):
        if field in unsure:  # the whole row framed: the count to look at
            left, bottom = row[0][0] - 2, min(b[1] for b in row) - 2
            right, top = row[-1][0] + row[-1][2] + 2, max(b[1] + b[3] for b in row) + 2
            parts.append(f'<rect class="unsure" x="{left:.2f}" y="{height - top:.2f}" width="{right - left:.2f}" '
                         f'height="{top - bottom:.2f}"/>')
    return "".join(parts)


def _chosen(count, inks, boxes: int, *, from_left: bool) -> list[int]:
    """Which boxes the reader counted: the ``count`` inkiest (its own measure), or without the measures the
    first ``count`` of a pile (struck from the left) and none of the tokens (any card may hold one)."""
    count = count if type(count) is int and 0 <= count <= boxes else 0
    if len(inks) == boxes:
        return sorted(sorted(range(boxes), key=lambda n: inks[n], reverse=True)[:count])
    return list(range(count)) if from_left else []


def _boxes(boxes, height: float, unsure: bool, inset: float = 0.0) -> str:
    kind = "unsure-box" if unsure else "read"
    return "".join(f'<rect class="{kind}" x="{x + inset:.2f}" y="{height - y - h + inset:.2f}" '
                   f'width="{w - 2 * inset:.2f}" height="{h - 2 * inset:.2f}"/>' for x, y, w, h in boxes)


def style() -> str:
    """The picture's look: the photo as wide as the page allows (640 px at most), the marks over it."""
    return (f"<style>.hd-photo-read {{ position: relative; max-width: 640px; }}"
            f".hd-photo-read img {{ display: block; width: 100%; height: auto; }}"
            f".hd-photo-read svg {{ position: absolute; inset: 0; width: 100%; height: 100%; }}"
            f".hd-photo-read rect {{ stroke-width: 1.2; }}"
            f".hd-photo-read .read {{ fill: {READ}; fill-opacity: .22; stroke: {READ}; }}"
            f".hd-photo-read .unsure-box {{ fill: {UNSURE}; fill-opacity: .3; stroke: {UNSURE}; }}"
            f".hd-photo-read .unsure {{ fill: none; stroke: {UNSURE}; stroke-dasharray: 3 2; }}</style>")

