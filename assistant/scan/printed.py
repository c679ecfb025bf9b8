"""What the printer put in a small box, drawn again so that it can be taken away from the photo's box.

A dam tracker's flood pile box is 4 mm wide and carries its number, bold and black on a heavy box,
grey on a light one; a pen's strike over it is often no more ink than the number itself. The reader
knows what was printed (sheets/hamsterdam.py draws it: the box's outline, its number in the sheets'
font), so it draws the bare box once more, softens it as the photo is soft, finds where it lies in
the photo's box to a fraction of a pixel (the straightening is a pixel or so off), and counts as ink
only what is darker than that.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
import reportlab
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.units import mm

from assistant.scan.sheet import PX_PER_MM

SUPERSAMPLE = 8  # drawn this much finer, then shrunk: the edges come out as the camera's pixels see them
AROUND_MM = 1.0  # paper drawn around the box, which the blur spills the outline into
REACH_PX = 2  # how far from its expected place a box is looked for
FONTS = Path(reportlab.__file__).parent / "fonts"  # the sheets' font (sheets/pdf.py: Vera)


@cache
def pile_box(number: int, heavy: bool, size_pt: float) -> np.ndarray:
    """A flood pile box as sheets/hamsterdam.py prints it (``_draw_pile``): brightness 0..1 at
    PX_PER_MM, with AROUND_MM of paper on every side. Heavy: a 1.5 pt outline, the number bold and
    black; light: a 0.6 pt outline, the number grey (0.5)."""
    per_pt = PX_PER_MM * SUPERSAMPLE / mm
    box, around = size_pt * per_pt, AROUND_MM * mm * per_pt
    side = int(round(box + 2 * around))
    image = Image.new("L", (side, side), 255)
    draw = ImageDraw.Draw(image)
    line = (1.5 if heavy else 0.6) * per_pt
    # A PDF stroke is centred on the path: half of it falls outside the box, half inside.
    draw.rectangle([around - line / 2, around - line / 2, around + box + line / 2, around + box + line / 2],
                   outline=0, width=max(int(round(line)), 1))
    font = ImageFont.truetype(str(FONTS / ("VeraBd.ttf" if heavy else "Vera.ttf")), int(round(5.5 * per_pt)))
    # drawCentredString(x + box / 2, bottom + box / 2 - 2): the baseline 2 pt below the box's middle.
    draw.text((around + box / 2, around + box / 2 + 2 * per_pt), str(number), fill=0 if heavy else 128, font=font,
              anchor="ms")
    drawn = np.asarray(image, np.float32) / 255
    return cv2.resize(drawn, None, fx=1 / SUPERSAMPLE, fy=1 / SUPERSAMPLE, interpolation=cv2.INTER_AREA)


def softened(template: np.ndarray, blur_mm: float) -> np.ndarray:
    sigma = blur_mm * PX_PER_MM
    return cv2.GaussianBlur(template, (0, 0), sigma) if sigma > 0.3 else template


def placed(relative: np.ndarray, template: np.ndarray, top: int, left: int) -> tuple[np.ndarray, np.ndarray]:
    """(the photo's box, the template where it fits it best): ``relative`` (ink.relative) around the
    expected place (top, left) is searched REACH_PX each way for the best match, which is then taken
    to a fraction of a pixel by shifting the template."""
    rows, cols = template.shape
    reach = REACH_PX
    area = relative[top - reach:top + rows + reach, left - reach:left + cols + reach]
    if top < reach or left < reach or area.shape != (rows + 2 * reach, cols + 2 * reach):
        return relative[top:top + rows, left:left + cols], template[:max(0, relative.shape[0] - top),
                                                                    :max(0, relative.shape[1] - left)]
    score = cv2.matchTemplate(area.astype(np.float32), template, cv2.TM_CCOEFF_NORMED)
    _, _, _, (x, y) = cv2.minMaxLoc(score)
    dx = peak(score[y, x - 1:x + 2]) if 0 < x < 2 * reach else 0.0
    dy = peak(score[y - 1:y + 2, x]) if 0 < y < 2 * reach else 0.0
    shifted = cv2.warpAffine(template, np.float32([[1, 0, dx], [0, 1, dy]]), (cols, rows),
                             flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return area[y:y + rows, x:x + cols], shifted


def contrast(pairs: list[tuple[np.ndarray, np.ndarray]]) -> float:
    """How dark the photo shows black print, as a share of black (a photo's black is a dark grey):
    the median over every box's printed pixels (a pen's strokes darken few of them)."""
    ratios = [(1 - box[template < 0.6]) / (1 - template[template < 0.6]) for box, template in pairs]
    ratios = [ratio for ratio in ratios if ratio.size]
    return float(np.median(np.concatenate(ratios))) if ratios else 1.0


def peak(scores: np.ndarray) -> float:
    """Where between its neighbours a three-point peak really lies (a parabola through them)."""
    if len(scores) < 3:
        return 0.0
    left, middle, right = (float(value) for value in scores)
    bend = left - 2 * middle + right
    return 0.0 if bend >= 0 else float(np.clip(0.5 * (left - right) / bend, -0.5, 0.5))
