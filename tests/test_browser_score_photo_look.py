"""What a player sees right after a photo is read (issue 27), found in a play-test on a tablet held sideways
(1024x768): the open photo box pushed the reading below the screen's edge, so nothing seemed to happen; and
over the photo an orange cell did not show whether it was counted as crossed.

The server reads photos with the stand-in reader of tests/scan_fake (on its PYTHONPATH)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from assistant.ui.hamstern.score_photo import PHOTO_CSS, UNSURE_CSS
from tests.browser import browser_page, require_chromium, served_app
from tests.in_browser import SC, wait_idle

pytestmark = pytest.mark.browser
FAKE = Path(__file__).parent / "scan_fake"
BOX = "Read Player 1's sheet from a photo"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    require_chromium()
    folder = tmp_path_factory.mktemp("photo-look")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(FAKE))
        with served_app(folder / "games.sqlite3", log=folder / "server.log") as url:
            yield url, folder


def _picture(folder: Path, name: str, width: int, height: int) -> Path:
    path = folder / name
    Image.new("RGB", (width, height), "#f4efe4").save(path, "JPEG")
    return path


def _box_open(page) -> bool:
    return bool(page.locator('[data-testid="stExpander"] details[open]', has_text=BOX).count())


def test_the_photo_box_closes_after_a_reading_and_stays_open_after_a_refusal(served):
    url, folder = served
    with browser_page(1024, 768) as page:
        page.goto(f"{url}/score-check?lang=en")
        page.locator(SC).wait_for()
        expander = page.locator('[data-testid="stExpander"]', has_text=BOX)
        expander.get_by_text(BOX).click()
        expander.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(
            str(_picture(folder, "sheet.jpg", 1600, 1200)))
        wait_idle(page)
        read = page.get_by_text("Read from the photo. Crossed cells:")
        read.wait_for()
        assert not _box_open(page)
        assert read.bounding_box()["y"] + read.bounding_box()["height"] <= 768  # seen without scrolling
        expander.get_by_text(BOX).click()  # another photo of the same sheet: one tap opens the box again
        expander.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(
            str(_picture(folder, "half.jpg", 120, 90)))
        wait_idle(page)
        page.get_by_text("Hold the tablet above the whole sheet.").wait_for()
        assert _box_open(page)  # refused: the box stays open for the next photo


def test_an_orange_cell_over_the_photo_shows_whether_it_was_counted_as_crossed():
    require_chromium()
    cell = ('<g class="cell {classes}"><rect class="fill" width="10" height="10"/>'
            '<use href="#ht-cross" width="10" height="10"/></g>')
    svg = ('<svg class="ht-sheet ht-photo"><defs><symbol id="ht-cross"><path d="M2,2 L8,8"/></symbol></defs>'
           + "".join(cell.format(classes=classes) for classes in ("tb-crossed", "tb-unsure tb-crossed", "tb-unsure"))
           + "</svg>")
    with browser_page(400, 300) as page:
        page.set_content(UNSURE_CSS + PHOTO_CSS + svg)
        opacity = page.evaluate("[...document.querySelectorAll('g.cell use')].map(u => getComputedStyle(u).opacity)")
    crossed, unsure_crossed, _unsure = map(float, opacity)
    assert crossed <= 0.3 < 0.8 <= unsure_crossed  # the pen's cross shows under a read one; a marked one stands out
