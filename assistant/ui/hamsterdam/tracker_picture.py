"""The dam tracker's photo as the reader saw it, with what it read drawn on it (issue 27): per strip, the
flood pile's boxes read as struck and the flood token boxes read as marked framed blue, orange where the
reader is unsure of that count. The player compares it with the counts filled in below.

The reader hands back the page straightened (``rectified_png``) and, per strip, what it read; where the
boxes are printed is the printing code's (sheets/hamsterdam.py), in page points. The strips sit a little
higher or lower with the language the tracker was printed in, which the reading does not say: the
language whose printed table lines lie on the photo's dark lines is taken. The marks are drawn into the
picture itself (the page's HTML blocks take no SVG), which then is one small JPEG.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw

from assistant.games.hamsterdam.cards import numbers
from sheets import hamsterdam as tracker
from sheets.pdf import PAPERS

READ, UNSURE = (21, 101, 192), (230, 81, 0)  # blue as read, orange to look at
AROUND = 6.0  # points of the page shown above the first strip and below the last


def picture(result) -> bytes | None:
    """A JPEG of the tracker's strips cut out of the photo with the reading drawn on them, or None when the
    reading has no picture, or strips no tracker is printed with."""
    png, strips, paper = getattr(result, "rectified_png", None), getattr(result, "strips", ()), \
        getattr(result, "paper", None)
    if not isinstance(png, bytes) or not png or paper not in PAPERS or len(strips) not in numbers().end_tokens:
        return None
    try:
        with Image.open(io.BytesIO(png)) as opened:
            page = opened.convert("RGB")
        layout = _layout(page, paper, len(strips))
    except (ValueError, OSError):  # a picture that cannot be opened, a tracker the printing code cannot lay out
        return None
    width, height = PAPERS[paper]
    scale = page.width / width  # pixels a point
    top = max(0, round((height - layout.strips[0].top - AROUND) * scale))
    bottom = min(page.height, round((height - layout.strips[-1].bottom + AROUND) * scale))
    if bottom - top < 10:
        return None
    marks = Image.new("RGBA", page.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(marks)

    def box(x: float, y: float, w: float, h: float, grow: float = 0.0) -> tuple[float, ...]:
        """A PDF rectangle (lower-left corner, size; points) in the picture's pixels, ``grow`` points larger."""
        return ((x - grow) * scale, (height - y - h - grow) * scale, (x + w + grow) * scale,
                (height - y + grow) * scale)

    pile = numbers().end_tokens[len(strips)]
    for strip, read in zip(layout.strips, strips, strict=True):
        for rects, colour, whole_row in _strip_marks(strip, read, width, pile):
            for rect in rects:
                if whole_row:  # a count to look at
                    draw.rectangle(box(*rect, grow=2), outline=(*colour, 255), width=2)
                else:
                    draw.rectangle(box(*rect), fill=(*colour, 70), outline=(*colour, 255), width=2)
    shown = Image.alpha_composite(page.convert("RGBA"), marks).convert("RGB").crop((0, top, page.width, bottom))
    out = io.BytesIO()
    shown.save(out, "JPEG", quality=80, optimize=True)
    return out.getvalue()


def _layout(page: Image.Image, paper: str, players: int) -> tracker.PageLayout:
    """The tracker's layout in the language whose table lines the photo shows."""
    layouts = [tracker.page_layout(paper, players, lang) for lang in tracker.SCAN_LANGUAGES]
    if all(layout.strips == layouts[0].strips for layout in layouts):  # two strips sit alike in every language
        return layouts[0]
    dark = 1.0 - np.asarray(page.convert("L"), dtype=np.float32) / 255.0
    scale = dark.shape[1] / PAPERS[paper][0]

    def on_lines(layout: tracker.PageLayout) -> float:
        found = []
        for strip in layout.strips:
            left, right = int(strip.columns[0] * scale), int((strip.columns[-1] + strip.column_w) * scale)
            for y in (strip.table_top, strip.bottom, strip.rows["card"][0]):  # the table's heavy lines
                row = round((PAPERS[paper][1] - y) * scale)
                band = dark[max(0, row - 1):row + 2, left:right]
                found.append(float(band.max(axis=0).mean()) if band.size else 0.0)
        return sum(found) / len(found)
    return max(layouts, key=on_lines)


def _strip_marks(strip: tracker.Strip, read, width: float, pile: int):
    """One strip's marks as (rectangles, colour, whether a whole row): the pile boxes read as struck, the token
    boxes read as marked, and a frame round a row whose count is to be looked at."""
    boxes = tracker.pile_boxes(strip, width, pile)
    token_y, token_h = strip.rows["token"]
    inset = 2.0  # a token box is a whole column wide: the mark inside its lines
    tokens = [(x + inset, token_y + inset, strip.column_w - 2 * inset, token_h - 2 * inset) for x in strip.columns]
    unsure = set(getattr(read, "unsure_fields", ()) or ())
    for field, row, inks, from_left in (("flood_pile", boxes, "pile_inks", True),
                                        ("dam_tokens", tokens, "token_inks", False)):
        chosen = _chosen(getattr(read, field, 0), getattr(read, inks, ()) or (), len(row), from_left=from_left)
        colour = UNSURE if field in unsure else READ
        yield [row[n] for n in chosen], colour, False
        if field in unsure:
            left, right = row[0][0], row[-1][0] + row[-1][2]
            low, high = min(r[1] for r in row), max(r[1] + r[3] for r in row)
            yield [(left, low, right - left, high - low)], UNSURE, True


def _chosen(count, inks, boxes: int, *, from_left: bool) -> list[int]:
    """Which boxes the reader counted: a pile's first ``count`` (it is struck from the left, and the reader
    counts to where the struck run ends); the tokens' ``count`` inkiest by the reader's own measure, none
    without it (any card may hold one)."""
    count = count if type(count) is int and 0 <= count <= boxes else 0
    if from_left:
        return list(range(count))
    if len(inks) == boxes:
        return sorted(sorted(range(boxes), key=lambda n: inks[n], reverse=True)[:count])
    return []
