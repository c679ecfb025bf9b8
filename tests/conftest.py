"""Fixtures the tests share."""

from __future__ import annotations

import pytest

from assistant.store import Store
from tests.coin_flip import coin_flip  # noqa: F401 - registers the registry tests' tiny game


def pytest_collection_modifyitems(config, items):
    """A browser test gets one more try, and a test that needed it is listed as a rerun ("R" and RERUN
    in the summary): it waits on a real browser and a served app, both sharing two cores with the other
    worker's, and a wait that load made too short once failed a whole CI run. Twice failing still fails."""
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=1))


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
