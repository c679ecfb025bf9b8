"""The reader's parts on their own (assistant/scan): the cells' decision against the sheet's own pen
(hamstern_cells.py), a soft QR code read module by module (code.py), a dam tracker's printed box drawn again
(printed.py), and photos too soft for OpenCV's detectors read all the same."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games.hamstern.layout import load_layout
from assistant.scan import ScanRefused, code, printed, read_photo
from assistant.scan import hamstern_cells as cells
from assistant.scan.sheet import PX_PER_MM
from sheets import scan_marks
from tests.scan.photos import dam_photo, hamstern_photo

CROSS, STRAY, BARE = (0.05, 0.10, 0.05), (0.004, 0.02, 0.004), (0.0, 0.0, 0.0)  # (ink, spread, ring)


def measured(layout, **special):
    """Every cell bare but the given ones: ``special`` maps "r_c" to (ink, spread, ring)."""
    found = {cell: BARE for cell in layout.cells}
    found.update({tuple(int(n) for n in name.split("_")): value for name, value in special.items()})
    return found


def start_cells(layout, count):
    return [cell for cell in layout.start_chamber.cells if cell not in layout.icons][:count]


def test_crosses_are_crossed_and_a_stray_mark_of_the_same_pen_is_not_even_doubted():
    layout = load_layout("A")
    crosses = start_cells(layout, 3)
    stray = next(cell for cell in layout.cells if cell not in layout.icons and cell not in crosses)
    marks = {f"{r}_{c}": CROSS for r, c in crosses} | {f"{stray[0]}_{stray[1]}": STRAY}
    crossed, unsure = cells.decide(layout, measured(layout, **marks))
    assert crossed == set(crosses) and not unsure


def test_a_mark_between_a_stray_and_a_cross_is_doubted_and_guessed_by_its_share_of_the_pen():
    layout = load_layout("A")
    crosses = start_cells(layout, 4)
    faint, narrow = crosses[-1], crosses[-2]
    marks = {f"{r}_{c}": CROSS for r, c in crosses[:2]}
    marks[f"{faint[0]}_{faint[1]}"] = (0.02, 0.05, 0.02)  # 40 % of the pen, not quite reaching both ways
    marks[f"{narrow[0]}_{narrow[1]}"] = (0.02, 0.03, 0.02)  # as much ink, but a line: a long tick
    crossed, unsure = cells.decide(layout, measured(layout, **marks))
    assert {faint, narrow} <= unsure and faint in crossed and narrow not in crossed


def test_a_light_pens_picture_cell_next_to_a_cross_is_looked_at_though_nothing_shows():
    layout = load_layout("A")
    picture = next(cell for cell in layout.icons if cell not in layout.start_chamber.cells)
    row, col = picture
    neighbour = next(other for other in ((row, col - 1), (row, col + 1), (row - 1, col), (row + 1, col))
                     if other in layout.index and other not in layout.icons)
    pencil = (0.008, 0.10, 0.008)
    crosses = start_cells(layout, 3)
    marks = {f"{r}_{c}": pencil for r, c in [*crosses, neighbour]}
    _, unsure = cells.decide(layout, measured(layout, **marks))
    assert picture in unsure
    marks = {f"{r}_{c}": CROSS for r, c in [*crosses, neighbour]}  # a felt tip would have shown
    _, unsure = cells.decide(layout, measured(layout, **marks))
    assert picture not in unsure


def test_a_soft_qr_code_is_read_module_by_module():
    modules = np.array(scan_marks.code_matrix("BAKO-MIRU"), np.float32)
    module_px = scan_marks.CODE_MODULE / 72 * 25.4 * PX_PER_MM  # 0.75 mm on the straightened sheet
    drawn = cv2.resize(1 - modules, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    drawn = np.pad(drawn, 8 * 6, constant_values=1.0)
    strip = cv2.resize(drawn, None, fx=module_px / 8, fy=module_px / 8, interpolation=cv2.INTER_AREA)
    blur_mm = 0.4  # half a module: OpenCV's own detector reads nothing
    strip = cv2.GaussianBlur(strip, (0, 0), blur_mm * PX_PER_MM)
    strip = np.pad((strip * 200 + 40).astype(np.uint8), ((60, 60), (15, 15)), constant_values=240)
    noise = np.random.default_rng(3).normal(0, 3, strip.shape)
    strip = np.clip(strip + noise, 0, 255).astype(np.uint8)
    detector = cv2.QRCodeDetector()
    assert not any(code._detect(detector, image) for image in code._ready_made(strip))
    assert code.decode(strip, blur_mm) == "BAKO-MIRU"


def test_a_printed_pile_box_is_its_outline_and_number():
    heavy, light = printed.pile_box(12, True, 4 * 72 / 25.4), printed.pile_box(1, False, 4 * 72 / 25.4)
    side = int(round((4 + 2 * printed.AROUND_MM) * PX_PER_MM))
    assert heavy.shape == light.shape == (side, side)
    assert heavy.min() < 0.1 and 0.3 < light.min() < 0.95  # black print, grey number and hairline
    assert heavy[0].min() > 0.95 and heavy[:, 0].min() > 0.95  # paper around the box
    assert heavy.mean() < light.mean()


@pytest.mark.parametrize("seed", [2, 6])
def test_a_dam_trackers_piles_are_read_and_doubted_only_where_in_doubt(seed):
    photo = dam_photo(seed, camera={"blur": 0.4})
    result = read_photo(photo.data, "hamsterdam")
    for read, truth in zip(result.strips, photo.truth.strips, strict=True):
        assert read.flood_pile == truth.flood_pile or read.flood_pile_unsure
    assert sum(read.flood_pile_unsure for read in result.strips) < len(result.strips)


def test_a_soft_photo_is_read_where_the_detector_found_one_marker_of_four():
    photo = hamstern_photo(138)  # a felt tip, blurred 1.5 pixels: OpenCV's detector sees two markers
    result = read_photo(photo.data, "hamstern")
    assert result.crossed ^ photo.truth.crossed <= result.unsure


def test_a_soft_photo_of_a_faint_pencil_is_refused_as_blurred():
    photo = hamstern_photo(254)  # a hard pencil, blurred: its crosses fade into the paper
    with pytest.raises(ScanRefused) as refused:
        read_photo(photo.data)
    assert refused.value.key == "scan.blurred"


def test_a_noisy_photo_of_a_dim_room_adds_no_cross():
    """Sensor noise of sigma 12 (of 255) on a kept photo: the paper is as grainy as pencil, and the
    paper's estimate sits on its brightest grains; the floor rises with the noise (ink.floor)."""
    import io
    import json
    from pathlib import Path

    from PIL import Image

    data = Path(__file__).resolve().parent.parent / "data"
    truth = {tuple(cell) for cell in json.loads((data / "scan-hamstern-a.json").read_text())["crossed"]}
    clean = np.asarray(Image.open(data / "scan-hamstern-a.jpg").convert("RGB")).astype(np.float32)
    noisy = np.clip(clean + np.random.default_rng(1).normal(0, 12, clean.shape), 0, 255).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(noisy).save(out, "JPEG", quality=90)
    result = read_photo(out.getvalue(), "hamstern")
    assert result.crossed ^ truth <= result.unsure and len(result.unsure) <= 5
