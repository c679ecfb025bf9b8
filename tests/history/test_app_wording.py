"""What the History page says after a play-test: a refused rename says why right at the name field, in
a panel that stays open; a win rate says which games it counts when some were played alone; one of a
thing is one ("1 score check", "1 Punkteprüfung"); head to head calls a shared place "Tied"; the files part
says what the CSV holds, which starts with a byte order mark for spreadsheets."""

from __future__ import annotations

import codecs
import time

import pytest

from assistant import history
from tests.components import open_app
from tests.history.helpers import check_at, play_to_end, setup_for

PAGE = "assistant/ui/pages/history.py"
DAY = 24 * 3600


def ids(db) -> dict[str, int]:
    return {person.name: person.id for person in history.people(db)}


@pytest.fixture
def seeded(db):
    """Ann: a Hamstern sheet played alone, and two score checks against Ben (one won)."""
    play_to_end(db, "hamstern", setup_for("hamstern", ["Ann"]), 3, num_players=1)
    check_at(db, "hamstern", time.time() - 2 * DAY, [("Ann", 30, 1, True), ("Ben", 20, 2, False)], variant="A")
    check_at(db, "hamstern", time.time() - DAY, [("Ann", 18, 2, False), ("Ben", 22, 1, True)], variant="A")
    return db


def player(db, name: str, lang: str = "en"):
    at = open_app(PAGE, lang=lang, part="players")
    at.pills(key="hi_player").set_value(ids(db)[name]).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("lang, taken, blank", [
    ("en", "Another player has this name already.", "A name cannot be empty"),
    ("de", "Jemand anderes hat diesen Namen schon.", "Ein Name darf nicht leer sein"),
])
def test_a_refused_rename_says_why_at_the_name_field_and_the_panel_stays_open(seeded, lang, taken, blank):
    ben = ids(seeded)["Ben"]
    at = player(seeded, "Ben", lang)
    for typed, reason in (("ANN", taken), ("   ", blank)):
        at.text_input(key=f"hi_new_name_{ben}").set_value(typed).run()
        at.button(key="hi-rename").click().run()
        [panel] = at.expander
        assert panel.proto.expanded, typed  # open, with the reason inside it, under the rename button
        assert [e.value for e in panel.error] == [e.value for e in at.error] and reason in panel.error[0].value
        assert history.person(seeded, ben).name == "Ben"
        kinds = [type(child).__name__ for child in panel.children.values()]
        assert kinds.index("Error") == kinds.index("Button") + 1, kinds  # right under the button
    at.run()  # said once: the next run has no reason, and the panel is still open
    assert not at.error and at.expander[0].proto.expanded
    at.text_input(key=f"hi_new_name_{ben}").set_value("Benno").run()
    at.button(key="hi-rename").click().run()
    assert at.expander[0].proto.expanded and "Benno" in at.expander[0].success[0].value


@pytest.mark.parametrize("lang, note", [
    ("en", "The win rate counts the 2 games against others: a game played alone"),
    ("de", "Die Siegquote zählt die 2 Spiele gegen andere: Ein Spiel allein"),
])
def test_a_win_rate_says_it_leaves_out_the_games_played_alone(seeded, lang, note):
    at = player(seeded, "Ann", lang)
    assert [m.value for m in at.metric][:3] == ["3", "1", "50 %"]  # three games, one win: of two against others
    assert any(note in caption.value for caption in at.caption)
    at = player(seeded, "Ben", lang)  # no game alone: nothing to explain
    assert not any("against others" in c.value or "gegen andere" in c.value for c in at.caption)


def test_a_player_who_only_played_alone_has_no_win_rate(db):
    play_to_end(db, "hamstern", setup_for("hamstern", ["Solo"]), 3, num_players=1)
    at = player(db, "Solo")
    assert [m.value for m in at.metric][:3] == ["1", "0", "–"]
    assert any("No game against others yet, so no win rate" in c.value for c in at.caption)
    assert "–" in "".join(e.proto.body for e in at.get("html"))


def test_the_leaderboard_says_its_win_rate_counts_games_against_others(seeded):
    at = open_app(PAGE, part="leaders")
    assert any("counts only games against others" in c.value for c in at.caption)
    at.segmented_control(key="hi_board_game").set_value("biber_gang").run()  # nobody played it: no note


def test_head_to_head_calls_a_shared_place_tied(seeded):
    for lang, word in (("en", "Tied"), ("de", "Gleichstand")):
        at = open_app(PAGE, lang=lang, part="duel")
        at.pills(key="hi_a").set_value(ids(seeded)["Ann"]).run()
        at.pills(key="hi_b").set_value(ids(seeded)["Ben"]).run()
        assert at.metric[1].label == word
        assert f">{word}<" in "".join(e.proto.body for e in at.get("html"))


@pytest.mark.parametrize("lang, one, kept", [
    ("en", "Restored: 1 game, 1 score check, 2 new players (0 already known by name), 3 results.",
     "1 game or score check was here already and was kept as it is."),
    ("de", "Wiederhergestellt: 1 Spiel, 1 Punkteprüfung, 2 neue Personen (0 schon mit Namen bekannt), 3 Ergebnisse.",
     "Ein Spiel oder eine Punkteprüfung war schon da und bleibt, wie es war."),
])
def test_the_restore_report_says_one_of_a_thing_as_one(db, tmp_path, monkeypatch, lang, one, kept):
    from assistant.store import Store

    source = Store(tmp_path / "source.sqlite3")
    play_to_end(source, "hamstern", setup_for("hamstern", ["Ann"]), 3, num_players=1)
    check_at(source, "hamstern", 1000.0, [("Ann", 30, 1, True), ("Ben", 20, 2, False)], variant="A")
    data = history.backup(source)
    at = open_app(PAGE, lang=lang, part="files")
    at.file_uploader[0].upload("backup.json.gz", data, "application/gzip").run()
    at.button(key="hi-restore").click().run()
    assert [s.value for s in at.success] == [one]
    # A backup of the check alone: it was here already.
    only_check = Store(tmp_path / "check.sqlite3")
    history.restore(only_check, data)
    with only_check._connect() as conn:
        conn.execute("DELETE FROM games")
    at.file_uploader[0].upload("check.json.gz", history.backup(only_check), "application/gzip").run()
    at.button(key="hi-restore").click().run()
    assert at.success[0].value.endswith(kept)


@pytest.mark.parametrize("lang, words", [("en", "named in English as programs read them: date"),
                                         ("de", "englisch benannt, wie Programme sie lesen: date")])
def test_the_files_part_says_what_the_csv_holds(db, lang, words):
    at = open_app(PAGE, lang=lang, part="files")
    assert any(words in caption.value and "won" in caption.value for caption in at.caption)


def test_the_csv_starts_with_a_byte_order_mark_for_spreadsheets(seeded):
    from assistant.ui.history.files import _csv

    data = _csv(lambda: True)
    assert data.startswith(codecs.BOM_UTF8) and data.decode("utf-8-sig").startswith("date,game,variant,source")
    assert _csv(lambda: False) == b""
