"""Attacks on the score check from a photo (issue 27) and on "New game" seating the same table again: what a
cheating player, or anyone on the table's Wi-Fi, may try, and that each ends in one clear line (or a refusal)
and changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from assistant.ui import access
from tests.seat_devices import PHONE_ADDRESS
from tests.seat_devices import TABLE as TABLET

DATA = Path(__file__).parent / "data"

UPLOAD_PATH = "/_stcore/upload_file/6b16dfb3-b625-4ad5-876e-33163f7f81ea/evil0"


def _upload_request(client=("192.168.1.30", 5000), cookie: bytes | None = None, method: str = "PUT",
                    path: str = UPLOAD_PATH):
    """(the status sent, whether Streamlit's own route was reached) for a file sent to the server."""
    reached, sent = [], []

    async def app(scope, receive, send):
        reached.append(scope["path"])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def send(message):
        sent.append(message)

    headers = [(b"host", b"192.168.1.20:8501")] + ([(b"cookie", cookie)] if cookie is not None else [])
    scope = {"type": "http", "method": method, "path": path, "query_string": b"", "client": client,
             "headers": headers}
    asyncio.run(access.TableKeyMiddleware(app)(scope, None, send))
    return sent[0]["status"], bool(reached)


# --- the files a browser sends ---------------------------------------------------------------------
def test_only_the_table_may_send_files_to_the_server(db):
    """Streamlit keeps every file sent to a session (up to 200 MB each) in memory until that session ends, for
    any session: a visitor's or a seat's phone could fill the laptop's memory with files no page asked for
    (measured: four PUTs of 60 MB from a visitor's page took the server from 75 to 315 MB). Only the table
    has anything to send (a photo of a sheet, a backup, a game record)."""
    key = db.table_key()
    assert _upload_request() == (403, False)  # a visitor, or a seat's phone
    assert _upload_request(method="DELETE") == (403, False)
    assert _upload_request(path="/app" + UPLOAD_PATH) == (403, False)  # served under a base path
    for cookie in (b"ht_table=" + b"a" * len(key), b"ht_table=", b"other=1", b"ht_table=%00; x=\xff"):
        assert _upload_request(cookie=cookie) == (403, False), cookie
    assert _upload_request(cookie=f"_streamlit_xsrf=1; ht_table={key}".encode()) == (204, True)  # a paired tablet
    assert _upload_request(client=("127.0.0.1", 5000)) == (204, True)  # the laptop itself
    db.new_table_key()
    assert _upload_request(cookie=f"ht_table={key}".encode()) == (403, False)  # a tablet no longer paired


@pytest.mark.browser
def test_in_the_served_app_a_visitor_sends_no_file_and_a_paired_tablet_reads_its_photo(app):
    """The attack as made: a visitor's page takes its session's id from the server's first message and PUTs a
    file to it (with its own XSRF cookie). Then a tablet paired by the table link uploads a real photo of a
    sheet from the Score check page, through the file picker, and it is read."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    from tests.in_browser import ARTIFACTS, wait_idle
    from tests.seat_devices import chromium, device

    def session_of(page) -> str:
        for frame in page.heard:
            message = ForwardMsg()
            try:
                message.ParseFromString(frame)
            except Exception:  # noqa: BLE001, S112 - another kind of frame
                continue
            if message.WhichOneof("type") == "new_session":
                return message.new_session.initialize.session_id
        raise AssertionError("no session")

    with chromium() as browser:
        visitor = device(browser, f"{app.url}/score-check?lang=en", remote=True)
        visitor.get_by_text("Join the table").wait_for()
        xsrf = {c["name"]: c["value"] for c in visitor.context.cookies()}["_streamlit_xsrf"]
        answer = visitor.request.put(f"{app.url}/_stcore/upload_file/{session_of(visitor)}/evil",
                                     multipart={"file": {"name": "x.jpg", "mimeType": "image/jpeg",
                                                         "buffer": b"\xff" * 1_000_000}},
                                     headers={"X-Xsrftoken": xsrf, **PHONE_ADDRESS})
        assert answer.status == 403

        tablet = device(browser, f"{app.url}/score-check?lang=en&key={app.store.table_key()}", TABLET,
                        remote=True)
        box = "Read Player 1's sheet from a photo"
        tablet.get_by_text(box).click()
        tablet.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(DATA / "scan-hamstern-a.jpg"))
        tablet.get_by_text("Read from the photo.").wait_for(timeout=60_000)
        wait_idle(tablet)
        tablet.screenshot(path=ARTIFACTS / "scan-attacks-paired-tablet.png")


REFUSED_LINE = """(box) => {
  const zone = document.querySelector(`[class*="st-key-scan-box-"] [data-testid="stFileUploaderDropzone"]`);
  const line = getComputedStyle(zone, "::after");
  return line.display === "none" ? "" : line.content;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("name, size", [("big.jpg", 21 * 1024 * 1024), ("IMG_0042.heic", 300_000)],
                         ids=["too-big", "heic"])
def test_a_file_the_picker_refuses_says_why_in_the_players_language(app, tmp_path, name, size):
    """The file picker itself refuses a file over 20 MB or of another type (an iPad's HEIC): Streamlit showed
    only a red chip, its reason ("File must be 20.0MB or smaller.") in English in a tooltip a tablet never
    shows. The page's own line, in German here, says what to do."""
    from tests.in_browser import ARTIFACTS, wait_idle
    from tests.seat_devices import chromium, device

    photo = tmp_path / name
    photo.write_bytes(b"\xff\xd8\xff" + b"\0" * (size - 3))
    with chromium() as browser:
        page = device(browser, f"{app.url}/score-check?lang=de", TABLET, remote=False)
        page.locator("[data-testid=stExpander] summary", has_text="aus einem Foto lesen").click()
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(photo))
        page.locator('[data-testid="stFileChip"][aria-invalid="true"]').wait_for()
        wait_idle(page)
        page.locator('[data-testid="stFileUploader"]').scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / f"scan-attacks-refused-file-{photo.suffix[1:]}.png")
        assert page.evaluate(REFUSED_LINE) == (
            '"Diese Datei nimmt die Prüfung nicht: ein Foto des Blatts als JPEG, PNG oder WebP, höchstens 20 MB."')


@pytest.mark.parametrize("with_seat_link", [False, True], ids=["visitor", "seat-phone"])
def test_a_phone_reaches_no_photo_box(db, monkeypatch, with_seat_link):
    """A visitor, or a phone holding a seat link, asking for the Score check page gets the page for its kind
    of device: no file picker, no camera, nothing read."""
    from streamlit.testing.v1 import AppTest
    from streamlit.util import calc_hash

    from tests.components import APP
    from tests.hamstern.helpers import hamstern_game

    monkeypatch.setattr(access, "connection_is_local", lambda: False)
    at = AppTest.from_file(APP, default_timeout=60)
    if with_seat_link:
        at.query_params["t"] = db.seat_links(hamstern_game(db), [0, 1])[1].token
    at.run()
    at._page_hash = calc_hash("score-check")  # the page asked for by its address, as test_access does
    at.run()
    assert not at.exception
    assert not at.file_uploader and not at.camera_input and not at.get("expander")
    assert db.recent_checks() == []


def test_a_noisy_photo_adds_no_cross_the_reader_is_sure_of():
    """Sheet A of tests/data (6 crosses), with the sensor noise of a dim room added (sigma 12 of 255): read as
    70 crossed cells, 52 of them not drawn and not marked orange (sigma 8: 22 not drawn, 5 unmarked). A player
    who wants points takes the photo in the dark. It should be refused (too dark, too noisy) or every extra
    cell marked."""
    import io
    import json

    import numpy as np
    from PIL import Image

    scan = pytest.importorskip("assistant.scan")
    truth = {tuple(cell) for cell in json.loads((DATA / "scan-hamstern-a.json").read_text())["crossed"]}
    clean = np.asarray(Image.open(DATA / "scan-hamstern-a.jpg").convert("RGB")).astype(np.float32)
    noisy = clean + np.random.default_rng(1).normal(0, 12, clean.shape)
    out = io.BytesIO()
    Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8)).save(out, "JPEG", quality=90)
    try:
        result = scan.read_photo(out.getvalue(), "hamstern")
    except scan.ScanRefused:
        return  # refused: the player takes it again in better light
    assert set(result.crossed) - truth <= set(result.unsure)
