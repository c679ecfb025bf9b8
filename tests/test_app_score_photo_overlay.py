"""Score check from a photo (issue 27): the straightened photo lies under the tap sheet, the cave grid of the
photo exactly under the drawn grid, while the sheet it was read from is shown; a switch takes it away; a tap
still corrects a cell; the entries outlive the tab, the photo does not (it is never saved). Hamsterdam's
tracker photo shows what was read on each strip, drawn on it.

The reader is the fake of test_app_score_photo (``reader``), giving a picture and where its grid lies; the
real reader's photos of tests/data are tested at the end."""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass

import pytest
from PIL import Image

from assistant.games.hamsterdam.cards import numbers
from assistant.games.hamstern.layout import load_layout
from assistant.ui.hamstern.sheet import UNIT
from sheets.hamsterdam import page_layout, pile_boxes
from sheets.pdf import PAPERS
from tests.components import SC, board_html, decide, open_app, texts
from tests.components import SCORE_PAGE as PAGE
from tests.test_app_score_photo import (
    CELLS,
    Reading,
    check_data,
    hamsterdam,
    reader,
    real_photos,
    real_reader,
    real_tracker_uploaded,
    upload,
)

__all__ = ["reader"]  # the fixture, used by name
GRID = (0.1, 0.15, 0.9, 0.65)  # where the grid lies in the fake's picture (left, top, right, bottom)
IMAGE = re.compile(r'<image href="data:image/jpeg;base64,([^"]+)" x="([-\d.]+)" y="([-\d.]+)" '
                   r'width="([\d.]+)" height="([\d.]+)"')


def page_picture(width: int = 630, height: int = 891) -> bytes:
    """A straightened page as the reader hands it back (3 px a millimetre of A4)."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), "#f4efe4").save(out, "PNG")
    return out.getvalue()


def under(at) -> tuple[bytes, tuple[float, ...]] | None:
    """The photo under the tap sheet (the JPEG and its x, y, width, height in the sheet's units), or None."""
    found = IMAGE.search(board_html(at, SC))
    if not found:
        return None
    return base64.b64decode(found.group(1)), tuple(float(value) for value in found.groups()[1:])


def switch(at):
    return next((toggle for toggle in at.toggle if toggle.key == "sc-photo-under"), None)


def read_a_sheet(at, reader, **fields):
    reader.answer = Reading(crossed=CELLS, unsure=frozenset({(4, 7)}), rectified_png=page_picture(),
                            grid_box=GRID, **fields)
    return upload(at)


def test_the_photo_lies_under_the_sheet_exactly_on_its_grid_and_goes_with_the_switch(db, reader):
    at = read_a_sheet(open_app(PAGE), reader)
    jpeg, (x, y, width, height) = under(at)
    layout = load_layout("A")
    # The grid cut out with a tenth of a cell round it: the photo's grid lies on 0..cols x 0..rows cells.
    grid_w, grid_h = layout.cols * UNIT, layout.rows * UNIT
    assert x == pytest.approx(-1, abs=0.05 * UNIT) and y == pytest.approx(-1, abs=0.05 * UNIT)
    assert x + width == pytest.approx(grid_w + 1, abs=0.05 * UNIT)
    assert y + height == pytest.approx(grid_h + 1, abs=0.05 * UNIT)
    with Image.open(io.BytesIO(jpeg)) as picture:
        assert picture.format == "JPEG"
        assert picture.width == pytest.approx(630 * 0.8 * (1 + 0.2 / layout.cols), abs=2)  # not enlarged
    assert len(jpeg) < 150_000
    assert "ht-photo" in board_html(at, SC)  # the cells see-through
    assert switch(at).value is True and switch(at).label == "Photo under the sheet"
    switch(at).set_value(False).run()
    assert under(at) is None and "ht-photo" not in board_html(at, SC)
    assert check_data(db, at)["crossed"]["A"][0]  # only a look: the entries stay
    switch(at).set_value(True).run()
    assert under(at) is not None


def test_a_tap_on_the_photo_still_corrects_a_cell_and_is_saved(db, reader):
    at = read_a_sheet(open_app(PAGE), reader)
    decide(at, SC, "toggle", ["4-7"])  # crossed as read: taken back
    assert [4, 7] not in check_data(db, at)["crossed"]["A"][0]
    decide(at, SC, "toggle", ["6-6"])
    assert [6, 6] in check_data(db, at)["crossed"]["A"][0]
    assert under(at) is not None  # the photo stays under the corrected sheet
    assert "1 cell is marked orange" not in texts(at)


def test_the_photo_is_only_under_the_sheet_it_was_read_from(db, reader):
    at = read_a_sheet(open_app(PAGE), reader)
    at.segmented_control(key="sc_player").set_value(1).run()
    assert under(at) is None and switch(at) is None  # the second player's sheet: no photo of it
    at.segmented_control(key="sc_player").set_value(0).run()
    assert under(at) is not None and switch(at).value is True


def test_a_reload_keeps_the_entries_and_not_the_photo(db, reader):
    at = read_a_sheet(open_app(PAGE), reader)
    check = at.query_params["check"]
    again = open_app(PAGE, check=check)
    saved = check_data(db, again)
    assert sorted(map(tuple, saved["crossed"]["A"][0])) == sorted(CELLS)
    assert under(again) is None and switch(again) is None  # a look kept in its tab only
    assert 'data-tap="4-5"' in board_html(again, SC)


def test_in_german_the_switch_says_so(db, reader):
    at = read_a_sheet(open_app(PAGE, lang="de"), reader)
    assert switch(at).label == "Foto unter dem Blatt"


@pytest.mark.parametrize("box", [None, (0.5, 0.5, 0.5, 0.5), ("a", 1, 2, 3), (0.1, 0.2)])
def test_a_reading_without_a_usable_grid_box_has_no_photo_under_the_sheet(db, reader, box):
    at = open_app(PAGE)
    reader.answer = Reading(crossed=CELLS, rectified_png=page_picture(), grid_box=box)
    upload(at)
    assert sorted(map(tuple, check_data(db, at)["crossed"]["A"][0])) == sorted(CELLS)
    assert under(at) is None and switch(at) is None


def test_a_broken_picture_has_no_photo_under_the_sheet(db, reader):
    at = open_app(PAGE)
    reader.answer = Reading(crossed=CELLS, rectified_png=b"\x89PNG broken", grid_box=GRID)
    upload(at)
    assert check_data(db, at)["crossed"]["A"][0] and under(at) is None


def test_real_photos_lie_under_their_sheets_small(db):
    """Each photo of a sheet in tests/data: read, filled in, its grid under the sheet in well under 150 KB."""
    read_photo = real_reader()
    photos = [path for path in real_photos("hamstern") if "refused" not in path.name]
    if not photos:
        pytest.skip("no photo of a Hamstern sheet in tests/data")
    for path in photos:
        expected = read_photo(path.read_bytes(), "hamstern")
        at = open_app(PAGE)
        upload(at, data=path.read_bytes(), name=path.name)
        if expected.side != "A":  # the empty check switched to the photo's side
            at.button(key="sc-photo-switch").click().run()
        jpeg, (x, y, width, height) = under(at)
        layout = load_layout(expected.side)
        assert x < 0 < x + width and abs(x + width - layout.cols * UNIT) < UNIT / 2, path.name
        assert y < 0 < y + height and abs(y + height - layout.rows * UNIT) < UNIT / 2, path.name
        assert len(jpeg) < 60_000, (path.name, len(jpeg))
        assert len(board_html(at, SC)) < 150_000, path.name  # what goes to the browser on each tap


# --- Hamsterdam: the tracker's photo with the reading drawn on it -----------------------------------
def tracker_photo(at) -> bytes | None:
    """The tracker's photo shown above the counts (kept in the tab as the JPEG shown), or None."""
    shown = [element for element in at.expander if element.label.endswith("The photo as it was read")]
    if not shown or not shown[0].get("image"):
        return None
    return at.session_state["hd_sc_scan_picture"][1]


def colour_at(jpeg: bytes, x_pt: float, y_pt: float, players: int = 2) -> tuple[int, int, int]:
    """The picture's colour at a point of the A4 page (points, origin bottom-left), the picture being the
    strips cut out with 6 points round them."""
    width, height = PAPERS["a4"]
    layout = page_layout("a4", players, "en")
    with Image.open(io.BytesIO(jpeg)) as picture:
        scale = picture.width / width
        top = round((height - layout.strips[0].top - 6) * scale)
        return picture.convert("RGB").getpixel((round(x_pt * scale), round((height - y_pt) * scale) - top))


def bluish(colour) -> bool:
    return colour[2] > colour[0] + 12  # paper is yellowish: blue below red


def orangish(colour) -> bool:
    return colour[0] > colour[2] + 40


@dataclass(frozen=True)
class MeasuredStrip:
    """A strip as the real reader gives it: the counts, and its measure of each box."""

    flood_pile: int
    dam_tokens: int
    unsure_fields: tuple = ()
    pile_inks: tuple = ()
    token_inks: tuple = ()


def test_the_trackers_photo_shows_each_strips_reading_on_it(db, reader):
    pile = numbers().end_tokens[2]
    first = MeasuredStrip(2, 1, (), (0.1, 0.1) + (0.0,) * (pile - 2), (0.0, 0.0, 0.05) + (0.0,) * 8)
    second = MeasuredStrip(1, 2, ("dam_tokens",), (0.1,) + (0.0,) * (pile - 1), (0.04, 0.05) + (0.0,) * 9)
    at = hamsterdam(open_app(PAGE))
    reader.answer = Reading(game="hamsterdam", side=None, strips=(first, second), rectified_png=page_picture())
    upload(at, "hd-sc-photo")
    assert [(c["flood_pile"], c["dam_tokens"]) for c in check_data(db, at)["counts"][:2]] == [(2, 1), (1, 2)]
    jpeg = tracker_photo(at)
    assert jpeg and len(jpeg) < 80_000
    strips = page_layout("a4", 2, "en").strips

    def centre(box) -> tuple[float, float]:
        x, y, w, h = box
        return x + w / 2, y + h / 2
    piles = [pile_boxes(strip, PAPERS["a4"][0], pile) for strip in strips]
    tokens = [[(x, strip.rows["token"][0], strip.column_w, strip.rows["token"][1]) for x in strip.columns]
              for strip in strips]
    # Strip 1 (player 1): two boxes of its pile struck, the third card's token; strip 2: one box struck, blue;
    # its two tokens orange, to look at.
    assert all(bluish(colour_at(jpeg, *centre(piles[0][n]))) for n in (0, 1))
    assert not bluish(colour_at(jpeg, *centre(piles[0][2])))
    assert bluish(colour_at(jpeg, *centre(tokens[0][2]))) and not bluish(colour_at(jpeg, *centre(tokens[0][0])))
    assert bluish(colour_at(jpeg, *centre(piles[1][0]))) and not bluish(colour_at(jpeg, *centre(piles[1][1])))
    assert all(orangish(colour_at(jpeg, *centre(tokens[1][n]))) for n in (0, 1))
    assert "Blue: the boxes read as struck (flood pile) or marked (flood tokens)." in texts(at)
    at.button(key="hd-sc-dam_tokens-1-more").click().run()  # a count changed: the photo stays to compare
    assert tracker_photo(at) == jpeg


def test_a_german_tracker_is_drawn_where_its_strips_are_printed():
    """A tracker's strips sit a little lower in German (its notes are longer): the marks go where the photo
    shows them."""
    pytest.importorskip("cv2")
    from assistant.scan import read_photo
    from assistant.ui.hamsterdam.tracker_picture import _layout
    from tests.scan.photos import dam_photo

    for lang in ("de", "en"):
        result = read_photo(dam_photo(7, players=3, paper="a4", lang=lang).data)
        with Image.open(io.BytesIO(result.rectified_png)) as page:
            assert _layout(page, "a4", 3).strips == page_layout("a4", 3, lang).strips, lang


def test_a_real_photo_of_a_dam_tracker_shows_its_reading_over_it(db):
    at, expected = real_tracker_uploaded()
    jpeg = tracker_photo(at)
    assert jpeg and len(jpeg) < 80_000, len(jpeg or b"")
    with Image.open(io.BytesIO(jpeg)) as picture:  # the strips cut out, at the reader's own size
        assert picture.width == Image.open(io.BytesIO(expected.rectified_png)).width
        assert picture.height < picture.width
