"""Every tap gets an answer in Hamsterdam (issue 23): a part of the table that cannot be tapped now says why
beside the board at once (the tap board's notes), the engine's reason in the player's language; a second
tap that does not go with the first says why too. And the hints speak the table's words: the cards by
their numbers, the buttons by their labels, in both languages.
"""

from __future__ import annotations

import random
import re

import pytest

from assistant import IllegalAction, i18n
from assistant.bots import hamsterdam as dam_bots
from assistant.games.hamsterdam.actions import STAY, Move
from assistant.ui.hamsterdam.decisions import board_for, parts_of, selection_parts
from tests.components import board_data, decide, has_board, message, note_shown, open_app, open_seat, shown_html
from tests.hamsterdam.helpers import position, saved

PAGE = "hamsterdam"
HD = "hd-board"


def parts(data: dict) -> set[str]:
    return set(re.findall(r'data-tap="([^"]+)"', shown_html(data)))


def tappable(data: dict) -> set[str]:
    if data["modes"]:
        return set(next((m for m in data["modes"] if m["id"] == data.get("mode")), data["modes"][0])["tappable"])
    return set(data["select"]["tappable"])


def silent(data: dict) -> list[str]:
    """The parts a tap would leave without an answer."""
    return sorted(part for part in parts(data) - tappable(data) if not note_shown(data, part))


def refused(state, move, lang: str = "en") -> str:
    """The engine's own reason for refusing ``move`` now."""
    with pytest.raises(IllegalAction) as error:
        state.check(move)
    return error.value.message(lang)


def together(db, game, names=("Ann", "Bo", "Cy")) -> str:
    """``game`` at one tablet, every seat a person: the tablet decides for whoever is in turn."""
    return saved(db, game, bots=["human"] * game.num_players, names=list(names)[:game.num_players], mode="together")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_flipped_card_says_why_it_takes_no_hamster_and_a_piece_what_the_placing_wants(db, lang):
    game = position(2, "full", lambda g: g.phase == "place" and g.turns > 0 and g.current_player == 0
                    and any(g.flipped[0]) and g.hand[0] and any(g.stacks[0]), seeds=range(80))
    at = open_app(PAGE, game=together(db, game), lang=lang)
    data = board_data(at, HD)
    assert not silent(data)
    first = data["modes"][0]["id"]
    piece = next(m for m in board_for(game.view(0), game.legal_actions(), 0).modes if m["id"] == first)["piece"]
    flipped = game.flipped[0].index(True)
    assert note_shown(data, f"c0-{flipped}") == refused(game, Move("put", piece, flipped), lang)
    assert "flipped" in note_shown(data, f"c0-{flipped}") or "umgedreht" in note_shown(data, f"c0-{flipped}")
    standing = next(f"p0-{pos}-{stack[0]}" for pos, stack in enumerate(game.stacks[0]) if stack)
    assert note_shown(data, standing) == refused(game, STAY, lang)  # "Now the hamsters are placed on the dam."
    assert note_shown(data, "c1-0") == refused(game, STAY, lang)  # the other dam, only looked at now


@pytest.mark.parametrize("lang", ["en", "de"])
def test_in_the_movement_phase_a_wrong_second_tap_and_a_moved_hamster_say_why(db, lang):
    game = position(2, "classic", lambda g: g.phase == "move" and g.current_player == 0 and not g.moved[0]
                    and sum(map(len, g.stacks[0])) > 2, seeds=range(60))
    at = open_app(PAGE, game=together(db, game), lang=lang)
    data = board_data(at, HD)
    assert not silent(data)
    pairs = data["select"]["pairs"]
    hamster = next(part for part in pairs if part.startswith("p0-"))
    at_card = int(hamster.split("-")[1])
    far = next(part for part in pairs if part.startswith("c0-") and part not in pairs[hamster])
    to = int(far.split("-")[1])
    # The hamster, then a card it cannot go to: the board starts anew with the card, and says why.
    piece = hamster.split("-", 2)[2]
    assert note_shown(data, far, selected=hamster) == refused(game, Move("move", piece, at_card, to), lang)
    assert note_shown(data, pairs[hamster][0], selected=hamster) == ""  # a card it goes to: no note


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_the_move_a_hamster_tapped_says_the_move_is_made(db, lang):
    game = position(2, "classic", lambda g: g.phase == "move" and g.current_player == 0 and g.moved[0],
                    seeds=range(60))
    data = board_data(open_app(PAGE, game=together(db, game), lang=lang), HD)
    assert not silent(data)
    pos, piece = next((pos, stack[0]) for pos, stack in enumerate(game.stacks[0]) if stack and stack[0] != "speedster")
    beside = pos - 1 if pos > 0 else pos + 1
    assert note_shown(data, f"p0-{pos}-{piece}") == refused(game, Move("move", piece, pos, beside), lang) == i18n.t(
        "error.hamsterdam.moved_already", lang)


def test_passing_one_card_both_ways_says_why(db):
    game = position(3, "full", lambda g: g.phase == "pass" and g.current_player == 0, seeds=range(5))
    data = board_data(open_app(PAGE, game=together(db, game)), HD)
    value = game.held[0][0]
    assert note_shown(data, f"r{value}", selected=f"l{value}") == refused(game, Move("pass", cards=(value, value)))
    assert not silent(data)


@pytest.mark.parametrize("dice", ["app", "real"])
def test_before_a_roll_every_part_says_the_dice_come_first(db, dice):
    game = position(2, "classic", lambda g: g.phase == "roll" and g.turns > 0, seeds=range(10))
    data = board_data(open_app(PAGE, game=together(db, game) if dice == "app" else saved(
        db, game, bots=["human", "human"], names=["Ann", "Bo"], mode="together", dice="real")), HD)
    assert not silent(data)
    assert note_shown(data, "c0-0") == refused(game, STAY) == i18n.t("error.hamsterdam.roll_first")


def test_a_phone_waiting_for_another_player_says_whom_it_waits_for(db):
    game = position(2, "classic", lambda g: g.phase == "flood" and g.current_player == 0, seeds=range(20))
    game_id = together(db, game)
    phone = open_seat(db.seat_links(game_id, [0, 1])[1].token)
    data = board_data(phone, HD)
    assert not silent(data)
    assert note_shown(data, "c1-0") == i18n.t("ui.hamsterdam.waiting_for", name="Ann")


def make_a_random_move(at, state, rng: random.Random) -> None:
    """One of the legal moves, chosen by ``rng``, made on the board as the player would: the parts a tap
    chooses (in the move's mode), then the button that decides."""
    move = rng.choice(state.legal_actions())
    seat = state.current_player
    board = board_for(state.view(seat), state.legal_actions(), seat)
    taps, button = parts_of(board, move)
    if move.kind in ("pass", "keep"):
        decide(at, HD, move.kind, selection_parts(state.view(seat), seat, move))
    elif board.modes and taps:
        decide(at, HD, button, taps)
    elif taps and len(taps) == 2:
        decide(at, HD, board.button, taps)
    elif taps:
        decide(at, HD, "choose", taps)
    else:
        decide(at, HD, button)


def test_no_tap_goes_unanswered_through_a_game_for_three(db):
    """Every decision of a whole game's first rounds at one tablet: no part the board draws is silent."""
    game = position(3, "full", lambda g: True, seeds=range(1))
    game_id = together(db, game)
    at, rng, seen = open_app(PAGE, game=game_id), random.Random(5), set()
    for _ in range(120):
        state = db.load(game_id).state
        if state.is_over():
            break
        seen.add(state.phase)
        if not has_board(at, HD):  # the specials are kept behind the cover: its player taps "It is me"
            at.button(key="hd-its-me").click().run()
        data = board_data(at, HD)
        assert not silent(data), (state.phase, silent(data)[:5])
        if state.is_chance_node():
            decide(at, HD, "roll")
            continue
        make_a_random_move(at, state, rng)
        assert not has_board(at, HD) or not message(at, HD), message(at, HD)  # the move was taken
    assert {"pass", "arrange", "keep", "place", "roll", "flood", "move"} <= seen, seen


# --- the hints in the table's words -----------------------------------------------------------------------
QUICK = dam_bots.HardBot(samples=3, seconds=float("inf"), depth=8)  # the hard bot, the same answer every run


@pytest.fixture
def quick_hints(monkeypatch):
    """The hard bot's hints, with a few samples instead of its time budget (the same hint on every machine)."""
    monkeypatch.setattr("assistant.ui.table.get_bot", lambda game, level: QUICK)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_hint_text_names_cards_by_number_and_says_no_simulations(lang):
    values = {"move": "M", "piece": "P", "value": 7, "start": 6, "ways": 6, "count": 2, "special": "S", "new": 8,
              "player": "Bo", "names": "N", "left": 3, "right": 11, "samples": 40, "does": "D"}
    keys = [key for key in i18n.catalogue(lang) if key.startswith("bot.hamsterdam.")]
    assert len(keys) > 30
    for key in keys:
        text = i18n.t(key, lang, **values).lower()
        assert "position" not in text and "simul" not in text, key
        assert not re.search(r"\b1 (flood tokens|Flutmarker kommen)", text), key
    # A confirming button is named by its words: Pass these cards, Keep these, Move.
    for key, button in (("pass", "button_pass"), ("pass_both", "button_pass"), ("keep", "button_keep"),
                        ("move", "button_move"), ("move_clear", "button_move"), ("move_forced", "button_move")):
        label = i18n.t(f"ui.hamsterdam.{button}", lang, n=2, count=2).split(" (")[0]
        assert label in i18n.t(f"bot.hamsterdam.{key}", lang, **values), (key, label)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_two_players_the_pass_hint_says_both_cards_go_to_the_other_player(db, quick_hints, lang):
    game = position(2, "full", lambda g: g.phase == "pass" and g.current_player == 0, seeds=range(5))
    at = open_app(PAGE, game=together(db, game, names=("Ann", "Bo")), lang=lang)
    decide(at, HD, "hint")
    said = message(at, HD, "hint-text")
    both = {"en": "both go to the other player", "de": "Beide gehen an den anderen Spieler"}[lang]
    assert both in said and i18n.t("ui.hamsterdam.button_pass", lang, n=2, count=2).split(" (")[0] in said
    assert "left" not in said and "links" not in said
    assert "take_hint" in {spec["id"] for spec in board_data(at, HD)["buttons"]}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_hint_through_a_game_says_the_buttons_words_and_can_be_taken(db, quick_hints, lang):
    """A hint at every decision of a game's first rounds at one tablet: it names the button it needs by the
    words on it, no card by its position, no simulations; "Use the hint" wherever it marks parts."""
    game = position(3, "full", lambda g: True, seeds=range(1))
    game_id = together(db, game)
    at, rng, kinds = open_app(PAGE, game=game_id, lang=lang), random.Random(8), set()
    for _ in range(160):
        state = db.load(game_id).state
        if state.is_over():
            break
        if not has_board(at, HD):
            at.button(key="hd-its-me").click().run()
        if state.is_chance_node():
            decide(at, HD, "roll")
            continue
        decide(at, HD, "hint")
        data, said = board_data(at, HD), message(at, HD, "hint-text")
        assert said and "position" not in said.lower() and "simul" not in said.lower(), said
        hinted = set(data["marks"].get("tb-hint", []))
        offered = {spec["id"]: spec for spec in data["buttons"]}
        assert ("take_hint" in offered) == bool(hinted), (said, hinted)
        marked_button = [spec for spec in data["buttons"] if spec.get("icon") and spec["id"].startswith("x")]
        for spec in marked_button:
            if not spec.get("html"):
                assert spec["label"] in said, (spec["label"], said)
        for confirm in ("pass", "keep", "move"):
            if confirm in offered and hinted and len(hinted) > 1:
                assert offered[confirm]["label"].split(" (")[0] in said, (confirm, said)
        kinds.add(state.phase)
        make_a_random_move(at, state, rng)
    assert {"pass", "arrange", "keep", "place", "flood"} <= kinds, kinds


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_for_a_move_made_by_a_button_says_the_buttons_words(db, monkeypatch, lang):
    """Cheekster on the flooding card: a tap on it lets it stop the flood, so plugging with it is a button
    ("Plug the flood: Cheekster"); a hint for that plug says the button's words, whatever its own."""
    def plug_is_a_button(g) -> bool:
        if g.phase != "flood" or g.current_player != 0:
            return False
        return any(move.kind == "plug" for _, move in board_for(g.view(0), g.legal_actions(), 0).extra)

    game = position(2, "full", plug_is_a_button, seeds=range(150))
    button, plug = next((button, move) for button, move in board_for(game.view(0), game.legal_actions(), 0).extra
                        if move.kind == "plug")
    advice = dam_bots.explain(game.view(0), plug, "plug", {"value": 7})
    monkeypatch.setattr("assistant.ui.table.Table.hint", lambda table, seat, legal=None: advice)
    at = open_app(PAGE, game=together(db, game, names=("Ann", "Bo")), lang=lang)
    decide(at, HD, "hint")
    label = next(spec["label"] for spec in board_data(at, HD)["buttons"] if spec["id"] == button)
    said = message(at, HD, "hint-text")
    assert label in said and i18n.t(advice.reason, lang, **advice.params) in said
    assert "take_hint" not in {spec["id"] for spec in board_data(at, HD)["buttons"]}  # nothing marked to take
