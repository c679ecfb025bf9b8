"""The German app is German everywhere a player looks, and the rules panels show every ruling.

Both games are played in German through AppTest (turns, a hint, an undo, a refusal, a round
end, the end screen). Every text on screen is compared with the English catalogue: a text
that equals or contains an English text which differs from its German one fails the test.
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest
from google.protobuf.json_format import MessageToDict

from assistant import i18n
from assistant.games import get_game
from assistant.games.biber_gang.actions import DRAW_DECK, SWAP, TAKE_DISCARD, TURN_UP
from assistant.games.hamstern import PASS
from tests.components import (
    BG,
    BIBER_PAGE,
    HAMSTERN_PAGE,
    HS,
    board_data,
    boards,
    decide,
    label,
    message,
    open_app,
    payload,
    shown_html,
    texts,
)
from tests.hamstern.helpers import cell_ids, track_used_up
from tests.helpers import play_randomly

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"
# Proto fields that hold words a player reads (ids, keys and styles are not shown).
SHOWN_FIELDS = {"label", "body", "help", "placeholder", "options", "content", "value", "text", "caption"}


# --- what is on screen ------------------------------------------------------------------
def _strings(data, inside_shown=False):
    """The strings of a proto (as a dict) that sit under a field a player reads."""
    if isinstance(data, dict):
        for name, value in data.items():
            if name != "label_visibility":  # an enum ("COLLAPSED"), not words
                yield from _strings(value, inside_shown or name in SHOWN_FIELDS)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value, inside_shown)
    elif isinstance(data, str) and inside_shown:
        yield data


def _visible(text: str) -> str:
    """HTML as a reader sees it: no styles, no tags (pictures carry no words)."""
    text = re.sub(r"<style.*?</style>", " ", text, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


def _board_texts(data: dict) -> list[str]:
    """A tap board's words: its picture, its buttons (as the browser writes them) and its modes."""
    texts = [_visible(shown_html(data))]
    texts += [_visible(spec["label"].replace("{n}", "3")) for spec in data["buttons"]]
    texts += [mode["label"] for mode in data["modes"]]
    return texts


def screen_texts(at) -> list[str]:
    texts = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "DESCRIPTOR"):
            texts.extend(_visible(s) for s in _strings(MessageToDict(proto, preserving_proto_field_name=True)))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    for board in boards(at):
        texts.extend(_board_texts(payload(board)))
    for table in [*at.table, *at.dataframe]:  # their cells are data, not text fields of the proto
        texts.extend(str(column) for column in table.value.columns)
        texts.extend(str(cell) for row in table.value.itertuples(index=False) for cell in row)
    return [text for text in texts if text.strip()]


# --- what would be English ----------------------------------------------------------------
def _pattern(template: str) -> re.Pattern | None:
    """A search pattern for a catalogue text with its blanks filled by anything."""
    parts = []
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(".+?")
    if not re.search(r"[A-Za-z]{2}", "".join(lit for lit, *_ in string.Formatter().parse(template))):
        return None  # nothing but blanks, digits and signs: the same in every language
    pattern = "".join(parts)
    if re.match(r"\w", template):
        pattern = r"\b" + pattern
    if re.search(r"\w$", template):
        pattern += r"\b"
    return re.compile(pattern)


ENGLISH_ONLY = [
    (key, pattern)
    for key, text in i18n.catalogue("en").items()
    if text != i18n.catalogue("de")[key] and (pattern := _pattern(text)) is not None
]


def assert_german(at) -> None:
    assert not at.exception, at.exception
    texts = screen_texts(at)
    assert texts, "nothing on screen"
    english = [(key, text) for text in texts for key, pattern in ENGLISH_ONLY if pattern.search(text)]
    assert not english, f"English on the German screen: {english[:5]}"


def test_the_check_finds_english():
    """The check itself: an English log line or button label is caught, a German one is not."""
    line = i18n.t("log.biber.deck_swap", "en", name="Ann", a_new="a 3", the_old="the 7", position="top 2")
    assert any(pattern.search(line) for _, pattern in ENGLISH_ONLY)
    assert any(pattern.search("Take the 7") for _, pattern in ENGLISH_ONLY)
    german = i18n.t("log.biber.deck_swap", "de", name="Ann", a_new="eine 3", the_old="die 7", position="oben 2")
    assert not any(pattern.search(german) for _, pattern in ENGLISH_ONLY)
    # A board's words are read too: its picture, its button labels and its modes.
    board = {"html": "<style>b {}</style><div><b>Roll no. 1</b></div>", "buttons": [{"label": "Cross {n}"}],
             "modes": [{"label": i18n.t("ui.biber.mode_swap", "en")}]}
    found = [text for text in _board_texts(board) if any(p.search(text) for _, p in ENGLISH_ONLY)]
    assert len(found) == 3, found


# --- Hamstern in German -----------------------------------------------------------------------
def test_hamstern_in_german(db):
    at = open_app(HAMSTERN_PAGE, lang="de")
    assert_german(at)  # the setup form
    # A saved game with a real die (AppTest formats a segmented control's choice outside the
    # page's language, so choosing "real" on the form cannot be simulated in German).
    game_id = db.create(get_game("hamstern").new_state(2, seed=1), {"names": ["Person 1", "Person 2"], "dice": "real"})
    at = open_app(HAMSTERN_PAGE, lang="de", game=game_id)
    assert_german(at)
    assert "1. Wurf" in " ".join(screen_texts(at))
    decide(at, HS, "die-3")
    assert_german(at)  # the sheet, the counter, Confirm, Clear and Hint
    decide(at, HS, "confirm", cell_ids("A1 B1 C1"))  # not the start chamber: refused, in German
    assert "Startkammer" in message(at, HS)
    assert_german(at)
    decide(at, HS, "confirm", cell_ids("F5 G5 H5"))
    decide(at, HS, "hint")
    assert message(at, HS, "hint-text")
    assert_german(at)  # the hint's reason and "take the hint"
    decide(at, HS, "confirm", board_data(at, HS)["marks"]["tb-hint"])
    assert "2. Wurf" in " ".join(screen_texts(at))  # the roll to come
    assert "von Person 2 zurücknehmen" in label(at, HS, "undo")
    assert_german(at)
    decide(at, HS, "undo")
    assert_german(at)


def _finished(db, state, names=("Ann", "Bo")) -> str:
    return db.create(state, {"names": list(names)[: state.num_players], "dice": "real"})


def blocked_game():
    """A solo game that ended by ruling H1 (random play on side B boxes a player in quite often)."""
    for seed in range(1000):
        state = play_randomly(get_game("hamstern").new_state(1, seed=seed, side="B"), random.Random(seed))
        if state.end_reason == "blocked":
            return state
    raise AssertionError("no boxed-in game found")


@pytest.mark.parametrize("lang, words", [("de", "Projektregel H1"), ("en", "project ruling H1")])
def test_hamstern_end_by_ruling_h1_says_why(db, lang, words):
    at = open_app(HAMSTERN_PAGE, lang=lang, game=_finished(db, blocked_game()))
    assert any(words in info.value for info in at.info)
    if lang == "de":
        assert_german(at)


def test_hamstern_end_screen_in_german(db):
    state = play_randomly(get_game("hamstern").new_state(2, seed=6), random.Random(6))
    assert state.end_reason == "counter"
    at = open_app(HAMSTERN_PAGE, lang="de", game=_finished(db, state))
    shown = " ".join(screen_texts(at))
    assert "Spielende" in shown and i18n.t("ui.hamstern.ended_counter", "de") in shown
    assert_german(at)


def test_a_pass_in_german(db):
    state = track_used_up()
    game_id = db.create(state, {"names": ["Solo"], "dice": "app"})
    at = open_app(HAMSTERN_PAGE, lang="de", game=game_id)
    assert_german(at)
    decide(at, HS, "pass")
    assert_german(at)
    assert db.load(game_id).state.history[-1] == PASS


# --- Biber Gang in German ------------------------------------------------------------------
def _solo(db, state) -> str:
    names = ["Ann"] + [f"Bot {n}" for n in range(1, state.num_players)]
    bots = ["human"] + ["easy"] * (state.num_players - 1)
    return db.create(state, {"names": names, "bots": bots, "mode": "solo", "speed": "quick"})


def _to_my_draw(state, rng):
    while not (state.current_player == 0 and state.phase == "draw"):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_biber_gang_in_german(db):
    state = get_game("biber_gang").new_state(3, seed=11, rounds=3)
    at = open_app(BIBER_PAGE, lang="de", game=_solo(db, state))
    assert_german(at)
    decide(at, BG, "tap", ["p0"])
    decide(at, BG, "tap", ["p0"])  # already face up: a forged tap, refused in German
    assert "Das stand auf diesem Bildschirm nicht zur Wahl" in texts(at)
    assert_german(at)
    decide(at, BG, "tap", ["p5"])  # the bots turn up theirs
    assert_german(at)
    assert "deckt" in " ".join(screen_texts(at))
    decide(at, BG, "hint")
    assert message(at, BG, "hint-text")
    assert_german(at)
    decide(at, BG, "take_discard")
    assert_german(at)  # the modes for the card taken
    decide(at, BG, "undo")
    decide(at, BG, "draw_deck")
    decide(at, BG, "hint")
    assert_german(at)
    decide(at, BG, "swap", ["p2"])  # a swap; then the bots move until my turn
    assert_german(at)


def test_biber_gang_round_end_and_end_screen_in_german(db):
    rng = random.Random(12)
    state = get_game("biber_gang").new_state(2, seed=12, rounds=3)
    while len(state.round_scores) < 1:
        state.apply(rng.choice(state.legal_actions()))
    at = open_app(BIBER_PAGE, lang="de", game=_solo(db, state))
    assert "Runde 1 ist vorbei" in " ".join(screen_texts(at))
    assert_german(at)  # the revealed displays, the round's scores and the button for the next
    at.button(key="bg-next-round").click().run()
    assert "Runde 2 von 3" in " ".join(screen_texts(at))
    assert_german(at)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    at = open_app(BIBER_PAGE, lang="de", game=_solo(db, state))
    assert at.success and ("gewinnt" in at.success[0].value or "teilen" in at.success[0].value)
    assert_german(at)


def test_biber_log_in_german_names_cards_with_articles_and_positions():
    from assistant.games.biber_gang.log import game_log, log_text

    state = get_game("biber_gang").new_state(2, seed=5)
    for _ in range(2):
        state.apply(TURN_UP[0])
        state.apply(TURN_UP[4])
    state.apply(DRAW_DECK)
    state.apply(SWAP[0])  # a face-up card: the log names its position
    lines = [log_text(event, "de", ["Ann", "Bo"]) for event in game_log(state)]
    assert any("(oben 1)" in line for line in lines), lines
    assert all(pattern.search(line) is None for line in lines for _, pattern in ENGLISH_ONLY), lines
    assert i18n.t("card.a.beaver", "de") == "einen Biber"
    line = log_text(("log.biber.turn_up", {"player": 0, "card": 13}), "de", ["Ann"])
    assert line == "Ann deckt einen Biber auf."
    assert log_text(("log.biber.turn_up", {"player": 0, "card": 8}), "en", ["Ann"]) == "Ann turned up an 8."


def test_locked_pair_refusal_in_german():
    from tests.biber_gang.helpers import B, rig
    from tests.biber_gang.helpers import new_biber_gang as new

    state = rig(new(), [[B, B, 1, 1, B, 3, 1, 1], [2] * 8], [[0, 4, 1], []], deck=[0] * 10, discard=[9])
    state.apply(DRAW_DECK)
    with pytest.raises(ValueError) as error:
        state.apply(SWAP[4])
    assert error.value.message("de").startswith("Die Karte unten 1 gehört zu einem Biberpaar")
    assert str(error.value).startswith("The card at bottom 1 belongs to a pair of beavers")


# --- the rules panels show every ruling ----------------------------------------------------
def _rulings(prefix: str) -> list[str]:
    return re.findall(rf"^\| ({prefix}\d+) \|", RULES_MD.read_text("utf-8"), flags=re.M)


def _panel_text(at) -> str:
    title = i18n.t("ui.rules_in_force", at.session_state["lang"])
    panel = next(e for e in at.expander if title in e.label)
    return "\n".join(m.value for m in panel.markdown)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hamstern_rules_panel_shows_every_ruling(db, lang):
    assert _rulings("H") == ["H1", "H2", "H3", "H4", "H5"]
    state = get_game("hamstern").new_state(2, seed=1)
    at = open_app(HAMSTERN_PAGE, lang=lang, game=_finished(db, state))
    text = _panel_text(at)
    for ruling in _rulings("H"):
        assert re.search(rf"\b{ruling}\b", text), ruling
    both_ways = {"en": "Corridors work both ways", "de": "Gänge gelten in beide Richtungen"}[lang]
    assert both_ways in text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("keep, rounds", [(False, 5), (True, 3)])
def test_biber_rules_panel_shows_every_ruling_and_the_rounds(db, lang, keep, rounds):
    assert _rulings("B") == [f"B{n}" for n in range(1, 8)]
    state = get_game("biber_gang").new_state(2, seed=1, rounds=rounds, discard_pickup_must_be_kept=keep)
    at = open_app(BIBER_PAGE, lang=lang, game=_solo(db, state))
    text = _panel_text(at)
    for ruling in _rulings("B"):
        assert re.search(rf"\b{ruling}\b", text), ruling
    if rounds == 5:
        assert i18n.t("rules.biber.rounds_default", lang) in text
    else:
        assert i18n.t("rules.biber.rounds", lang, rounds=rounds) in text


def test_undo_after_take_discard_is_offered_in_german(db):
    rng = random.Random(13)
    state = _to_my_draw(get_game("biber_gang").new_state(2, seed=13), rng)
    game_id = _solo(db, state)
    at = open_app(BIBER_PAGE, lang="de", game=game_id)
    decide(at, BG, "take_discard")
    assert db.load(game_id).state.history[-1] == TAKE_DISCARD
    assert "Zurücknehmen" in label(at, BG, "undo")
    assert_german(at)


def test_hint_to_take_a_beaver_from_the_pile_has_the_right_article():
    from assistant.bots.biber_gang import explain
    from assistant.games.biber_gang.cards import BEAVER

    view = {"players": [{"display": [None] * 8}], "me": 0, "drawn": None, "discard": [4, BEAVER]}
    advice = explain(view, TAKE_DISCARD)
    # The button's words ("Nimm den Biber", "Take the beaver"), then why in the game's terms.
    assert i18n.t(advice.reason, "de", **advice.params) == (
        "Nimm den Biber: Ein Biber auf Platz oben 1 bildet ein Paar mit jeder Karte, die in seiner Spalte aufgedeckt"
        " wird.")
    assert i18n.t(advice.reason, "en", **advice.params) == (
        "Take the beaver: a beaver at top 1 pairs with whatever turns up in its column.")
