"""Finding the sheet in a photo by its corner markers, and straightening it.

The markers (sheets/scan_marks.py) say which sheet it is and where its corners are; from their
corners a homography maps the page onto the photo, and the page is warped back to a straight
image of PX_PER_MM pixels a millimetre, where every box sits where the PDF drew it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from reportlab.lib.units import mm

from assistant.scan import markers, outline
from assistant.scan.errors import ScanRefused
from sheets import scan_marks
from sheets.pdf import PAPERS

PX_PER_MM = 5.0  # the straightened sheet: a 14 mm cell is 70 pixels, a 4 mm flood box 20
LEAST_PX_PER_MM = 2.2  # below this a pencil cross is a pixel wide in the photo
# How soft a photo may be: its edges' spread (a Gaussian sigma, mm; _blur_mm). Past MOST_BLUR_MM even a
# pen's crosses start to merge with the print around them; a very faint pen (a hard pencil) fades into
# the paper sooner, so a sheet crossed with one (or showing no cross) is refused past FAINT_PEN_BLUR_MM
# (hamstern.py, once its pen is seen: cells.fading). Fewer than three markers found in a photo softer
# than SOFT_MM: it is the blur that hid them.
MOST_BLUR_MM = 0.40
FAINT_PEN_BLUR_MM = 0.31
SOFT_MM = 0.28
# Grey levels between the light and the dark parts of a picture seen from afar: a sheet on a table, blurred
# or not, has its paper, its print and the table; a bare table's grain and a camera's noise average away.
BARE_CONTRAST = 25
# The page is allowed to reach this far out of the photo (in mm) before it counts as cut off: the
# markers sit 5 mm inside the paper's edge.
OUTSIDE_MM = 3.0


@dataclass(frozen=True)
class Sheet:
    """A sheet found in a photo, straightened."""

    kind: scan_marks.SheetKind
    gray: np.ndarray  # float32, 0 (black) .. 1 (white), PX_PER_MM
    colour: np.ndarray  # uint8 BGR, the same
    px_per_mm: float  # how many of the photo's pixels a millimetre of the sheet had
    blur_mm: float  # how far the photo's edges spread (a Gaussian's sigma), in millimetres

    def at(self, x_pt: float, y_pt: float) -> tuple[float, float]:
        """The straightened image's pixel (x, y) of a page point (points, origin bottom-left)."""
        return x_pt / mm * PX_PER_MM, (PAPERS[self.kind.paper][1] - y_pt) / mm * PX_PER_MM

    def box(self, x_pt: float, y_pt: float, w_pt: float, h_pt: float, inset: float = 0.0) -> tuple[int, ...]:
        """(top, bottom, left, right) pixel slice of a PDF rectangle (lower-left corner, size), shrunk
        on every side by ``inset`` of its smaller side."""
        shrink = inset * min(w_pt, h_pt)
        left, top = self.at(x_pt + shrink, y_pt + h_pt - shrink)
        right, bottom = self.at(x_pt + w_pt - shrink, y_pt + shrink)
        return int(round(top)), int(round(bottom)), int(round(left)), int(round(right))


def find(image: np.ndarray) -> Sheet:
    """The sheet in a BGR photo, straightened; ScanRefused saying what is wrong with the photo."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    by_kind: dict[int, dict[int, np.ndarray]] = {}
    for marker, quad in markers.detect(gray).items():
        kind, corner = scan_marks.read_id(marker)
        by_kind.setdefault(kind, {})[corner] = quad
    if not by_kind:
        raise ScanRefused("scan.blurred" if _looks_blurred(gray) else "scan.no_sheet")
    if sum(len(corners) >= 2 for corners in by_kind.values()) > 1:
        raise ScanRefused("scan.one_sheet")
    number, corners = max(by_kind.items(), key=lambda item: len(item[1]))
    kind = scan_marks.kinds()[number]
    if len(corners) < len(scan_marks.CORNERS):
        # One or two markers (a soft photo) place the others badly on a tilted sheet, the paper's edges well.
        guess = outline.page_map(gray, image, kind.paper, corners, markers.page_px) if len(corners) < 3 else None
        corners = markers.complete(gray, number, corners, guess)
        if len(corners) < 3 and guess is not None:  # the outline was not the sheet's: the markers' own map
            corners = markers.complete(gray, number, corners)
    if len(corners) < 3:
        raise ScanRefused(_why_missing(gray, number, corners))
    to_photo = _homography(kind, corners)
    _check_whole(kind, to_photo, gray.shape)
    px_per_mm = _photo_scale(kind, to_photo)
    if px_per_mm < LEAST_PX_PER_MM:
        raise ScanRefused("scan.too_far")
    blur = _blur_mm(gray, kind, corners, px_per_mm)
    if blur > MOST_BLUR_MM:
        raise ScanRefused("scan.blurred")
    colour = _straighten(image, kind, to_photo, px_per_mm)
    straight_gray = cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY).astype(np.float32) / 255
    return Sheet(kind, straight_gray, colour, px_per_mm, blur)


def _page_px(paper: str, points) -> np.ndarray:
    """Page points (pt, origin bottom-left) as straightened-image pixels."""
    return markers.page_px(paper, points, PX_PER_MM)


def _why_missing(gray: np.ndarray, kind: int, corners: dict[int, np.ndarray]) -> str:
    """Fewer than three markers: too soft if the ones found are, cut off if a missing one's place is
    well outside the photo, else (covered, in deep shadow) the same advice as cut off."""
    if _blur_mm(gray, scan_marks.kinds()[kind], corners, 0.0) > SOFT_MM:
        return "scan.blurred"
    guess = markers.rough_map(scan_marks.kinds()[kind].paper, corners)
    rows, cols = gray.shape[:2]
    slack = 0.05 * max(rows, cols)  # one marker tells little of the perspective: only clearly outside counts
    for corner in range(len(scan_marks.CORNERS)):
        if corner not in corners:
            quad = markers.expected(guess, kind, corner)
            if (quad[:, 0].min() < -slack or quad[:, 1].min() < -slack or quad[:, 0].max() > cols + slack
                    or quad[:, 1].max() > rows + slack):
                return "scan.half_sheet"
    return "scan.blurred" if _looks_blurred(gray) else "scan.half_sheet"


def _homography(kind: scan_marks.SheetKind, corners: dict[int, np.ndarray]) -> np.ndarray:
    """Straightened pixels -> photo pixels, from every corner of every marker found (12 or 16 points)."""
    source = np.vstack([_page_px(kind.paper, scan_marks.marker_corners(kind.paper, corner)) for corner in corners])
    target = np.vstack(list(corners.values()))
    matrix, _ = cv2.findHomography(source, target, cv2.RANSAC, 4.0)
    if matrix is None:
        raise ScanRefused("scan.no_sheet")
    return matrix


def _project(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix).reshape(-1, 2)


def _check_whole(kind: scan_marks.SheetKind, to_photo: np.ndarray, shape) -> None:
    """Half a sheet: a missing marker's place lies outside the photo."""
    width, height = PAPERS[kind.paper]
    inner = [(scan_marks.INSET, scan_marks.INSET), (width - scan_marks.INSET, scan_marks.INSET),
             (width - scan_marks.INSET, height - scan_marks.INSET), (scan_marks.INSET, height - scan_marks.INSET)]
    seen = _project(to_photo, _page_px(kind.paper, inner))
    slack = OUTSIDE_MM * _photo_scale(kind, to_photo)
    rows, cols = shape[:2]
    if not np.all((seen[:, 0] > -slack) & (seen[:, 0] < cols + slack) & (seen[:, 1] > -slack)
                  & (seen[:, 1] < rows + slack)):
        raise ScanRefused("scan.half_sheet")


def _photo_scale(kind: scan_marks.SheetKind, to_photo: np.ndarray) -> float:
    """The photo's pixels a millimetre at the worst-seen part of the sheet (the far edge of a tilted one)."""
    width, height = PAPERS[kind.paper]
    worst = np.inf
    for x, y in ((0.15, 0.15), (0.85, 0.15), (0.85, 0.85), (0.15, 0.85)):
        centre = _page_px(kind.paper, [(x * width, y * height)])[0]
        square = np.array([centre, centre + (PX_PER_MM * 10, 0), centre + (0, PX_PER_MM * 10)])
        a, b, c = _project(to_photo, square)
        (ux, uy), (vx, vy) = b - a, c - a
        area = abs(ux * vy - uy * vx)  # of 10 mm x 10 mm
        worst = min(worst, np.sqrt(area) / 10)
    return float(worst)


def _straighten(image: np.ndarray, kind: scan_marks.SheetKind, to_photo: np.ndarray, px_per_mm: float) -> np.ndarray:
    width, height = PAPERS[kind.paper]
    size = (int(round(width / mm * PX_PER_MM)), int(round(height / mm * PX_PER_MM)))
    shrink = PX_PER_MM * 1.25 / px_per_mm
    if shrink < 1:  # a photo much finer than the straightened sheet: shrink it first, against aliasing
        image = cv2.resize(image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        to_photo = np.diag([shrink, shrink, 1.0]) @ to_photo
    return cv2.warpPerspective(image, to_photo, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _looks_blurred(gray: np.ndarray) -> bool:
    """With no marker found: is the photo so soft that none could be? (Sharp photos of paper and wood
    have edges; a photo shaken or out of focus has none.) A picture of nothing (a bare table, a wall, one
    colour) has no edges either, but no light and dark parts at all: no sheet, not a blurred one."""
    scale = min(1.0, 64 / max(gray.shape))
    overview = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    light, dark = np.percentile(overview, (95, 5))
    if light - dark < BARE_CONTRAST:
        return False
    small = cv2.resize(gray, None, fx=min(1.0, 800 / max(gray.shape)), fy=min(1.0, 800 / max(gray.shape)),
                       interpolation=cv2.INTER_AREA)
    return float(cv2.Laplacian(small, cv2.CV_32F).var()) < 12.0


def _blur_mm(gray: np.ndarray, kind: scan_marks.SheetKind, corners: dict[int, np.ndarray], px_per_mm: float) -> float:
    """How soft the photo is, in millimetres of the sheet: the spread of the markers' outer edges.

    Each marker is straightened on its own at 12 pixels a millimetre; across each of its four outer
    edges, the 20 %-80 % rise of the brightness is 1.68 sigma of a Gaussian blur."""
    scale = 12.0
    pad = 1.5  # mm of white paper around the marker
    side = scan_marks.MARKER / mm
    size = int(round((side + 2 * pad) * scale))
    sigmas = []
    for quad in corners.values():
        square = np.float32([[pad, pad], [pad + side, pad], [pad + side, pad + side], [pad, pad + side]]) * scale
        warp = cv2.getPerspectiveTransform(square, quad.astype(np.float32))
        patch = cv2.warpPerspective(gray, warp, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
        patch = patch.astype(np.float32)
        edge_in, middle = int(round(pad * scale)), slice(int(size * 0.35), int(size * 0.65))
        reach = int(round(1.0 * scale))
        profiles = [patch[middle, edge_in - reach:edge_in + reach].mean(axis=0),
                    patch[middle, size - edge_in + reach - 1:size - edge_in - reach - 1:-1].mean(axis=0),
                    patch[edge_in - reach:edge_in + reach, middle].mean(axis=1),
                    patch[size - edge_in + reach - 1:size - edge_in - reach - 1:-1, middle].mean(axis=1)]
        for profile in profiles:
            rise = _rise_sigma(profile)
            if rise is not None:
                sigmas.append(rise / scale)
    return float(np.median(sigmas)) if sigmas else 0.0


def _rise_sigma(profile: np.ndarray) -> float | None:
    """The Gaussian sigma (pixels) of a white-to-black step: its 80 % to 20 % fall is 1.68 sigma, the
    two crossings found between pixels (a step blurred by a pixel or two is still told from a sharp one)."""
    white, black = float(profile[:3].mean()), float(profile[-3:].mean())
    if white - black < 20:
        return None
    level = (profile - black) / (white - black)
    above = np.nonzero(level >= 0.8)[0]
    below = np.nonzero(level <= 0.2)[0]
    if not len(above) or not len(below):
        return None
    start, end = above[above < below[-1]], below[below > above[0]]
    if not len(start) or not len(end):
        return None
    high, low = int(start[-1]), int(end[0])
    fall_80 = high + _between(level[high], level[min(high + 1, len(level) - 1)], 0.8)
    fall_20 = low - 1 + _between(level[low - 1], level[low], 0.2)
    return max(fall_20 - fall_80, 0.5) / 1.68


def _between(first: float, second: float, value: float) -> float:
    """Where between two neighbouring samples (0 at the first, 1 at the second) the level ``value`` is."""
    return float(np.clip((first - value) / (first - second), 0, 1)) if first != second else 0.0
