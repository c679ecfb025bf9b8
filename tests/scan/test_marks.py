"""Printed sheets carry what the camera reads (sheets/scan_marks.py): four corner markers that say
which sheet it is, and a cave's code as a QR code."""

from __future__ import annotations

import cv2
import numpy as np
import pypdfium2
import pytest

from assistant.games.hamstern.layout import load_layout
from sheets import hamsterdam, hamstern, scan_marks
from sheets.pdf import PAPERS

CAVE = "BAKO-MIRU"
PX_PER_PT = 4 * 25.4 / 72  # 4 pixels a millimetre, about what a tablet's photo of a whole sheet has


def page_image(pdf: bytes) -> np.ndarray:
    return np.array(pypdfium2.PdfDocument(pdf)[0].render(scale=PX_PER_PT, grayscale=True).to_pil().convert("L"))


def detected(image: np.ndarray) -> dict[int, np.ndarray]:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, scan_marks.DICTIONARY))
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters()).detectMarkers(image)
    return {} if ids is None else {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}


def test_the_written_out_patterns_are_opencvs():
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, scan_marks.DICTIONARY))
    assert len(scan_marks.PATTERNS) == dictionary.bytesList.shape[0]
    for marker, pattern in enumerate(scan_marks.PATTERNS):
        image = dictionary.generateImageMarker(marker, 6)
        bits = "".join("1" if value > 127 else "0" for value in image[1:5, 1:5].ravel())
        assert int(bits, 2) == pattern, marker


def test_every_kind_has_its_own_four_markers():
    kinds = scan_marks.kinds()
    assert len(set(kinds)) == len(kinds) and len(kinds) * 4 <= len(scan_marks.PATTERNS)
    for number in range(len(kinds)):
        for corner in range(4):
            assert scan_marks.read_id(scan_marks.marker_id(number, corner)) == (number, corner)
    assert scan_marks.read_id(len(kinds) * 4) is None


@pytest.mark.parametrize("side, paper, lang", [("A", "a4", "en"), ("B", "letter", "de"), (CAVE, "a4", "de")])
def test_hamstern_sheets_carry_their_markers_where_the_reader_looks(side, paper, lang):
    image = page_image(hamstern.render(side, paper, lang))
    kind = scan_marks.kind_number(hamstern.scan_kind(side, paper))
    found = detected(image)
    assert sorted(found) == [scan_marks.marker_id(kind, corner) for corner in range(4)]
    height = PAPERS[paper][1]
    for corner in range(4):
        expected = [(x * PX_PER_PT, (height - y) * PX_PER_PT) for x, y in scan_marks.marker_corners(paper, corner)]
        assert np.abs(found[scan_marks.marker_id(kind, corner)] - expected).max() < 2.5


def test_a_cave_sheet_carries_its_code():
    layout = load_layout(CAVE)
    image = page_image(hamstern.render(CAVE, "a4", "en"))
    x, y = hamstern.code_origin(layout, "a4")
    height, pad = PAPERS["a4"][1], 12
    top, left = (height - y - scan_marks.CODE_SIZE - pad) * PX_PER_PT, (x - pad) * PX_PER_PT
    size = (scan_marks.CODE_SIZE + 2 * pad) * PX_PER_PT
    crop = image[int(top):int(top + size), int(left):int(left + size)]
    assert cv2.QRCodeDetector().detectAndDecode(crop)[0] == CAVE
    assert b"BAKO" not in hamstern.render("A", "a4", "en")  # sides A and B need no code


def test_a_code_too_long_for_the_sheet_is_refused():
    assert len(scan_marks.code_matrix("X" * 24)) == scan_marks.CODE_MODULES
    with pytest.raises(ValueError, match="too long"):
        scan_marks.code_matrix("X" * 60)


@pytest.mark.parametrize("paper, lang, players", [("a4", "en", 4), ("letter", "de", 2)])
def test_dam_trackers_carry_markers_of_their_strips_and_language(paper, lang, players):
    image = page_image(hamsterdam.render(paper, lang, players=players))
    kind = scan_marks.kind_number(hamsterdam.scan_kind(paper, players, lang))
    assert sorted(detected(image)) == [scan_marks.marker_id(kind, corner) for corner in range(4)]
