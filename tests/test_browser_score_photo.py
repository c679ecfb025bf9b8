"""Score check from a photo in a real browser (issue 27), on a tablet (1024x768) and a phone (390x844): a photo
uploaded as a player would (the page's file input), the sheet drawn with the cells to look at marked, one tap
correcting a cell, a refused photo's line; Hamsterdam's counts. Screenshots land in tests/artifacts/
(score-photo-*.png) to be looked at.

The server reads photos with the stand-in reader of tests/scan_fake (on its PYTHONPATH): the same reading for
every photo, so what is on screen is known."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from assistant.store import Store
from tests.browser import browser_page, require_chromium, served_app
from tests.in_browser import ARTIFACTS, SC, assert_tablet_friendly, small_tap_targets, tap_to_decide, wait_idle

pytestmark = pytest.mark.browser
FAKE = Path(__file__).parent / "scan_fake"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    folder = tmp_path_factory.mktemp("photo")
    path = folder / "games.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(FAKE))
        with served_app(path, log=folder / "server.log") as url:
            yield url, Store(path), folder


def picture(folder: Path, name: str, width: int, height: int) -> Path:
    """A photo-like picture: a light sheet on a wooden table (the stand-in reader reads any)."""
    image = Image.new("RGB", (width, height), "#8d6e4f")
    ImageDraw.Draw(image).rectangle((width // 8, height // 10, width * 7 // 8, height * 9 // 10), fill="#f4efe4")
    path = folder / name
    image.save(path, "JPEG", quality=85)
    return path


def shots(page, name: str, *showing: str) -> None:
    """Screenshots as a player sees the page: scrolled to each locator of ``showing`` in turn (Streamlit
    scrolls inside the page, so a full-page screenshot is one screen), then the whole page on a screen
    tall enough to hold it."""
    for n, locator in enumerate(showing):
        page.locator(locator).first.scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / f"score-photo-{name}-{n + 1}.png")
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    page.set_viewport_size({"width": width, "height": 3000})
    page.wait_for_timeout(300)
    page.screenshot(path=ARTIFACTS / f"score-photo-{name}-all.png")
    page.set_viewport_size({"width": width, "height": height})


def upload(page, box: str, path: Path) -> None:
    """Open the photo box titled ``box`` (if closed) and give its file input the photo, as a tap on
    "Browse files" and a choice in the tablet's picker do."""
    expander = page.locator('[data-testid="stExpander"]', has_text=box)
    if not expander.locator("details[open]").count() and expander.get_attribute("open") is None:
        expander.get_by_text(box).click()
    expander.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    wait_idle(page)


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)], ids=["tablet", "phone"])
def test_a_photo_fills_the_sheet_and_a_tap_corrects_a_marked_cell(served, size):
    url, store, folder = served
    photo = picture(folder, "sheet.jpg", 1600, 1200)
    with browser_page(*size) as page:
        page.goto(f"{url}/score-check?lang=en")
        page.locator(SC).wait_for()
        box = "Read Player 1's sheet from a photo"
        opener = page.locator("[data-testid=stExpander] summary", has_text=box)
        # A finger's tap opens it: 44 px at least, once the page's style has come (it may come a moment later).
        page.wait_for_function("(box) => [...document.querySelectorAll('[data-testid=stExpander] summary')]"
                               ".some(s => s.textContent.includes(box) && s.getBoundingClientRect().height >= 44)",
                               arg=box, timeout=5000)
        opener.click()
        page.locator("[data-testid=stFileUploaderDropzone]").first.wait_for()
        shots(page, f"{size[0]}-box", f"[data-testid=stExpander]:has-text(\"{box}\")")
        upload(page, box, photo)
        page.locator(f"{SC} .tb-unsure").nth(2).wait_for()
        assert page.locator(f"{SC} .tb-unsure").count() == 3
        page.get_by_text("3 cells are marked orange").wait_for()
        page.get_by_text("Read from the photo. Crossed cells:").wait_for()
        check = page.evaluate("new URLSearchParams(location.search).get('check')")
        crossed = store.load_check(check).data["crossed"]["A"][0]
        assert len(crossed) > 20
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        # The photo's own controls and the lines about it: taps a finger hits.
        mine = [small for small in small_tap_targets(page) if small[0] in ("Looked at them", "−", "+")]
        assert not mine, mine
        if size[0] >= 1024:
            assert_tablet_friendly(page)
        shots(page, f"{size[0]}-read", "[data-testid=stAlertContentSuccess]", f"{SC} .tb-unsure",
              ".st-key-sc-track-unsure")
        first = page.locator(f"{SC} .tb-unsure").first.get_attribute("data-tap")
        tap_to_decide(page, SC, first)  # one tap: the cross taken back, the mark gone
        page.get_by_text("2 cells are marked orange").wait_for()
        assert list(map(int, first.split("-"))) not in store.load_check(check).data["crossed"]["A"][0]
        small = picture(folder, "half.jpg", 120, 90)
        upload(page, box, small)
        page.get_by_text("Hold the tablet above the whole sheet.").wait_for()
        shots(page, f"{size[0]}-refused", "[data-testid=stAlertContentError]")


def test_a_dam_tracker_photo_in_german_on_a_tablet(served):
    url, store, folder = served
    photo = picture(folder, "tracker.jpg", 1600, 1200)
    with browser_page(1024, 768) as page:
        page.goto(f"{url}/score-check?lang=de")
        page.locator(".st-key-sc_game button", has_text="Hamsterdam").click()
        page.locator(".st-key-hd_sc_count").wait_for()  # the tracker's form, not a run about to replace it
        wait_idle(page)
        upload(page, "Zahlen aus einem Foto des Dammblatts lesen", photo)
        page.get_by_text("1 Zahl ist orange markiert").wait_for()
        page.locator('[class*="st-key-hd-sc-unsure-dam_tokens-1"]').wait_for()
        assert_tablet_friendly(page)
        shots(page, "1024-dam-tracker-de", '[class*="st-key-hd-sc-unsure-dam_tokens-1"]')


def test_the_laptops_camera_takes_the_photo(served):
    """Chromium's stand-in camera (a test pattern) on the laptop itself: the camera is offered, and its photo
    is read like an uploaded one."""
    from playwright.sync_api import sync_playwright

    from tests.serving import CHROMIUM, CHROMIUM_ARGS

    url, store, _folder = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            *CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"])
        try:
            context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
            context.grant_permissions(["camera"], origin=url)
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"{url}/score-check?lang=de")
            box = "Blatt von Person 1 aus einem Foto lesen"
            page.get_by_text(box).click()
            page.get_by_text("Kamera dieses Geräts verwenden").click()
            take = page.locator("[data-testid=stCameraInputButton]")
            page.wait_for_function("document.querySelector('[data-testid=stCameraInputButton]')?.disabled === false")
            # The button is enabled once the camera is granted, but its picture is taken from the video, which
            # may not have its first frame yet: a tap then takes nothing (a player taps again).
            page.wait_for_function("(v => v && v.readyState >= 2 && v.videoWidth > 0)"
                                   "(document.querySelector('[data-testid=stCameraInput] video'))")
            take.scroll_into_view_if_needed()
            page.screenshot(path=ARTIFACTS / "score-photo-1024-camera-de.png")
            take.click()
            page.locator(f"{SC} .tb-unsure").nth(2).wait_for()
            page.get_by_text("Vom Foto gelesen. Angekreuzte Felder:").wait_for()
            assert not page.locator("[data-testid=stCameraInput]").count()  # the camera off again
            check = page.evaluate("new URLSearchParams(location.search).get('check')")
            assert len(store.load_check(check).data["crossed"]["A"][0]) > 20
        finally:
            browser.close()


# --- the real reader, on the photos of tests/data -----------------------------------------------------
DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def served_real(tmp_path_factory):
    pytest.importorskip("cv2")
    if not (DATA / "scan-hamstern-b.jpg").exists() or not (DATA / "scan-hamstern-a.jpg").exists():
        pytest.skip("no photos of sheets in tests/data")
    require_chromium()
    folder = tmp_path_factory.mktemp("real-photo")
    path = folder / "games.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PYTHONPATH", raising=False)  # the stand-in reader's server may still be serving
        with served_app(path, log=folder / "server.log") as url:
            yield url, Store(path)


def assert_unsure_marked(page, expected) -> None:
    """Every cell the reading is unsure of, and no other, marked on the sheet (the marks come after the
    reading's line; the reader may be sure of every cell)."""
    if expected.unsure:
        page.locator(f"{SC} .tb-unsure").nth(len(expected.unsure) - 1).wait_for()
    assert page.locator(f"{SC} .tb-unsure").count() == len(expected.unsure)


def test_a_real_photo_of_side_b_switches_an_empty_check_on_a_tablet(served_real):
    """The check starts on side A; the photo shows side B: the page says so, and one tap switches it."""
    from assistant.scan import read_photo

    url, store = served_real
    photo = DATA / "scan-hamstern-b.jpg"
    expected = read_photo(photo.read_bytes(), "hamstern")
    with browser_page(1024, 768) as page:
        page.goto(f"{url}/score-check?lang=en")
        page.locator(SC).wait_for()
        upload(page, "Read Player 1's sheet from a photo", photo)
        page.get_by_text("shows a sheet on side B, but this check is on side A").wait_for()
        shots(page, "real-1024-other-side", ".st-key-sc-photo-side")
        page.locator(".st-key-sc-photo-switch button").click()
        wait_idle(page)
        page.get_by_text(f"Read from the photo. Crossed cells: {len(expected.crossed)};").wait_for()
        assert_unsure_marked(page, expected)
        check = page.evaluate("new URLSearchParams(location.search).get('check')")
        saved = store.load_check(check).data
        assert saved["side"] == "B" and len(saved["crossed"]["B"][0]) == len(expected.crossed)
        assert_tablet_friendly(page)
        shots(page, "real-1024-read", f"{SC} .tb-unsure" if expected.unsure else SC,
              ".st-key-sc-track, .st-key-sc-track-unsure")


def test_a_real_photo_of_side_a_on_a_phone(served_real):
    from assistant.scan import read_photo

    url, store = served_real
    photo = DATA / "scan-hamstern-a.jpg"
    expected = read_photo(photo.read_bytes(), "hamstern")
    with browser_page(390, 844) as page:
        page.goto(f"{url}/score-check?lang=de")
        page.locator(SC).wait_for()
        upload(page, "Blatt von Person 1 aus einem Foto lesen", photo)
        page.get_by_text(f"Vom Foto gelesen. Angekreuzte Felder: {len(expected.crossed)};").wait_for()
        assert_unsure_marked(page, expected)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        mine = [small for small in small_tap_targets(page) if small[0] in ("Angesehen", "−", "+")]
        assert not mine, mine
        page.locator(f"{SC} svg.ht-photo image").wait_for()  # the photo under the sheet
        shots(page, "real-390-read-de", "[data-testid=stAlertContentSuccess]",
              f"{SC} .tb-unsure" if expected.unsure else SC)


# --- the photo under the sheet ------------------------------------------------------------------------
SWITCH = ".st-key-sc-photo-switch-row"


def read_real(page, url: str, name: str, lang: str = "en"):
    """A check opened, the photo tests/data/scan-hamstern-NAME.jpg read into it (switched to its side)."""
    from assistant.scan import read_photo

    photo = DATA / f"scan-hamstern-{name}.jpg"
    expected = read_photo(photo.read_bytes(), "hamstern")
    page.goto(f"{url}/score-check?lang={lang}")
    page.locator(SC).wait_for()
    upload(page, "Read Player 1's sheet from a photo" if lang == "en" else "Blatt von Person 1 aus einem Foto lesen",
           photo)
    if expected.side != "A":
        page.locator(".st-key-sc-photo-switch button").click()
        wait_idle(page)
    page.locator(f"{SC} svg.ht-photo image").wait_for()
    return expected


def grid_and_photo(page) -> dict:
    """Where the drawn cave grid and the photo under it lie on screen, in CSS pixels."""
    return page.locator(f"{SC} svg.ht-photo").evaluate("""svg => {
        const cells = [...svg.querySelectorAll('g.cell rect.fill')].map(r => r.getBoundingClientRect());
        const image = svg.querySelector('image').getBoundingClientRect();
        return {left: Math.min(...cells.map(r => r.left)), right: Math.max(...cells.map(r => r.right)),
                top: Math.min(...cells.map(r => r.top)), bottom: Math.max(...cells.map(r => r.bottom)),
                image: [image.left, image.top, image.right, image.bottom], cell: cells[0].width};
    }""")


@pytest.mark.parametrize(("name", "size"), [("a", (1024, 768)), ("a", (390, 844)), ("b", (1024, 768)),
                                            ("cave", (1024, 768)), ("cave", (390, 844))])
def test_the_photo_lies_under_the_tap_sheet(served_real, name, size):
    """Screenshots of the sheet over its photo (score-photo-under-*.png), to look at: every drawn cell on its
    printed cell, the crosses as read on the pen's. The switch takes the photo away; a tap still corrects."""
    url, store = served_real
    with browser_page(*size) as page:
        expected = read_real(page, url, name)
        where = grid_and_photo(page)
        left, top, right, bottom = where["image"]
        # The photo reaches a tenth of a cell past the grid each way (rounded to its pixels).
        for photo_edge, grid_edge, outwards in ((left, where["left"], -1), (top, where["top"], -1),
                                                (right, where["right"], 1), (bottom, where["bottom"], 1)):
            assert 0 <= (photo_edge - grid_edge) * outwards <= where["cell"] * 0.2, (name, where)
        switch = page.locator(SWITCH).get_by_text("Photo under the sheet")
        assert page.locator(f"{SWITCH} label").bounding_box()["height"] >= 44
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        if size[0] >= 1024:  # a phone's sheet has 28 px cells, photo or not: only its own controls are measured
            assert_tablet_friendly(page)
        page.locator(f"{SC} svg.ht-photo").scroll_into_view_if_needed()
        page.locator(f"{SC} svg.ht-photo").screenshot(path=ARTIFACTS / f"score-photo-under-{name}-{size[0]}.png")
        shots(page, f"under-{name}-{size[0]}", SWITCH)
        check = page.evaluate("new URLSearchParams(location.search).get('check')")
        cell = min(expected.crossed)
        tap_to_decide(page, SC, f"{cell[0]}-{cell[1]}")  # one tap on the photo: the cross taken back
        assert list(cell) not in store.load_check(check).data["crossed"][expected.side][0]
        page.locator(f"{SC} svg.ht-photo image").wait_for()  # still under the sheet
        switch.click()
        wait_idle(page)
        page.locator(f"{SC} svg.ht-sheet").wait_for()
        assert not page.locator(f"{SC} svg.ht-photo").count()


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)], ids=["tablet", "phone"])
def test_a_real_dam_tracker_photo_shows_its_reading_over_it(served_real, size):
    """The tracker's strips cut out of the photo, the boxes read drawn on them (score-photo-tracker-*.png)."""
    from assistant.scan import read_photo

    url, _store = served_real
    photo = DATA / "scan-hamsterdam.jpg"
    expected = read_photo(photo.read_bytes(), "hamsterdam")
    with browser_page(*size) as page:
        page.goto(f"{url}/score-check?lang=en")
        page.locator(".st-key-sc_game button", has_text="Hamsterdam").click()
        page.locator(".st-key-hd_sc_count").wait_for()  # the tracker's form, not a run about to replace it
        wait_idle(page)
        page.locator(".st-key-hd_sc_count button", has_text=str(len(expected.strips))).click()
        page.locator(f".st-key-hd-sc-value-flood_pile-{len(expected.strips) - 1}").wait_for()
        wait_idle(page)
        upload(page, "Read the counts from a photo of the dam tracker", photo)
        shown = page.locator(".st-key-hd-sc-photo-read")
        picture = shown.locator("[data-testid=stImage] img")
        picture.wait_for()
        page.get_by_text("Blue: the boxes read as struck (flood pile) or marked (flood tokens).").wait_for()
        box = picture.bounding_box()
        assert box["width"] <= min(640, size[0]) and box["height"] > 100
        assert shown.locator("summary").bounding_box()["height"] >= 44
        if size[0] >= 1024:
            assert_tablet_friendly(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        picture.scroll_into_view_if_needed()
        picture.screenshot(path=ARTIFACTS / f"score-photo-tracker-{size[0]}.png")
        shots(page, f"tracker-{size[0]}", ".st-key-hd-sc-photo-read")
        # Each player's counts are their own strip's
        counts = [page.locator(f".st-key-hd-sc-value-flood_pile-{n}").inner_text() for n in range(len(expected.strips))]
        assert counts == [str(strip.flood_pile) for strip in expected.strips]
