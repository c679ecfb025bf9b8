"""A paper sheet read from a photo on the Score check page (issue 27): the tablet's camera or an uploaded
photo, read by ``assistant.scan`` (OpenCV), fills one player's entries; the game's score page shows them
on its ordinary sheet, the entries the reader is unsure of marked for a look.

This module only takes the photo and reads it: ``photo_box`` draws the controls and hands a reading to
the page's ``on_read``. The reader is imported when a photo comes, never before (OpenCV takes a while to
load), and a computer without it shows no photo controls at all. The bytes come from the browser, so
they are taken as written by a cheater: their size and the image's size are checked before the reader
sees them, and anything the reader raises becomes one line, never a traceback.
"""

from __future__ import annotations

import io
import json
import logging
import math
from collections.abc import Callable
from importlib.util import find_spec
from urllib.parse import urlsplit

import streamlit as st
from PIL import Image

from assistant.games.registry import registered
from assistant.ui.common import lang, plain, tr

TEXTS = "ui.scan_check"
MAX_MB = 20  # a phone's photo is 2-8 MB; anything much bigger is no photo of a sheet
MAX_PIXELS = 60_000_000  # a 48 MP phone camera fits; a crafted PNG of 100,000 x 100,000 pixels does not
TYPES = ["jpg", "jpeg", "png", "webp"]  # what the reader decodes (and what a tablet's camera gives)
# What a page is told, once, in the run after a photo (a refusal, or what was read): kept by box.
_SAID = "_scan_said:"
_ROUND = "_scan_round:"  # a new number empties the box's widgets after each photo
# A new number closes the box after a photo read: what was read lies under it, and on a tablet held
# sideways an open box pushes all of it below the screen's edge (a refused photo leaves it open, to retake).
_FOLD = "_scan_fold:"

log = logging.getLogger(__name__)


def available() -> bool:
    """Whether this computer can read photos: the reader is there (looked up, not imported; some 20 µs)."""
    try:
        return find_spec("assistant.scan") is not None
    except (ImportError, ValueError):
        return False


def say(box: str, kind: str, text: str) -> None:
    """A line shown once under the box ``box``: "error", "warning", "info" or "success"."""
    st.session_state[_SAID + box] = (kind, text)


def photo_box(box: str, title: str, game: str, on_read: Callable[[object], None], *, what: str = "sheet",
              cave: str | None = None) -> None:
    """The photo controls (``box``: a key of their own), in an expander titled ``title`` (plain text
    already). A photo is read at once, under a spinner; a reading of ``game`` goes to ``on_read(result)``
    (a ``ScanResult``), which saves what it fills in and may ``say`` a line; a photo that cannot be read
    says why and changes nothing. ``what``: "sheet" or "tracker", for the labels. ``cave``: the check's
    cave, if it is on one: a cave's sheet whose printed code cannot be read is read as that cave's."""
    if not available():
        return
    round_ = st.session_state.get(_ROUND + box, 0)
    st.html(_own_words())
    with (st.container(key=f"scan-box-{box}"),
          st.expander(title, icon=":material/photo_camera:", key=f"{box}-open-{st.session_state.get(_FOLD + box, 0)}")):
        photo = st.file_uploader(tr(f"{TEXTS}.upload_{what}"), type=TYPES, key=f"{box}-file-{round_}",
                                 help=tr(f"{TEXTS}.upload_help_{what}"), max_upload_size=MAX_MB)
        # The camera only when asked for (a camera input asks for the camera as soon as it is drawn), and
        # only where the browser gives one.
        if camera_works(st.context.url) and st.toggle(tr(f"{TEXTS}.camera_on"), key=f"{box}-camera-{round_}"):
            photo = st.camera_input(tr(f"{TEXTS}.camera_{what}"), key=f"{box}-shot-{round_}",
                                    resolution="1080p") or photo  # the crosses need pixels
    if photo is not None:
        st.session_state[_ROUND + box] = round_ + 1  # the next run draws empty widgets, the camera off
        with st.spinner(tr(f"{TEXTS}.reading")):
            result, refused = read(photo, game, cave)
        if refused:
            say(box, "error", refused)
        else:
            on_read(result)
            if st.session_state.get(_SAID + box, ("",))[0] != "error":
                st.session_state[_FOLD + box] = st.session_state.get(_FOLD + box, 0) + 1
        st.rerun()
    said = st.session_state.pop(_SAID + box, None)
    if said:
        kind, text = said
        icons = {"error": ":material/warning:", "warning": ":material/warning:", "success": ":material/check_circle:"}
        getattr(st, kind)(text, icon=icons.get(kind, ":material/info:"))


def camera_works(url: str | None) -> bool:
    """Browsers give a page at ``url`` the camera only over HTTPS or on the computer itself: a tablet at
    http://192.168.1.20:8501 gets none, and takes its photo through the file picker, which offers it."""
    address = urlsplit(url or "")
    return address.scheme == "https" or address.hostname in ("localhost", "127.0.0.1", "::1")


def _own_words() -> str:
    """Streamlit writes its own words in the file picker and the camera, in English only (and a link to its
    documentation where the camera is not allowed yet): ours instead, in the page's language."""
    def words(key: str, **values) -> str:
        return json.dumps(tr(f"{TEXTS}.{key}", **values), ensure_ascii=False)  # a CSS string: quotes escaped
    box = '[class*="st-key-scan-box-"]'
    # A file the picker itself refuses (too big, a type not offered: an iPad's HEIC) got only a red chip, its
    # reason in English in a tooltip a tablet never shows: our line under it instead.
    refused = f"{box} [data-testid='stFileUploaderDropzone']:has([data-testid='stFileChip'][aria-invalid='true'])"
    return (f"<style>{box} summary {{ min-height: 48px; box-sizing: border-box; }}"  # a finger's tap opens it
            f"{box} [data-testid='stFileUploaderDropzoneInstructions'] {{ display: none; }}"
            f"{box} [data-testid='stFileUploaderDropzone'] button [data-testid='stMarkdownContainer'] p "
            f"{{ font-size: 0; }}"
            f"{box} [data-testid='stFileUploaderDropzone'] button [data-testid='stMarkdownContainer'] p::after "
            f"{{ content: {words('choose_photo')}; font-size: 1rem; }}"
            f"{refused} {{ flex-wrap: wrap; }}"
            f"{refused}::after {{ content: {words('refused_file', mb=MAX_MB)}; flex-basis: 100%; font-size: 1rem; "
            f"color: #b71c1c; padding-top: 0.5rem; }}"
            f"{box} [data-testid='stCameraInputButton'] {{ font-size: 0; min-height: 48px; }}"
            f"{box} [data-testid='stCameraInputButton']::after {{ content: {words('take_photo')}; font-size: 1rem; }}"
            f"{box} [data-testid='stCameraInputWebcamComponent'] p {{ font-size: 0; }}"
            f"{box} [data-testid='stCameraInputWebcamComponent'] p a {{ display: none; }}"
            f"{box} [data-testid='stCameraInputWebcamComponent'] p::after {{ content: {words('allow_camera')}; "
            f"font-size: 1rem; }}</style>")


def read(photo, game: str, cave: str | None = None) -> tuple[object | None, str | None]:
    """``(result, None)`` or ``(None, the line saying why not)`` for an uploaded or taken photo."""
    size = getattr(photo, "size", None)
    if not isinstance(size, int) or size > MAX_MB * 1024 * 1024:
        return None, tr(f"{TEXTS}.too_big", mb=MAX_MB)
    data = photo.getvalue()
    if len(data) > MAX_MB * 1024 * 1024:
        return None, tr(f"{TEXTS}.too_big", mb=MAX_MB)
    refused = _not_a_photo(data)
    if refused:
        return None, refused
    try:
        from assistant import scan  # here, not at the top: only a photo needs OpenCV loaded

        read_photo, refused_photo = scan.read_photo, scan.ScanRefused
    except (ImportError, AttributeError):
        return None, tr(f"{TEXTS}.no_reader")
    try:
        try:
            result = read_photo(data, game)
        except refused_photo as refusal:
            # Another side's photo is read as it is (the page offers to switch); only a cave's code that
            # cannot be read is taken to be the check's own cave's.
            if not cave or getattr(refusal, "key", None) != "scan.no_code":
                raise
            result = read_photo(data, game, side=cave)
    except refused_photo as refusal:
        return None, plain(_one_line(refusal.message(lang())))  # it may name what the photo's code says
    except Exception:  # noqa: BLE001 - bytes from a browser may break any decoder; the player gets one line
        log.exception("a photo could not be read")
        return None, tr(f"{TEXTS}.failed")
    found = getattr(result, "game", game)
    if found != game:
        title = _title(found)
        return None, tr(f"{TEXTS}.other_game", found=title) if title else tr(f"{TEXTS}.failed")
    return result, None


def _not_a_photo(data: bytes) -> str | None:
    """Why ``data`` is no photo the reader should open, or None. Only the header is read: a small file
    may claim a huge image, and decoding that would take the server's memory."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
            kind = image.format
    except Image.DecompressionBombError:  # Pillow's own guard, at twice its warning's 89 MP
        return tr(f"{TEXTS}.too_many_pixels")
    except Exception:  # noqa: BLE001 - whatever the bytes are, they are no image we read
        return tr(f"{TEXTS}.not_a_photo")
    if kind not in ("JPEG", "PNG", "WEBP", "MPO"):  # MPO: a JPEG with a second picture (some cameras)
        return tr(f"{TEXTS}.not_a_photo")
    if width * height > MAX_PIXELS:
        return tr(f"{TEXTS}.too_many_pixels")
    return None


def _one_line(text: str) -> str:
    return " ".join(str(text).split()) or tr(f"{TEXTS}.failed")


def picture_part(png: bytes, box: tuple[float, float, float, float], *, margin: tuple[float, float] = (0.0, 0.0),
                 width: int = 800) -> tuple[bytes, tuple[float, float, float, float]] | None:
    """The part ``box`` (left, top, right, bottom: fractions of the picture ``png``) of the reader's
    straightened photo, ``margin`` (of the box's width, of its height) round it where the picture has it,
    as a small JPEG
    (at most ``width`` pixels wide: it goes to the browser with the page), and where that JPEG lies in
    the box's own coordinates (the box being 0..1 both ways), so a drawing of the box lines up with it
    whatever the rounding to whole pixels. None for a picture that cannot be opened or an empty box."""
    try:
        with Image.open(io.BytesIO(png)) as image:
            image = image.convert("RGB")
    except Exception:  # noqa: BLE001 - the reader's own picture; a broken one only means no photo shown
        return None
    full_w, full_h = image.size
    left, top, right, bottom = box[0] * full_w, box[1] * full_h, box[2] * full_w, box[3] * full_h
    if not (right - left > 1 and bottom - top > 1):
        return None
    pad_x, pad_y = margin[0] * (right - left), margin[1] * (bottom - top)
    crop = (max(0, math.floor(left - pad_x)), max(0, math.floor(top - pad_y)),
            min(full_w, math.ceil(right + pad_x)), min(full_h, math.ceil(bottom + pad_y)))
    part = image.crop(crop)
    if part.width > width:  # never enlarged: the browser scales it, and more pixels add no detail
        part = part.resize((width, round(part.height * width / part.width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    part.save(out, "JPEG", quality=75, optimize=True)
    place = ((crop[0] - left) / (right - left), (crop[1] - top) / (bottom - top),
             (crop[2] - left) / (right - left), (crop[3] - top) / (bottom - top))
    return out.getvalue(), place


def _title(game) -> str | None:
    """The game's name as the page shows it, or None for a game the app does not know."""
    titles = {info.name: info.title(lang()) for info in registered()}
    return plain(titles[game]) if game in titles else None
