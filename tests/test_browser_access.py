"""Who a device is, in a real browser (assistant/ui/access.py): a phone with a seat link reaches its
own seat and nothing else, a device with neither key nor link is told how to join, the laptop pairs a
tablet with a QR code, and a revoked key shuts the tablet out."""

from __future__ import annotations

import re

import pytest

from assistant.games import get_game
from tests.in_browser import ARTIFACTS, wait_idle
from tests.seat_devices import TABLE, chromium, device, everything_sent, seat_url

pytestmark = pytest.mark.browser
TABLE_PATHS = ["", "hamstern", "hamsterdam", "biber-gang", "biber_gang", "hamsterbacke", "moemmen", "print",
               "score-check"]


def new_game(store, names=("Ann", "Ben", "Cid")) -> tuple[str, dict]:
    game_id = store.create(get_game("hamstern").new_state(len(names), seed=3, side="A"),
                           {"names": list(names), "dice": "app"})
    return game_id, store.seat_links(game_id, list(range(len(names))))


def join_page_shown(page) -> bool:
    page.get_by_text("Join the table").first.wait_for()
    return page.locator('[data-testid="stPageLink"], a[data-page]').count() == 0


def test_a_seat_link_reaches_its_seat_and_nothing_else(app):
    game_id, links = new_game(app.store)
    cids = links[2].token
    others = [links[0].token, links[1].token, app.store.table_key()]
    with chromium() as browser:
        phone = device(browser, seat_url(app.url, cids))
        phone.get_by_text("You play Cid").wait_for()
        for path in TABLE_PATHS:
            phone.goto(f"{app.url}/{path}?lang=en")
            wait_idle(phone)
            assert join_page_shown(phone), path
        for query in (f"game={game_id}", f"game={game_id}&t={cids}", "key=" + "a" * 16):
            phone.goto(f"{app.url}/hamstern?{query}&lang=en")
            wait_idle(phone)
            assert join_page_shown(phone), query
            assert phone.locator(".st-key-phones-panel").count() == 0
        phone.screenshot(path=ARTIFACTS / "access-phone-join.png")
        sent = everything_sent(phone).decode("utf-8", "replace")
        for token in others:
            assert token not in sent  # no other seat's link, never the table's key
        # Its own seat still opens, in its language.
        phone.goto(seat_url(app.url, cids, "de"))
        phone.get_by_text("Du spielst Cid").wait_for()


def test_a_visitor_is_told_how_to_join_in_its_language(app):
    with chromium() as browser:
        visitor = device(browser, f"{app.url}/?lang=de", remote=True)
        visitor.get_by_text("Am Tisch mitspielen").first.wait_for()
        assert "QR-Code deines Platzes" in visitor.content()
        visitor.screenshot(path=ARTIFACTS / "access-visitor-de.png")


def test_the_laptop_pairs_a_tablet_and_a_new_key_shuts_it_out(app):
    game_id, _links = new_game(app.store)
    with chromium() as browser:
        laptop = device(browser, f"{app.url}/?lang=en", TABLE)  # the laptop's own browser: the table
        laptop.get_by_text("Pair a tablet").first.wait_for()
        link = laptop.locator(".ht-qr").first.get_attribute("title")
        key = re.search(r"key=([a-z0-9]+)", link).group(1)
        assert app.store.is_table_key(key)
        laptop.screenshot(path=ARTIFACTS / "access-laptop-pairing.png")

        tablet = device(browser, f"{app.url}/?key={key}&lang=en", TABLE, remote=True)
        tablet.get_by_text("Recent games").wait_for()
        assert "key=" not in tablet.url  # the cookie holds it now
        assert "Pair a tablet" not in tablet.content()  # a tablet among the players never shows the key
        tablet.goto(f"{app.url}/hamstern?game={game_id}&lang=en")  # the cookie alone opens the table's pages
        wait_idle(tablet)
        tablet.get_by_text("Play on phones").first.wait_for()

        app.store.new_table_key()
        tablet.reload()
        wait_idle(tablet)
        assert join_page_shown(tablet)
        # The laptop stays the table, and shows the new key.
        laptop.reload()
        wait_idle(laptop)
        assert key not in laptop.locator(".ht-qr").first.get_attribute("title")


def test_only_the_table_and_the_games_seats_hear_when_a_game_moves(app):
    import urllib.error
    import urllib.request

    game_id, links = new_game(app.store)
    other_id, other_links = new_game(app.store)

    def status(query: str, remote: bool = True) -> int:
        request = urllib.request.Request(f"{app.url}/_ht/events?game={game_id}&after=-1&{query}",
                                         headers={"X-Forwarded-For": "192.168.178.42"} if remote else {})
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    assert status("") == 403
    assert status(f"t={other_links[0].token}") == 403  # another game's seat
    assert status(f"t={links[0].token}") == 200
    assert status("", remote=False) == 200  # the laptop
