"""How much pen or pencil is in a box of the straightened sheet, whatever the light was.

The paper's brightness is estimated around every pixel by a morphological closing (the brightest
of a 9 mm neighbourhood, then the darkest of those): pen strokes and the printed pictures vanish
from it, while the print's larger shades (grey earth, the dark start chamber) and the light and
shadows across the sheet stay. Ink is how much darker a pixel is than that paper, so a cross on
the grey start chamber or in a shadow counts like one on white paper in good light.

A box's ink is the mean of that darkness over the box: blurring moves darkness around but keeps its
sum, so a soft photo gives about the same figure as a sharp one.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.scan.sheet import PX_PER_MM

# Darkness below this is paper grain, JPEG noise and the unevenness of the estimate, not ink; in a noisy
# photo (a dim room's), darkness up to NOISE_SIGMAS of its noise is grain too (floor()).
FLOOR = 0.1
NOISE_SIGMAS = 6.0
NEIGHBOURHOOD_MM = 5.0


def relative(gray: np.ndarray) -> np.ndarray:
    """Each pixel's brightness as a share of the paper's (or the printed shade's) around it: 1 for
    bare paper, less for ink and for printed pictures smaller than the neighbourhood."""
    size = int(NEIGHBOURHOOD_MM * PX_PER_MM) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    paper = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    # Closing fills the gaps between small bright things too (a mushroom's white spots on the grey
    # start chamber would light up the square around them): opening takes those away again.
    paper = cv2.morphologyEx(paper, cv2.MORPH_OPEN, kernel)
    return gray / np.maximum(paper, 0.04)


def floor(relative_brightness: np.ndarray) -> float:
    """The darkness below which a pixel is paper: FLOOR, or NOISE_SIGMAS of the photo's noise where that
    is more. A noisy photo's paper is as grainy as pencil, and the paper estimate (the brightest around)
    sits on its brightest grains, so all of it would look a little inked. The noise is measured as the
    spread of what a soft blur takes away (the median's, which the print's and the pen's edges barely move)."""
    residual = relative_brightness - cv2.GaussianBlur(relative_brightness, (0, 0), 2.0)
    noise = 1.4826 * float(np.median(np.abs(residual - np.median(residual))))
    return max(FLOOR, NOISE_SIGMAS * noise)


def darkness(relative_brightness: np.ndarray, below: float = FLOOR) -> np.ndarray:
    """0 where the paper (or print) is as bright as around it, up to 1 for black ink on white; darkness
    up to ``below`` (floor()) does not count."""
    return np.clip(1 - relative_brightness - below, 0, 1)


def disc_mask(shape: tuple[int, int], discs) -> np.ndarray:
    """True everywhere but in the given discs ((x, y, radius) in pixels): where printed pictures are not."""
    mask = np.full(shape, 255, np.uint8)
    for x, y, radius in discs:
        cv2.circle(mask, (int(round(x * 4)), int(round(y * 4))), int(round(radius * 4)), 0, -1, cv2.LINE_8, shift=2)
    return mask > 0


def spread(ink: np.ndarray) -> float:
    """How far the ink reaches across its box, as a share of the box's size (0..~0.4): the square root
    of the smaller principal second moment. A cross reaches both ways; a tick or a dot does not."""
    total = float(ink.sum())
    if total <= 1e-6:
        return 0.0
    rows, cols = np.indices(ink.shape, dtype=np.float32)
    mean_r, mean_c = float((rows * ink).sum()) / total, float((cols * ink).sum()) / total
    dr, dc = rows - mean_r, cols - mean_c
    covariance = np.array([[(dr * dr * ink).sum(), (dr * dc * ink).sum()],
                           [(dr * dc * ink).sum(), (dc * dc * ink).sum()]]) / total
    smaller = float(np.linalg.eigvalsh(covariance)[0])
    return float(np.sqrt(max(smaller, 0.0))) / max(ink.shape)
