"""Seats on phones, figures for the issue note: ``python bench/seats.py [--rolls N] [--idle S] [--phones N]``.

Six phones (``--phones N``: N; browser contexts of Debian's chromium) each hold one seat of a Hamstern
game of as many players on the served app. Per roll, every phone confirms a placement, in a random
order; every phone records in the page when its "who has decided" chips change, so the figure is the
time from the tap on Confirm on one phone to the moment each of the other phones shows it (median,
95th percentile, max): from the tap as the phone's page receives it (touchstart), and from
Playwright's tap call (which first waits until the button is stable, tens of milliseconds; the figure
the first notes were taken with). Then the phones sit idle: the server's CPU seconds per second,
against no device at all. (Each phone waits on the server's events route for moves and looks by
itself every few seconds.) The figures include the browsers' own work: they share the machine's
cores with the server, so each phone more slows every phone down, as real phones would not.

Runs with what the README test command installs (Playwright, chromium).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.games import get_game  # noqa: E402
from assistant.store import Store  # noqa: E402
from bench.app import cpu_seconds  # noqa: E402
from tests.seat_devices import chromium, device, seat_url  # noqa: E402
from tests.serving import serve  # noqa: E402

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]
HS = '.st-key-hs-board:not([data-stale="true"])'
# Runs in each phone: as the board changes, count the chips of seats that have decided (once all have, the
# page offers the next roll instead: 100), and note when it changed; and note when the page receives a tap.
WATCH = """() => {
  window.seen = [];
  if (!window.tapHeard) {
    window.tapHeard = true;
    document.addEventListener("touchstart", () => { window.tapped = Date.now(); }, { capture: true });
  }
  let last = -1;
  let board = null;  // the board's shadow root, found once (walking the whole page every tick would load the CPU)
  const find = () => {
    const walk = (root) => {
      for (const el of root.querySelectorAll("*")) {
        if (el.shadowRoot) {
          if (el.shadowRoot.querySelector(".tb-root")) return el.shadowRoot;
          const inner = walk(el.shadowRoot);
          if (inner) return inner;
        }
      }
      return null;
    };
    return walk(document);
  };
  const count = () => {
    if (!board || !board.host.isConnected) board = find();
    if (!board) return -1;
    if (board.querySelector('[data-button="roll"]')) return 100;
    return board.querySelectorAll(".hs-done").length;
  };
  const note = () => { const n = count(); if (n !== last) { last = n; window.seen.push([n, Date.now()]); } };
  // Heard as the page changes (a poll every 10 ms in six pages would take the cores the pages draw with);
  // the slow poll finds the board again when Streamlit replaces it.
  let watched = null;
  const observer = new MutationObserver(note);
  setInterval(() => {
    note();
    if (board && board !== watched) {
      observer.disconnect();
      observer.observe(board, { subtree: true, childList: true, attributes: true });
      watched = board;
    }
  }, 100);
}"""


def confirm(page, action) -> tuple[float, float]:
    """Tap the cells of ``action`` and Confirm; returns the moment of the Confirm tap (ms since the epoch)
    as Playwright was asked for it and as the page received it."""
    for row, col in sorted(action.cells):
        page.locator(f'{HS} [data-tap="{row}-{col}"]').tap()
    button = page.locator(f'{HS} button[data-button="{"confirm" if action.cells else "pass"}"]')
    button.wait_for()
    page.evaluate("window.tapped = null")
    start = time.time() * 1000
    button.tap()
    return start, page.evaluate("window.tapped") or start


def first_seen(page, decided: int) -> float | None:
    """When ``page`` first showed ``decided`` seats as decided."""
    return next((t for n, t in page.evaluate("window.seen") if n >= decided), None)


def play_rolls(store: Store, game_id: str, phones: list, rolls: int, rng: random.Random):
    """The delays from Playwright's tap call and from the tap in the page, each phone that shows a confirm."""
    delays, from_page = [], []
    for _ in range(rolls):
        phones[rng.randrange(len(phones))].locator(f'{HS} button[data-button="roll"]').tap()
        for phone in phones:
            phone.locator(f'{HS} button[data-button="roll"]').wait_for(state="detached", timeout=15_000)
        for phone in phones:
            phone.evaluate(WATCH)
        state = store.load(game_id).state
        chosen = {seat: rng.choice(state.legal_actions_for(seat)) for seat in range(len(phones))}
        for decided, seat in enumerate(rng.sample(range(len(phones)), len(phones)), start=1):
            start, tapped = confirm(phones[seat], chosen[seat])
            others = [phone for n, phone in enumerate(phones) if n != seat]
            deadline = time.time() + 10
            while time.time() < deadline and any(first_seen(p, decided) is None for p in others):
                time.sleep(0.02)
            delays += [(first_seen(p, decided) or float("inf")) - start for p in others]
            from_page += [(first_seen(p, decided) or float("inf")) - tapped for p in others]
        if store.load(game_id).state.is_over():
            break
    return delays, from_page


def idle_cpu(process, seconds: float) -> float:
    before, start = cpu_seconds(process.pid), time.time()
    time.sleep(seconds)
    return (cpu_seconds(process.pid) - before) / (time.time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=5)
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument("--phones", type=int, default=6, choices=range(2, 7),
                        help="players of the game, each on a phone of its own (all share this machine's cores)")
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "games.sqlite3"
    store = Store(db)
    game_id = store.create(get_game("hamstern").new_state(args.phones, seed=7, side="A"),
                           {"names": NAMES[:args.phones], "dice": "app"})
    links = store.seat_links(game_id, list(range(args.phones)))
    with serve(ROOT / "streamlit_app.py", db) as (url, process), chromium() as browser:
        time.sleep(2)
        alone = idle_cpu(process, args.idle)
        phones = [device(browser, seat_url(url, links[seat].token)) for seat in range(args.phones)]
        delays, from_page = play_rolls(store, game_id, phones, args.rolls, random.Random(1))
        time.sleep(2)
        six = idle_cpu(process, args.idle)
    for figures, since in ((from_page, "the tap in the page"), (delays, "Playwright's tap call")):
        figures.sort()
        p95 = figures[int(0.95 * (len(figures) - 1))]
        print(f"confirm on one phone -> shown on the other phones, from {since}: median "
              f"{statistics.median(figures):.0f} ms, p95 {p95:.0f} ms, max {figures[-1]:.0f} ms over {len(figures)} "
              f"updates ({args.rolls} rolls, {args.phones} phones)")
    print(f"server CPU with {args.phones} idle phones: {six:.3f} s per s; with no device: {alone:.3f} s per s "
          f"(over {args.idle:.0f} s each): {100 * max(six - alone, 0) / args.phones:.2f}% of a core per idle phone")


if __name__ == "__main__":
    main()
