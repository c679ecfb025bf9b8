"""Browser tests' helpers: the served app and Debian's chromium (see tests/serving.py), and skipping
or failing when chromium is missing."""

from __future__ import annotations

import os
from collections import namedtuple
from pathlib import Path

import pytest

from tests.serving import CHROMIUM, CHROMIUM_ARGS, ROOT, browser_page, free_port, served_app  # noqa: F401

App = namedtuple("App", "url store")  # a served app and its file of saved games (conftest's ``app``)


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing; tests/run.sh installs it")
        pytest.skip("Debian's chromium is not installed (tests/run.sh installs it)")
