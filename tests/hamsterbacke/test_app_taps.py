"""Every tap on the Hamsterbacke table gets an answer: a pile, a colour, a player or the blocking stack a
tap cannot use now shows the engine's reason beside the board (the tap board's notes), in English and
German; the hints name the buttons and modes the board shows, with grammar that agrees with 1."""

from __future__ import annotations

import random
import re

import pytest

from assistant import i18n
from assistant.bots import get_bot
from assistant.bots import hamsterbacke as backe_bots
from assistant.bots.search import SearchResult
from assistant.games import get_game
from assistant.games.hamsterbacke.actions import GIVER, PLAY, TAKE, TURN_PILE, give
from assistant.games.hamsterbacke.cards import KINDS, VALUES, card_text, pile_text, sets_text
from tests.components import SEAT_PAGE, board_data, decide, message, notes, open_app, tap_parts
from tests.hamsterbacke.helpers import played_until
from tests.helpers import hint_texts, refusal, saved_alone

PAGE, HB = "hamsterbacke", "hb-board"
LANGS = ("en", "de")


def tried(part: str, mode: str | None):
    """The move a tap on ``part`` makes (a colour: in the mode "setsN" chosen, or as one set without modes)."""
    if part == "turn":
        return TURN_PILE
    number = int(part[1:])
    if part[0] == "c":
        return PLAY[number][int(mode.removeprefix("sets")) if mode else 1]
    return {"p": TAKE, "s": GIVER}[part[0]][number]


def assert_every_dead_tap_explained(at, state, lang: str) -> int:
    """Each part a tap cannot use in some mode (or at all) has the engine's reason for that tap as its note;
    a part every mode can use has none. Returns how many parts have a note."""
    data = board_data(at, HB)
    modes = data["modes"] or [{"id": None, "tappable": data["select"]["tappable"]}]
    for part in sorted(tap_parts(at, HB)):
        refused = [mode["id"] for mode in modes if part not in mode["tappable"]]
        if not refused:
            assert part not in data["notes"], f"{part} can be used, yet it has a note"
            continue
        reasons = {refusal(state, tried(part, mode), lang) for mode in refused}
        assert None not in reasons, f"{part} is not tappable, yet the engine allows it"
        assert reasons == {data["notes"].get(part)}, (part, data["notes"].get(part), reasons)
    assert 'class="tb-note"' in data["html"], "the box where the browser shows a note"
    return len(data["notes"])


def blocked_or_short(state) -> bool:
    """Ann acts and holds a colour she cannot play (blocked, or no set of it), and one pile is empty."""
    hand, blocked = state.hands[0], state.blocked(0)
    return (state.phase == "act" and state.turn == 0 and [] in state.piles
            and any(hand[c] and (c in blocked or hand[c] < VALUES[c]) for c in range(KINDS)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phase", ["act", "act_sets", "choose_giver", "give"])
def test_a_part_a_tap_cannot_use_shows_the_engines_reason(db, lang, phase):
    wanted = {
        "act": blocked_or_short,
        # A colour held as one set: in "Play 2 sets" it says how many sets are held ("1 set", not "1 sets").
        "act_sets": lambda s: s.phase == "act" and s.turn == 0 and any(m.kind == "play" and m.count == 2
                                                                       for m in s.legal_actions())
        and any(s.hands[0][c] // VALUES[c] == 1 and c not in s.blocked(0) for c in range(KINDS)),
        "choose_giver": lambda s: s.phase == "choose_giver" and s.turn == 0,
        "give": lambda s: s.phase == "give" and s.giver == 0 and s.blocking[0],
    }[phase]
    state = played_until(3 if phase != "choose_giver" else 4, wanted)
    at = open_app(PAGE, game=saved_alone(db, state, "random"), lang=lang)
    assert assert_every_dead_tap_explained(at, state, lang) >= 3
    if phase == "act_sets":
        one = next(c for c in range(KINDS) if state.hands[0][c] // VALUES[c] == 1 and c not in state.blocked(0))
        assert notes(at, HB)[f"c{one}"] == i18n.t("error.backe.too_many_sets", lang, card=card_text(one),
                                                  sets=sets_text(1))
        assert ("You hold only 1 set of " if lang == "en" else "Du hast nur 1 Satz ") in notes(at, HB)[f"c{one}"]
    if phase == "give":  # everything but the cards to give: first the gift
        assert notes(at, HB)["p0"] == refusal(state, TAKE[0], lang) and "turn" in notes(at, HB)


@pytest.mark.parametrize("lang, waiting", [("en", "Not now: Cy is deciding."), ("de", "Nicht jetzt: Cy ist dran.")])
def test_while_another_seat_decides_every_tap_says_whom_the_table_waits_for(db, lang, waiting):
    state = played_until(3, lambda s: s.phase == "act" and s.turn == 1)
    game_id = db.create(state, {"names": ["Ann", "Cy", "Bo"], "bots": ["human", "human", "human"],
                                "mode": "together", "speed": "quick"})
    token = db.seat_links(game_id, [0, 1, 2])[2].token
    phone = open_app(SEAT_PAGE, t=token, lang=lang)
    shown = notes(phone, HB)
    assert set(shown) == tap_parts(phone, HB) >= {"p0", "s0", "s2"}
    assert set(shown.values()) == {waiting}


# --- hints: the words of the board's buttons, a reason in the game's terms, grammar that agrees ----------
def control_words(state, move, lang: str) -> str:
    """The words on the board for the control that makes ``move``; a pile to tap is named with it ("Take pile 3")."""
    if move.kind == "take":
        return i18n.t("move.backe.take", lang, pile=pile_text(move.at))
    if move.kind == "play":
        key = "ui.backe.play_sets_one" if move.count == 1 else "ui.backe.play_sets"
        return i18n.t(key, lang, count=move.count)
    if move.kind == "give":  # the button once the hint's cards are chosen: "Give 2 of 2"
        return i18n.t("ui.backe.give", lang, count=move.given, n=move.given)
    if move.kind == "giver":
        return {"en": "The marked player gives", "de": "Der markierte Spieler gibt"}[lang]
    return i18n.t({"turn_pile": "ui.backe.turn_pile", "pass": "ui.backe.pass"}[move.kind], lang)


NOT_ONE = {"en": re.compile(r"\b1 (cards|sets|points|simulated continuations)\b"),
           "de": re.compile(r"\b1 (Karten|Sätze|Punkte|simulierte Fortsetzungen)\b")}


def hint_positions():
    positions = []
    for seed in range(6):
        state = get_game("hamsterbacke").new_state(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return positions[::3]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_every_hint_begins_with_the_words_of_its_button_and_gives_a_reason(level):
    bot = backe_bots.HardBot(samples=2, seconds=float("inf"), depth=4) if level == "hard" else get_bot(
        "hamsterbacke", "easy")
    reasons = set()
    for state in hint_positions():
        seat = state.current_player
        advice = bot.advise(state.view(seat), state.legal_actions(), random.Random(1))
        reasons.add(advice.reason)
        for lang, text in hint_texts(advice, NOT_ONE).items():
            assert text.lower().startswith(control_words(state, advice.action, lang).lower()), (lang, text)
    assert len(reasons) >= 8, reasons


@pytest.mark.parametrize("count, en, de", [
    (1, "Give 1 of 1: 1 card that completes no set.", "1 von 1 abgeben: 1 Karte, die keinen Satz vollständig macht."),
    (2, "Give 2 of 2: 2 cards that complete no set.", "2 von 2 abgeben: 2 Karten, die keinen Satz vollständig machen."),
])
def test_a_gift_hint_agrees_with_one_card_and_with_many(count, en, de):
    state = played_until(3, lambda s: s.phase == "give" and s.gift_size == count
                         and sum(n % VALUES[c] for c, n in enumerate(s.hands[s.giver])) >= count)
    view = state.view(state.giver)
    single = [n % VALUES[c] for c, n in enumerate(view["hand"])]
    cards = [0] * KINDS
    for card in (c for c in range(KINDS) for _ in range(single[c])):
        if sum(cards) < count:
            cards[card] += 1
    advice = backe_bots.explain(view, give(cards))
    assert (i18n.t(advice.reason, "en", **advice.params), i18n.t(advice.reason, "de", **advice.params)) == (en, de)


def test_a_hint_found_by_simulation_says_what_the_move_does_first_and_agrees_with_one(monkeypatch):
    state = played_until(3, lambda s: s.phase == "act" and len(s.legal_actions()) > 1 and any(
        backe_bots.explain(s.view(s.turn), m).reason == "bot.backe.take" for m in s.legal_actions()))
    take = next(m for m in state.legal_actions()
                if backe_bots.explain(state.view(state.turn), m).reason == "bot.backe.take")
    monkeypatch.setattr(backe_bots, "search", lambda view, legal, *args, **kwargs: SearchResult(take, {}, 1))
    advice = backe_bots.HardBot().advise(state.view(state.turn), state.legal_actions(), random.Random(0))
    assert advice.reason == "bot.backe.best_one" and advice.params["reason"].key == "bot.backe.take"
    english = i18n.t(advice.reason, "en", **advice.params)
    assert english.startswith(f"Take pile {take.at + 1}: ") and " toward sets of colours you already hold. " in english
    assert english.endswith("Of all moves, it did best in 1 simulated continuation of the game.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_on_the_board_names_the_mode_it_chooses(db, lang, monkeypatch):
    """An advised Play comes with its number of sets chosen, and the hint begins with that mode's words."""
    easy = get_bot("hamsterbacke", "easy")
    monkeypatch.setattr(backe_bots.HardBot, "advise", backe_bots.EasyBot.advise)  # the same advice, at once
    state = played_until(3, lambda s: s.phase == "act" and s.turn == 0 and easy.advise(
        s.view(0), s.legal_actions(), random.Random(0)).action.kind == "play")
    at = open_app(PAGE, game=saved_alone(db, state, "random"), lang=lang)
    decide(at, HB, "hint")
    data = board_data(at, HB)
    label = next(mode["label"] for mode in data["modes"] if mode["id"] == data["mode"])
    assert message(at, HB, "hint-text").startswith(label), (message(at, HB, "hint-text"), label)
