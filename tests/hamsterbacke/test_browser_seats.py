"""Hamsterbacke with people on their own phones, in a real browser: a phone decides only for its
seat and says whom it waits for, the table device follows without a tap and never draws a hand a
phone holds, five phones play in turn, a phone reloads mid-turn, and no phone is ever sent a hand
but its own (searched in the websocket messages and the DOM)."""

from __future__ import annotations

import random
import re

import pytest

from assistant.games import get_game
from tests.in_browser import ARTIFACTS, mode_button, press, tap_to_decide, wait_idle
from tests.seat_devices import TABLE, chromium, device, everything_sent, saved, seat_url, wait_for_text

pytestmark = pytest.mark.browser
HB = '.st-key-hb-board:not([data-stale="true"])'
STATUS = f"{HB} .tb-status"
FOLLOW = 30_000  # ms: six browsers on a busy machine; on a quiet one a device follows within a second
NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve"]
# A hand as the page writes it: per colour a group tapped as "c{colour}", its card picture, then "×{count}".
HAND_GROUP = re.compile(r'data-tap="c(\d)"><svg.{0,4000}?<div class="hb-count">×(\d+)</div>', re.S)


def new_game(store, people: int, bots: int, seed: int, first: int) -> tuple[str, dict]:
    """People first, then easy bots (quick); played on from the deal with the first legal moves until
    ``first`` begins a turn."""
    state = get_game("hamsterbacke").new_state(people + bots, seed=seed)
    while not (state.current_player == first and state.phase == "act" and state.actions_left == 2):
        state.apply(state.legal_actions()[0])
    setup = {"names": NAMES[:people] + [f"Bot {n + 1}" for n in range(bots)],
             "bots": ["human"] * people + ["easy"] * bots, "mode": "together", "speed": "quick"}
    game_id = store.create(state, setup)
    return game_id, store.seat_links(game_id, list(range(people)))


def hands_drawn(page, *, shown: bool = True) -> set[tuple[int, int]]:
    """Every (colour, count) drawn as a hand group in anything this page was sent or shows (``shown``
    False: only the websocket messages, which carry the markup as JSON text, its quotes and any
    letter beyond ASCII escaped)."""
    sent = everything_sent(page) if shown else b"".join(page.heard)
    text = sent.decode("utf-8", "replace").replace('\\"', '"')
    text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda found: chr(int(found.group(1), 16)), text)
    return {(int(colour), int(count)) for colour, count in HAND_GROUP.findall(text)}


def groups(hand: list[int]) -> set[tuple[int, int]]:
    return {(colour, count) for colour, count in enumerate(hand) if count}


def assert_only_own_hand(app, game_id: str, page, seat: int | None) -> None:
    """The groups of ``seat``'s hand are found (the search works), no other hand's cards not known
    to all; a group that looks the same in ``seat``'s own hand cannot tell, so it is not looked for."""
    state = app.store.load(game_id).state
    drawn = hands_drawn(page)
    own = groups(state.hands[seat]) if seat is not None else set()
    assert own <= drawn, f"own hand not found: {own - drawn}"
    assert own <= hands_drawn(page, shown=False), "own hand not found in the messages: the search misses them"
    if seat is not None:  # the messages hold every hand this seat held so far
        replay = state.game.new_state(state.num_players, seed=state.seed, **state.options)
        for action in state.history:
            own |= groups(replay.hands[seat])
            replay.apply(action)
    for other in range(state.num_players):
        if other == seat:
            continue
        secret = {(colour, count) for colour, count in groups(state.hands[other])
                  if count > state.known[other][colour]} - own
        assert not secret & drawn, f"seat {other}'s hand reached seat {seat}'s device: {secret & drawn}"


def take_a_pile(page, store, game_id: str) -> None:
    """The seat in turn takes the first pile the rules allow (a tap decides at once)."""
    pile = next(move.at for move in store.load(game_id).state.legal_actions() if move.kind == "take")
    count = store.action_count(game_id)
    wait_idle(page)  # a tap while the page is still being drawn may be lost
    tap_to_decide(page, HB, f"p{pile}")
    saved(page, store, game_id, count)
    taken = store.load(game_id).state.history[count]  # quick bots may have played after it
    assert taken.kind == "take" and taken.at == pile


def test_a_phone_plays_its_seat_and_the_table_device_follows(app):
    game_id, links = new_game(app.store, people=2, bots=1, seed=3, first=1)
    with chromium() as browser:
        table = device(browser, f"{app.url}/hamsterbacke?game={game_id}&lang=en", TABLE)
        phone = device(browser, seat_url(app.url, links[1].token))
        phone.get_by_text("You play Ben").wait_for()
        wait_for_text(phone, STATUS, "Ben, your turn: action 1 of 2")
        wait_for_text(table, STATUS, "Waiting for Ben… (action 1 of 2)")
        # While Ben decides, the table device shows the table as everybody sees it: no hand at all.
        wait_for_text(table, f"{HB} .hb-hand", "Ben decides on their phone: every hand is hidden here.")

        take_a_pile(phone, app.store, game_id)
        wait_for_text(table, STATUS, "Waiting for Ben… (action 2 of 2)", timeout=5_000)  # no tap on the table
        phone.screenshot(path=ARTIFACTS / "seats-hamsterbacke-phone-turn.png")
        take_a_pile(phone, app.store, game_id)
        # The bot plays (quick), then it is Ann's turn at the tablet: Ben sits beside it, so her hand
        # waits behind the cover (never a cover on a phone).
        its_me = table.get_by_role("button", name="It is me")
        its_me.wait_for(timeout=10_000)
        wait_for_text(phone, STATUS, "Waiting for Ann… (action 1 of 2)", timeout=10_000)
        assert phone.get_by_role("button", name="It is me").count() == 0
        its_me.tap()
        wait_idle(table)
        wait_for_text(table, STATUS, "Ann, your turn: action 1 of 2", timeout=10_000)
        table.screenshot(path=ARTIFACTS / "seats-hamsterbacke-table.png")
        phone.screenshot(path=ARTIFACTS / "seats-hamsterbacke-phone-waiting.png")
        assert_only_own_hand(app, game_id, phone, 1)
        assert_only_own_hand(app, game_id, table, 0)  # Ben's hand never reaches the table device


def test_five_phones_play_in_turn_and_a_phone_reloads_mid_turn(app):
    game_id, links = new_game(app.store, people=5, bots=0, seed=8, first=0)
    with chromium() as browser:
        # The phones first: the table device never has a person of its own in this game.
        phones = [device(browser, seat_url(app.url, links[seat].token)) for seat in range(5)]
        table = device(browser, f"{app.url}/hamsterbacke?game={game_id}&lang=en", TABLE)
        for seat in range(5):
            wait_for_text(phones[seat], STATUS, f"{NAMES[seat]}, your turn" if seat == 0 else "Waiting for Ann")
        wait_for_text(table, f"{HB} .hb-hand", "Ann decides on their phone")
        for seat in range(5):  # each phone in turn: a pile, then (its second action) another
            state = app.store.load(game_id).state
            assert state.current_player == seat
            take_a_pile(phones[seat], app.store, game_id)
            take_a_pile(phones[seat], app.store, game_id)
            wait_for_text(phones[(seat + 1) % 5], STATUS, f"{NAMES[(seat + 1) % 5]}, your turn", timeout=FOLLOW)
        # Every device followed the round by itself: Ann's turn again.
        for other in (table, *phones[1:]):
            wait_for_text(other, STATUS, "Waiting for Ann… (action 1 of 2)", timeout=FOLLOW)
        table.screenshot(path=ARTIFACTS / "seats-hamsterbacke-table-five-phones.png")
        for seat, phone in enumerate(phones):
            assert_only_own_hand(app, game_id, phone, seat)
        assert_only_own_hand(app, game_id, table, None)  # every hand is on a phone

        # Ann chooses how many sets to play (in her browser only), her phone reloads: still her seat.
        ann = phones[0]
        play = next(move for move in app.store.load(game_id).state.legal_actions() if move.kind == "play")
        mode_button(ann, HB, f"sets{play.count}").tap()
        ann.locator(f'{HB} [data-tap="c{play.at}"].tb-tappable').wait_for()
        ann.reload()
        wait_idle(ann)
        ann.get_by_text("You play Ann").wait_for()
        count = app.store.action_count(game_id)
        mode_button(ann, HB, f"sets{play.count}").tap()
        tap_to_decide(ann, HB, f"c{play.at}")
        saved(ann, app.store, game_id, count)
        assert app.store.load(game_id).state.history[-1] == play
        wait_for_text(ann, STATUS, "Ann, your turn: action 2 of 2")
        ann.screenshot(path=ARTIFACTS / "seats-hamsterbacke-phone-after-reload.png")
        # A play can be taken back: by Ann on her phone only, nobody else is offered it.
        wait_for_text(phones[1], STATUS, "Waiting for Ann… (action 2 of 2)", timeout=FOLLOW)
        for seat in range(1, 5):
            assert phones[seat].locator(f'{HB} button[data-button="undo"]').count() == 0
        press(ann, HB, "undo")
        wait_for_text(ann, STATUS, "Ann, your turn: action 1 of 2")
        assert app.store.action_count(game_id) == count


def game_ending_on_the_phone(store):
    """Ann, Ben (on his phone) and an easy bot, at a decision of Ben's that ends the game."""
    for seed in range(300):
        state = get_game("hamsterbacke").new_state(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.current_player == 1:
                for move in state.legal_actions():
                    probe = state.clone()
                    probe.apply(move)
                    if probe.is_over() and move.kind == "take":
                        setup = {"names": ["Ann", "Ben", "Bot 1"], "bots": ["human", "human", "easy"],
                                 "mode": "together", "speed": "quick"}
                        game_id = store.create(state, setup)
                        return game_id, store.seat_links(game_id, [0, 1]), move
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no game reached the wanted position")


def test_the_end_on_a_phone(app):
    game_id, links, move = game_ending_on_the_phone(app.store)
    with chromium() as browser:
        table = device(browser, f"{app.url}/hamsterbacke?game={game_id}&lang=en", TABLE)
        phone = device(browser, seat_url(app.url, links[1].token))
        count = app.store.action_count(game_id)
        wait_idle(phone)
        tap_to_decide(phone, HB, f"p{move.at}")
        saved(phone, app.store, game_id, count)
        for page in (phone, table):
            page.get_by_role("heading", name="The game is over").wait_for(timeout=FOLLOW)
        phone.screenshot(path=ARTIFACTS / "seats-hamsterbacke-phone-end.png")
        # A new game is the table device's to start, never a phone's.
        table.get_by_role("button", name="New game").wait_for()
        assert phone.get_by_role("button", name="New game").count() == 0
