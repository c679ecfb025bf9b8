"""Serving the real app and driving Debian's chromium with Playwright (never a downloaded browser).

No pytest here: ``bench/app.py`` uses it too, in an environment that may hold only the app.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def served_app(db_path: Path, port: int | None = None, log: Path | None = None):
    """``streamlit run`` on a loopback port with its own database; stopped afterwards. Yields the URL.
    ``log``: a file that gets what the server prints (a traceback would be there)."""
    with serve(ROOT / "streamlit_app.py", db_path, port, log) as (url, _process):
        yield url


@contextmanager
def serve(script: Path, db_path: Path, port: int | None = None, log: Path | None = None,
          address: str | None = "127.0.0.1"):
    """Serve ``script`` (the app, or a bare page to compare with); yields the URL and the server process.
    ``address``: None listens as the README's command does (every address, IPv6 and IPv4)."""
    port = port or free_port()
    env = {**os.environ, "HAMSTER_TABLE_DB": str(db_path)}
    streamlit = shutil.which("streamlit", path=str(Path(sys.executable).parent)) or "streamlit"
    errors = log.open("wb") if log else None
    process = subprocess.Popen(
        [streamlit, "run", str(script), "--server.headless", "true",
         *(["--server.address", address] if address else []), "--server.port", str(port),
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=errors or subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                    if answer.read() == b"ok":
                        break
            except OSError:
                if time.time() > deadline or process.poll() is not None:
                    raise RuntimeError("the app did not start") from None
                time.sleep(0.3)
        yield url, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        if errors:
            errors.close()


@contextmanager
def browser_page(width: int, height: int):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height}, has_touch=True)
            page.set_default_timeout(30_000)
            yield page
        finally:
            browser.close()
