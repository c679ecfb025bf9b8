"""Mömmen with people on their own phones, in a real browser: a phone decides only for its seat and
says whom it waits for, the table device follows without a tap and never draws a hand a phone
holds, five phones play in turn, a phone reloads mid-turn and takes its own move back, and no phone
is ever sent a card of another hand it has not seen (searched in the websocket messages and the DOM)."""

from __future__ import annotations

import random
import re

import pytest

from assistant.games import get_game
from assistant.games.moemmen.cards import NAMES, full_colour
from assistant.ui.moemmen.pictures import card_label
from tests.in_browser import ARTIFACTS, board_button, press, select, wait_idle
from tests.moemmen.helpers import collect_one_colour
from tests.seat_devices import TABLE, chromium, device, everything_sent, saved, seat_url, wait_for_text

pytestmark = pytest.mark.browser
MM = '.st-key-mm-board:not([data-stale="true"])'
STATUS = f"{MM} .tb-status"
FOLLOW = 30_000  # ms: six browsers on a busy machine; on a quiet one a device follows within a second
NAMES_OF = ["Ann", "Ben", "Cid", "Dee", "Eve"]
# A card as the page draws it: a box (a hand card also tapped as "h{card}-{n}"), its picture named by aria-label.
PICTURE = re.compile(r'class="mm-card"[^>]*><svg[^>]*aria-label="([^"]+)"')
IN_HAND = re.compile(r'data-tap="h(\d+)-\d+"><svg[^>]*aria-label="([^"]+)"')


def new_game(store, people: int, bots: int, seed: int, first: int) -> tuple[str, dict]:
    """People first, then easy bots (quick); played on from the deal with the first legal moves until
    it is ``first``'s turn."""
    state = get_game("moemmen").new_state(people + bots, seed=seed)
    while not (state.current_player == first and state.phase == "turn"):
        state.apply(state.legal_actions()[0])
    setup = {"names": NAMES_OF[:people] + [f"Bot {n + 1}" for n in range(bots)],
             "bots": ["human"] * people + ["easy"] * bots, "mode": "together", "speed": "quick"}
    game_id = store.create(state, setup)
    return game_id, store.seat_links(game_id, list(range(people)))


def label(card: int) -> str:
    return card_label(NAMES[card], "en")


def sent_text(page, *, shown: bool = True) -> str:
    """Everything this page was sent or shows (``shown`` False: only the websocket messages); the
    websocket carries the markup as JSON text, its quotes and any letter beyond ASCII escaped)."""
    sent = everything_sent(page) if shown else b"".join(page.heard)
    text = sent.decode("utf-8", "replace").replace('\\"', '"')
    return re.sub(r"\\u([0-9a-fA-F]{4})", lambda found: chr(int(found.group(1), 16)), text)


def seen_by(state, seat: int | None) -> set[int]:
    """Every card ``seat`` could have been shown so far: whatever its view held at any point."""
    replay = state.game.new_state(state.num_players, seed=state.seed, **state.options)
    seen: set[int] = set()
    for step in [*state.history, None]:
        view = replay.view(seat)
        seen |= set(view["hand"] or []) | set(view["table"]) | {view["discard_top"]} - {None}
        seen |= {card for known in view["known"] for card in known}
        seen |= {card for result in view["results"] for hand in result["hands"] for card in hand}
        if step is not None:
            replay.apply(step)
    return seen


def assert_only_own_hand(app, game_id: str, page, seat: int | None) -> None:
    """``seat``'s own hand is found, card by card, as the hand draws it (the search works); no card of
    another hand that ``seat`` has not seen is drawn anywhere."""
    state = app.store.load(game_id).state
    text = sent_text(page)
    if seat is not None:  # found in the messages alone too: the search reads them as they come
        own = {(card, label(card)) for card in state.hands[seat]}
        for searched in (text, sent_text(page, shown=False)):
            in_hand = {(int(card), name) for card, name in IN_HAND.findall(searched)}
            assert own <= in_hand, f"own hand not found: {own - in_hand}"
    seen = seen_by(state, seat)
    secret = {card for other in range(state.num_players) if other != seat for card in state.hands[other]} - seen
    assert secret, "every card of the other hands was seen: the search would find nothing"
    leaked = {label(card) for card in secret} & set(PICTURE.findall(text))
    assert not leaked, f"another hand's cards reached seat {seat}'s device: {leaked}"


def decide(page, store, game_id: str, kind: str):
    """The seat in turn makes the first move of ``kind`` the rules allow: an exchange by tapping a hand
    card and a table card, then Exchange; anything else by its button."""
    state = store.load(game_id).state
    move = next(move for move in state.legal_actions() if move.kind == kind)
    count = store.action_count(game_id)
    wait_idle(page)  # a tap while the page is still being drawn may be lost
    if kind == "exchange":
        select(page, MM, f"h{move.give}-0", f"t{state.table.index(move.take)}")
    press(page, MM, kind)
    saved(page, store, game_id, count)
    assert store.load(game_id).state.history[count] == move  # quick bots may have played after it
    return move


def test_a_phone_plays_its_seat_and_the_table_device_follows(app):
    game_id, links = new_game(app.store, people=2, bots=1, seed=2, first=1)
    with chromium() as browser:
        table = device(browser, f"{app.url}/moemmen?game={game_id}&lang=en", TABLE)
        phone = device(browser, seat_url(app.url, links[1].token))
        phone.get_by_text("You play Ben").wait_for()
        wait_for_text(phone, STATUS, "Ben, your turn")
        wait_for_text(table, STATUS, "Waiting for Ben…")
        # While Ben decides, the table device shows the table as everybody sees it: no hand at all.
        wait_for_text(table, f"{MM} .mm-hand", "Ben decides on their phone: every hand is hidden here.")

        move = decide(phone, app.store, game_id, "exchange")
        phone.screenshot(path=ARTIFACTS / "seats-moemmen-phone-after-move.png")
        # The bot plays (quick), then Ann at the tablet: Ben sits beside it, so her hand waits behind
        # the cover (no tap on the table brought it: the table followed by itself).
        its_me = table.get_by_role("button", name="It is me")
        its_me.wait_for(timeout=10_000)
        wait_for_text(phone, STATUS, "Waiting for Ann…", timeout=10_000)
        its_me.tap()
        wait_idle(table)
        wait_for_text(table, STATUS, "Ann, your turn", timeout=10_000)
        table.get_by_text("Ben exchanged").first.wait_for(timeout=10_000)
        assert phone.locator(f'{MM} [data-tap^="h{move.take}-"]').count()  # what Ben took is in his hand
        table.screenshot(path=ARTIFACTS / "seats-moemmen-table.png")
        assert_only_own_hand(app, game_id, phone, 1)
        assert_only_own_hand(app, game_id, table, 0)  # Ben's hand never reaches the table device


def test_five_phones_play_in_turn_and_a_phone_reloads_mid_turn(app):
    game_id, links = new_game(app.store, people=5, bots=0, seed=4, first=0)
    with chromium() as browser:
        phones = [device(browser, seat_url(app.url, links[seat].token)) for seat in range(5)]
        table = device(browser, f"{app.url}/moemmen?game={game_id}&lang=en", TABLE)
        wait_for_text(table, f"{MM} .mm-hand", "Ann decides on their phone")
        for seat in range(5):  # each phone in turn: Ann exchanges, the others pass
            wait_for_text(phones[seat], STATUS, f"{NAMES_OF[seat]}, your turn", timeout=FOLLOW)
            decide(phones[seat], app.store, game_id, "exchange" if seat == 0 else "pass")
        for other in (table, *phones[1:]):  # every device followed the round by itself
            wait_for_text(other, STATUS, "Waiting for Ann…", timeout=FOLLOW)
        table.screenshot(path=ARTIFACTS / "seats-moemmen-table-five-phones.png")
        for seat, phone in enumerate(phones):
            assert_only_own_hand(app, game_id, phone, seat)
        assert_only_own_hand(app, game_id, table, None)  # every hand is on a phone

        # Ann chooses a card (in her browser only), her phone reloads: still her seat, and she decides.
        ann = phones[0]
        wait_for_text(ann, STATUS, "Ann, your turn")
        state = app.store.load(game_id).state
        move = next(move for move in state.legal_actions() if move.kind == "exchange")
        select(ann, MM, f"h{move.give}-0")
        ann.reload()
        wait_idle(ann)
        ann.get_by_text("You play Ann").wait_for()
        count = app.store.action_count(game_id)
        decide(ann, app.store, game_id, "exchange")
        wait_for_text(ann, STATUS, "Waiting for Ben…")
        ann.screenshot(path=ARTIFACTS / "seats-moemmen-phone-after-reload.png")
        # Her own move she may take back on her phone, though it is Ben's turn; nobody else is offered it.
        wait_for_text(phones[1], STATUS, "Ben, your turn", timeout=FOLLOW)
        for seat in range(2, 5):  # each phone has followed Ann's move (Eve's own pass was last before it)
            wait_for_text(phones[seat], STATUS, "Waiting for Ben…", timeout=FOLLOW)
        for seat in range(1, 5):
            assert board_button(phones[seat], MM, "undo").count() == 0
        press(ann, MM, "undo")
        wait_for_text(ann, STATUS, "Ann, your turn")
        assert app.store.action_count(game_id) == count
        wait_for_text(phones[1], STATUS, "Waiting for Ann…", timeout=FOLLOW)


def round_ending_game(store, seed_from: int = 0):
    """2 people (Ben on his phone) and an easy bot, everybody collecting one colour, at Ben's turn with
    an exchange that completes a colour and so ends round 1."""
    for seed in range(seed_from, seed_from + 300):
        state = get_game("moemmen").new_state(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over() or state.results:
                break
            if state.current_player == 1 and state.phase == "turn":
                move = next((move for move in state.legal_actions() if move.kind == "exchange"
                             and full_colour(sorted([*_without(state.hands[1], move.give), move.take]))
                             is not None), None)
                if move is not None:
                    setup = {"names": ["Ann", "Ben", "Bot 1"], "bots": ["human", "human", "easy"],
                             "mode": "together", "speed": "quick"}
                    game_id = store.create(state, setup)
                    return game_id, store.seat_links(game_id, [0, 1]), move
            state.apply(collect_one_colour(state.view(state.current_player), state.legal_actions(), rng))
    raise AssertionError("no game reached the wanted position")


def _without(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


def test_the_round_over_screen_on_a_phone(app):
    game_id, links, move = round_ending_game(app.store)
    with chromium() as browser:
        table = device(browser, f"{app.url}/moemmen?game={game_id}&lang=en", TABLE)
        phone = device(browser, seat_url(app.url, links[1].token))
        wait_for_text(phone, STATUS, "Ben, your turn")
        count = app.store.action_count(game_id)
        select(phone, MM, f"h{move.give}-0", f"t{app.store.load(game_id).state.table.index(move.take)}")
        press(phone, MM, "exchange")
        saved(phone, app.store, game_id, count)
        # Both devices show the round's end (every hand is shown now: the rules reveal them).
        for page in (phone, table):
            page.get_by_text("Round 1 is over").wait_for(timeout=FOLLOW)
            page.get_by_text("Ben shows six plus cards").first.wait_for()
        phone.screenshot(path=ARTIFACTS / "seats-moemmen-phone-round-over.png")
        phone.get_by_role("button", name="Next round").tap()
        wait_idle(phone)
        phone.locator(STATUS).filter(has_text="Round 2").wait_for()
        assert phone.get_by_role("button", name="New game").count() == 0
