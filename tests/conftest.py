"""Fixtures the tests share."""

from __future__ import annotations

import pytest

from assistant.store import Store
from tests.coin_flip import coin_flip  # noqa: F401 - registers the registry tests' tiny game


@pytest.fixture(autouse=True)
def on_the_laptop(monkeypatch):
    """AppTest drives the app as the laptop's own browser does: the table (assistant/ui/access.py).
    AppTest gives a stand-in for the connection's address; a test of another device patches this again."""
    from assistant.ui import access

    monkeypatch.setattr(access, "connection_is_local", lambda: True)


@pytest.fixture
def db(tmp_path, monkeypatch) -> Store:
    """A file of saved games of the test's own, which the app under test opens too."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(path))
    return Store(path)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """For a browser test module: the app served on a file of saved games of its own, and that file
    (``tests.browser.App``: url, store)."""
    from tests.browser import App, require_chromium, served_app
    from tests.in_browser import ARTIFACTS

    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    path = tmp_path_factory.mktemp("browser") / "games.sqlite3"
    store = Store(path)
    with served_app(path) as url:
        yield App(url, store)
