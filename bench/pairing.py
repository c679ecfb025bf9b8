"""From a newcomer's ``streamlit run`` to a paired tablet, for the issue note: ``python bench/pairing.py``.

Step 1: ``streamlit run streamlit_app.py`` on a fresh file of saved games; the laptop's browser (a page
of Debian's chromium on the loopback address) opens Home, which shows "Pair a tablet" with its QR code.
Step 2: the tablet opens the link the QR code holds (a second browser context, which tells the app it
comes over the Wi-Fi), and Home is on its screen as the table's. Printed: the seconds from the command
to each step's screen, and the steps a person takes (the command, a scan).

Runs with what the README test command installs (Playwright, chromium).
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.seat_devices import TABLE, chromium, device  # noqa: E402
from tests.serving import served_app  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, chromium() as browser:
        started = time.perf_counter()
        with served_app(Path(folder) / "games.sqlite3") as url:
            served = time.perf_counter() - started
            laptop = device(browser, f"{url}/", TABLE)
            laptop.locator(".ht-qr").first.wait_for()
            code_shown = time.perf_counter() - started
            link = laptop.locator(".ht-qr").first.get_attribute("title")
            # The QR code names the laptop's address on the Wi-Fi; this machine's tablet reaches it on loopback.
            key = re.search(r"key=([a-z0-9]+)", link).group(1)
            scanned = time.perf_counter()
            tablet = device(browser, f"{url}/?key={key}", TABLE, remote=True)
            tablet.get_by_text("Recent games").wait_for()
            paired = time.perf_counter()
            tablet.goto(f"{url}/hamstern")
            tablet.get_by_text("New game").first.wait_for()
            game_page = time.perf_counter()
    print("steps a person takes: 2 (run the README's first command; scan the code on the laptop with the tablet)")
    print(f"server answering:             {served:5.1f} s after the command")
    print(f"pairing code on the laptop:   {code_shown:5.1f} s after the command")
    print(f"tablet shows Home as table:   {paired - scanned:5.1f} s after the scan "
          f"({code_shown + paired - scanned:.1f} s after the command, not counting the scan itself)")
    print(f"tablet opens a game page:     {game_page - paired:5.1f} s more (the key now in its cookie)")


if __name__ == "__main__":
    main()
