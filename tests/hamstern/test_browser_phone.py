"""Hamstern's seat page on a phone, in a real browser, at a small phone's size, a common one and a
phone on its side, in English and German: the roll, the chambers it can go to at 44 px a cell, the
buttons, all on one screen, through crossing, confirming, taking back, rolling and waiting; the rest of
the sheet one tap away. Also: the top bar of a table page and Home fit a phone.

Screenshots: tests/artifacts/phone-hamstern-[<situation>-]<size>-<lang>.png, to be looked at.
"""

from __future__ import annotations

import pytest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.games.hamstern.layout import load_layout
from assistant.ui.hamstern.sheet import cell_id
from tests.in_browser import ARTIFACTS, HS, PHONE_SIZES, part, press, select
from tests.phone_pages import WIDEST, assert_boxes_at_least, at_size, check_phone
from tests.seat_devices import chromium, device, seat_url, wait_for_text

pytestmark = pytest.mark.browser
SIDE = f"{HS} [data-slot='side']"
WINDOW = f"{HS} .hs-window"
IN_VIEW = {"the roll and what to do": f"{SIDE} > .tb-row:first-child", "the sheet's window": WINDOW,
           "the buttons": f"{HS} .tb-buttons button", "the picks": f"{HS} .hs-pick:visible"}
WORDS = {"en": {"you": "You play Ben", "waiting": "Waiting for: Ann", "roll": "Roll the die"},
         "de": {"you": "Du spielst Ben", "waiting": "Es fehlen noch: Ann", "roll": "Würfle"}}
MEASURED = ARTIFACTS / "phone-hamstern-measured.txt"  # at 390 x 844: the smallest tap target and text


@pytest.fixture(scope="module")
def browser():
    MEASURED.unlink(missing_ok=True)
    with chromium() as shared:
        yield shared


def saved_game(store, side: str, dice: str, ann_placed: bool) -> tuple[str, str]:
    """Ann at the table, Ben on his phone, three rounds played on ``side``; with ``ann_placed`` a roll
    of 4 that Ann has placed (Ben decides), else the next roll to come. Returns the game and Ben's token."""
    state = get_game("hamstern").new_state(2, seed=3, side=side)
    for roll in (3, 5, 2):
        state.apply(Roll(roll))
        for seat in (0, 1):
            state.apply(state.legal_actions_for(seat)[-1])
    if ann_placed:
        state.apply(Roll(4))
        state.apply(state.legal_actions_for(0)[0])
    game_id = store.create(state, {"names": ["Ann", "Ben"], "dice": dice})
    return game_id, store.seat_links(game_id, [1])[1].token


def every_size(page, lang: str, situation: str, **more_in_view) -> None:
    for size in PHONE_SIZES:
        at_size(page, size)
        shot = f"phone-hamstern-{situation + '-' if situation else ''}{size}-{lang}"
        tap, text = check_phone(page, ".tb-frame", IN_VIEW | more_in_view, shot)
        assert_boxes_at_least(page, f"{HS} .hs-pick", "a pick of the chambers")
        if size == "phone":
            with MEASURED.open("a", encoding="utf-8") as out:
                out.write(f"{lang} {situation or 'cross'}: smallest tap target {tap:.1f} px, smallest text {text}\n")


def cells_in_window(page, cells) -> bool:
    """All ``cells`` wholly inside the window, each at least 44 px."""
    window = page.locator(WINDOW).bounding_box()
    for cell in cells:
        box = part(page, HS, cell_id(cell)).bounding_box()
        inside = box["x"] >= window["x"] - 0.5 and box["x"] + box["width"] <= window["x"] + window["width"] + 0.5 \
            and box["y"] >= window["y"] - 0.5 and box["y"] + box["height"] <= window["y"] + window["height"] + 0.5
        if not inside or box["width"] < 43.5:
            return False
    return True


def placement_in_view(page, store, game_id: str):
    """A placement the rules allow Ben that the window shows at every size, as a phone opens it."""
    for action in store.load(game_id).state.legal_actions_for(1):
        if not action.cells:
            continue
        shown = True
        for size in PHONE_SIZES:
            at_size(page, size)
            shown = shown and cells_in_window(page, action.cells)
        if shown:
            return action
    raise AssertionError("the window shows no placement the roll allows")


@pytest.mark.parametrize("lang, side", [("en", "A"), ("de", "B")])
def test_a_seat_crosses_confirms_takes_back_rolls_and_waits_on_a_phone(app, browser, lang, side):
    words = WORDS[lang]
    game_id, token = saved_game(app.store, side, "app", ann_placed=True)
    page = device(browser, seat_url(app.url, token, lang), PHONE_SIZES["phone"])
    page.get_by_text(words["you"]).wait_for()
    page.locator(WINDOW).wait_for()
    every_size(page, lang, "")  # the roll shown, cells to cross

    action = placement_in_view(page, app.store, game_id)
    select(page, HS, *(cell_id(cell) for cell in sorted(action.cells)))
    every_size(page, lang, "chosen")  # Cross 4, enabled

    press(page, HS, "confirm")
    wait_for_text(page, SIDE, words["roll"])  # Ann placed first: the next roll comes, Ben may roll it
    every_size(page, lang, "rolling", roll=f"{HS} button[data-button='roll']",
               take_back=f"{HS} button[data-button='take_back']")
    press(page, HS, "take_back")
    page.locator(f"{HS} button[data-button='confirm']").wait_for()
    assert not app.store.load(game_id).state.is_chance_node()  # taken back: Ben decides again

    # Again, and the next roll: Ben confirms ahead of Ann and waits for her, with his placement to take back.
    select(page, HS, *(cell_id(cell) for cell in sorted(action.cells)))
    press(page, HS, "confirm")
    press(page, HS, "roll")
    again = placement_in_view(page, app.store, game_id)
    select(page, HS, *(cell_id(cell) for cell in sorted(again.cells)))
    press(page, HS, "confirm")
    wait_for_text(page, SIDE, words["waiting"])
    every_size(page, lang, "waiting", take_back=f"{HS} button[data-button='take_back']")
    page.context.close()


def test_the_rest_of_the_sheet_is_a_tap_away(app, browser):
    """The whole sheet fits the window; a tap on a chamber there shows it at 44 px a cell; a hint
    brings the window to its chamber."""
    game_id, token = saved_game(app.store, "A", "app", ann_placed=True)
    page = device(browser, seat_url(app.url, token), PHONE_SIZES["phone-small"])
    page.locator(WINDOW).wait_for()
    page.locator(f"{HS} label[for='hs-at-all']").tap()
    sheet = page.locator(f"{HS} .hs-window svg.ht-sheet").bounding_box()
    window = page.locator(WINDOW).bounding_box()
    assert sheet["width"] <= window["width"] + 0.5 and sheet["height"] <= window["height"] + 0.5, (sheet, window)
    page.screenshot(path=ARTIFACTS / "phone-hamstern-whole-sheet-phone-small-en.png")

    layout = load_layout("A")
    far = next(n for n, chamber in enumerate(layout.chambers) if chamber.id == "c")  # the top right corner
    page.locator(f"{HS} label.hs-go[for='hs-at-{far}']").tap()
    chamber = layout.chambers[far]
    assert cells_in_window(page, chamber.cells), "the chamber tapped on the whole sheet is not shown at full size"
    page.screenshot(path=ARTIFACTS / "phone-hamstern-chamber-c-phone-small-en.png")

    # A hint goes to the chamber it is about, wherever the window was.
    press(page, HS, "hint")
    hinted = page.locator(f"{HS} .hs-window [data-tap].tb-hint")
    hinted.first.wait_for()
    assert cells_in_window(page, [tuple(map(int, hinted.nth(n).get_attribute("data-tap").split("-")))
                                  for n in range(hinted.count())]), "the hint's cells are not in the window"
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phone_enters_a_real_die(app, browser, lang):
    game_id, token = saved_game(app.store, "A", "real", ann_placed=False)
    page = device(browser, seat_url(app.url, token, lang), PHONE_SIZES["phone"])
    page.locator(f"{HS} button[data-button='die-6']").wait_for()
    every_size(page, lang, "real-die", faces=f"{HS} button[data-button^='die-']")
    press(page, HS, "die-4")
    assert app.store.load(game_id).state.history[-1] == Roll(4)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", ["phone", "phone-side"])
def test_the_top_bar_and_home_fit_a_phone(app, browser, lang, size):
    game_id, _ = saved_game(app.store, "A", "app", ann_placed=False)
    width, height = PHONE_SIZES[size]
    for path, name in ((f"/hamstern?game={game_id}&lang={lang}", "table"), (f"/?lang={lang}", "home")):
        page = device(browser, app.url + path, PHONE_SIZES[size])
        page.locator(".st-key-ht-lang button").first.wait_for()
        page.screenshot(path=ARTIFACTS / f"{size}-topbar-{name}-{lang}.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        widest = page.evaluate(WIDEST)
        assert widest[0] <= width + 0.5, f"{name} runs off the side: {widest}"
        links = page.locator(".st-key-ht-topbar a[data-page]")
        assert links.count() > 1
        boxes = [links.nth(n).bounding_box() for n in range(links.count())]
        for box in boxes:
            assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] >= 43.5, box
        assert_boxes_at_least(page, ".st-key-ht-lang button", "the language switch")
        switch = [page.locator(".st-key-ht-lang button").nth(n).bounding_box() for n in range(2)]
        assert all(box["x"] + box["width"] <= width for box in switch), switch
        if size == "phone" and len(boxes) % 4 in (1, 2):  # upright: the switch beside the last row's links
            assert abs(switch[0]["y"] - boxes[-1]["y"]) < 4 and switch[0]["x"] > boxes[-1]["x"] + boxes[-1]["width"]
        if size == "phone-side":  # 390 px high: the links and the switch in one row, not three
            assert {round(box["y"]) for box in boxes + switch} == {round(boxes[0]["y"])}, boxes + switch
            words = page.evaluate("""() => [...document.querySelectorAll('*')].filter(e => e.shadowRoot)
                .flatMap(e => [...e.shadowRoot.querySelectorAll('.tl-label')])
                .filter(label => label.scrollWidth > label.clientWidth).map(label => label.textContent)""")
            assert not words, f"names cut short: {words}"
        page.context.close()
