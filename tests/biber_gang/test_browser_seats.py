"""Biber Gang with people on their own phones, in a real browser: a phone decides only for its seat
and says whom it waits for, the table device follows without a tap and never draws a seat a phone
holds, six phones play in turn, a phone reloads mid-turn, and no device is ever sent a face-down card
or a card another player drew from the deck (searched in the websocket messages and the DOM)."""

from __future__ import annotations

import re

import pytest

from assistant.games import get_game
from assistant.games.biber_gang.cards import BEAVER
from tests.in_browser import ARTIFACTS, mode_button, part, press, tap_to_decide, wait_idle
from tests.seat_devices import TABLE, chromium, device, everything_sent, saved, seat_url, wait_for_text

pytestmark = pytest.mark.browser
BG = '.st-key-bg-board:not([data-stale="true"])'
STATUS = f"{BG} .tb-status"
CAPTIONS = f"{BG} .bg-caption"
FOLLOW = 30_000  # ms: seven browsers on a busy machine; on a quiet one a device follows within a second
NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]

# How the page writes a card (assistant/ui/biber_gang/pictures.py): a "bg-card" box holding the card's
# picture, its number in large type, a beaver's face, or the back. A display is a "bg-display" of eight
# such boxes in place order, after a "bg-name" heading that starts with the seat's name ("Ann · ..." on
# the table, "<b>Ann</b>: 12" at a round's end); a drawn card is a "bg-drawn" pile with its caption.
# The websocket carries the markup as JSON text (quotes escaped); the DOM writes attributes in double
# quotes where the page wrote single ones: the patterns take either.
Q = "[\"']"
CARD = rf"<div class={Q}bg-card[^>]*>(<svg.*?</svg>)</div>"
DISPLAY = re.compile(rf"<div class={Q}bg-name{Q}>(?:<b>)?([^<·]*?)(?:</b>[^<]*| ·[^<]*)?</div>"
                     rf"<div class={Q}bg-display{Q}[^>]*>((?:{CARD}){{8}})", re.S)
DRAWN = re.compile(rf"<div class={Q}bg-pile bg-drawn{Q}><div class={Q}bg-caption{Q}>([^<]*)</div>{CARD}", re.S)
NUMBER = re.compile(rf"font-size={Q}44{Q}[^>]*>(\d+)</text>")


def card_of(svg: str) -> int | None:
    """The card a picture shows; None for the back."""
    number = NUMBER.search(svg)
    if number:
        return int(number.group(1))
    return BEAVER if "#fff8e1" in svg else None


def page_text(page) -> str:
    text = everything_sent(page).decode("utf-8", "replace")
    return text.replace('\\"', '"').replace("\\u00b7", "·").replace("\\u2019", "’")


def cards_drawn(text: str) -> tuple[set[tuple[str, int, int]], set[tuple[str, int]]]:
    """Every face-up card drawn in a display, as (name, place, card), and every drawn card shown, as
    (caption, card)."""
    places = set()
    for name, cards, _ in DISPLAY.findall(text):
        for place, svg in enumerate(re.findall(CARD, cards, re.S)):
            card = card_of(svg)
            if card is not None:
                places.add((name.strip(), place, card))
    piles = {(caption, card_of(svg)) for caption, svg in DRAWN.findall(text)}
    return places, piles


def assert_no_hidden_card(app, game_id: str, page, seat: int | None, names: list[str]) -> None:
    """No face-down card of another seat, in its place, and no card another seat drew from the deck
    and holds, in anything ``page`` was sent or shows; the search works: ``seat``'s own face-up cards
    (if any) and every other seat's face-up cards are found, in the same form."""
    state = app.store.load(game_id).state
    assert state.round == 1, "face-down places hold the same card all round: the search stays in one"
    places, piles = cards_drawn(page_text(page))
    for other in range(state.num_players):
        display, up = state.displays[other], state.face_up[other]
        shown = {(names[other], p, display[p]) for p in range(8) if up >> p & 1}
        assert shown <= places, f"{names[other]}'s face-up cards not found on seat {seat}'s device"
        if other == seat:
            continue
        hidden = {(names[other], p, display[p]) for p in range(8) if not up >> p & 1}
        assert not hidden & places, f"{names[other]}'s face-down cards reached seat {seat}'s device: {hidden & places}"
    if state.drawn is not None and state.drawn_from == "deck":
        drawer = state.turn
        if drawer == seat:
            assert ("Your card", state.drawn) in piles, "the card this seat drew is not found"
        else:
            assert (f"{names[drawer]}’s card", state.drawn) not in piles and \
                (f"{names[drawer]}'s card", state.drawn) not in piles, \
                f"the card {names[drawer]} drew reached seat {seat}'s device"


def new_game(store, people: int, bots: int, first: int, seed: int, phase: str = "draw") -> tuple[str, dict]:
    """People first, then easy bots (quick); played on with the first legal moves until ``first``
    is to act in ``phase``."""
    state = get_game("biber_gang").new_state(people + bots, seed=seed)
    while not (state.current_player == first and state.phase == phase):
        state.apply(state.legal_actions()[0])
    setup = {"names": NAMES[:people] + [f"Bot {n + 1}" for n in range(bots)],
             "bots": ["human"] * people + ["easy"] * bots, "mode": "together", "speed": "quick"}
    game_id = store.create(state, setup)
    return game_id, store.seat_links(game_id, list(range(people)))


def tap(page, store, game_id: str, tap_id: str, mode: str | None = None) -> None:
    """One decision on ``page``: a mode chosen in the browser (if any), then the tap that decides."""
    count = store.action_count(game_id)
    wait_idle(page)  # a tap while the page is still being drawn may be lost
    if mode:
        mode_button(page, BG, mode).tap()
    part(page, BG, tap_id).wait_for()
    tap_to_decide(page, BG, tap_id)
    saved(page, store, game_id, count)
    # Until the page shows the game as it is now (the tapped part no longer tappable): a tap on the
    # picture before it is sent with the old version, and the page refuses it as stale.
    page.locator(f'{BG} [data-tap="{tap_id}"]:not(.tb-tappable)').wait_for()


def face_down(store, game_id: str, seat: int) -> int:
    state = store.load(game_id).state
    return next(p for p in range(8) if not state.face_up[seat] >> p & 1)


def deck_caption(store, game_id: str) -> str:
    return f"Deck ({len(store.load(game_id).state.deck)})"


def test_a_phone_plays_its_seat_reloads_mid_turn_and_the_table_device_follows(app):
    names = ["Ann", "Ben", "Bot 1"]
    game_id, links = new_game(app.store, people=2, bots=1, first=1, seed=4)
    with chromium() as browser:
        table = device(browser, f"{app.url}/biber-gang?game={game_id}&lang=en", TABLE)
        phone = device(browser, seat_url(app.url, links[1].token))
        phone.get_by_text("You play Ben").wait_for()
        wait_for_text(phone, STATUS, "Your turn: draw from the deck")
        wait_for_text(table, STATUS, "Ben is thinking")
        assert table.get_by_role("button", name="It is me").count() == 0, "no cover for a seat on a phone"

        # Ben draws on his phone: the table device follows without a tap, and never sees the card.
        tap(phone, app.store, game_id, "deck")
        wait_for_text(phone, STATUS, "You drew this card")
        wait_for_text(table, CAPTIONS, deck_caption(app.store, game_id), timeout=5_000)
        assert_no_hidden_card(app, game_id, phone, 1, names)
        assert_no_hidden_card(app, game_id, table, None, names)
        phone.screenshot(path=ARTIFACTS / "seats-biber-gang-phone-drawn.png")
        table.screenshot(path=ARTIFACTS / "seats-biber-gang-table-waiting.png")

        # He chooses "swap" (in his browser only) and the phone reloads: still his seat and his card.
        mode_button(phone, BG, "swap").tap()
        phone.locator(f'{BG} [data-tap="p0"].tb-tappable').wait_for()
        phone.reload()
        wait_idle(phone)
        phone.get_by_text("You play Ben").wait_for()
        wait_for_text(phone, STATUS, "You drew this card")
        place, count = face_down(app.store, game_id, 1), app.store.action_count(game_id)
        tap(phone, app.store, game_id, f"p{place}", mode="swap")
        swapped = app.store.load(game_id).state.history[count]  # the bot may have played after it
        assert (swapped.kind, swapped.at) == ("swap", place)

        # The bot plays (quick), then it is Ann's turn at the tablet: Ben sits beside it, so her display
        # waits behind the cover (never a cover on a phone).
        its_me = table.get_by_role("button", name="It is me")
        its_me.wait_for(timeout=10_000)
        wait_for_text(phone, STATUS, "Ann is thinking", timeout=10_000)
        its_me.tap()
        wait_idle(table)
        wait_for_text(table, STATUS, "Your turn: draw from the deck", timeout=10_000)
        assert phone.locator(f'{BG} button[data-button="undo"]').count() == 0
        assert_no_hidden_card(app, game_id, table, 0, names)  # Ben's display never reaches the table device
        tap(table, app.store, game_id, "deck")
        wait_for_text(table, STATUS, "You drew this card")
        wait_for_text(phone, CAPTIONS, deck_caption(app.store, game_id), timeout=5_000)
        assert_no_hidden_card(app, game_id, phone, 1, names)  # nor Ann's drawn card Ben's phone
        tap(table, app.store, game_id, f"p{face_down(app.store, game_id, 0)}", mode="swap")
        wait_for_text(phone, STATUS, "Your turn: draw from the deck", timeout=10_000)
        table.screenshot(path=ARTIFACTS / "seats-biber-gang-table.png")
        phone.screenshot(path=ARTIFACTS / "seats-biber-gang-phone-turn.png")
        assert_no_hidden_card(app, game_id, phone, 1, names)
        assert_no_hidden_card(app, game_id, table, 0, names)


def test_six_phones_turn_up_their_cards_in_turn_and_every_device_follows(app):
    game_id, links = new_game(app.store, people=6, bots=0, first=0, seed=8, phase="reveal")
    with chromium() as browser:
        # The phones first: the table device has no person of its own in this game.
        phones = [device(browser, seat_url(app.url, links[seat].token)) for seat in range(6)]
        table = device(browser, f"{app.url}/biber-gang?game={game_id}&lang=en", TABLE)
        wait_for_text(phones[0], STATUS, "Turn up two of your cards")
        for seat in range(1, 6):
            wait_for_text(phones[seat], STATUS, "Ann is thinking")
        for seat in range(6):  # each phone in turn turns up two of its cards
            assert app.store.load(game_id).state.current_player == seat
            for place in (seat % 4, 4 + (seat + 1) % 4):
                tap(phones[seat], app.store, game_id, f"p{place}")
            if seat < 5:
                wait_for_text(phones[seat + 1], STATUS, "Turn up two of your cards", timeout=FOLLOW)
        starter = app.store.load(game_id).state.current_player
        wait_for_text(phones[starter], STATUS, "Your turn: draw from the deck", timeout=FOLLOW)
        for other in (table, *phones):
            if other is not phones[starter]:
                wait_for_text(other, STATUS, f"{NAMES[starter]} is thinking", timeout=FOLLOW)

        # The starter draws: nobody else is sent the card, not even the table device.
        tap(phones[starter], app.store, game_id, "deck")
        wait_for_text(phones[starter], STATUS, "You drew this card")
        deck = deck_caption(app.store, game_id)
        for other in (table, *phones):
            wait_for_text(other, CAPTIONS, deck, timeout=FOLLOW)
        table.screenshot(path=ARTIFACTS / "seats-biber-gang-table-six-phones.png")
        phones[(starter + 1) % 6].screenshot(path=ARTIFACTS / "seats-biber-gang-six-phones.png")
        for seat, phone in enumerate(phones):
            assert_no_hidden_card(app, game_id, phone, seat, NAMES)
        assert_no_hidden_card(app, game_id, table, None, NAMES)
        for seat, phone in enumerate(phones):
            if seat != starter:
                assert phone.locator(f"{BG} .tb-modes button").count() == 0, "only the seat in turn decides"

        tap(phones[starter], app.store, game_id, f"p{face_down(app.store, game_id, starter)}", mode="swap")
        after, next_after = (starter + 1) % 6, (starter + 2) % 6
        wait_for_text(phones[after], STATUS, "Your turn: draw from the deck", timeout=FOLLOW)
        wait_for_text(table, STATUS, f"{NAMES[after]} is thinking", timeout=FOLLOW)

        # The next one takes the discard onto a face-up card: nothing hidden was seen, so once the turn
        # has passed on, that phone (and only that one) may still take it back.
        tap(phones[after], app.store, game_id, "discard")
        count = app.store.action_count(game_id)
        up = next(p for p in range(8) if app.store.load(game_id).state.face_up[after] >> p & 1)
        tap(phones[after], app.store, game_id, f"p{up}", mode="swap")
        wait_for_text(phones[next_after], STATUS, "Your turn: draw from the deck", timeout=FOLLOW)
        for seat, phone in enumerate(phones):
            offered = phone.locator(f'{BG} button[data-button="undo"]')
            if seat == after:
                offered.wait_for()
            else:
                assert offered.count() == 0, f"{NAMES[seat]} is offered to undo {NAMES[after]}'s move"
        press(phones[after], BG, "undo")
        wait_for_text(phones[after], STATUS, "You drew this card", timeout=FOLLOW)
        assert app.store.action_count(game_id) == count
        wait_for_text(phones[next_after], STATUS, f"{NAMES[after]} is thinking", timeout=FOLLOW)
