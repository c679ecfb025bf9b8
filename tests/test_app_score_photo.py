"""Score check from a photo (issue 27): a photo fills one player's entries, drawn on the ordinary tap sheet
with the cells the reader is unsure of marked; a refused photo says its line and changes nothing.

The reader is replaced by a fake that says what each test needs (``reader``); a photo of tests/data/ read
by the real reader is tested at the end, where the reader is installed."""

from __future__ import annotations

import io
import struct
import sys
import types
import zlib
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest
from PIL import Image

import assistant
from assistant.games.hamsterdam.scorecard import limits
from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import load_layout
from assistant.ui.common import plain
from tests.components import SC, board_html, decide, marked, open_app, texts
from tests.components import SCORE_PAGE as PAGE

DATA = Path(__file__).parent / "data"


def photo(kind: str = "PNG") -> bytes:
    """A small real image (the fake reader does not look at it, the page's checks do)."""
    out = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(out, kind)
    return out.getvalue()


def huge_png(width: int = 100_000, height: int = 100_000) -> bytes:
    """A PNG of some 70 bytes whose header claims 100,000 x 100,000 pixels: decoding it would take 30 GB."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


@dataclass(frozen=True)
class Strip:
    """One player's strip of a dam tracker, as read (assistant.scan's DamStrip)."""

    flood_pile: int | None
    dam_tokens: int | None
    unsure_fields: tuple = ()


@dataclass
class Reading:
    """What the reader returns (assistant.scan.ScanResult's fields)."""

    game: str = "hamstern"
    side: str | None = "A"
    crossed: frozenset = frozenset()
    unsure: frozenset = frozenset()
    one_track_struck: int = 0
    one_track_unsure: bool = False
    unsure_fields: tuple = ()
    rectified_png: bytes = b""
    strips: tuple = ()
    grid_box: tuple | None = None
    paper: str = "a4"

    def check_player(self, name: str, strip: int = 0) -> dict:
        if self.game == "hamstern":
            return {"name": name, "crossed": sorted(map(list, self.crossed)), "one_track_struck": self.one_track_struck}
        return {"name": name, "flood_pile": self.strips[strip].flood_pile, "dam_tokens": self.strips[strip].dam_tokens}


class FakeReader:
    """``answer``: what every photo is read as (a Reading, or an exception raised); ``answers``: what the
    next photos are read as, one each, before ``answer``."""

    def __init__(self, refused_class):
        self.refused_class, self.answer, self.answers, self.calls = refused_class, Reading(), [], []

    def refusal(self, key: str, en: str, de: str) -> BaseException:
        return self.refused_class(key, {"en": en, "de": de})

    def refuse(self, key: str, en: str, de: str) -> None:
        self.answer = self.refusal(key, en, de)

    def __call__(self, data: bytes, game: str | None = None, *, side: str | None = None):
        self.calls.append((len(data), game) if side is None else (len(data), game, side))
        answer = self.answers.pop(0) if self.answers else self.answer
        if isinstance(answer, BaseException):
            raise answer
        return answer


@pytest.fixture
def reader(monkeypatch) -> FakeReader:
    """``assistant.scan.read_photo`` replaced by a fake (the real module, or a stand-in where it is missing)."""
    try:
        from assistant import scan as module
    except ImportError:
        module = types.ModuleType("assistant.scan")
        module.__spec__ = ModuleSpec("assistant.scan", None)
        monkeypatch.setitem(sys.modules, "assistant.scan", module)
        monkeypatch.setattr(assistant, "scan", module, raising=False)
    base = getattr(module, "ScanRefused", None)
    if base is None:
        class ScanRefused(ValueError):
            pass
        base = ScanRefused
        monkeypatch.setattr(module, "ScanRefused", base, raising=False)

    class Refused(base):  # noqa: N818 - the reader's own refusal, as the page receives it
        def __init__(self, key, lines):
            ValueError.__init__(self, lines["en"])
            self.key, self.lines = key, lines

        def message(self, lang: str = "en") -> str:
            return self.lines[lang]

    fake = FakeReader(Refused)
    monkeypatch.setattr(module, "read_photo", fake, raising=False)
    return fake


def upload(at, box: str = "sc-photo-0", data: bytes | None = None, name: str = "sheet.png"):
    """Give the box's file uploader a photo (its key counts the photos taken there)."""
    uploader = next(w for w in at.file_uploader if w.key.startswith(f"{box}-file-"))
    uploader.set_value((name, photo() if data is None else data, "image/png")).run()
    assert not at.exception, at.exception
    return at


def check_data(db, at) -> dict:
    return db.load_check(at.query_params["check"]).data


CELLS = frozenset({(4, 5), (4, 6), (4, 7), (5, 6)})  # the start chamber's cells of side A, and one more


# --- Hamstern -----------------------------------------------------------------------------------
def test_a_photo_fills_the_players_sheet_and_marks_the_cells_to_look_at(db, reader):
    reader.answer = Reading(crossed=CELLS, unsure=frozenset({(4, 7), (6, 6)}), one_track_struck=3,
                            one_track_unsure=True, rectified_png=photo(), grid_box=(0.1, 0.1, 0.9, 0.9))
    at = open_app(PAGE)
    assert any(w.key == "sc-photo-0-file-0" for w in at.file_uploader)
    upload(at)
    assert reader.calls == [(len(photo()), "hamstern")]
    data = check_data(db, at)
    assert sorted(map(tuple, data["crossed"]["A"][0])) == sorted(CELLS)
    assert data["struck"]["A"][0] == 3
    assert marked(at, SC, "tb-unsure") == {"4-7", "6-6"}  # 6-6 uncrossed, looked at all the same
    shown = texts(at)
    assert "Read from the photo. Crossed cells: 4; struck on the 1-track: 3." in shown
    assert "2 cells are marked orange" in shown and "The 1-track's count is marked orange" in shown
    assert [w.key for w in at.file_uploader] == ["sc-photo-0-file-1"]  # emptied for the next photo
    assert '<image href="data:image/jpeg;base64,' in board_html(at, SC)  # the photo under the sheet
    decide(at, SC, "toggle", ["6-6"])  # one tap corrects a cell: crossed, and looked at
    assert [6, 6] in check_data(db, at)["crossed"]["A"][0]
    assert marked(at, SC, "tb-unsure") == {"4-7"}
    assert "1 cell is marked orange" in texts(at)
    at.button(key="sc-track-less").click().run()
    assert check_data(db, at)["struck"]["A"][0] == 2
    assert "1-track's count is marked" not in texts(at)
    at.button(key="sc-photo-looked").click().run()
    assert marked(at, SC, "tb-unsure") == set() and "marked orange" not in texts(at)


def test_a_photo_for_the_second_player_fills_only_theirs(db, reader):
    at = open_app(PAGE)
    decide(at, SC, "toggle", ["4-5"])
    at.segmented_control(key="sc_player").set_value(1).run()
    at.text_input(key="sc_name_1").input("Bo").run()
    assert "Read Bo's sheet from a photo" in [e.label for e in at.expander]
    reader.answer = Reading(crossed=CELLS)
    upload(at, "sc-photo-1")
    data = check_data(db, at)
    assert data["crossed"]["A"][0] == [[4, 5]]
    assert len(data["crossed"]["A"][1]) == 4
    assert list(at.table[0].value["Name"]) == ["Player 1", "Bo"]


def test_the_camera_is_asked_for_only_when_wanted_and_its_photo_is_read(db, reader, monkeypatch):
    from assistant.ui import scan_photo

    monkeypatch.setattr(scan_photo, "camera_works", lambda url: True)  # AppTest's page has no address
    reader.answer = Reading(crossed=CELLS)
    at = open_app(PAGE)
    assert not at.camera_input
    at.toggle(key="sc-photo-0-camera-0").set_value(True).run()
    at.camera_input(key="sc-photo-0-shot-0").set_value(("shot.jpg", photo("JPEG"), "image/jpeg")).run()
    assert len(check_data(db, at)["crossed"]["A"][0]) == 4
    assert not at.camera_input  # the camera is off again after a photo


def test_the_camera_is_offered_only_where_a_browser_gives_one():
    from assistant.ui.scan_photo import camera_works

    assert camera_works("http://localhost:8501/score-check") and camera_works("http://127.0.0.1:8501")
    assert camera_works("https://table.example.org/score-check")
    assert not camera_works("http://192.168.1.20:8501/score-check")  # a tablet on the table's Wi-Fi
    assert not camera_works(None)


@pytest.mark.parametrize("lang, line", [("en", "Hold the tablet above the whole sheet."),
                                        ("de", "Halte das Tablet über das ganze Blatt.")])
def test_a_refused_photo_says_its_line_and_changes_nothing(db, reader, lang, line):
    at = open_app(PAGE, lang=lang)
    decide(at, SC, "toggle", ["4-5"])
    before = check_data(db, at)
    reader.refuse("scan.half_sheet", "Hold the tablet above the whole sheet.", "Halte das Tablet über das ganze Blatt.")
    upload(at)
    assert [e.value for e in at.error] == [plain(line)]  # shown as text: a line may name what a code says
    assert check_data(db, at) == before
    decide(at, SC, "toggle", ["4-6"])  # the line answered the photo; the next tap is another matter
    assert not at.error


@pytest.mark.parametrize("data, words", [
    (b"%PDF-1.7 not a photo", "That file is no photo"),
    (huge_png(), "That photo has too many pixels"),
    (huge_png(9000, 8000), "That photo has too many pixels"),  # below Pillow's own guard, above ours
])
def test_hostile_files_never_reach_the_reader(db, reader, data, words):
    at = open_app(PAGE)
    upload(at, data=data)
    assert reader.calls == []
    assert len(at.error) == 1 and at.error[0].value.startswith(words)
    assert db.recent_checks() == []  # nothing entered: no check made


def test_a_reader_that_breaks_gives_one_line(db, reader):
    reader.answer = MemoryError()
    at = open_app(PAGE, lang="de")
    upload(at)
    assert [e.value for e in at.error] == [
        "Das Foto ließ sich nicht lesen: Fotografiere noch einmal von oben, das ganze Blatt im Bild."]
    assert db.recent_checks() == []


def test_a_photo_of_the_dam_tracker_on_hamstern_names_the_game(db, reader):
    reader.answer = Reading(game="hamsterdam", side=None)
    at = open_app(PAGE)
    upload(at)
    assert at.error[0].value == "This is a photo of a Hamsterdam sheet: choose Hamsterdam above to check it."
    assert db.recent_checks() == []


def test_a_photo_of_another_side_offers_to_switch_an_empty_check(db, reader):
    b_cells = frozenset(list(load_layout("B").index)[:3])
    reader.answer = Reading(side="B", crossed=b_cells, unsure=frozenset(list(b_cells)[:1]))
    at = open_app(PAGE)
    upload(at)
    assert "shows a sheet on side B, but this check is on side A" in texts(at)
    assert db.recent_checks() == []  # nothing changed yet
    at.button(key="sc-photo-switch").click().run()
    data = check_data(db, at)
    assert data["side"] == "B" and sorted(map(tuple, data["crossed"]["B"][0])) == sorted(b_cells)
    assert at.segmented_control(key="sc_side").value == "B"
    assert len(marked(at, SC, "tb-unsure")) == 1
    assert "shows a sheet on side B" not in texts(at)


def test_a_photo_of_a_caves_sheet_switches_an_empty_check_to_that_cave(db, reader):
    code = "BAKO-MIRU"  # printed on the sheet, read from its QR code
    cells = frozenset(list(caves.layout_of(code).index)[:5])
    reader.answer = Reading(side=code.lower(), crossed=cells)
    at = open_app(PAGE)
    upload(at)
    assert f"shows a sheet in cave {code}, but this check is on side A" in texts(at)
    at.button(key="sc-photo-switch").click().run()
    data = check_data(db, at)
    assert data["side"] == code and data["cave"] and sorted(map(tuple, data["crossed"][code][0])) == sorted(cells)
    assert at.segmented_control(key="sc_side").value == "code" and at.text_input(key="sc_cave_code").value == code


def test_a_caves_code_that_cannot_be_read_is_taken_for_the_checks_cave(db, reader):
    code = "BAKO-MIRU"
    no_code = reader.refusal("scan.no_code", "The square code of this cave could not be read.",
                             "Der Code dieser Höhle ließ sich nicht lesen.")
    at = open_app(PAGE)
    reader.answer = no_code
    upload(at)  # on side A: a cave's sheet without its code is no sheet to guess
    assert [e.value for e in at.error] == [plain("The square code of this cave could not be read.")]
    at.segmented_control(key="sc_side").set_value("code").run()
    at.text_input(key="sc_cave_code").input(code).run()
    cells = frozenset(list(caves.layout_of(code).index)[:3])
    reader.answers = [no_code, Reading(side=code, crossed=cells)]
    upload(at)
    assert reader.calls[-1] == (len(photo()), "hamstern", code)  # read again as the check's cave
    assert sorted(map(tuple, check_data(db, at)["crossed"][code][0])) == sorted(cells)


def test_another_side_is_not_offered_when_other_sheets_are_filled_in(db, reader):
    at = open_app(PAGE)
    decide(at, SC, "toggle", ["4-5"])  # player 1's sheet, on side A
    at.segmented_control(key="sc_player").set_value(1).run()
    reader.answer = Reading(side="B", crossed=frozenset(list(load_layout("B").index)[:2]))
    upload(at, "sc-photo-1")
    assert "Other sheets of this check are filled in on side A" in texts(at)
    assert not [b for b in at.button if b.key == "sc-photo-switch"]
    at.button(key="sc-photo-keep").click().run()
    assert "side B" not in texts(at)
    assert check_data(db, at)["side"] == "A" and check_data(db, at)["crossed"]["A"][1] == []


def test_cells_the_side_does_not_have_are_left_out(db, reader):
    reader.answer = Reading(crossed=frozenset({(4, 5), (99, 99), (0, 99), (-1, 4)}), unsure=frozenset({(99, 99)}),
                            one_track_struck=500)
    at = open_app(PAGE)
    upload(at)
    data = check_data(db, at)
    assert data["crossed"]["A"][0] == [[4, 5]] and data["struck"]["A"][0] == load_layout("A").one_track_length
    assert marked(at, SC, "tb-unsure") == set()


def test_without_the_reader_there_are_no_photo_controls(db, monkeypatch):
    from assistant.ui import scan_photo

    monkeypatch.setattr(scan_photo, "find_spec", lambda name: None)
    at = open_app(PAGE)
    assert not at.file_uploader and not at.camera_input
    assert at.button(key="sc-track-more")  # the 1-track is counted by hand all the same


# --- Hamsterdam ---------------------------------------------------------------------------------
def hamsterdam(at):
    at.segmented_control(key="sc_game").set_value("hamsterdam").run()
    return at


def tracker(*strips: Strip) -> Reading:
    return Reading(game="hamsterdam", side=None, strips=strips, unsure_fields=strips[0].unsure_fields)


def test_one_photo_of_the_dam_tracker_fills_every_players_counts_and_marks_the_unsure(db, reader):
    at = hamsterdam(open_app(PAGE))
    at.button(key="hd-sc-hamsters-0-more").click().run()  # the hamsters left are counted by hand
    reader.answer = tracker(Strip(4, 2), Strip(6, 1, ("dam_tokens",)))
    upload(at, "hd-sc-photo")
    assert reader.calls[-1][1] == "hamsterdam"
    data = check_data(db, at)
    assert data["counts"][:2] == [{"flood_pile": 4, "dam_tokens": 2, "hamsters": 1},
                                  {"flood_pile": 6, "dam_tokens": 1, "hamsters": 0}]
    shown = texts(at)
    assert "Read from the photo: the flood piles and the tokens on the dams" in shown
    assert "1 count is marked orange: look at it on the dam tracker." in shown
    assert [b.key for b in at.button if b.key.startswith("hd-sc-photo-looked-")] == ["hd-sc-photo-looked-1"]
    at.button(key="hd-sc-dam_tokens-1-more").click().run()  # a tap on the marked count: looked at
    assert "marked orange" not in texts(at)


def test_a_dam_tracker_photo_no_game_ends_with_is_refused(db, reader):
    tokens = limits().tokens  # each count possible, both together more flood tokens than the game has
    reader.answer = tracker(Strip(tokens, tokens), Strip(0, 0))
    at = hamsterdam(open_app(PAGE))
    upload(at, "hd-sc-photo")
    assert reader.calls
    assert db.recent_checks() == []  # refused, as the tap that got there would be: nothing saved
    assert f"{2 * tokens} flood tokens in all" in at.error[0].value
    assert "marked orange" not in texts(at)


def test_a_count_the_reader_could_not_read_is_left_and_marked(db, reader):
    reader.answer = tracker(Strip(3, None), Strip(5, 2))
    at = hamsterdam(open_app(PAGE))
    upload(at, "hd-sc-photo")
    assert check_data(db, at)["counts"][:2] == [{"flood_pile": 3, "dam_tokens": 0, "hamsters": 0},
                                                {"flood_pile": 5, "dam_tokens": 2, "hamsters": 0}]
    assert "1 count is marked orange" in texts(at)


def test_a_tracker_with_more_strips_than_players_says_so(db, reader):
    reader.answer = tracker(Strip(3, 1), Strip(5, 2), Strip(4, 0))
    at = hamsterdam(open_app(PAGE, lang="de"))
    upload(at, "hd-sc-photo")
    assert [c["flood_pile"] for c in check_data(db, at)["counts"]] == [3, 5, 0, 0]
    assert "Das Dammblatt hat 3 Streifen, diese Prüfung 2 Mitspielende" in at.warning[0].value


# --- the real reader ------------------------------------------------------------------------------
def real_photos(game: str) -> list[Path]:
    return sorted(path for path in DATA.glob(f"*{game}*") if path.suffix.lower() in (".jpg", ".jpeg", ".png"))


def real_reader():
    try:
        from assistant.scan import read_photo
    except ImportError:
        pytest.skip("the photo reader (assistant.scan) is not installed")
    return read_photo


def kept_photo(game: str):
    """The first photo of ``game``'s sheet kept in tests/data that the reader reads, and its reading by the
    real reader: (the bytes, the file's name, the reading)."""
    read_photo = real_reader()
    photos = [path for path in real_photos(game) if "refused" not in path.name]
    if not photos:
        pytest.skip(f"no photo of a {game} sheet in tests/data")
    data = photos[0].read_bytes()
    return data, photos[0].name, read_photo(data, game)


def test_a_real_photo_of_a_sheet_fills_the_check_as_the_reader_reads_it(db):
    data, name, expected = kept_photo("hamstern")
    at = open_app(PAGE)
    upload(at, data=data, name=name)
    if expected.side != "A":  # a photo of side B or a cave: the empty check is switched to it
        at.button(key="sc-photo-switch").click().run()
    saved = check_data(db, at)
    side = saved["side"]
    assert sorted(map(tuple, saved["crossed"][side][0])) == sorted(expected.crossed)
    assert saved["struck"][side][0] == expected.one_track_struck
    assert marked(at, SC, "tb-unsure") == {f"{row}-{col}" for row, col in expected.unsure}
    assert f"Read from the photo. Crossed cells: {len(expected.crossed)};" in texts(at)


def real_tracker_uploaded():
    """A Hamsterdam check with as many players as the kept photo of a dam tracker has strips, the photo
    uploaded to it: (the page, what the real reader reads on the photo)."""
    data, name, expected = kept_photo("hamsterdam")
    at = hamsterdam(open_app(PAGE))
    at.segmented_control(key="hd_sc_count").set_value(len(expected.strips)).run()
    upload(at, "hd-sc-photo", data=data, name=name)
    return at, expected


def test_a_real_photo_of_a_dam_tracker_fills_the_check_as_the_reader_reads_it(db):
    at, expected = real_tracker_uploaded()
    counts = check_data(db, at)["counts"]
    assert [(c["flood_pile"], c["dam_tokens"]) for c in counts[:len(expected.strips)]] == [
        (strip.flood_pile, strip.dam_tokens) for strip in expected.strips]
    looks = sum(len(strip.unsure_fields) for strip in expected.strips)
    assert ("marked orange" in texts(at)) == bool(looks)
