"""The Mömmen page through AppTest: alone against bots, together at one tablet, the Tim phase, the
end of a round and of the match (the score check is in test_app_score_check.py).

The table is one tap board ("mm-board"): hand cards h{card}-{n}, table cards t{place}; an exchange
is two of them and the button "exchange"; the other moves are buttons.
"""

from __future__ import annotations

import random
import re

from assistant import i18n
from assistant.bots import Advice
from assistant.games import get_game
from assistant.games.moemmen.actions import BENNY, PASS
from assistant.games.moemmen.cards import COLOUR_OF, IS_MINUS, IS_PLUS, NAMES, full_colour
from assistant.store import Store
from assistant.ui.moemmen.board import hand_order, hand_parts
from assistant.ui.moemmen.pictures import card_label
from assistant.ui.table import Table
from tests.components import (
    assert_not_offered,
    assert_offered,
    assert_shows,
    board_data,
    board_html,
    board_text,
    decide,
    has_board,
    marked,
    message,
    open_app,
    texts,
)
from tests.moemmen.helpers import collect_one_colour, played_until

PAGE = "moemmen"
MM = "mm-board"


def saved(db: Store, state, bots=("easy",), mode="alone", names=None) -> str:
    kinds = ["human", *bots] if mode == "alone" else list(bots)
    names = names or (["Ann"] + [f"Bot {n}" for n in range(1, len(kinds))])
    return db.create(state, {"names": names, "bots": kinds, "mode": mode, "speed": "quick"})


def after(hand: list[int], move) -> list[int]:
    hand = list(hand)
    hand.remove(move.give)
    return sorted([*hand, move.take])


def completing(state, seat: int = 0):
    """Seat ``seat``'s exchange that shows six plus cards of one colour, or None."""
    if state.current_player != seat or state.phase != "turn":
        return None
    return next((move for move in state.legal_actions()
                 if move.kind == "exchange" and full_colour(after(state.hands[seat], move)) is not None), None)


def ends_and_begins(state) -> bool:
    """The player on turn can end the round with an exchange and is the first of the next round
    (round r is begun by seat r - 1, counted round the table: M1)."""
    return state.current_player == state.round % state.num_players and completing(state, state.current_player)


def parts_of(state, move) -> list[str]:
    """The board's parts for an exchange: the first copy of the hand card, the table card's place."""
    return [f"h{move.give}-0", f"t{state.table.index(move.take)}"]


def exchange_through_board(at, state, move) -> None:
    give, take = parts_of(state, move)
    assert take in board_data(at, MM)["select"]["pairs"][give], "the board lets this pair be completed"
    decide(at, MM, "exchange", [give, take])


# --- starting -----------------------------------------------------------------------------------------
def test_a_new_game_alone_against_bots(db):
    at = open_app(PAGE)
    assert at.segmented_control(key="mm_new_level_0").options == ["easy", "hard"]  # random only for tests
    at.segmented_control(key="mm_new_count").set_value(3).run()
    at.segmented_control(key="mm_new_level_1").set_value("hard").run()
    at.segmented_control(key="mm_new_target").set_value(30).run()
    at.segmented_control(key="mm_new_speed").set_value("quick").run()
    at.text_input(key="mm_new_name").input("Ann").run()
    at.button(key="mm_start").click().run()
    game = db.load(at.query_params["game"])
    assert game.setup["bots"] == ["human", "easy", "hard", "easy"] and game.setup["names"][0] == "Ann"
    assert game.state.target == 30 and game.setup["speed"] == "quick"
    assert_shows(at, MM, "Round 1 · the match runs to 30 points")
    assert_shows(at, MM, "Ann, your turn")
    assert_offered(at, MM, "exchange", "pass", "hint")
    assert_not_offered(at, MM, "skip")


def test_together_the_tablet_is_passed_with_every_hand_hidden(db):
    at = open_app(PAGE)
    at.segmented_control(key="mm_new_mode").set_value("together").run()
    at.segmented_control(key="mm_new_people").set_value(2).run()
    at.text_input(key="mm_new_person_0").input("Ann").run()
    at.text_input(key="mm_new_person_1").input("Bo").run()
    at.button(key="mm_start").click().run()
    game_id = at.query_params["game"]
    assert db.load(game_id).setup["bots"] == ["human", "human"]
    assert not has_board(at, MM) and "Ann, it is your turn" in at.header[0].value
    at.button(key="mm-its-me").click().run()
    assert_shows(at, MM, "Ann, your turn")
    decide(at, MM, "pass")
    assert not has_board(at, MM) and "Bo, it is your turn" in at.header[0].value
    assert "Your hand" not in texts(at)
    at.button(key="mm-its-me").click().run()
    assert_shows(at, MM, "Bo, your turn")
    hand = db.load(game_id).state.hands[1]
    assert all(f'data-tap="h{card}-0"' in board_html(at, MM) for card in hand), "Bo's own hand is shown"


# --- deciding -------------------------------------------------------------------------------------------
def test_a_whole_round_through_the_board(db):
    """Every decision through the board, as collecting one colour chooses it, until the round's end."""
    state = get_game("moemmen").new_state(2, seed=11, target=30)
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    rng = random.Random(1)
    for _ in range(300):
        if not has_board(at, MM):
            break
        current = db.load(game_id).state
        move = collect_one_colour(current.view(0), current.legal_actions(), rng)
        if move.kind == "exchange":
            exchange_through_board(at, current, move)
        else:
            assert_offered(at, MM, move.kind)
            decide(at, MM, move.kind)
        assert not at.exception, at.exception
        assert db.load(game_id).state.history[len(current.history)] == move
    assert "Round 1 is over" in at.header[0].value
    result = db.load(game_id).state.results[0]
    shown = board_text(at, "mm-results")
    assert all(name in shown for name in ("Ann", "Bot 1")) and "six of a colour" in shown
    assert f"{result['scores'][0]:+d} this round".replace("-", "−") in shown
    at.button(key="mm-next-round").click().run()
    assert has_board(at, MM) and "Round 2" in board_text(at, MM)


def test_tim_as_an_opponent_is_answered_through_the_board(db):
    state = played_until(2, lambda s: s.phase == "tim_take" and s.current_player == 0)
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    assert_shows(at, MM, "Bot 1 plays Tim. Ann, take a minus card from the table and lay down a plus, Tim or Benny "
                         "card.")
    assert_offered(at, MM, "exchange")
    assert_not_offered(at, MM, "pass", "benny", "tim")
    pairs = board_data(at, MM)["select"]["pairs"]
    takes = {part for part in pairs if part.startswith("t")}
    assert takes == {f"t{place}" for place, card in enumerate(state.table) if IS_MINUS[card]}
    assert not [part for part in pairs if part.startswith("h") and IS_MINUS[int(part[1:].split("-")[0])]]
    move = next(move for move in state.legal_actions())
    exchange_through_board(at, state, move)
    assert db.load(game_id).state.history[len(state.history)] == move
    assert "had to take" in texts(at)


def test_together_the_tablet_goes_to_the_opponent_who_must_take(db):
    state = played_until(2, lambda s: s.phase == "tim_take" and s.current_player == 1)
    game_id = saved(db, state, bots=("human", "human"), mode="together", names=["Ann", "Bo"])
    at = open_app(PAGE, game=game_id)
    assert at.header[0].value == "Bo, Ann played Tim: take a minus card" and not has_board(at, MM)
    at.button(key="mm-its-me").click().run()
    assert_shows(at, MM, "Ann plays Tim. Bo, take a minus card from the table")
    assert_offered(at, MM, "exchange")


def test_a_refused_exchange_says_why_and_changes_nothing(db):
    def wrong_colour(state) -> bool:
        hand = state.hands[0]
        return state.current_player == 0 and state.phase == "turn" and any(IS_MINUS[c] for c in hand) and any(
            IS_PLUS[t] and t // 6 != c // 6 for c in hand if IS_MINUS[c] for t in state.table)

    state = played_until(2, wrong_colour)
    minus = next(c for c in state.hands[0] if IS_MINUS[c])
    take = next(t for t in state.table if IS_PLUS[t] and t // 6 != minus // 6)
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    give_part, take_part = f"h{minus}-0", f"t{state.table.index(take)}"
    assert take_part not in board_data(at, MM)["select"]["pairs"].get(give_part, [])
    decide(at, MM, "exchange", [give_part, take_part])  # as from an older picture of the table
    assert "A minus card may only be exchanged for a plus card of its colour" in message(at, MM)
    assert db.load(game_id).state.to_json() == state.to_json()
    decide(at, MM, "exchange", [give_part])  # half a pair
    assert "Tap one card of your hand and one table card" in message(at, MM)


def test_undo_on_the_cover_before_the_tablet_is_passed(db):
    state = get_game("moemmen").new_state(2, seed=5)
    game_id = saved(db, state, bots=("human", "human"), mode="together", names=["Ann", "Bo"])
    at = open_app(PAGE, game=game_id)
    at.button(key="mm-its-me").click().run()
    assert_not_offered(at, MM, "undo")
    move = next(m for m in state.legal_actions() if m.kind == "exchange" and completing(state) != m)
    exchange_through_board(at, state, move)
    assert "Bo, it is your turn" in at.header[0].value
    assert at.button(key="mm-its-me-undo").label.startswith("Undo Ann's move: Exchange")
    at.button(key="mm-its-me-undo").click().run()
    assert db.load(game_id).state.to_json() == state.to_json()
    assert_shows(at, MM, "Ann, your turn")  # the tablet never left Ann: no cover
    decide(at, MM, "pass")
    at.button(key="mm-its-me").click().run()
    assert_not_offered(at, MM, "undo")  # Ann's pass is not Bo's to take back


def test_benny_stands_and_says_so(db):
    def benny_goes_on(state) -> bool:
        if state.current_player != 0 or state.phase != "turn" or BENNY not in state.legal_actions():
            return False
        probe = state.clone()
        probe.apply(BENNY)
        return not probe.results  # Benny's draw did not end the round: your turn goes on

    state = played_until(2, benny_goes_on)
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    decide(at, MM, "benny")
    assert db.load(game_id).state.history[len(state.history)] == BENNY
    assert_not_offered(at, MM, "undo")
    assert_shows(at, MM, "Your last move can no longer be undone: it showed new cards.")
    assert_shows(at, MM, "your turn goes on")


def test_hint_outlines_the_cards_and_can_be_taken(db, monkeypatch):
    state = played_until(2, lambda s: s.current_player == 0 and s.phase == "turn" and len(s.history) > 4)
    move = next(m for m in state.legal_actions() if m.kind == "exchange")
    # The hard bot searches against the clock: its advice is fixed here, so the test is the page's.
    monkeypatch.setattr(Table, "hint", lambda table, seat: Advice(move, "bot.random"))
    at = open_app(PAGE, game=saved(db, state))
    decide(at, MM, "hint")
    assert marked(at, MM, "tb-hint") == set(parts_of(state, move))
    assert message(at, MM, "hint-text")
    assert_offered(at, MM, "take_hint")
    monkeypatch.setattr(Table, "hint", lambda table, seat: Advice(PASS, "bot.random"))
    decide(at, MM, "hint")
    assert next(spec for spec in board_data(at, MM)["buttons"] if spec["id"] == "pass").get("icon")


# --- the end of a round and of the match -------------------------------------------------------------
def test_the_round_over_screen_then_the_next_round(db):
    state = played_until(3, completing)
    move = completing(state)
    game_id = saved(db, state, bots=("easy", "easy"))
    at = open_app(PAGE, game=game_id)
    exchange_through_board(at, state, move)
    number = state.round
    assert f"Round {number} is over" in at.header[0].value and not has_board(at, MM)
    assert "Ann shows six plus cards in" in at.success[0].value
    table = at.table[0].value
    assert list(table.columns) == ["Place", "Name", *(str(n) for n in range(1, number + 1)), "Total"]
    result = db.load(game_id).state.results[-1]
    assert sorted(table["Total"]) == sorted(result["totals"])
    at.run()
    assert f"Round {number} is over" in at.header[0].value, "shown until dismissed"
    at.button(key="mm-next-round").click().run()
    assert has_board(at, MM) and f"Round {number + 1}" in board_text(at, MM)
    at.run()
    assert has_board(at, MM), "shown once"


def test_together_the_next_round_begins_behind_the_cover(db):
    """Everybody looked at the round's end on the tablet: the first person of the new round taps "It is
    me" before their new hand shows, even the one who made the round's last move."""
    state = played_until(2, ends_and_begins)
    seat = state.current_player
    names = ["Ann", "Bo"]
    game_id = saved(db, state, bots=("human", "human"), mode="together", names=names)
    at = open_app(PAGE, game=game_id)
    if not has_board(at, MM):
        at.button(key="mm-its-me").click().run()
    exchange_through_board(at, state, completing(state, seat))
    assert f"Round {state.round} is over" in at.header[0].value
    at.button(key="mm-next-round").click().run()
    assert not has_board(at, MM) and at.header[0].value == f"{names[seat]}, it is your turn"
    assert not [button for button in at.button if button.key == "mm-its-me-undo"], "the round's end stands"
    at.button(key="mm-its-me").click().run()
    assert_shows(at, MM, f"Round {state.round + 1}")
    assert_shows(at, MM, f"{names[seat]}, your turn")


def test_a_new_round_does_not_speak_of_the_last_rounds_move(db):
    """The exchange that ended a round stands, but saying so under the next round's first decision
    reads as if something had just gone wrong."""
    state = played_until(2, lambda s: s.current_player == 0 and ends_and_begins(s))
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    exchange_through_board(at, state, completing(state))
    at.button(key="mm-next-round").click().run()
    assert_shows(at, MM, "Ann, your turn")
    assert "cannot be taken back" not in board_text(at, MM)


def test_the_match_end_ranks_and_offers_a_new_game(db):
    state = played_until(2, completing, target=1)
    game_id = saved(db, state)
    at = open_app(PAGE, game=game_id)
    exchange_through_board(at, state, completing(state))
    assert db.load(game_id).state.is_over()
    assert "The match is over" in at.header[0].value
    assert any(success.value == "Ann wins the match!" for success in at.success)
    assert has_board(at, "mm-results") and at.table
    at.button(key="mm-new").click().run()
    assert "game" not in at.query_params and at.button(key="mm_start")


# --- saved, languages, names ---------------------------------------------------------------------------
def test_resume_by_url_in_a_new_session(db):
    state = played_until(3, lambda s: s.current_player == 0 and s.phase == "turn" and len(s.history) > 6)
    game_id = saved(db, state, bots=("easy", "hard"))
    first = open_app(PAGE, game=game_id)
    decide(first, MM, "pass")
    moved = db.load(game_id).state
    again = open_app(PAGE, game=game_id)
    assert board_html(again, MM) == board_html(first, MM)
    assert db.load(game_id).state.to_json() == moved.to_json()


def test_german_texts(db):
    state = get_game("moemmen").new_state(3, seed=1)
    at = open_app(PAGE, game=saved(db, state, bots=("easy", "hard")), lang="de")
    assert_shows(at, MM, "Ann, du bist dran")
    assert_shows(at, MM, "Nachziehstapel")
    assert_shows(at, MM, "Ablagestapel")
    assert_shows(at, MM, "Runde 1 · gespielt wird bis 100 Punkte")
    assert "Auslage" in texts(at)  # the rules panel
    assert any(spec["label"] == "Tauschen" for spec in board_data(at, MM)["buttons"])


def test_names_are_shown_as_text(db):
    names = ["**Ann** <b>x</b>", "[y](https://e.org)"]
    state = played_until(2, lambda s: s.current_player == 0 and s.phase == "turn" and len(s.history) > 2)
    at = open_app(PAGE, game=saved(db, state, names=names))
    markup = board_html(at, MM)
    assert "&lt;b&gt;x&lt;/b&gt;" in markup and "<b>x</b>" not in markup
    log = "\n".join(str(element.value) for element in at.markdown)
    assert names[1] not in log and r"\[y\]\(https\:" in log
    assert names[0] not in log and r"\*\*Ann\*\*" in log


def known_in_boxes(markup: str) -> list[list[str]]:
    """Per player box, the cards shown as seen taken (their screen reader labels), in seat order."""
    players = re.split(r'<div class="mm-player[ "]', markup.split('<div class="mm-centre">')[0])[1:]
    return [re.findall(r'aria-label="([^"]*)"', box.split('class="mm-known-label"')[1]) if "mm-known" in box
            else [] for box in players]


def test_the_cards_an_opponent_was_seen_to_take_are_shown(db):
    """M13: what a bot took from the table this round and still holds is shown in its box, in hand
    order, under a label; nothing for a bot that holds none, nothing in your own box (your hand is shown)."""
    state = played_until(4, lambda s: s.current_player == 0 and s.phase == "turn" and s.known[0]
                         and any(s.known[1:]) and not all(s.known[1:]))
    game = saved(db, state, bots=("easy", "easy", "hard"))
    at = open_app(PAGE, game=game)
    wanted = [[] if p == 0 else [card_label(NAMES[card]) for card in hand_order(known)]
              for p, known in enumerate(state.known)]
    assert known_in_boxes(board_html(at, MM)) == wanted
    assert board_html(at, MM).count("Picked up") == sum(1 for cards in wanted if cards)
    german = open_app(PAGE, game=game, lang="de")
    assert known_in_boxes(board_html(german, MM)) == [[card_label(NAMES[card], "de") for card in hand_order(known)]
                                                      if p else [] for p, known in enumerate(state.known)]
    assert "Aufgenommen" in board_html(german, MM)


def blocked_minus_cards(hand: list[int], table: list[int]) -> list[int]:
    """The minus cards of ``hand`` whose colour has no plus card on ``table``: no exchange takes them."""
    return [card for card in hand if IS_MINUS[card]
            and not any(IS_PLUS[taken] and COLOUR_OF[taken] == COLOUR_OF[card] for taken in table)]


def test_a_card_that_cannot_be_exchanged_says_why_when_tapped(db):
    """A minus card whose colour has no plus card on the table is not tappable; its note is the rule."""
    state = played_until(2, lambda state: state.current_player == 0 and state.phase == "turn"
                         and blocked_minus_cards(state.hands[0], state.table))
    at = open_app(PAGE, game=saved(db, state))
    data = board_data(at, MM)
    minus = blocked_minus_cards(state.hands[0], state.table)[0]
    part = next(part for part, card in hand_parts(state.view(0)["hand"]) if card == minus)
    assert part not in data["select"]["tappable"]
    reason = data["notes"][part]
    assert reason.startswith(i18n.t("error.moemmen.minus_for_own_colour", "en", card="", colour="")[:8]), reason
    assert 'class="tb-note"' in data["html"]  # where the browser shows it
