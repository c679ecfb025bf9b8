"""Fixtures the tests share."""

from __future__ import annotations

import pytest

from assistant.store import Store
from tests.coin_flip import coin_flip  # noqa: F401 - registers the registry tests' tiny game


@pytest.fixture
def db(tmp_path, monkeypatch) -> Store:
    """A file of saved games of the test's own, which the app under test opens too."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(path))
    return Store(path)
