"""The replay page (assistant/ui/pages/replay.py) through AppTest: every game's board at several steps,
stepping (buttons, slider, rounds, the address, the board's keys), who sees what (the table, a seat link,
a shared link), nothing on it acts, play on, export and import, and the ways to it."""

from __future__ import annotations

import json
import re
from importlib import import_module

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from assistant import CHANCE, i18n
from assistant.games.moemmen.cards import NAMES as MOEMMEN_CARDS
from assistant.replays import replay_of
from assistant.ui import access
from assistant.ui.moemmen.board import hand_order
from assistant.ui.moemmen.pictures import card_box
from tests.components import BIBER_PAGE, HOME_PAGE, SEAT_PAGE, board, board_data, boards, open_app, send_trigger, texts
from tests.replays.helpers import saved_game

REPLAY = "assistant/ui/pages/replay.py"
BOARD = "rp-board"
GAMES = ("hamstern", "hamsterdam", "biber_gang", "hamsterbacke", "moemmen")


def t(key: str, **params) -> str:
    return i18n.t(key, "en", **params)


def played(db, game_id: str):
    """The saved game as the engine has it."""
    return db.load(game_id).state


def at_step(state, step: int):
    return state.game.replay(state.num_players, state.seed, state.options, state.history[:step])


def picture(at) -> str:
    return board_data(at, BOARD)["html"]


def sent(at) -> str:
    """Everything the page sent: its texts and every component's data."""
    return texts(at) + "".join(element.proto.json for element in at.get("bidi_component"))


def step_of(at) -> int:
    return int(at.query_params["step"][0] if isinstance(at.query_params["step"], list) else at.query_params["step"])


def as_visitor(monkeypatch) -> None:
    """A phone on the Wi-Fi, not the laptop: the table it is not."""
    monkeypatch.setattr(access, "connection_is_local", lambda: False)


def ask_step(at, value) -> None:
    """What the board's keys or a swipe send (replay_board.js): a trigger with the step wanted."""
    send_trigger(at, board(at, BOARD), json.dumps([{"event": "step", "value": value}]))


# --- every game's board, sentence and actor -------------------------------------------------------------
def shows_the_view(name: str, html: str, view: dict) -> None:
    """The board draws what the engine's view of that step holds."""
    if name == "hamstern":
        assert html.count('class="cell tb-crossed"') == sum(len(shown["crossed"]) for shown in view["players"])
    elif name == "hamsterdam":
        for shown in view["players"]:
            assert t("ui.hamsterdam.player_counts", pile=shown["pile"], dam=shown["dam_tokens"], total=shown["score"],
                     hamsters=shown["hamsters"]) in html
    elif name == "biber_gang":  # every face-down card drawn as a back, and the deck
        hidden = sum(card is None for shown in view["players"] for card in shown["display"])
        assert html.count("stroke-dasharray='5 4'") == hidden + 1
    elif name == "hamsterbacke":
        assert t("ui.backe.deck", count=view["deck_count"]) in html
        for shown in view["players"]:
            assert t("ui.backe.counts", hand=shown["hand_count"], score=shown["score_count"]) in html
    else:
        assert f'<span class="mm-count">{view["deck_count"]}</span>' in html or not view["deck_count"]
        for size in view["hand_sizes"]:
            assert f"×{size}</span>" in html


@pytest.mark.parametrize("name", GAMES)
def test_each_step_shows_its_board_sentence_and_actor(db, name):
    game_id = saved_game(db, name)
    state = played(db, game_id)
    names = db.load(game_id).setup["names"]
    length = len(state.history)
    for step in (0, 1, length // 3, length - 1, length):
        at = open_app(REPLAY, game=game_id, step=str(step))
        shown = texts(at)
        position = at_step(state, step)
        shows_the_view(name, picture(at), position.view(None))
        assert "data-tap=" not in re.sub(r"<style.*?</style>", "", picture(at), flags=re.S)
        if step == 0:
            assert t("ui.replay.start") in shown and t("ui.replay.start_of", length=length) in shown
            continue
        assert t("ui.replay.move_of", step=step, length=length) in shown
        actor = state.steps[step - 1].actor
        who = (t("ui.replay.the_deck" if name in ("biber_gang", "hamsterbacke", "moemmen") else "ui.replay.the_dice")
               if actor == CHANCE else names[actor])
        assert t("ui.replay.decided_by", name=who) in shown
        log = import_module(f"assistant.games.{name}.log")
        events = log.log_step(at_step(state, step - 1), state.history[step - 1])
        for event in events:
            assert log.log_text(event, "en", names) in shown
    # Once over, every hand is turned up: below the table of a card game, each seat by name.
    if name in ("hamsterbacke", "moemmen"):
        assert t("ui.replay.every_hand") in picture(at)
        assert all(f'<div class="rp-hand-name">{player}</div>' in picture(at) for player in names)


def test_the_page_is_in_german_too(db):
    game_id = saved_game(db, "biber_gang")
    at = open_app(REPLAY, game=game_id, step="3", lang="de")
    assert i18n.t("ui.replay.move_of", "de", step=3, length=len(played(db, game_id).history)) in texts(at)
    assert i18n.t("ui.replay.forward", "de") in [button.label for button in at.button]


# --- stepping ---------------------------------------------------------------------------------------------
def test_forward_back_first_last_slider_and_rounds_move_the_step_in_the_address(db):
    game_id = saved_game(db, "hamsterbacke")
    length = len(played(db, game_id).history)
    at = open_app(REPLAY, game=game_id, step="10")
    for key, expected in (("rp-forward", 11), ("rp-back", 10), ("rp-first", 0), ("rp-last", length)):
        at.button(key=key).click().run()
        assert step_of(at) == expected
        assert t("ui.replay.move_of", step=expected, length=length) in texts(at) or expected == 0
    assert at.button(key="rp-forward").disabled and at.button(key="rp-last").disabled
    at.slider(key="rp-slider").set_value(7).run()
    assert step_of(at) == 7 and t("ui.replay.move_of", step=7, length=length) in texts(at)
    starts = replay_of(db, game_id).round_starts()
    assert len(starts) > 2
    at.selectbox(key="rp-round").set_value(2).run()
    assert step_of(at) == starts[2]
    at.button(key="rp-forward").click().run()
    at.selectbox(key="rp-round").set_value(2).run()  # the round the step is in: back to its start
    assert step_of(at) == starts[2]
    assert at.selectbox(key="rp-round").value is None  # it names the round in its placeholder instead


def test_the_address_names_the_step_and_a_wrong_one_is_the_nearest(db):
    game_id = saved_game(db, "moemmen")
    length = len(played(db, game_id).history)
    for asked, expected in (("12", 12), ("-3", 0), ("99999", length), ("abc", length), ("1" * 40, length)):
        at = open_app(REPLAY, game=game_id, step=asked)
        assert not at.exception and step_of(at) == expected, asked


def test_the_boards_keys_and_swipes_ask_only_for_a_step(db):
    game_id = saved_game(db, "biber_gang")
    length = len(played(db, game_id).history)
    at = open_app(REPLAY, game=game_id, step="4")
    ask_step(at, {"step": 5, "n": 1})
    assert step_of(at) == 5
    ask_step(at, {"step": 10**9, "n": 2})
    assert step_of(at) == length
    for junk in ({"step": "7"}, {"step": True}, {"step": None}, "7", [7], {"button": "draw_deck"}):
        ask_step(at, junk)
        assert not at.exception and step_of(at) == length


# --- who sees what --------------------------------------------------------------------------------------------
def hand_html(hand: list[int]) -> str:
    """A Mömmen hand as every picture of the app draws it (nothing tappable)."""
    return "".join(card_box(MOEMMEN_CARDS[card], "en") for card in hand_order(hand))


def hands(db, game_id: str, step: int) -> list[str]:
    state = at_step(played(db, game_id), step)
    return [hand_html(state.view(seat)["hand"]) for seat in range(state.num_players)]


def test_a_seat_link_shows_a_game_in_progress_as_that_seat_saw_it(db, monkeypatch):
    game_id = saved_game(db, "moemmen", actions=30)
    token = db.seat_links(game_id, [0, 1, 2])[1].token
    as_visitor(monkeypatch)
    for step in (5, 30):
        at = open_app(REPLAY, t=token, step=str(step))
        mine, *others = (hands(db, game_id, step)[seat] for seat in (1, 0, 2))
        assert mine in picture(at) and all(other != mine and other not in sent(at) for other in others)
        assert t("ui.replay.seen_as", name="Ben") in texts(at)
        assert t("ui.replay.every_hand") not in sent(at)
        assert not at.get("download_button") and all(button.key != "rp-share" for button in at.button)


def test_a_shared_link_shows_no_hand_while_played_and_every_hand_once_over(db, monkeypatch):
    running = saved_game(db, "moemmen", actions=30)
    over = saved_game(db, "moemmen", seed=6)
    running_link, over_link = db.replay_link(running), db.replay_link(over)
    as_visitor(monkeypatch)
    at = open_app(REPLAY, r=running_link, step="20")
    assert t("ui.replay.hands_hidden") in picture(at) and 'class="mm-hand-cards"' not in picture(at)
    assert all(hand not in sent(at) for hand in hands(db, running, 20))
    length = len(played(db, over).history)
    at = open_app(REPLAY, r=over_link, step=str(length - 1))
    assert all(hand in picture(at) for hand in hands(db, over, length - 1))
    assert t("ui.replay.all_shown") in texts(at)
    assert not at.get("download_button")  # the record (its seed) is the table's to give away


def test_the_table_sees_the_hand_of_the_one_person_playing_alone(db):
    alone = saved_game(db, "moemmen", actions=30, alone=True)
    together = saved_game(db, "moemmen", actions=30)
    at = open_app(REPLAY, game=alone, step="12")
    mine, *bots = hands(db, alone, 12)
    assert mine in picture(at) and all(hand not in sent(at) for hand in bots)
    at = open_app(REPLAY, game=together, step="12")
    assert all(hand not in sent(at) for hand in hands(db, together, 12))


def test_a_seat_link_never_opens_another_game(db, monkeypatch):
    mine = saved_game(db, "moemmen", actions=30)
    other = saved_game(db, "hamsterbacke", actions=30)
    token = db.seat_links(mine, [0])[0].token
    as_visitor(monkeypatch)
    at = open_app(REPLAY, t=token, game=other)
    assert "game" not in at.query_params and "Mömmen" in texts(at) and "Hamsterbacke" not in texts(at)
    at = open_app(REPLAY, game=other)  # a visitor naming a game: how to join, nothing of the game
    assert not boards(at) and at.title[0].value == t("ui.access.title")
    db.withdraw_link(mine, 0)
    at = open_app(REPLAY, t=token)
    assert t("ui.phones.link_gone") in texts(at) and not boards(at)
    for junk in ("nothing-like-a-token", "<b>x</b>", "a" * 12):
        at = open_app(REPLAY, r=junk)
        assert not at.exception and t("ui.replay.link_gone") in texts(at) and not boards(at)


def test_nothing_on_the_page_acts_in_the_game(db):
    game_id = saved_game(db, "biber_gang", actions=40, alone=True)
    before, games = db.stamp(game_id), len(db.recent(limit=100))
    at = open_app(REPLAY, game=game_id, step="40")
    assert [element.proto.id.rsplit("-", 1)[-1] for element in boards(at)] == ["board"]
    data = board_data(at, BOARD)
    assert set(data) == {"html", "html_id", "step", "length"}  # no buttons, nothing tappable
    ask_step(at, {"step": 40, "n": 1})
    ask_step(at, {"button": "draw_deck", "selection": ["deck"], "version": [40, 0]})
    assert not at.exception and db.stamp(game_id) == before and len(db.recent(limit=100)) == games
    assert all(button.key != "rp-play-on" for button in at.button)  # a game not over has no play on


# --- play on, export, import -----------------------------------------------------------------------------------
def test_play_on_starts_the_same_game_from_the_step_and_opens_it(db):
    game_id = saved_game(db, "biber_gang", alone=True)
    old = played(db, game_id)
    at = open_app(REPLAY, game=game_id, step="30")
    at.button(key="rp-play-on").click().run()
    new_id = at.query_params["game"][0] if isinstance(at.query_params["game"], list) else at.query_params["game"]
    new = db.load(new_id)
    assert new_id != game_id and new.state.history == old.history[:30] and new.state.seed == old.seed
    assert new.setup == {**db.load(game_id).setup, "origin": "played_on"} and not at.exception
    assert db.load(game_id).state.history == old.history  # the game watched stays as it was


def test_play_on_only_in_a_finished_game_played_alone(db):
    for game_id in (saved_game(db, "biber_gang"), saved_game(db, "biber_gang", actions=30, alone=True)):
        at = open_app(REPLAY, game=game_id, step="10")
        assert not any(button.key == "rp-play-on" for button in at.button)
    at = open_app(REPLAY, game=saved_game(db, "hamstern", num_players=1), step="9999")
    assert at.button(key="rp-play-on").disabled  # at the end there is nothing left to decide


def test_export_then_import_through_the_page_replays_the_same(db, monkeypatch):
    files = []
    original = MemoryMediaFileStorage.load_and_get_id

    def kept(self, data, mimetype, kind, filename=None):
        files.append((data, filename))
        return original(self, data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", kept)
    game_id = saved_game(db, "hamsterdam")
    open_app(REPLAY, game=game_id)
    data, filename = files[-1]
    assert re.fullmatch(r"hamster-table-hamsterdam-\d{4}-\d\d-\d\d\.json", filename)
    at = open_app(REPLAY)
    at.file_uploader[0].upload(filename, data if isinstance(data, bytes) else data.encode(), "application/json").run()
    new_id = at.query_params["game"]
    new_id = new_id[0] if isinstance(new_id, list) else new_id
    assert new_id != game_id and played(db, new_id) == played(db, game_id)
    assert db.load(new_id).setup == {**db.load(game_id).setup, "origin": "imported"}
    assert step_of(at) == 0 and boards(at)


def test_a_bad_file_is_one_line_and_nothing_is_written(db):
    games = len(db.recent(limit=100))
    at = open_app(REPLAY, lang="de")
    at.file_uploader[0].upload("game.json", b"{not json", "application/json").run()
    assert len(at.error) == 1 and at.error[0].value.replace("\\", "") == i18n.t("replays.import.not_json", "de")
    assert not at.exception and len(db.recent(limit=100)) == games and "game" not in at.query_params


# --- the ways to it ------------------------------------------------------------------------------------------------
def test_home_the_end_and_a_seats_page_lead_to_the_replay(db):
    game_id = saved_game(db, "biber_gang")
    at = open_app(HOME_PAGE)
    at.button(key=f"resume-replay-{game_id}").click().run()
    assert at.query_params["game"] in (game_id, [game_id]) and board_data(at, BOARD)
    at = open_app(BIBER_PAGE, game=game_id)
    at.button(key="bg-new-replay").click().run()
    assert at.query_params["game"] in (game_id, [game_id]) and board_data(at, BOARD)
    running = saved_game(db, "biber_gang", actions=12)
    token = db.seat_links(running, [1])[1].token
    at = open_app(SEAT_PAGE, t=token)
    at.button(key="seat-replay").click().run()
    assert board_data(at, BOARD) and t("ui.replay.seen_as", name="Ben") in texts(at)
    at.button(key="rp-seat").click().run()  # and back to the seat
    assert "You play Ben" in texts(at)


def test_names_are_shown_as_typed(db):
    game_id = saved_game(db, "hamsterbacke")
    typed = ["<b>Ann</b>", "**Ben**", "[Cy](https://example.org)"]
    db.create(played(db, game_id), {**db.load(game_id).setup, "names": typed})
    copy = db.recent(limit=1)[0]["id"]
    at = open_app(REPLAY, game=copy, step="5")
    html = picture(at)
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html and "**Ben**" in html
    # In Markdown a name goes in as text (every mark escaped): never as typed, where it would be read.
    assert all(name not in element.value for element in at.markdown for name in typed)
    assert any("Whose decision" in element.value for element in at.markdown)


def test_the_replay_of_an_unknown_game_is_one_line(db):
    at = open_app(REPLAY, game="no-such-game")
    assert not at.exception and t("ui.unknown_game", id="no-such-game").split("“")[0] in texts(at)
    at = open_app(REPLAY)
    assert t("ui.replay.no_game").split(".")[0] in texts(at) and at.file_uploader
