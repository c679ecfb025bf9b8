"""Every tap on the Biber Gang table gets an answer: a card or a pile a tap cannot use now shows the
engine's reason beside the board (the tap board's notes), in English and German, and the hints name
the buttons and modes the board shows, in both languages."""

from __future__ import annotations

import random
import re

import pytest

from assistant import i18n
from assistant.bots import biber_gang as biber_bots
from assistant.bots import get_bot
from assistant.bots.search import SearchResult
from assistant.games import get_game
from assistant.games.biber_gang.actions import DISCARD_TURN, DRAW_DECK, SWAP, SWIM, TAKE_DISCARD, TURN_UP
from assistant.games.biber_gang.cards import card_words, position_text
from tests.components import (
    BG,
    BIBER_PAGE,
    SEAT_PAGE,
    board_data,
    decide,
    message,
    notes,
    open_app,
    tap_parts,
)
from tests.helpers import first_position, hint_texts, refusal, saved_alone

LANGS = ("en", "de")


def played_until(seed_range, wanted, players: int = 2):
    """A game played at random up to the first position where ``wanted(state)`` holds."""
    return first_position(lambda seed: get_game("biber_gang").new_state(players, seed=seed), wanted, seed_range,
                          max_moves=600)


def tried(state, part: str, mode: str | None):
    """The move a tap on ``part`` makes, in ``mode`` (None: a board without modes)."""
    if part == "deck":
        return DRAW_DECK
    if part == "discard":
        return TAKE_DISCARD
    position = int(part[1:])
    if mode is None:
        return TURN_UP[position]
    if mode == "swim":
        beaver = next(move.at for move in state.legal_actions() if move.kind == "swim")
        return SWIM[beaver][position]
    return {"swap": SWAP, "discard_turn": DISCARD_TURN}[mode][position]


def assert_every_dead_tap_explained(at, state, lang: str) -> int:
    """Each part a tap cannot use (in any mode, or without modes) has a note: the engine's reason, or, when
    the modes refuse it for different reasons, each reason after its mode's words. Returns how many."""
    data = board_data(at, BG)
    modes = data["modes"] or [{"id": None, "label": "", "tappable": data["select"]["tappable"]}]
    checked = 0
    for part in sorted(tap_parts(at, BG)):
        reasons = {}
        for mode in modes:
            if part not in mode["tappable"]:
                reason = refusal(state, tried(state, part, mode["id"]), lang)
                assert reason, f"{part} is not tappable in {mode['id']}, yet the engine allows it"
                reasons.setdefault(reason, mode["label"])
        if not reasons:
            assert part not in data["notes"], f"{part} can be used, yet it has a note"
            continue
        note = data["notes"].get(part)
        if len(reasons) == 1:
            assert note == next(iter(reasons)), (part, note, reasons)
        else:
            assert note == "\n".join(f"{label}: {reason}" for reason, label in reasons.items()), (part, note)
        checked += 1
    assert 'class="tb-note"' in data["html"], "the box where the browser shows a note"
    return checked


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phase", ["reveal", "draw", "place", "locked", "swim"])
def test_a_card_or_pile_a_tap_cannot_use_shows_the_engines_reason(db, lang, phase):
    wanted = {
        "reveal": lambda s: s.phase == "reveal" and s.turn == 0 and s.face_up[0],
        "draw": lambda s: s.phase == "draw" and s.turn == 0,
        "place": lambda s: s.phase == "place" and s.turn == 0 and s.drawn_from == "deck",
        # A locked pair of beavers: its cards cannot be swapped out nor turned up (two reasons, two modes).
        "locked": lambda s: s.phase == "place" and s.turn == 0
        and sum(1 for m in s.legal_actions() if m.kind == "swap") < 8,
        "swim": lambda s: s.phase == "place" and s.turn == 0 and any(m.kind == "swim" for m in s.legal_actions()),
    }[phase]
    state = played_until(range(400), wanted)
    at = open_app(BIBER_PAGE, game=saved_alone(db, state, "easy"), lang=lang)
    assert assert_every_dead_tap_explained(at, state, lang) >= 2


def mode_parts(at, mode: str) -> set[str]:
    return set(next(spec for spec in board_data(at, BG)["modes"] if spec["id"] == mode)["tappable"])


def test_a_face_up_card_while_discard_and_turn_up_is_chosen_says_it_is_face_up(db):
    """The issue's own example: "Discard it, turn up a card" chosen, a tap on a face-up card says why."""
    state = played_until(range(50), lambda s: s.phase == "place" and s.turn == 0 and s.drawn_from == "deck")
    up = next(p for p in range(8) if state.face_up[0] >> p & 1)
    at = open_app(BIBER_PAGE, game=saved_alone(db, state, "easy"))
    assert f"p{up}" not in mode_parts(at, "discard_turn")
    assert notes(at, BG)[f"p{up}"] == i18n.t("error.biber.already_up", "en", position=position_text(up))
    assert notes(at, BG)[f"p{up}"].startswith("The card at ")
    german = open_app(BIBER_PAGE, game=saved_alone(db, state, "easy"), lang="de")
    assert notes(german, BG)[f"p{up}"].startswith("Die Karte ")


@pytest.mark.parametrize("lang, waiting", [("en", "Not now: Ann is deciding."), ("de", "Nicht jetzt: Ann ist dran.")])
def test_while_another_seat_decides_every_tap_says_whom_the_table_waits_for(db, lang, waiting):
    state = played_until(range(50), lambda s: s.phase == "draw" and s.turn == 0, players=3)
    game_id = db.create(state, {"names": ["Ann", "Bo", "Bot 1"], "bots": ["human", "human", "easy"],
                                "mode": "together", "speed": "quick"})
    token = db.seat_links(game_id, [0, 1])[1].token
    phone = open_app(SEAT_PAGE, t=token, lang=lang)
    assert board_data(phone, BG)["select"]["tappable"] == []
    shown = notes(phone, BG)
    assert set(shown) == tap_parts(phone, BG) >= {"deck", "discard", "p0"}
    assert set(shown.values()) == {waiting}


# --- hints: the words of the board's buttons, a reason in the game's terms, grammar that agrees ----------
def control_words(state, move, lang: str) -> str:
    """The words on the board for the control that makes ``move`` (a mode, a button), or the card's place."""
    if move.kind == "turn_up":
        return i18n.t(position_text(move.at).key, lang, **position_text(move.at).params)
    if move.kind == "draw_deck":
        return i18n.t("ui.biber.draw_deck", lang)
    if move.kind == "take_discard":
        return i18n.t("ui.biber.take_discard", lang, the_card=card_words(state.discard[-1], "the"))
    if move.kind == "discard":
        return i18n.t("ui.biber.discard_only", lang)
    return i18n.t(f"ui.biber.mode_{move.kind}", lang)


NOT_ONE = {"en": re.compile(r"\b1 (cards|sets|points|simulated continuations)\b"),
           "de": re.compile(r"\b1 (Karten|Sätze|Punkte|durchgespielte Fortsetzungen)\b")}


def hint_positions():
    positions = []
    for seed in range(12):
        state = get_game("biber_gang").new_state(2, seed=seed, rounds=1)
        rng = random.Random(seed)
        while not state.is_over():
            if state.current_player == 0 and len(positions) < 400:
                positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return positions


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_every_hint_begins_with_the_words_of_its_button_and_gives_a_reason(level):
    bot = biber_bots.HardBot(samples=4, seconds=float("inf")) if level == "hard" else get_bot("biber_gang", "easy")
    reasons = set()
    for state in hint_positions():
        advice = bot.advise(state.view(0), state.legal_actions(), random.Random(1))
        reasons.add(advice.reason)
        for lang, text in hint_texts(advice, NOT_ONE).items():
            assert control_words(state, advice.action, lang).lower() in text.lower(), (lang, text)
    assert len(reasons) >= (8 if level == "easy" else 6), reasons


def test_a_hint_found_by_simulation_says_what_the_move_does_first_and_agrees_with_one(monkeypatch):
    """The discard pile's top would make a pair, yet the search draws from the deck: the hint says what
    drawing may do, then how it was found, "1 simulated continuation" in the singular."""
    def pair_on_top(s) -> bool:
        mine = s.view(0)["players"][0]["display"]
        return s.phase == "draw" and s.turn == 0 and any(biber_bots.new_pair(mine, p, s.discard[-1]) for p in range(8))

    state = played_until(range(100), pair_on_top)
    monkeypatch.setattr(biber_bots, "search", lambda view, legal, *args, **kwargs: SearchResult(DRAW_DECK, {}, 1))
    advice = biber_bots.HardBot().advise(state.view(0), state.legal_actions(), random.Random(0))
    assert advice.reason == "bot.biber.best_one" and advice.params["reason"].key == "bot.biber.draw_chance"
    top = str(state.discard[-1])
    assert i18n.t(advice.reason, "en", **advice.params) == (
        f"Draw from the deck: a card from the deck may do more for your display than the {top} on the discard pile."
        " Of all moves, it did best in 1 simulated continuation of this round.")
    german = i18n.t(advice.reason, "de", **advice.params)
    assert german.endswith("in 1 durchgespielten Fortsetzung dieser Runde am besten.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_on_the_board_names_the_label_of_the_button_or_mode_it_marks(db, lang):
    for wanted in (lambda s: s.phase == "draw" and s.turn == 0, lambda s: s.phase == "place" and s.turn == 0):
        state = played_until(range(20), wanted)
        at = open_app(BIBER_PAGE, game=saved_alone(db, state, "easy"), lang=lang)
        decide(at, BG, "hint")
        text, data = message(at, BG, "hint-text"), board_data(at, BG)
        labels = [spec["label"] for spec in data["buttons"] if spec["id"] not in ("hint", "undo")]
        if data["mode"]:  # a move of a mode comes with its mode chosen, its words in the hint
            labels = [next(mode["label"] for mode in data["modes"] if mode["id"] == data["mode"])]
        assert any(text.lower().startswith(label.lower()) for label in labels), (text, labels)


def test_an_advised_discard_and_turn_up_comes_with_its_mode_chosen(db, monkeypatch):
    """The marked card decides the advised move when tapped: its mode is chosen with the hint."""
    easy = get_bot("biber_gang", "easy")
    monkeypatch.setattr(biber_bots.HardBot, "advise", biber_bots.EasyBot.advise)  # the same advice, at once
    state = played_until(range(200), lambda s: s.phase == "place" and s.turn == 0 and easy.advise(
        s.view(0), s.legal_actions(), random.Random(0)).action.kind == "discard_turn")
    at = open_app(BIBER_PAGE, game=saved_alone(db, state, "easy"))
    decide(at, BG, "hint")
    data = board_data(at, BG)
    assert data["mode"] == "discard_turn" and message(at, BG, "hint-text").startswith("Discard it, turn up a card (")
    marked = data["marks"]["tb-hint"]
    assert marked and set(marked) <= mode_parts(at, "discard_turn")
