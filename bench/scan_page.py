"""Photo to drawn result in the served app: ``python bench/scan_page.py [--rounds 5]``.

The real photos of tests/data (sides A and B, a cave, a dam tracker) are chosen in the Score check page's
file picker of Debian's chromium at 1024x768, as a tablet's picker gives them; timed in this script from
handing the file to the page until the result is drawn (the sheet with the photo under it, or the tracker's
picture with its reading), so the upload, the server's reading and the page's redraw are all in. Each photo
is read once before timing (a cave is made once per server, as the score check page does). Prints the
median and the most per photo and over all (target: <= 1.5 s).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serving import browser_page, serve  # noqa: E402

DATA = ROOT / "tests" / "data"
SC = '.st-key-sc-board:not([data-stale="true"])'
# photo: (the page's game choice, the photo box's title, what shows the result drawn)
PHOTOS = {
    "scan-hamstern-a.jpg": ("hamstern", "Read Player 1's sheet from a photo", f"{SC} svg.ht-photo image"),
    # Another side's or a cave's sheet on a new check (side A): the offer to switch is the result drawn.
    "scan-hamstern-b.jpg": ("hamstern", "Read Player 1's sheet from a photo", ".st-key-sc-photo-side"),
    "scan-hamstern-cave.jpg": ("hamstern", "Read Player 1's sheet from a photo", ".st-key-sc-photo-side"),
    "scan-hamsterdam.jpg": ("hamsterdam", "Read the counts from a photo of the dam tracker",
                            '[data-testid="stExpander"] img'),
}


def timed_upload(page, url: str, game: str, box: str, photo: Path, drawn: str) -> float:
    page.goto(f"{url}/score-check?lang=en")
    if game == "hamsterdam":
        page.locator(".st-key-sc_game button", has_text="Hamsterdam").first.click()
    page.locator('[data-testid="stExpander"]', has_text=box).first.wait_for(timeout=60_000)
    expander = page.locator('[data-testid="stExpander"]', has_text=box)
    if expander.get_attribute("open") is None and not expander.locator("details[open]").count():
        expander.get_by_text(box).click()
    chooser = expander.locator('[data-testid="stFileUploaderDropzoneInput"]')
    start = time.perf_counter()
    chooser.set_input_files(str(photo))
    page.locator(drawn).last.wait_for(state="visible", timeout=60_000)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, serve(ROOT / "streamlit_app.py", Path(folder) / "games.sqlite3") \
            as (url, _), browser_page(1024, 768) as page:
        every = []
        for name, (game, box, drawn) in PHOTOS.items():
            timed_upload(page, url, game, box, DATA / name, drawn)  # once before timing: a cave is made
            times = [timed_upload(page, url, game, box, DATA / name, drawn) for _ in range(args.rounds)]
            every += times
            print(f"{name}: median {statistics.median(times):.2f} s, most {max(times):.2f} s ({args.rounds} photos)")
        print(f"photo chosen -> result drawn, all: median {statistics.median(every):.2f} s, most {max(every):.2f} s"
              "   (target: <= 1.5 s)")


if __name__ == "__main__":
    main()
