"""The score check and the Biber Gang scorekeeper keep what is typed in: saved at once in
SQLite, named in the URL (?check=ID), listed on Home, and names always shown as text."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from assistant.store import DamagedGame, Store, UnknownGame
from assistant.store_errors import StorageError
from assistant.ui.common import plain
from tests.components import HOME_PAGE as HOME
from tests.components import SC, decide, open_app, texts
from tests.components import SCORE_PAGE as PAGE

LINK_NAME = "[y](http://a.org)"  # 17 characters: fits the 20 a name may have
HTML_NAME = "<b>x</b>"
LINK_SHOWN, HTML_SHOWN = plain(LINK_NAME), plain(HTML_NAME)  # as Markdown that shows them literally


def everything_shown(at) -> str:
    """Every text that Streamlit renders as Markdown: elements, segment and button labels."""
    labels = [option for control in at.segmented_control for option in control.options]
    labels += [button.label for button in at.button]
    labels += [str(cell) for table in at.table for row in table.value.itertuples(index=False) for cell in row]
    return texts(at) + "\n" + "\n".join(labels)


def tap(at, cell: str) -> None:
    """One tap on a cell of the sheet ("row-col"): crosses it, or takes a cross back."""
    decide(at, SC, "toggle", [cell])


def biber(at, **query):
    at.segmented_control(key="sc_game").set_value("biber_gang").run()
    return at


def enter_cards(at, player: int, cards) -> None:
    """Tap the first place of a display, then the cards: each tap fills the next empty place."""
    at.button(key=f"bk-slot-{player}-0").click().run()
    for card in cards:
        at.button(key=f"bk-pick-{card}").click().run()


def enter_points(at, player: int, *steps: str) -> None:
    at.toggle(key=f"bk_direct_{player}").set_value(True).run()
    for step in steps:
        at.button(key=f"bk-pts-{player}-{step}").click().run()


# --- the store ------------------------------------------------------------------------------------
def test_store_round_trip_of_a_score_check(db):
    check_id = db.create_check("hamstern", {"names": ["Ann", "Bo"], "count": 2})
    saved = Store(db.path).load_check(check_id)  # another Store on the file: as after a restart
    assert (saved.id, saved.game, saved.data) == (check_id, "hamstern", {"names": ["Ann", "Bo"], "count": 2})
    db.save_check(check_id, {"names": ["Cy"]})
    assert db.load_check(check_id).data == {"names": ["Cy"]}
    other = db.create_check("biber_gang", {"count": 3})
    assert [check.id for check in db.recent_checks()] == [other, check_id]
    with pytest.raises(UnknownGame):
        db.load_check("no-such-check")
    with pytest.raises(UnknownGame):
        db.save_check("no-such-check", {})
    with db._connect() as connection:
        connection.execute("UPDATE score_checks SET data = '[1, 2' WHERE id = ?", (check_id,))
    with pytest.raises(DamagedGame):
        db.load_check(check_id)
    assert [check.id for check in db.recent_checks()] == [other]  # Home still opens


# --- Hamstern score check ---------------------------------------------------------------------
def test_opening_the_page_saves_nothing_until_something_is_entered(db):
    at = open_app(PAGE)
    at.segmented_control(key="sc_player").set_value(1).run()  # only looking
    assert db.recent_checks() == [] and "check" not in at.query_params
    assert at.session_state["sc_player"] == 1


def test_a_tap_is_saved_at_once_and_survives_a_server_restart(db):
    at = open_app(PAGE)
    tap(at, "4-7")  # H5, a mushroom of the start chamber
    check_id = at.query_params["check"]
    assert db.load_check(check_id).data["crossed"]["A"][0] == [[4, 7]]
    again = open_app(PAGE, check=check_id)  # a new session: only the URL is left
    assert list(again.table[0].value["Mushrooms"]) == [1, 0]
    tap(again, "4-7")  # a mis-tap is taken back, and that is saved too
    assert db.load_check(check_id).data["crossed"]["A"][0] == []


def test_names_stay_when_switching_sheet_and_game(db):
    at = open_app(PAGE)
    at.text_input(key="sc_name_0").input("Ann").run()
    at.segmented_control(key="sc_player").set_value(1).run()
    at.text_input(key="sc_name_1").input("Bo").run()
    at.segmented_control(key="sc_player").set_value(0).run()
    assert at.text_input(key="sc_name_0").value == "Ann"
    biber(at)
    at.text_input(key="bk_name_0").input("Cy").run()
    at.segmented_control(key="sc_game").set_value("hamstern").run()
    assert list(at.table[0].value["Name"]) == ["Ann", "Bo"]
    assert at.segmented_control(key="sc_player").options == ["Ann", "Bo"]
    biber(at)
    assert at.text_input(key="bk_name_0").value == "Cy"


def test_switching_page_and_back_returns_to_the_check(db):
    at = open_app(PAGE)
    tap(at, "4-7")
    check_id = at.query_params["check"]
    at.query_params.pop("check")  # the top menu leaves the query behind
    at.switch_page(HOME).run()
    at.switch_page(PAGE).run()
    assert at.query_params["check"] == check_id
    assert list(at.table[0].value["Mushrooms"]) == [1, 0]


def test_two_tabs_on_one_check_keep_both_entries(db):
    first = open_app(PAGE)
    tap(first, "4-7")
    check_id = first.query_params["check"]
    second = open_app(PAGE, check=check_id)
    tap(first, "5-6")
    tap(second, "4-5")  # acted on an older picture: adds, never overwrites
    assert db.load_check(check_id).data["crossed"]["A"][0] == [[4, 5], [4, 7], [5, 6]]


def test_a_winner_with_0_points_gets_the_trophy(db):
    at = open_app(PAGE)
    at.segmented_control(key="sc_count").set_value(1).run()
    assert list(at.table[0].value["Won"]) == [""]  # nothing crossed yet: nobody has won
    tap(at, "4-5")  # F5: a cross, but no chamber filled, no icon
    table = at.table[0].value
    assert list(table["Total"]) == [0] and list(table["Won"]) == ["★ winner"]


# --- Biber Gang scorekeeper -------------------------------------------------------------------
def test_cards_are_tapped_never_typed(db):
    at = biber(open_app(PAGE))
    enter_points(at, 1, "p5")
    assert not at.selectbox and not at.number_input  # both open a tablet's keyboard
    assert {box.key for box in at.text_input} == {"bk_name_0", "bk_name_1"}
    enter_cards(at, 0, [5, 5, 3, 13, 5, 5, 7, 13])  # the rulebook example
    assert [button.label for button in at.button if button.key.startswith("bk-slot-0-")] == \
        ["5", "5", "3", "Beaver", "5", "5", "7", "Beaver"]
    assert list(at.table[0].value["1"]) == ["-5", "5"]


def test_rounds_not_entered_are_blank_and_totals_count_entered_rounds_only(db):
    at = biber(open_app(PAGE))
    table = at.table[0].value
    assert list(table["1"]) == ["–", "–"] and list(table["Total"]) == ["–", "–"]  # never 0, never -20
    assert not at.success and not at.info
    enter_cards(at, 0, [7, 8, 9])  # three of eight cards: not scored yet
    assert list(at.table[0].value["1"]) == ["–", "–"]
    enter_points(at, 1, "p10", "m1")
    at.segmented_control(key="bk_round").set_value(2).run()
    enter_points(at, 0, "p1", "p1")
    table = at.table[0].value
    assert list(table["1"]) == ["–", "9"] and list(table["2"]) == ["2", "–"]
    assert list(table["Total"]) == ["2", "9"]
    shown = everything_shown(at) + table.to_string()
    assert "None" not in shown and "nan" not in shown


def _four_rounds_entered(db) -> str:
    """Ann and Bo with points entered for rounds 1 to 4 (12 and 20), looking at round 5."""
    def entry(points):
        return {"direct": True, "points": points, "cards": [None] * 8}
    entries = [[entry(3), entry(5)] for _ in range(4)] + [[]]
    return db.create_check("biber_gang", {"count": 2, "names": ["Ann", "Bo"], "round": 5, "entries": entries})


@pytest.mark.parametrize("lang, leading, winner", [("en", "Ann leads so far", "Ann wins"),
                                                   ("de", "Ann liegt bisher vorn", "Ann gewinnt")])
def test_leading_until_every_round_is_entered_then_the_winner(db, lang, leading, winner):
    at = open_app(PAGE, check=_four_rounds_entered(db), lang=lang)
    assert leading in at.info[0].value and not at.success
    enter_points(at, 0, "p1")
    assert leading in at.info[0].value  # Bo's last round is still missing
    enter_points(at, 1, "p10")
    assert winner in at.success[0].value and not at.info
    assert list(at.table[0].value.iloc[:, -1]) == ["13", "30"]


def test_switching_rounds_keeps_every_entry_and_toggle(db):
    at = biber(open_app(PAGE))
    enter_points(at, 0, "p5")
    enter_cards(at, 1, [4, 12])
    at.segmented_control(key="bk_round").set_value(2).run()
    assert at.toggle(key="bk_direct_0").value is False
    assert at.button(key="bk-slot-1-0").label == "–"
    enter_cards(at, 1, [1])
    at.segmented_control(key="bk_round").set_value(1).run()
    assert at.toggle(key="bk_direct_0").value is True
    assert [at.button(key=f"bk-slot-1-{slot}").label for slot in range(3)] == ["4", "12", "–"]
    assert list(at.table[0].value["1"]) == ["5", "–"]
    at.segmented_control(key="bk_round").set_value(2).run()
    assert at.button(key="bk-slot-1-0").label == "1"


def _cli_reason(displays) -> str:
    players = [{"name": f"P{n}", "display": [display[:4], display[4:]]} for n, display in enumerate(displays)]
    result = subprocess.run([sys.executable, "-m", "assistant", "score", "biber_gang", "-"], capture_output=True,
                            text=True, input=json.dumps({"players": players}), timeout=60)
    assert result.returncode == 2
    return result.stderr.strip()


def test_impossible_counts_are_refused_with_the_clis_reason(db):
    at = biber(open_app(PAGE))
    enter_cards(at, 0, [3] * 8)
    check_id = at.query_params["check"]
    enter_cards(at, 1, [3])  # a ninth 3
    assert at.error[0].value == _cli_reason([[3] * 8, [3] + [0] * 7])
    assert db.load_check(check_id).data["entries"][0][1]["cards"] == [None] * 8  # nothing changed
    assert at.button(key="bk-slot-1-0").label == "–"
    at.segmented_control(key="bk_round").set_value(2).run()
    enter_cards(at, 0, [13] * 4)
    enter_cards(at, 1, [13])  # a fifth beaver
    assert at.error[0].value == _cli_reason([["beaver"] * 4 + [1, 2, 4, 5], ["beaver", 6, 7, 8, 9, 10, 11, 12]])
    assert db.load_check(check_id).data["entries"][1][1]["cards"] == [None] * 8


def test_impossible_counts_are_refused_in_german_too(db):
    at = biber(open_app(PAGE, lang="de"))
    enter_cards(at, 0, [13] * 4)
    enter_cards(at, 1, [13])
    assert "mehr Biber" in at.error[0].value


# --- Home and names as text ------------------------------------------------------------------------
def test_home_lists_the_checks_to_resume_with_names_as_text(db):
    at = open_app(PAGE)
    at.text_input(key="sc_name_0").input(LINK_NAME).run()
    hamstern_id = at.query_params["check"]
    biber(at)
    at.text_input(key="bk_name_1").input(HTML_NAME).run()
    at.query_params.pop("check")
    at.switch_page(HOME).run()
    rows = [m.value for m in at.markdown if "Score check" in m.value]
    assert any("Hamstern" in row and LINK_SHOWN in row and "Player 2" in row for row in rows)
    assert any("Biber Gang" in row and HTML_SHOWN in row and "Player 1" in row for row in rows)
    assert LINK_NAME not in everything_shown(at) and HTML_NAME not in everything_shown(at)
    at.button(key=f"resume-check-{hamstern_id}").click().run()
    assert at.query_params["check"] == hamstern_id
    assert at.text_input(key="sc_name_0").value == LINK_NAME  # in a text field it is just text


def test_names_are_text_on_the_score_pages(db):
    at = open_app(PAGE)
    at.text_input(key="sc_name_0").input(LINK_NAME).run()
    assert LINK_SHOWN in at.segmented_control(key="sc_player").options
    assert LINK_SHOWN in list(at.table[0].value["Name"])  # st.table reads its cells as Markdown
    biber(at)
    at.text_input(key="bk_name_0").input(HTML_NAME).run()
    at.text_input(key="bk_name_1").input(LINK_NAME).run()
    enter_points(at, 0, "zero")
    enter_points(at, 1, "zero")
    assert HTML_SHOWN in at.info[0].value and LINK_SHOWN in at.info[0].value  # a shared lead
    shown = everything_shown(at)
    assert LINK_NAME not in shown and HTML_NAME not in shown


def test_an_unknown_or_damaged_check_id_is_explained_as_text(db):
    at = open_app(PAGE, check="[click](https://example.org)")
    assert "no saved score check" in at.error[0].value and "[click](" not in at.error[0].value
    at.button(key="sc_new_check").click().run()
    assert "check" not in at.query_params and not at.error
    check_id = db.create_check("hamstern", {})
    with db._connect() as connection:
        connection.execute("UPDATE score_checks SET data = 'x' WHERE id = ?", (check_id,))
    at = open_app(PAGE, check=check_id)
    assert "cannot be opened" in at.error[0].value and not at.exception


def test_a_failed_write_says_so_and_keeps_what_was_saved(db, monkeypatch):
    at = open_app(PAGE)
    tap(at, "4-7")
    check_id = at.query_params["check"]

    def disk_full(*args, **kwargs):
        raise StorageError("full")

    monkeypatch.setattr(Store, "save_check", disk_full)
    tap(at, "4-5")
    assert "Not saved" in at.error[0].value and "disk is full" in at.error[0].value and not at.exception
    assert list(at.table[0].value["Mushrooms"]) == [1, 0]
    assert db.load_check(check_id).data["crossed"]["A"][0] == [[4, 7]]
