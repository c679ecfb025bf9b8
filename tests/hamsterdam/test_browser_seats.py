"""Hamsterdam with people on their own phones, in a real browser: the table device and phones holding
seats follow one another; a phone decides and rolls only for its seat, the table device never for a
seat a phone holds; a phone reloading mid-choice comes back to its seat.

What Hamsterdam hides (assistant/games/hamsterdam/views.py) is the specials dealt to each player while
they choose which to keep (and the cards chosen to pass): the search looks for every special offered to
another seat, and never to this one, in the exact markup the page draws an offer with, in everything
the server sent the device and everything it shows; the seat's own offers are found in the same form.
"""

from __future__ import annotations

import html

import pytest

from assistant.games import get_game
from assistant.games.hamsterdam.cards import special_name
from tests.in_browser import ARTIFACTS, press, select, wait_idle
from tests.seat_devices import TABLE, chromium, device, everything_sent, seat_url, wait_for_text

pytestmark = pytest.mark.browser
HD = '.st-key-hd-board:not([data-stale="true"])'
STATUS = f"{HD} .hd-status"


def new_game(store, people: list[str], bots: int = 0, seed: int = 3) -> tuple[str, dict]:
    """A full game at the choice of specials (cards passed and laid by the rules' first choices), people
    together with easy computer opponents playing quick, and a seat link for every person."""
    state = get_game("hamsterdam").new_state(len(people) + bots, seed=seed, mode="full")
    while state.phase in ("pass", "arrange"):
        state.apply(state.legal_actions()[0])
    assert state.phase == "keep" and state.current_player == 0
    names = people + [f"Bot {n + 1}" for n in range(bots)]
    setup = {"names": names, "bots": ["human"] * len(people) + ["easy"] * bots, "mode": "together",
             "speed": "quick", "dice": "app"}
    game_id = store.create(state, setup)
    return game_id, store.seat_links(game_id, list(range(len(people))))


def offer(name: str) -> bytes:
    """A special as the page draws it among the specials offered (board.offered_specials)."""
    return f"<b>{html.escape(special_name(name))}</b><span>".encode()


def assert_sees_only_its_offers(page, seat: int, dealt: list[list[str]]) -> None:
    """The seat's own offers are in what the device got; another seat's, never offered to it, are not."""
    sent = everything_sent(page)
    mine = set(dealt[seat])
    assert all(offer(name) in sent for name in mine), f"seat {seat}: its own offers are not drawn as expected"
    unseen = {name for other, names in enumerate(dealt) if other != seat for name in names} - mine
    assert unseen, "nothing hidden to look for"
    leaked = [name for name in sorted(unseen) if offer(name) in sent]
    assert not leaked, f"seat {seat} was sent another seat's specials: {leaked}"


def keep(page, count: int) -> None:
    select(page, HD, *(f"k{n}" for n in range(count)))
    press(page, HD, "keep")


def test_table_and_a_phone_keep_in_turn_and_a_phone_reloads_mid_choice(app):
    game_id, links = new_game(app.store, ["Ann", "Ben"], bots=1)
    dealt = [list(names) for names in app.store.load(game_id).state.offered]
    count = len(dealt[1]) // 2
    with chromium() as browser:
        phone = device(browser, seat_url(app.url, links[1].token))
        phone.get_by_text("You play Ben").wait_for()
        wait_for_text(phone, STATUS, "Waiting for Ann")
        table = device(browser, f"{app.url}/hamsterdam?game={game_id}&lang=en", TABLE)

        # Ann keeps hers at the table, behind the cover (Ben sits beside the tablet); Ben's phone follows.
        table.get_by_role("button", name="It is me").tap()
        wait_idle(table)
        table.locator(f"{HD} .hd-offer").first.wait_for()
        keep(table, len(dealt[0]) // 2)
        wait_for_text(phone, STATUS, "Ben: keep your special hamsters")
        wait_for_text(table, STATUS, "Ben is deciding")  # the table leaves Ben's seat to his phone
        assert table.locator(f"{HD} .hd-offer").count() == 0
        assert_sees_only_its_offers(phone, 1, dealt)

        # Ben chooses, the phone reloads: the seat is his again and he keeps.
        select(phone, HD, "k0")
        phone.reload()
        wait_idle(phone)
        phone.get_by_text("You play Ben").wait_for()
        phone.screenshot(path=ARTIFACTS / "seats-hamsterdam-phone-keep.png")
        keep(phone, count)
        kept = app.store.load(game_id).state.kept
        assert kept[1][:count] == dealt[1][:count] and kept[2]  # the bot kept at once after him

        # Ann rolls at the table; Ben's roll is his phone's, never the table's.
        wait_for_text(table, STATUS, "Who starts? Ann rolls")  # followed without a tap
        press(table, HD, "roll")
        wait_for_text(table, STATUS, "Waiting for Ben to roll the dice")
        assert table.locator(f'{HD} button[data-button="roll"]').count() == 0
        table.screenshot(path=ARTIFACTS / "seats-hamsterdam-table-waits-for-ben.png")
        wait_for_text(phone, STATUS, "Ben rolls for the start player")
        rolls = len(app.store.load(game_id).state.history)
        press(phone, HD, "roll")
        assert len(app.store.load(game_id).state.history) > rolls
        table.get_by_text("Ben rolled").first.wait_for(timeout=5_000)  # in the table's log, without a tap
        assert_sees_only_its_offers(phone, 1, dealt)
        # Ben's offers never reached the table device, which drew only Ann's.
        sent = everything_sent(table)
        assert all(offer(name) in sent for name in dealt[0])
        assert not [name for name in set(dealt[1]) - set(dealt[0]) if offer(name) in sent]


def test_four_phones_and_a_replacing_phone_keep_and_roll_in_turn(app):
    names = ["Ann", "Ben", "Cid", "Dee"]
    game_id, links = new_game(app.store, names, seed=5)
    dealt = [list(offers) for offers in app.store.load(game_id).state.offered]
    with chromium() as browser:
        table = device(browser, f"{app.url}/hamsterdam?game={game_id}&lang=en", TABLE)
        phones = [device(browser, seat_url(app.url, links[seat].token)) for seat in range(4)]
        phones[3] = device(browser, seat_url(app.url, links[3].token))  # Dee's new phone takes over
        for seat, phone in enumerate(phones):
            phone.get_by_text(f"You play {names[seat]}").wait_for()
        for seat in range(4):
            wait_for_text(phones[seat], STATUS, f"{names[seat]}: keep your special hamsters")
            assert_sees_only_its_offers(phones[seat], seat, dealt)
            keep(phones[seat], len(dealt[seat]) // 2)
        for page in [table, *phones]:
            wait_for_text(page, STATUS, "Who starts?")
        phones[2].screenshot(path=ARTIFACTS / "seats-hamsterdam-four-phones.png")
        # Every start roll on the roller's phone, until the start player is known.
        for _ in range(12):
            state = app.store.load(game_id).state
            if state.phase != "start_roll":
                break
            rolling = state.queue[0]
            wait_for_text(phones[rolling], STATUS, f"{names[rolling]} rolls for the start player")
            press(phones[rolling], HD, "roll")
        assert app.store.load(game_id).state.phase == "place"
        for seat, phone in enumerate(phones):
            assert_sees_only_its_offers(phone, seat, dealt)
