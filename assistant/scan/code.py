"""Reading a cave sheet's QR code (sheets/scan_marks.py) from the straightened sheet, even a soft one.

The code is small (21 modules of 0.75 mm), so in a photo of a whole sheet a module is two or three of
the photo's pixels, and a little out of focus OpenCV's detector no longer finds its corners. But on
the straightened sheet the code's size and direction are known: only where it is (its height depends
on the cave) is not. So its three finder patterns are looked for by their shape at that size; then
each module is read at its middle, the ones the blur left grey decided against the black and white
of the finder patterns (before and after undoing some of the blur), and the modules are drawn again,
crisp and large, for OpenCV to decode. The code's error correction mends the odd module read wrong.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from reportlab.lib.units import mm

from assistant.scan.printed import peak
from assistant.scan.sheet import PX_PER_MM
from sheets import scan_marks

MODULES = scan_marks.CODE_MODULES
MODULE_PX = 8  # the strip is enlarged until a module is this many pixels
DRAWN_PX = 8  # a module of the crisp copy handed to the decoder
FINDER_MIDDLES = ((3, 3), (3, MODULES - 4), (MODULES - 4, 3))
NUDGES = (0.0, -0.15, 0.15)  # modules


def decode(strip: np.ndarray, blur_mm: float) -> str | None:
    """The text of the QR code somewhere in ``strip`` (uint8, the straightened sheet at PX_PER_MM),
    or None. ``blur_mm`` is how soft the photo is (sheet.py), for the finder patterns' look."""
    detector = cv2.QRCodeDetector()
    for image in _ready_made(strip):
        text = _detect(detector, image)
        if text:
            return text
    return _by_modules(detector, strip, blur_mm)


def _ready_made(strip: np.ndarray):
    """The strip as it is, enlarged, and thresholded: what OpenCV's detector reads in a sharp photo."""
    for image in (strip, cv2.resize(strip, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)):
        yield image
        yield cv2.adaptiveThreshold(image, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                    int(image.shape[1] / 4) | 1, 10)


def _detect(detector: cv2.QRCodeDetector, image: np.ndarray) -> str:
    try:
        text, _, _ = detector.detectAndDecode(image)
    except cv2.error:
        return ""
    return text or ""


def _known() -> np.ndarray:
    """Every version 1 code's fixed modules: 1 dark, 0 light, -1 data (the finder patterns, their
    white separators and the timing patterns)."""
    known = np.full((MODULES, MODULES), -1, np.int8)
    finder = np.zeros((7, 7), np.int8)
    finder[[0, 6], :] = finder[:, [0, 6]] = 1
    finder[2:5, 2:5] = 1
    for row, col in ((0, 0), (0, MODULES - 7), (MODULES - 7, 0)):
        known[row:row + 7, col:col + 7] = finder
    known[7, :8] = known[:8, 7] = known[7, -8:] = known[:8, -8] = known[-8, :8] = known[-8:, 7] = 0
    known[6, 8:-8] = known[8:-8, 6] = (np.arange(8, MODULES - 8) % 2 == 0)
    return known


def _by_modules(detector: cv2.QRCodeDetector, strip: np.ndarray, blur_mm: float) -> str | None:
    scale = MODULE_PX / (scan_marks.CODE_MODULE / mm * PX_PER_MM)
    big = cv2.resize(strip, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC).astype(np.float32)
    sigma = blur_mm * PX_PER_MM * scale  # the photo's blur, in pixels of ``big``
    grid = _grid(big, sigma)
    if grid is None:
        return None
    known = _known()
    values = _sample(big, grid)
    inner = slice(MARGIN, MARGIN + MODULES)
    # Black: the middles of the finder patterns' 3 x 3 cores; white: the paper around (the quiet zone
    # and the light modules). Both measured where the blur has least to mix in.
    black = float(np.median([values[MARGIN + row, MARGIN + col] for row, col in FINDER_MIDDLES]))
    white = float(np.percentile(values, 90))
    if white - black < 10:
        return None
    fixed = np.full(values.shape, -1, np.int8)
    fixed[inner, inner] = known
    # The finder patterns place the grid to a pixel or so, an eighth of a module; in a soft photo that
    # is enough to misread modules, so a few nudges of the grid are tried too.
    blur = sigma / MODULE_PX
    tries = [(blur, shift_x, shift_y, zoom) for zoom in (1.0, 0.99, 1.01) for shift_y in NUDGES for shift_x in NUDGES]
    tries += [(blur * 0.7, 0.0, 0.0, 1.0), (blur * 1.3, 0.0, 0.0, 1.0)]
    for blur_modules, shift_x, shift_y, zoom in tries:
        values = _sample(big, grid, shift_x, shift_y, zoom)
        darkness = (white - values) / (white - black)
        text = _decode_drawn(detector, _unblurred(darkness, blur_modules, fixed)[inner, inner])
        if text:
            return text
    return None


MARGIN = 2  # modules sampled around the code: its quiet zone, which the blur spilled into


def _grid(big: np.ndarray, sigma: float) -> np.ndarray | None:
    """The affine map from module coordinates (0..21 across the code) to ``big``'s pixels: the code
    found by its fixed modules, then each finder pattern's middle found to a fraction of a pixel."""
    known = _known()
    template = _look(np.where(known < 0, 0.5, 1.0 - known), sigma, pad=1)
    if big.shape[0] < template.shape[0] or big.shape[1] < template.shape[1]:
        return None
    match = cv2.matchTemplate(big, template, cv2.TM_CCOEFF_NORMED)
    _, _, _, (left, top) = cv2.minMaxLoc(match)
    left, top = left + MODULE_PX, top + MODULE_PX  # the code's own top-left corner
    finder = _look(np.where(known[:7, :7] == 1, 0.0, 1.0), sigma, pad=1)
    reach = MODULE_PX  # a module each way
    found = []
    for row, col in ((0, 0), (0, MODULES - 7), (MODULES - 7, 0)):
        x0, y0 = left + (col - 1) * MODULE_PX - reach, top + (row - 1) * MODULE_PX - reach
        if x0 < 0 or y0 < 0:
            return None
        window = big[y0:y0 + finder.shape[0] + 2 * reach, x0:x0 + finder.shape[1] + 2 * reach]
        if window.shape[0] < finder.shape[0] + 2 * reach or window.shape[1] < finder.shape[1] + 2 * reach:
            return None
        score = cv2.matchTemplate(window, finder, cv2.TM_CCOEFF_NORMED)
        _, _, _, (x, y) = cv2.minMaxLoc(score)
        dx, dy = peak(score[y, max(x - 1, 0):x + 2]), peak(score[max(y - 1, 0):y + 2, x])
        found.append((x0 + x + dx + (1 + 3.5) * MODULE_PX, y0 + y + dy + (1 + 3.5) * MODULE_PX))
    modules = np.float32([[3.5, 3.5], [MODULES - 3.5, 3.5], [3.5, MODULES - 3.5]])
    return cv2.getAffineTransform(modules, np.float32(found))


def _look(modules: np.ndarray, sigma: float, pad: int) -> np.ndarray:
    """Modules (1 light, 0 dark, between unknown) as the photo would show them: MODULE_PX each, a light
    border of ``pad`` modules, softened by the photo's blur."""
    image = cv2.resize(modules.astype(np.float32) * 255, None, fx=MODULE_PX, fy=MODULE_PX,
                       interpolation=cv2.INTER_NEAREST)
    image = np.pad(image, pad * MODULE_PX, constant_values=255)
    return cv2.GaussianBlur(image, (0, 0), sigma) if sigma > 0.5 else image


def _sample(image: np.ndarray, grid: np.ndarray, shift_x: float = 0.0, shift_y: float = 0.0,
            zoom: float = 1.0) -> np.ndarray:
    """The brightness in the middle of each module (and of MARGIN modules around the code), the grid
    moved by a shift (modules) and a zoom about the code's middle."""
    steps = (np.arange(-MARGIN, MODULES + MARGIN, dtype=np.float32) + 0.5 - MODULES / 2) * zoom + MODULES / 2
    cols, rows = np.meshgrid(steps + shift_x, steps + shift_y)
    xs = grid[0, 0] * cols + grid[0, 1] * rows + grid[0, 2]
    ys = grid[1, 0] * cols + grid[1, 1] * rows + grid[1, 2]
    smooth = cv2.blur(image, (MODULE_PX // 2 | 1, MODULE_PX // 2 | 1))
    return cv2.remap(smooth, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


def _blur_matrix(size: int, blur: float) -> np.ndarray:
    """How the blur (a Gaussian sigma, in modules) mixes a ``size`` x ``size`` grid of modules: row i is
    what each module's darkness adds to module i's sampled middle half."""
    reach = np.arange(-2, 3)
    offsets = np.linspace(-0.25, 0.25, 11)[:, None] - reach[None, :]  # the sampled middle half, every neighbour
    scale = max(blur, 1e-3) * np.sqrt(2)
    share = np.array([(_erf((offsets + 0.5) / scale) - _erf((offsets - 0.5) / scale)).mean(axis=0) / 2]).ravel()
    kernel = np.outer(share, share)
    rows, cols = np.divmod(np.arange(size * size), size)
    matrix = np.zeros((size * size, size * size))
    for i, dr in enumerate(reach):
        for j, dc in enumerate(reach):
            r, c = rows + dr, cols + dc
            inside = (r >= 0) & (r < size) & (c >= 0) & (c < size)
            matrix[np.nonzero(inside)[0], (r * size + c)[inside]] = kernel[i, j]
    return matrix


@lru_cache(maxsize=8)
def _operators(size: int, blur: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The blur's matrix, its Gram matrix and the damped least-squares solver (a little damped, so
    noise does not grow), kept for the grid's nudges."""
    matrix = _blur_matrix(size, blur)
    gram = matrix.T @ matrix
    return matrix, gram, np.linalg.solve(gram + 0.05 * np.eye(size * size), matrix.T)


def _erf(values: np.ndarray) -> np.ndarray:
    """The error function (numpy has none): Abramowitz and Stegun 7.1.26, to 1.5e-7."""
    sign, x = np.sign(values), np.abs(values)
    t = 1 / (1 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1 - poly * np.exp(-x * x))


def _unblurred(darkness: np.ndarray, blur: float, fixed: np.ndarray) -> np.ndarray:
    """Dark (True) or light for every module: the sampled darkness is the modules' own darkness mixed
    by the blur, so the modules that best explain it are sought: first by least squares, then module
    by module, flipping whichever flip explains the
    samples best, until none helps. ``fixed`` (-1 free, 0 light, 1 dark) are modules every code has."""
    size = darkness.shape[0]
    matrix, gram, solver = _operators(size, round(blur, 3))
    target = darkness.ravel()
    modules = (solver @ target > 0.5).astype(np.float64)
    free = fixed.ravel() < 0
    modules[~free] = fixed.ravel()[~free]
    pull = matrix.T @ (target - matrix @ modules)  # how the error changes as each module darkens
    for _ in range(size * size):
        sign = 1 - 2 * modules  # +1 to darken a light module, -1 to lighten a dark one
        gain = 2 * sign * pull - np.diag(gram)  # how much the squared error falls by each flip
        gain[~free] = -np.inf
        best = int(np.argmax(gain))
        if gain[best] <= 1e-9:
            break
        modules[best] += sign[best]
        pull -= sign[best] * gram[:, best]
    return modules.reshape(size, size) > 0.5


def _decode_drawn(detector: cv2.QRCodeDetector, modules: np.ndarray) -> str:
    """The text of the modules drawn crisp: where the code is in the drawing is known, so OpenCV
    only decodes it (finding it again would take longer than the rest)."""
    last = MODULES * DRAWN_PX - 1
    corners = np.float32([[0, 0], [last, 0], [last, last], [0, last]]).reshape(4, 1, 2) + 4 * DRAWN_PX
    try:
        text, _ = detector.decode(_drawn(modules), corners)
    except cv2.error:
        return ""
    return text or ""


def _drawn(modules: np.ndarray) -> np.ndarray:
    """The modules drawn crisp, black on white, with the quiet zone of four modules a reader expects."""
    image = np.where(modules, 0, 255).astype(np.uint8)
    image = cv2.resize(image, None, fx=DRAWN_PX, fy=DRAWN_PX, interpolation=cv2.INTER_NEAREST)
    return np.pad(image, 4 * DRAWN_PX, constant_values=255)
