"""Finding a sheet's corner markers (sheets/scan_marks.py) in a photo, even a soft one.

OpenCV's ArUco detector finds the markers a sharp photo shows. A marker is only 6.5 mm, so in a soft
photo of a whole sheet (3 pixels a millimetre, a little out of focus) it may find one or two. Those
say which sheet it is and roughly where the others must be; each missing one is then looked for in a
small crop around its expected place, enlarged and sharpened, first by the detector and then by
comparing the four rotations of the one pattern expected there with every square candidate in the
crop (a marker whose bits the detector could not be sure of is still far likelier than chance).
"""

from __future__ import annotations

import cv2
import numpy as np
from reportlab.lib.units import mm

from assistant.scan.errors import ScanRefused
from sheets import scan_marks
from sheets.pdf import PAPERS

DETECT_SIDE = 2000  # markers are first looked for on a copy at most this long (a 12 MP photo takes long)
SEARCH_REACH = 4.0  # marker sides around the expected place
SEARCH_MODULE_PX = 10  # a crop is enlarged until a marker's module is about this many pixels
MOST_BIT_ERROR = 0.3  # mean difference of the bits from the expected pattern (0 perfect, 0.5 chance)

_detector = None


def _aruco() -> cv2.aruco.ArucoDetector:
    global _detector
    if _detector is None:
        parameters = cv2.aruco.DetectorParameters()
        parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        parameters.minMarkerPerimeterRate = 0.015  # a marker is about 3 % of a whole sheet's photo
        dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, scan_marks.DICTIONARY))
        _detector = cv2.aruco.ArucoDetector(dictionary, parameters)
    return _detector


def page_px(paper: str, points, px_per_mm: float) -> np.ndarray:
    """Page points (pt, origin bottom-left) as pixels of an upright image of the page (origin top-left)."""
    height = PAPERS[paper][1]
    return np.array([(x / mm * px_per_mm, (height - y) / mm * px_per_mm) for x, y in points], np.float64)


def detect(gray: np.ndarray) -> dict[int, np.ndarray]:
    """Marker id -> its four corners (photo pixels) of every sheet marker the detector finds; an id
    seen twice means two sheets in the photo."""
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    corners, ids, _ = _aruco().detectMarkers(small)
    if ids is None:  # a soft photo: once more, sharpened (an unsharp mask of about a module's size)
        soft = cv2.GaussianBlur(small, (0, 0), 2.0)
        corners, ids, _ = _aruco().detectMarkers(cv2.addWeighted(small, 2.5, soft, -1.5, 0))
    found: dict[int, np.ndarray] = {}
    for marker, quad in zip([] if ids is None else ids.ravel(), corners, strict=True):
        if scan_marks.read_id(int(marker)) is None:
            continue
        if int(marker) in found:
            raise ScanRefused("scan.one_sheet")
        found[int(marker)] = quad.reshape(4, 2).astype(np.float64) / scale
    return found


def complete(gray: np.ndarray, kind: int, corners: dict[int, np.ndarray],
             guess: np.ndarray | None = None) -> dict[int, np.ndarray]:
    """``corners`` (corner -> quad) with the missing markers of sheet ``kind`` added where found;
    ``guess`` (page mm -> photo pixels) is where to look first, else a map from the markers found."""
    corners = dict(corners)
    for _ in range(2):  # a marker found helps place the next
        missing = [corner for corner in range(len(scan_marks.CORNERS)) if corner not in corners]
        if not missing:
            break
        if guess is None or len(corners) >= 3:
            guess = rough_map(scan_marks.kinds()[kind].paper, corners)
        for corner in missing:
            quad = _search(gray, scan_marks.marker_id(kind, corner), expected(guess, kind, corner))
            if quad is not None:
                corners[corner] = quad
    return corners


def rough_map(paper: str, corners: dict[int, np.ndarray]) -> np.ndarray:
    """Page (mm) -> photo pixels from the markers found: a homography from two or more, a similarity
    from one (its own four corners say little about perspective)."""
    source = np.vstack([page_px(paper, scan_marks.marker_corners(paper, corner), 1.0) for corner in corners])
    target = np.vstack(list(corners.values()))
    if len(corners) >= 2:
        matrix, _ = cv2.findHomography(source, target, 0)
        if matrix is not None:
            return matrix
    affine, _ = cv2.estimateAffinePartial2D(source, target)
    return np.vstack([affine, [0, 0, 1]])


def expected(page_to_photo: np.ndarray, kind: int, corner: int) -> np.ndarray:
    paper = scan_marks.kinds()[kind].paper
    quad = page_px(paper, scan_marks.marker_corners(paper, corner), 1.0)
    return cv2.perspectiveTransform(quad.reshape(-1, 1, 2), page_to_photo).reshape(4, 2)


def _search(gray: np.ndarray, marker: int, guess: np.ndarray) -> np.ndarray | None:
    side = float(np.linalg.norm(guess[1] - guess[0]) + np.linalg.norm(guess[2] - guess[1])) / 2
    centre, half = guess.mean(axis=0), side * SEARCH_REACH
    left, top = int(max(centre[0] - half, 0)), int(max(centre[1] - half, 0))
    right, bottom = int(min(centre[0] + half, gray.shape[1])), int(min(centre[1] + half, gray.shape[0]))
    if right - left < side or bottom - top < side:
        return None  # its place is outside the photo
    factor = max(1.0, SEARCH_MODULE_PX * 6 / max(side, 1.0))
    crop = cv2.resize(gray[top:bottom, left:right], None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    soft = cv2.GaussianBlur(crop, (0, 0), factor)
    sharpened = cv2.addWeighted(crop, 2.0, soft, -1.0, 0)
    for image in (crop, sharpened):
        corners, ids, rejected = _aruco().detectMarkers(image)
        ids = [] if ids is None else [int(i) for i in ids.ravel()]
        if marker in ids:
            return corners[ids.index(marker)].reshape(4, 2) / factor + [left, top]
        best = None
        for candidate in [*rejected, *corners]:
            score = _match(image, candidate.reshape(4, 2), marker)
            if score is not None and (best is None or score[0] < best[0]):
                best = (score[0], np.roll(candidate.reshape(4, 2), -score[1], axis=0))
        if best is not None and best[0] < MOST_BIT_ERROR:
            return best[1] / factor + [left, top]
    return None


def _match(gray: np.ndarray, quad: np.ndarray, marker: int) -> tuple[float, int] | None:
    """(mean bit error, rotation) of the best of the four rotations of ``marker``'s pattern against the
    square ``quad``; None if the square is no black square on white (too little contrast)."""
    module = 10
    square = np.float32([[module, module], [7 * module, module], [7 * module, 7 * module], [module, 7 * module]])
    warp = cv2.getPerspectiveTransform(np.float32(quad), square)
    patch = cv2.warpPerspective(gray, warp, (8 * module, 8 * module)).astype(np.float32)
    # The middle of each module: 8 x 8 of them, the quiet zone around, the black border, the 4 x 4 bits.
    modules = patch.reshape(8, module, 8, module)[:, 3:7, :, 3:7].mean(axis=(1, 3))
    quiet = np.concatenate([modules[0], modules[-1], modules[1:-1, 0], modules[1:-1, -1]])
    border = np.concatenate([modules[1, 1:7], modules[6, 1:7], modules[2:6, 1], modules[2:6, 6]])
    white, black = float(np.median(quiet)), float(np.median(border))
    if white - black < 15:
        return None
    bits = np.clip((modules[2:6, 2:6] - black) / (white - black), 0, 1)
    pattern = np.array([(scan_marks.PATTERNS[marker] >> (15 - n)) & 1 for n in range(16)], np.float32).reshape(4, 4)
    return min((float(np.abs(bits - np.rot90(pattern, -turn)).mean()), turn) for turn in range(4))
