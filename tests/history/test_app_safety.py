"""The History page on a device that stops being the table while the page is open (a tablet whose key
was revoked on the laptop): its next tap changes nothing and its downloads are empty. And a time damaged
in the file of saved games breaks no part of the page."""

from __future__ import annotations

import gzip
import sqlite3
import time

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from assistant import history
from assistant.store import Store
from assistant.ui import access
from tests.components import APP, open_app, switch_page, texts
from tests.history.helpers import check_at, table_rows

PAGE = "assistant/ui/pages/history.py"


def seed(db) -> None:
    check_at(db, "moemmen", time.time() - 3600, [("Ann", 30, 1, True), ("Bo", 20, 2, False)])
    check_at(db, "moemmen", time.time(), [("Ann", 10, 2, False), ("Bo", 40, 1, True)])


class Device:
    """The History page open on the table, ``part`` chosen: the laptop, or a tablet paired with the table's
    key (sent again on every run, as its cookie would be)."""

    def __init__(self, db: Store, monkeypatch, kind: str, part: str):
        self.db, self.monkeypatch, self.kind = db, monkeypatch, kind
        self.key = db.table_key()
        if kind == "tablet":
            monkeypatch.setattr(access, "connection_is_local", lambda: False)
        self.at = AppTest.from_file(APP, default_timeout=60)
        self.at.query_params["part"] = part
        self.run()  # Home: lets the device in
        switch_page(self.at, PAGE)
        self.run()

    def run(self) -> AppTest:
        if self.kind == "tablet":
            self.at.query_params["key"] = self.key
        self.at.run()
        assert not self.at.exception, self.at.exception
        return self.at

    def lose_the_table(self) -> None:
        """The tablet's key revoked on the laptop (a new key); for the laptop, its connection no longer
        local (as tests/test_access.py tells a device that is not the table)."""
        if self.kind == "tablet":
            self.db.new_table_key()
        else:
            self.monkeypatch.setattr(access, "connection_is_local", lambda: False)

    def shut_out(self) -> bool:
        """The page says how to join the table, and nothing of the history is left on it."""
        at = self.at
        left = any("ht-history-table" in element.proto.body for element in at.get("html")) or any(
            at.get(kind) for kind in ("pills", "text_input", "download_button", "file_uploader"))
        return at.title[0].value == "Join the table" and not left


def person_id(db, key: str) -> int:
    return next(person.id for person in history.people(db) if person.key == key)


@pytest.mark.parametrize("kind", ["tablet", "laptop"])
@pytest.mark.parametrize("act", ["rename", "merge", "restore"])
def test_a_device_that_is_no_longer_the_table_changes_nothing_at_its_next_tap(db, monkeypatch, tmp_path, kind, act):
    seed(db)
    device = Device(db, monkeypatch, kind, "files" if act == "restore" else "players")
    at, ann = device.at, person_id(db, "ann")
    if act == "restore":
        other = Store(tmp_path / "other.sqlite3")
        check_at(other, "biber_gang", 5.0, [("Cy", 3, 1, True), ("Dee", 9, 2, False)])
        at.file_uploader[0].upload("backup.json.gz", history.backup(other), "application/gzip")
        device.run()
    else:
        at.pills(key="hi_player").set_value(ann)
        device.run()
        at.text_input(key=f"hi_new_name_{ann}").set_value("Mallory")
        at.pills(key=f"hi_merge_{ann}").set_value(person_id(db, "bo"))
        device.run()
    button = {"rename": "hi-rename", "merge": "hi-merge", "restore": "hi-restore"}[act]
    assert at.button(key=button)  # there to tap, while the device is the table
    device.lose_the_table()
    before = table_rows(db)
    at.button(key=button).click()
    device.run()
    assert table_rows(db) == before
    assert device.shut_out()


def test_the_files_of_a_revoked_tablet_are_empty(db, monkeypatch):
    """Streamlit makes a deferred download's file when it is tapped, in another thread and outside the
    page's run: the file asks then whether the device is still the table."""
    seed(db)
    made = {}
    download_button = streamlit.download_button

    def keep_the_file_maker(label, data, *args, **kwargs):
        made[kwargs["key"]] = data
        return download_button(label, data, *args, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", keep_the_file_maker)
    Device(db, monkeypatch, "tablet", "files")
    csv, backup = made["hi-csv"](), made["hi-backup"]()
    assert csv.startswith("\ufeffdate,game".encode()) and "Ann" in csv.decode()
    assert gzip.decompress(backup).startswith(b'{"format":"hamster-table-backup"')
    db.new_table_key()
    assert made["hi-csv"]() == b"" and made["hi-backup"]() == b""


@pytest.mark.parametrize("played", [1e17, -5.0, "soon"])
def test_a_damaged_time_breaks_no_part_of_the_page(db, played):
    seed(db)
    with sqlite3.connect(db.path) as raw:
        raw.execute("UPDATE results SET played = ? WHERE score IN (30, 20)", (played,))
    at = open_app(PAGE)  # the recent games, the page's first part
    assert "01.01.70" in texts(at) or "31.12.69" in texts(at)  # read as the store reads a damaged time: 1970
    at.segmented_control(key="hi_part").set_value("players").run()
    at.pills(key="hi_player").set_value(person_id(db, "ann")).run()
    assert not at.exception and at.get("vega_lite_chart")  # Ann's scores over time
    assert history.export_csv(db).count("\r\n") == 1 + 4
    at.segmented_control(key="hi_part").set_value("files").run()
    assert not at.exception
