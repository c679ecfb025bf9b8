"""Hamstern with every player on their own device, in a real browser: after a roll all seats place
at once, confirmations arrive in any order and the record is the one of seat order; the table device
shows who has confirmed; a phone that reloads mid-turn comes back to its seat; a withdrawn link
shuts its phone out."""

from __future__ import annotations

import pytest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.games.hamstern.layout import cell_name
from assistant.ui.hamstern.sheet import cell_id
from tests.in_browser import ARTIFACTS, press, select, wait_idle
from tests.seat_devices import TABLE, chromium, device, seat_url, wait_for_text

pytestmark = pytest.mark.browser
HS = '.st-key-hs-board:not([data-stale="true"])'
SIDE = f'{HS} [data-slot="side"]'


def new_game(store, names: list[str], seed: int = 11) -> tuple[str, dict]:
    game_id = store.create(get_game("hamstern").new_state(len(names), seed=seed, side="A"),
                           {"names": names, "dice": "app"})
    return game_id, store.seat_links(game_id, list(range(len(names))))


def a_placement(store, game_id: str, seat: int):
    """The first placement the rules allow ``seat`` on the roll in use."""
    return store.load(game_id).state.legal_actions_for(seat)[0]


def place(page, action) -> None:
    select(page, HS, *(cell_id(cell) for cell in sorted(action.cells)))
    press(page, HS, "confirm" if action.cells else "pass")


def test_two_devices_place_at_once_and_a_phone_reloads_mid_turn(app):
    game_id, links = new_game(app.store, ["Ann", "Ben"])
    with chromium() as browser:
        table = device(browser, f"{app.url}/hamstern?game={game_id}&lang=en", TABLE)
        phone = device(browser, seat_url(app.url, links[1].token))
        phone.get_by_text("You play Ben").wait_for()
        press(table, HS, "roll")
        wait_for_text(phone, SIDE, "Your sheet")

        # Ben, on his phone, confirms before Ann, whose turn comes first in seat order.
        bens = a_placement(app.store, game_id, 1)
        place(phone, bens)
        wait_for_text(phone, SIDE, "Waiting for: Ann")
        assert app.store.action_count(game_id) == 1  # only the roll: Ben's placement waits for Ann's
        table.locator(f"{SIDE} .hs-chip.hs-done").filter(has_text="Ben").wait_for(timeout=10_000)
        table.screenshot(path=ARTIFACTS / "seats-hamstern-table-ben-confirmed.png")
        phone.screenshot(path=ARTIFACTS / "seats-hamstern-phone-waiting.png")

        anns = a_placement(app.store, game_id, 0)
        place(table, anns)
        record = app.store.load(game_id).state.history
        assert [str(action) for action in record[-2:]] == [str(anns), str(bens)]  # seat order
        wait_for_text(phone, SIDE, "Roll the die")  # the phone follows by itself

        # The next roll, from the phone; Ben selects, the phone reloads, the seat is still his.
        press(phone, HS, "roll")
        again = a_placement(app.store, game_id, 1)
        select(phone, HS, *(cell_id(cell) for cell in sorted(again.cells)))
        phone.reload()
        wait_idle(phone)
        phone.get_by_text("You play Ben").wait_for()
        place(phone, again)
        wait_for_text(phone, SIDE, "Waiting for: Ann")
        assert 1 in app.store.pending(game_id)

        # Withdrawn, the link no longer opens the seat; the seat goes back to the table device.
        app.store.withdraw_link(game_id, 1)
        phone.get_by_text("This seat link was withdrawn").wait_for(timeout=10_000)
        assert 1 not in app.store.seats_on_phones(game_id)


def test_six_phones_confirm_in_any_order_and_the_game_is_the_one_of_seat_order(app):
    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]
    game_id, links = new_game(app.store, names, seed=5)
    with chromium() as browser:
        phones = [device(browser, seat_url(app.url, links[seat].token)) for seat in range(6)]
        press(phones[5], HS, "roll")
        for phone in phones:
            wait_for_text(phone, SIDE, "Your sheet")
        chosen = {seat: a_placement(app.store, game_id, seat) for seat in range(6)}
        for seat in (3, 5, 1, 4, 0, 2):  # any order
            place(phones[seat], chosen[seat])
        phones[0].screenshot(path=ARTIFACTS / "seats-hamstern-six-phones.png")
        for phone in phones:
            wait_for_text(phone, SIDE, "Roll the die")

    twin = get_game("hamstern").new_state(6, seed=5, side="A")
    twin.apply(Roll(app.store.load(game_id).state.history[0].value))
    for seat in range(6):
        twin.apply(chosen[seat])
    saved = app.store.load(game_id).state
    assert saved.to_json() == twin.to_json()
    assert [" ".join(cell_name(c) for c in sorted(a.cells)) for a in saved.history[1:]] == \
        [" ".join(cell_name(c) for c in sorted(chosen[seat].cells)) for seat in range(6)]
