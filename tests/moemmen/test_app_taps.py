"""Every tap on the Mömmen table gets an answer: a card of the hand or of the table that no exchange can
use now shows the engine's reason beside the board (the tap board's notes), in English and German, and
while another seat decides, whom the table waits for; the hints name the buttons the board shows."""

from __future__ import annotations

import random
import re

import pytest

from assistant import i18n
from assistant.bots import get_bot
from assistant.bots import moemmen as moemmen_bots
from assistant.bots.search import SearchResult
from assistant.games import get_game
from assistant.games.moemmen.actions import PASS, exchange
from assistant.games.moemmen.phases import PHASES
from assistant.ui.moemmen.board import hand_parts
from tests.components import SEAT_PAGE, board_data, decide, message, notes, open_app, tap_parts
from tests.helpers import hint_texts, refusal, saved_alone
from tests.moemmen.helpers import collect_one_colour, played_until

PAGE, MM = "moemmen", "mm-board"
LANGS = ("en", "de")


def stuck(state) -> set[int]:
    """Ann's cards that no exchange can use now (the engine refuses each with every other table card)."""
    return {card for card in state.hands[0]
            if not any(move.kind == "exchange" and move.give == card for move in state.legal_actions())}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phase", ["turn", "tim_take"])
def test_a_card_no_exchange_can_use_shows_the_engines_reason(db, lang, phase):
    state = played_until(2 if phase == "turn" else 3,
                         lambda s: s.current_player == 0 and s.phase == phase and stuck(s))
    at = open_app(PAGE, game=saved_alone(db, state, "easy"), lang=lang)
    data, view = board_data(at, MM), state.view(0)
    cards = dict(hand_parts(view["hand"])) | {f"t{place}": card for place, card in enumerate(view["table"])}
    assert tap_parts(at, MM) == set(cards)
    explained = 0
    for part, card in cards.items():
        if part in data["select"]["tappable"]:
            assert part not in data["notes"], f"{part} can be exchanged, yet it has a note"
            continue
        mine = part.startswith("h")
        tries = [exchange(card, other) if mine else exchange(other, card)
                 for other in (view["table"] if mine else view["hand"]) if other != card]
        reasons = {refusal(state, move, lang) for move in tries}
        assert None not in reasons, f"{part} is not tappable, yet the engine allows an exchange with it"
        assert data["notes"][part] in reasons, (part, data["notes"][part], reasons)
        explained += 1
    assert explained >= 1 and 'class="tb-note"' in data["html"]


def unpaired(state) -> list:
    """Ann's exchanges refused although each of the two cards goes in some other exchange of hers."""
    legal = [move for move in state.legal_actions() if move.kind == "exchange"]
    gives, takes = {move.give for move in legal}, {move.take for move in legal}
    return [exchange(give, take) for give in sorted(gives) for take in sorted(set(state.table)) if take in takes
            and give != take and exchange(give, take) not in legal]


@pytest.mark.parametrize("lang", LANGS)
def test_two_cards_that_do_not_go_for_each_other_say_why(db, lang):
    """A hand card chosen, then a table card it cannot be exchanged for: the choice starts anew with the
    table card, and the board says the engine's reason (the tap board's pair note "a>b")."""
    state = played_until(2, lambda s: s.current_player == 0 and s.phase == "turn" and unpaired(s))
    at = open_app(PAGE, game=saved_alone(db, state, "easy"), lang=lang)
    data, view = board_data(at, MM), state.view(0)
    move = unpaired(state)[0]
    give = next(part for part, card in hand_parts(view["hand"]) if card == move.give)
    take = f"t{view['table'].index(move.take)}"
    assert take not in data["select"]["pairs"][give] and {give, take} <= set(data["select"]["tappable"])
    assert data["notes"][f"{give}>{take}"] == refusal(state, move, lang)


@pytest.mark.parametrize("lang, waiting", [("en", "Not now: Ann is deciding."), ("de", "Nicht jetzt: Ann ist dran.")])
def test_while_another_seat_decides_every_card_says_whom_the_table_waits_for(db, lang, waiting):
    state = played_until(2, lambda s: s.current_player == 0 and s.phase == "turn")
    game_id = db.create(state, {"names": ["Ann", "Bo"], "bots": ["human", "human"], "mode": "together",
                                "speed": "quick"})
    phone = open_app(SEAT_PAGE, t=db.seat_links(game_id, [0, 1])[1].token, lang=lang)
    shown = notes(phone, MM)
    assert board_data(phone, MM)["select"]["tappable"] == []
    assert set(shown) == tap_parts(phone, MM) and len(shown) == 6 + 5  # Bo's hand and the table
    assert set(shown.values()) == {waiting}


# --- hints: the words of the board's buttons, a reason in the game's terms, grammar that agrees ----------
def button_words(state, move, lang: str) -> str:
    """The words of the button that makes ``move`` (play.py): "Exchange", or "Take and lay down" after Tim."""
    if move.kind == "exchange":
        return i18n.t("ui.moemmen.take" if state.phase == "tim_take" else "ui.moemmen.exchange", lang)
    return i18n.t(f"ui.moemmen.{move.kind}", lang)


NOT_ONE = {"en": re.compile(r"\b1 (cards|minus cards|points|simulated continuations)\b"),
           "de": re.compile(r"\b1 (Karten|Minuskarten|Punkte|simulierte Fortsetzungen)\b")}


def hint_positions(per_phase: int = 6):
    found = {phase: [] for phase in PHASES}
    for seed in range(200):
        state, rng = get_game("moemmen").new_state(2 + seed % 3, seed=seed, target=30), random.Random(seed)
        for _ in range(80):
            if state.is_over():
                break
            if len(found[state.phase]) < per_phase and rng.random() < 0.3:
                found[state.phase].append(state.clone())
            state.apply(collect_one_colour(state.view(state.current_player), state.legal_actions(), rng))
        if all(len(states) == per_phase for states in found.values()):
            break
    return [state for states in found.values() for state in states]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_every_hint_names_the_words_of_its_button_and_gives_a_reason(level):
    bot = moemmen_bots.HardBot(samples=3, seconds=float("inf")) if level == "hard" else get_bot("moemmen", "easy")
    reasons = set()
    for state in hint_positions():
        advice = bot.advise(state.view(state.current_player), state.legal_actions(), random.Random(2))
        reasons.add(advice.reason)
        for lang, text in hint_texts(advice, NOT_ONE).items():
            assert button_words(state, advice.action, lang).lower() in text.lower(), (lang, text)
    assert len(reasons) >= 6, reasons


def test_a_hint_found_by_simulation_says_what_the_move_does_first_and_agrees_with_one(monkeypatch):
    state = played_until(2, lambda s: s.current_player == 0 and s.phase == "turn" and PASS in s.legal_actions()
                         and moemmen_bots.sharp_move(s.view(0), s.legal_actions()) != PASS)
    monkeypatch.setattr(moemmen_bots, "search", lambda *args, **kwargs: SearchResult(PASS, {PASS: 0.0}, 1))
    advice = moemmen_bots.HardBot().advise(state.view(0), state.legal_actions(), random.Random(0))
    assert advice.reason == "bot.moemmen.best_one" and advice.params["reason"].key == "bot.moemmen.pass"
    assert i18n.t(advice.reason, "en", **advice.params) == (
        "Pass: no exchange improves your hand enough. Of all moves, it did best in 1 simulated continuation of the"
        " round.")
    assert i18n.t(advice.reason, "de", **advice.params).startswith("Passen: Kein Tausch verbessert deine Hand genug.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_on_the_board_names_the_button_of_its_move(db, lang, monkeypatch):
    monkeypatch.setattr(moemmen_bots.HardBot, "advise", moemmen_bots.EasyBot.advise)  # the same advice, at once
    state = played_until(2, lambda s: s.current_player == 0 and s.phase == "turn")
    at = open_app(PAGE, game=saved_alone(db, state, "easy"), lang=lang)
    decide(at, MM, "hint")
    move = get_bot("moemmen", "easy").advise(state.view(0), state.legal_actions(), random.Random(0)).action
    shown = {spec["id"]: spec["label"] for spec in board_data(at, MM)["buttons"]}
    assert shown[move.kind].lower() in message(at, MM, "hint-text").lower(), (shown, message(at, MM, "hint-text"))
