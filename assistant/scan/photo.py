"""The photo's bytes as an image: anything else, or anything too big or too small to read, is refused.

Only the header is read before decoding: a small file may claim a huge image, and decoding that
would take the server's memory.
"""

from __future__ import annotations

import io
import warnings

import cv2
import numpy as np
from PIL import Image

from assistant.scan.errors import ScanRefused

MAX_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 48 MP phone photo; a tablet's camera gives 2 to 12 MP
MIN_SIDE = 480  # below this a whole sheet has less than 2 pixels a millimetre


def decode(data: bytes) -> np.ndarray:
    """The photo as a BGR image (EXIF orientation applied), or ScanRefused."""
    if not isinstance(data, bytes | bytearray | memoryview) or len(data) == 0:
        raise ScanRefused("scan.not_an_image")
    if len(data) > MAX_BYTES:
        raise ScanRefused("scan.too_big")
    data = bytes(data)
    try:
        with warnings.catch_warnings():  # a huge image is refused just below, not warned about
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as header:
                width, height = header.size
    except Exception:  # noqa: BLE001 - whatever the bytes are, they are no image we read
        raise ScanRefused("scan.not_an_image") from None
    if width * height > MAX_PIXELS:
        raise ScanRefused("scan.too_big")
    if min(width, height) < MIN_SIDE:
        raise ScanRefused("scan.too_small")
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        image = None
    if image is None:  # PIL knows the format (a GIF, a HEIC header) but OpenCV cannot decode it
        raise ScanRefused("scan.not_an_image")
    if min(image.shape[:2]) < MIN_SIDE:
        raise ScanRefused("scan.too_small")
    return image
