"""Fixtures the app tests share."""

from __future__ import annotations

import pytest

from assistant.store import Store


@pytest.fixture
def db(tmp_path, monkeypatch) -> Store:
    """A file of saved games of the test's own, which the app under test opens too."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(path))
    return Store(path)
