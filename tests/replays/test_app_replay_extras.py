"""The replay page against a forged browser (a round no picker offers, numbers too long for Python to read),
withdrawing a shared link, and the notes that a game played on or imported does not count (the replay page,
Hamstern's solo results, a card game's end)."""

from __future__ import annotations

import json

from streamlit.components.v2.bidi_component.main import _make_trigger_id

from assistant import i18n
from assistant.replays import export_record, import_record, play_on, replay_of
from assistant.ui import access
from tests.components import HAMSTERN_PAGE, board, boards, open_app, texts
from tests.replays.helpers import saved_game
from tests.replays.test_app_replay import BOARD, REPLAY, step_of

LONG = "7" * 5000  # more digits than Python reads (4300): json.loads raises ValueError
DEEP = "[" * 5000 + "]" * 5000  # nested deeper than Python reads: json.loads raises RecursionError


def t(key: str, lang: str = "en", **params) -> str:
    return i18n.t(key, lang, **params)


def send(at, field: str, text: str, trigger: bool) -> None:
    """What a forged browser may send the replay's board: any JSON text, as its trigger or as its state."""
    element = board(at, BOARD)
    states = at._tree.get_widget_states()
    widget = states.widgets.add()
    widget.id = _make_trigger_id(element.proto.id, "events") if trigger else element.proto.id
    setattr(widget, field, text)
    at._run(states)


def forge(at, key: str, field: str, value) -> None:
    """A widget's value as a forged browser may send it: any value its field can hold, an option or not."""
    widget_id = next(widget.id for widget in at._tree if getattr(widget, "key", None) == key)
    states = at._tree.get_widget_states()
    widget = next((widget for widget in states.widgets if widget.id == widget_id), None) or states.widgets.add()
    widget.id = widget_id
    if field == "double_array_value":
        widget.double_array_value.data[:] = value
    else:
        setattr(widget, field, value)
    at._run(states)


# --- a forged browser ------------------------------------------------------------------------------------
def test_a_round_no_picker_offers_is_ignored_and_a_number_the_nearest(db):
    game_id = saved_game(db, "hamsterbacke")
    starts = replay_of(db, game_id).round_starts()
    at = open_app(REPLAY, game=game_id, step="10")
    for junk in ("junk", "2", "", "Round 2", "7" * 5000):  # no option's label
        forge(at, "rp-round", "string_value", junk)
        assert not at.exception and step_of(at) == 10, junk
    at.selectbox(key="rp-round").select_index(2).run()  # an option: its round
    assert not at.exception and step_of(at) == starts[2]
    # Out of the slider's range Streamlit reads its default, the first step; never past the game's steps.
    for value in ([1e30], [-5.0], [float("nan")], [float("inf")], [3.0, 4.0], []):
        forge(at, "rp-slider", "double_array_value", value)
        assert not at.exception and 0 <= step_of(at) <= replay_of(db, game_id).length, value
    forge(at, "rp-slider", "double_array_value", [7.0])
    assert step_of(at) == 7


def test_numbers_too_long_to_read_from_the_board_are_ignored(db):
    game_id = saved_game(db, "biber_gang")
    at = open_app(REPLAY, game=game_id, step="4")
    for text in ('[{"event": "step", "value": {"step": ' + LONG + "}}]", "[" + LONG + "]", LONG,
                 '{"event": "step", "value": {"step": 5, "n": ' + LONG + "}}",
                 '[{"event": "step", "value": ' + DEEP + "}]"):
        send(at, "json_trigger_value", text, trigger=True)
        assert not at.exception and step_of(at) == 4 and boards(at)
    for text in ('{"step": {"step": ' + LONG + "}}", "{not json", LONG, DEEP):  # as its state: any text at all
        send(at, "json_value", text, trigger=False)
        assert not at.exception and step_of(at) == 4 and boards(at)
    send(at, "json_trigger_value", json.dumps([{"event": "step", "value": {"step": 6, "n": 9}}]), trigger=True)
    assert step_of(at) == 6  # and the board still steps
    huge = json.dumps([{"event": "step", "value": {"step": int("9" * 4000), "n": 10}}])  # long, but readable
    send(at, "json_trigger_value", huge, trigger=True)
    assert not at.exception and step_of(at) == replay_of(db, game_id).length


# --- withdrawing a shared link -----------------------------------------------------------------------------
def test_a_shared_link_can_be_withdrawn_and_sharing_again_makes_a_new_one(db, monkeypatch):
    game_id = saved_game(db, "moemmen")
    at = open_app(REPLAY, game=game_id)
    at.button(key="rp-share").click().run()
    token = db.replay_link(game_id)
    assert token in texts(at) + "".join(code.value for code in at.code)
    assert at.button(key="rp-withdraw").label == t("ui.replay.withdraw")
    at.button(key="rp-withdraw").click().run()
    assert not at.exception and db.open_replay_link(token) is None
    assert t("ui.replay.link_withdrawn") in texts(at) and not at.code
    assert all(button.key != "rp-withdraw" for button in at.button)
    at.button(key="rp-share").click().run()
    new = db.replay_link(game_id)
    assert new != token and new in "".join(code.value for code in at.code)
    assert t("ui.replay.link_withdrawn") not in texts(at)  # said once
    monkeypatch.setattr(access, "connection_is_local", lambda: False)  # a phone with the old link
    old = open_app(REPLAY, r=token)
    assert [error.value for error in old.error] == [t("ui.replay.link_gone")] and not boards(old)
    assert boards(open_app(REPLAY, r=new))


def test_only_the_table_withdraws_a_link(db, monkeypatch):
    game_id = saved_game(db, "moemmen")
    at = open_app(REPLAY, game=game_id)
    at.button(key="rp-share").click().run()
    token = db.replay_link(game_id)
    monkeypatch.setattr(access, "connection_is_local", lambda: False)  # the table's key no longer holds
    at.button(key="rp-withdraw").click().run()
    assert not at.exception and db.open_replay_link(token) == game_id
    as_visitor = open_app(REPLAY, r=token)
    assert not any(button.key in ("rp-share", "rp-withdraw") for button in as_visitor.button)


# --- games that do not count say so ----------------------------------------------------------------------
def test_a_played_on_hamstern_game_says_it_is_no_best_score(db):
    original = saved_game(db, "hamstern", num_players=1)
    at = open_app(HAMSTERN_PAGE, game=original)
    assert t("ui.hamstern.best_scores", side="A") in texts(at)
    assert t("ui.replay.played_on_not_best") not in texts(at)
    new_id = play_on(db, original, replay_of(db, original).length)
    for lang in ("en", "de"):
        at = open_app(HAMSTERN_PAGE, game=new_id, lang=lang)
        assert t("ui.replay.played_on_not_best", lang) in texts(at) and not at.exception
    imported = import_record(db, export_record(db, original))
    assert t("ui.replay.imported_not_best") in texts(open_app(HAMSTERN_PAGE, game=imported))


def test_a_card_game_played_on_or_imported_says_it_is_not_in_the_history(db):
    original = saved_game(db, "moemmen", alone=True)
    assert t("ui.replay.played_on_not_counted") not in texts(open_app("moemmen", game=original))
    new_id = play_on(db, original, replay_of(db, original).length)
    assert t("ui.replay.played_on_not_counted", "de") in texts(open_app("moemmen", game=new_id, lang="de"))
    imported = import_record(db, export_record(db, original))
    assert t("ui.replay.imported_not_counted") in texts(open_app(REPLAY, game=imported))
    assert t("ui.replay.imported_not_counted") not in texts(open_app(REPLAY, game=original))


def test_a_damaged_time_in_the_file_does_not_break_the_replay_page(db):
    """A game's time damaged in the file (by hand, or by an old bug) still exports, dated today."""
    game_id = saved_game(db, "moemmen", actions=12)
    with db._connect() as connection:
        connection.execute("UPDATE games SET updated = 1e17 WHERE id = ?", (game_id,))
    at = open_app(REPLAY, game=game_id)
    assert not at.exception
    assert any(button.label == t("ui.replay.export") or "hamster-table-moemmen" in str(button.proto)
               for button in at.get("download_button"))


def test_a_shared_link_opens_at_the_move_shown(db, monkeypatch):
    game_id = saved_game(db, "moemmen")
    at = open_app(REPLAY, game=game_id, step="7")
    at.button(key="rp-share").click().run()
    shared = "".join(code.value for code in at.code)
    assert f"r={db.replay_link(game_id)}&step=7" in shared
    monkeypatch.setattr(access, "connection_is_local", lambda: False)  # the phone it is shown to
    opened = open_app(REPLAY, r=db.replay_link(game_id), step="7")
    assert step_of(opened) == 7


def test_home_marks_a_game_played_on_or_imported(db):
    game_id = saved_game(db, "moemmen")
    branch = play_on(db, game_id, 5)
    copy = import_record(db, export_record(db, game_id))
    for lang in ("en", "de"):
        home = texts(open_app(lang=lang))
        assert home.count(t("ui.replay.origin_played_on", lang)) == 1, branch
        assert home.count(t("ui.replay.origin_imported", lang)) == 1, copy
