"""The paper's own outline in a photo: where to look for the corner markers a soft photo hid.

In a soft photo the marker detector may find only one or two of a sheet's four markers, and a map of
the page guessed from one or two markers a few millimetres wide misses the others by centimetres on
a tilted sheet. The sheet of paper itself is large: its four edges against the table are found even
in a blurred photo (paper is light and grey, a table darker or more coloured), and its corners, with
the markers found, give a map good to a few millimetres (the print's place on the paper varies by
printer), near enough to find the missing markers (markers.complete) and then read the page by them.
"""

from __future__ import annotations

import cv2
import numpy as np

from sheets import scan_marks
from sheets.pdf import PAPERS

WORK_SIDE = 800  # the outline is looked for on a copy this long
LEAST_SHARE = 0.15  # of the photo: a smaller light shape is no whole sheet


def page_map(gray: np.ndarray, colour: np.ndarray, paper: str, found: dict[int, np.ndarray],
             page_px) -> np.ndarray | None:
    """Page (mm, origin top-left) -> photo pixels, from the paper's outline turned to agree with the
    markers ``found`` (corner -> quad), refined by them; None if no outline agrees with them."""
    width, height = (value / 72 * 25.4 for value in PAPERS[paper])
    page = np.float64([[0, 0], [width, 0], [width, height], [0, height]])
    marker_page = np.vstack([page_px(paper, scan_marks.marker_corners(paper, corner), 1.0) for corner in found])
    marker_photo = np.vstack(list(found.values()))
    side = float(np.mean([np.linalg.norm(quad[1] - quad[0]) for quad in found.values()]))
    best = None
    for outline in _outlines(gray, colour):
        for turn in range(4):  # which photo corner is the page's top-left: a photo never mirrors a page
            corners = np.roll(outline, -turn, axis=0)
            matrix = cv2.getPerspectiveTransform(page.astype(np.float32), corners.astype(np.float32))
            seen = cv2.perspectiveTransform(marker_page.reshape(-1, 1, 2), matrix).reshape(-1, 2)
            miss = float(np.median(np.linalg.norm(seen - marker_photo, axis=1)))
            if best is None or miss < best[0]:
                best = (miss, corners)
    if best is None or best[0] > 2 * side:  # the markers found are not where this outline puts them
        return None
    source = np.vstack([page, marker_page])
    target = np.vstack([best[1], marker_photo])
    matrix, _ = cv2.findHomography(source, target, 0)
    return matrix


def _outlines(gray: np.ndarray, colour: np.ndarray):
    """Candidate quadrilaterals (photo pixels, clockwise from any corner) of a light sheet: by
    brightness, and by colour (paper is grey, wood is not), each split from the rest by Otsu."""
    scale = min(1.0, WORK_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    saturation = cv2.cvtColor(cv2.resize(colour, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA),
                              cv2.COLOR_BGR2HSV)[..., 1]
    for image in (cv2.bitwise_not(saturation), small):
        smooth = cv2.GaussianBlur(image, (0, 0), 2)
        _, mask = cv2.threshold(smooth, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            continue
        largest = max(contours, key=cv2.contourArea)
        if cv2.contourArea(largest) < LEAST_SHARE * mask.size:
            continue
        hull = cv2.convexHull(largest)
        quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
        if len(quad) != 4:
            continue
        quad = quad.astype(np.float64) / scale
        if _turning(quad) < 0:  # clockwise on the screen (y down), as the page's corners are listed
            quad = quad[::-1]
        yield quad


def _turning(quad: np.ndarray) -> float:
    """Twice the signed area: positive when the corners run clockwise on the screen (y down)."""
    x, y = quad[:, 0], quad[:, 1]
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
