"""Reading photos of sheets (assistant/scan): the kept photos in tests/data read right, photos that
cannot be read are refused with their one line, the command line, the same photo the same result."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from assistant import i18n
from assistant.games.hamstern.scorecard import check_scores
from assistant.scan import ScanRefused, ScanResult, read_photo
from assistant.scan.errors import KEYS

DATA = Path(__file__).resolve().parent.parent / "data"
HAMSTERN = ["scan-hamstern-a", "scan-hamstern-b", "scan-hamstern-cave"]


def photo(name: str) -> bytes:
    return (DATA / f"{name}.jpg").read_bytes()


def truth(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def jpeg(image: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()


def decoded(name: str) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(photo(name), np.uint8), cv2.IMREAD_COLOR)


def refusal(data: bytes, game: str | None = None, **options) -> ScanRefused:
    with pytest.raises(ScanRefused) as caught:
        read_photo(data, game, **options)
    return caught.value


@pytest.mark.parametrize("name", HAMSTERN)
def test_a_hamstern_photo_reads_right_once_its_unsure_cells_are_looked_at(name):
    expected = truth(name)
    result = read_photo(photo(name), "hamstern")
    assert isinstance(result, ScanResult) and result.game == "hamstern" and result.side == expected["side"]
    crossed = {tuple(cell) for cell in expected["crossed"]}
    assert result.crossed ^ crossed <= result.unsure  # every misread cell is marked for a look
    assert len(result.unsure) <= 15
    assert result.one_track_struck == expected["one_track_struck"] or result.one_track_unsure
    corrected = (result.crossed - result.unsure) | (crossed & result.unsure)  # the player's taps
    assert corrected == crossed
    entry = result.check_player("Ann")
    assert entry["name"] == "Ann" and entry["one_track_struck"] == result.one_track_struck
    assert {tuple(cell) for cell in entry["crossed"]} == result.crossed
    assert result.rectified_png.startswith(b"\x89PNG") and 0 < result.grid_box[0] < result.grid_box[2] < 1


def test_the_reading_is_a_score_check_entry():
    result = read_photo(photo("scan-hamstern-a"))
    scored = check_scores(result.score_check_data(["Ann"]))
    assert scored["players"][0]["name"] == "Ann" and scored["players"][0]["total"] >= 0


def test_a_dam_tracker_photo_reads_its_strips():
    expected = truth("scan-hamsterdam")["strips"]
    result = read_photo(photo("scan-hamsterdam"), "hamsterdam")
    assert result.game == "hamsterdam" and result.side is None and len(result.strips) == len(expected)
    for read, wanted in zip(result.strips, expected, strict=True):
        assert read.dam_tokens == wanted["dam_tokens"] or read.dam_tokens_unsure
        assert read.flood_pile == wanted["flood_pile"] or read.flood_pile_unsure
    assert result.flood_pile == result.strips[0].flood_pile and result.unsure_fields == result.strips[0].unsure_fields
    entry = result.check_player("Bea", strip=1)
    assert entry == {"name": "Bea", "flood_pile": result.strips[1].flood_pile,
                     "dam_tokens": result.strips[1].dam_tokens}
    with pytest.raises(ValueError):
        result.check_player("Cid", strip=3)


def test_the_same_photo_gives_the_same_result():
    first, second = read_photo(photo("scan-hamstern-b")), read_photo(photo("scan-hamstern-b"))
    assert (first.crossed, first.unsure, first.one_track_struck) == (second.crossed, second.unsure,
                                                                   second.one_track_struck)
    assert first.rectified_png == second.rectified_png


def test_turned_upside_down_it_reads_the_same():
    upright = read_photo(photo("scan-hamstern-b"))
    turned = read_photo(jpeg(cv2.rotate(decoded("scan-hamstern-b"), cv2.ROTATE_180)))
    assert turned.side == upright.side and len(turned.crossed ^ upright.crossed) <= 2


def test_not_an_image_or_a_broken_one():
    for data in (b"", b"hello", b"\x89PNG\r\n\x1a\n" + b"\0" * 100, photo("scan-hamstern-a")[:3000]):
        assert refusal(data).key == "scan.not_an_image"


def test_a_huge_image_is_refused_before_it_is_decoded():
    buffer = io.BytesIO()
    Image.new("1", (12000, 9000)).save(buffer, "PNG")  # a few KB that would be 108 million pixels
    assert refusal(buffer.getvalue()).key == "scan.too_big"
    tiny = io.BytesIO()
    Image.new("RGB", (200, 150), "white").save(tiny, "PNG")
    assert refusal(tiny.getvalue()).key == "scan.too_small"


def test_a_photo_without_a_sheet():
    table = cv2.imdecode(np.frombuffer(photo("scan-hamstern-a"), np.uint8), cv2.IMREAD_COLOR)
    table[:] = cv2.GaussianBlur(table, (0, 0), 1)[0:1, 0:1]  # one colour all over: a bare table
    noise = np.random.default_rng(1).integers(0, 40, table.shape, dtype=np.uint8)
    assert refusal(jpeg(cv2.add(table, noise))).key == "scan.no_sheet"
    assert refusal(jpeg(np.full((900, 1200, 3), 230, np.uint8))).key == "scan.no_sheet"  # a white wall
    plain = cv2.cvtColor(cv2.resize(decoded("scan-hamstern-a"), None, fx=0.1, fy=0.1), cv2.COLOR_BGR2GRAY)
    lines = np.tile(np.uint8([[40] * 8 + [220] * 8]), (1200, 100))  # sharp stripes, no markers
    assert refusal(jpeg(cv2.cvtColor(lines, cv2.COLOR_GRAY2BGR))).key == "scan.no_sheet"
    assert plain.size  # (the photo decodes)


def test_half_a_sheet():
    image = decoded("scan-hamstern-a")
    rows = image.shape[0]
    assert refusal(jpeg(np.ascontiguousarray(image[: rows // 2]))).key == "scan.half_sheet"


def test_a_blurred_photo():
    assert refusal(jpeg(cv2.GaussianBlur(decoded("scan-hamstern-a"), (0, 0), 4))).key == "scan.blurred"


def test_the_wrong_game_or_side():
    wrong = refusal(photo("scan-hamsterdam"), "hamstern")
    assert wrong.key == "scan.wrong_game" and "Hamsterdam" in wrong.message("en")
    assert refusal(photo("scan-hamstern-a"), "hamsterdam").key == "scan.wrong_game"
    side = refusal(photo("scan-hamstern-a"), "hamstern", side="B")
    assert side.key == "scan.wrong_side" and "B" in side.message("de")
    assert refusal(photo("scan-hamstern-cave"), side="ZUMA-FELO").key == "scan.wrong_side"
    assert read_photo(photo("scan-hamstern-cave"), side="bako miru").side == "BAKO-MIRU"


@pytest.mark.parametrize("key", KEYS)
def test_every_refusal_says_what_to_do_in_one_line_in_both_languages(key):
    for lang in i18n.LANGUAGES:
        line = ScanRefused(key, found={"en": "X", "de": "X"}, wanted={"en": "Y", "de": "Y"}).message(lang)
        assert line and "\n" not in line and not line.startswith("scan.") and len(line) < 160


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "assistant", "scan", *args], capture_output=True, text=True,
                          timeout=120)


def test_cli_prints_the_score_checks_json_and_exits_2_on_a_refused_photo(tmp_path):
    done = run_cli("hamstern", str(DATA / "scan-hamstern-a.jpg"), "--name", "Ann")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["side"] == "A" and data["players"][0]["name"] == "Ann" and "unsure" in data
    assert check_scores(data)["players"][0]["name"] == "Ann"  # what `python -m assistant score` reads
    refused = run_cli("hamsterdam", str(DATA / "scan-hamstern-b.jpg"))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip().count("\n") == 0 and "Hamstern" in refused.stderr
    (tmp_path / "note.txt").write_text("no photo")
    broken = run_cli("hamstern", str(tmp_path / "note.txt"))
    assert broken.returncode == 2 and "no photo" in broken.stderr and "Traceback" not in broken.stderr
    missing = run_cli("hamstern", str(tmp_path / "nothing.jpg"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
