"""Each test starts without the caves' layouts another test stored (caves.register): a cave drawn with a
cheap balance check elsewhere must not stand in for the same code's cave here."""

import pytest

from assistant.games.hamstern import caves


@pytest.fixture(autouse=True)
def _no_stored_caves(monkeypatch):
    monkeypatch.setattr(caves, "_stored", {})
    caves.load_layout.cache_clear()
    yield
    caves.load_layout.cache_clear()
