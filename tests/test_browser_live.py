"""Every device hears of a move at once, in a real browser: a confirm on one phone shows on the other
devices well within the devices' slow look (every 5 s), and a phone taking its seat shows in the table
device's join panel (the page around the table runs again, not only the table)."""

from __future__ import annotations

import time

import pytest

from assistant.games import get_game
from assistant.ui.hamstern.sheet import cell_id
from assistant.ui.phones import LIVE_SECONDS
from tests.in_browser import press, select
from tests.seat_devices import TABLE, chromium, device, seat_url, wait_for_text

pytestmark = pytest.mark.browser
HS = '.st-key-hs-board:not([data-stale="true"])'
SIDE = f'{HS} [data-slot="side"]'
AT_ONCE_MS = 2_000  # well within LIVE_SECONDS: only being told makes a device draw the move this soon


def test_a_confirm_on_one_phone_shows_on_the_other_phones_at_once(app):
    names = ["Ann", "Ben", "Cid"]
    game_id = app.store.create(get_game("hamstern").new_state(3, seed=5, side="A"), {"names": names, "dice": "app"})
    links = app.store.seat_links(game_id, [0, 1, 2])
    assert AT_ONCE_MS < LIVE_SECONDS * 1000 / 2
    with chromium() as browser:
        phones = [device(browser, seat_url(app.url, links[seat].token)) for seat in range(3)]
        press(phones[0], HS, "roll")
        for phone in phones:
            wait_for_text(phone, SIDE, "Your sheet")
        # Three confirms in a row, each seen on the other two phones within AT_ONCE_MS: by chance, the
        # slow look would show all three this soon once in dozens of runs.
        for seat in (2, 1, 0):
            placement = app.store.load(game_id).state.legal_actions_for(seat)[0]
            select(phones[seat], HS, *(cell_id(cell) for cell in sorted(placement.cells)))
            press(phones[seat], HS, "confirm" if placement.cells else "pass")
            for other in (n for n in range(3) if n != seat):
                if seat == 0:  # the last one: the roll is over, every phone offers the next
                    wait_for_text(phones[other], SIDE, "Roll the die", timeout=AT_ONCE_MS)
                else:
                    chip = phones[other].locator(f"{SIDE} .hs-chip.hs-done").filter(has_text=names[seat])
                    chip.wait_for(timeout=AT_ONCE_MS)


def test_a_phone_taking_its_seat_shows_on_the_table_device_at_once(app):
    game_id = app.store.create(get_game("hamstern").new_state(2, seed=5, side="A"),
                               {"names": ["Ann", "Ben"], "dice": "app"})
    links = app.store.seat_links(game_id, [0, 1])
    with chromium() as browser:
        table = device(browser, f"{app.url}/hamstern?game={game_id}&lang=en", TABLE)
        table.get_by_text("Play on phones (0 of 2 seats on a phone)").wait_for()
        time.sleep(0.5)  # the table waits for the next move
        phone = device(browser, seat_url(app.url, links[1].token))
        phone.get_by_text("You play Ben").wait_for()
        table.get_by_text("Play on phones (1 of 2 seats on a phone)").wait_for(timeout=AT_ONCE_MS)
