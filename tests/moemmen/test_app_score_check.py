"""The Mömmen score check through AppTest, by tapping card pictures: the board "mm-check" has rows
p{player}, hand cards x{player}-{n} and palette cards c{name}."""

from __future__ import annotations

from tests.components import board_html, board_text, decide, open_app

SCORE_PAGE = "assistant/ui/pages/score_check.py"
CHECK = "mm-check"


def tap(at, part: str):
    return decide(at, CHECK, "tap", [part])


def test_score_check_by_tapping_cards_refusal_and_resume(db):
    at = open_app(SCORE_PAGE)
    at.segmented_control(key="sc_game").set_value("moemmen").run()
    at.text_input(key="mm_sc_name_0").input("Ann").run()
    for card in ("red+1", "red+2", "red+3", "red+4", "red+4", "red+3"):
        tap(at, f"c{card}")
    # Ann's hand is full: the palette now fills Player 2's hand.
    for card in ("red+4", "blue+1", "blue-2", "tim", "benny", "green+2"):
        tap(at, f"c{card}")
    table = at.table[0].value
    assert list(table["Total"]) == [17, -6] and list(table["Colour"]) == ["red", "red"]
    assert at.success[0].value == "Ann wins the round!"
    check_id = at.query_params["check"]
    assert db.load_check(check_id).data["hands"][0][:2] == ["red+1", "red+2"]
    tap(at, "x1-0")  # red +4 out of Player 2's hand
    tap(at, "cred+4")  # ... and back in
    assert db.load_check(check_id).data["hands"][1][-1] == "red+4"
    tap(at, "x1-0")  # blue +1 out
    tap(at, "cred+4")  # a fourth red +4 over all hands
    assert "4 copies of red +4: the deck has only 3." in at.error[0].value
    assert db.load_check(check_id).data["hands"][1] == ["blue-2", "tim", "benny", "green+2", "red+4"]
    assert "5 cards: a hand at the end of a round holds 6" in at.info[0].value and not at.success
    again = open_app(SCORE_PAGE, check=check_id)
    assert again.text_input(key="mm_sc_name_0").value == "Ann"
    assert list(again.table[0].value["Name"]) == ["Ann", "Player 2"]
    assert board_html(again, CHECK).count('data-tap="x0-') == 6
    assert 'data-tap="x0-0"><svg' in board_html(again, CHECK).replace(' style="line-height:0"', "")


def test_score_check_in_german(db):
    at = open_app(SCORE_PAGE, lang="de")
    at.segmented_control(key="sc_game").set_value("moemmen").run()
    tap(at, "cblue+3")
    assert "Tippe die Karten von Person 1 an" in board_text(at, CHECK)
    assert list(at.table[0].value["Farbe"]) == ["Blau", "–"]
    assert "Person 1 hat 1 Karten: Am Ende einer Runde hat eine Hand 6." in at.info[0].value


def test_a_name_in_a_refusal_stays_text(db):
    """The reasons name the player as typed; st.info renders Markdown, so the name comes escaped."""
    at = open_app(SCORE_PAGE)
    at.segmented_control(key="sc_game").set_value("moemmen").run()
    at.text_input(key="mm_sc_name_0").input("**Ann** [x](http:y)").run()
    tap(at, "cblue+3")
    shown = at.info[0].value
    assert "**Ann**" not in shown and "](http" not in shown, shown
    assert r"\*\*Ann\*\*" in shown and "1 cards" in shown


def test_six_cards_each_and_no_colour_complete_is_refused_in_both_languages(db):
    for lang, reason in (("en", "No round ends so: nobody holds six plus cards of one colour"),
                         ("de", "So endet keine Runde: Niemand hat sechs Pluskarten einer Farbe")):
        at = open_app(SCORE_PAGE, lang=lang)
        at.segmented_control(key="sc_game").set_value("moemmen").run()
        for card in ("red+1", "red+2", "red+3", "red+4", "red+4", "blue+3",  # five red and a blue
                     "tim", "benny", "green+1", "green+2", "green+3", "green+4"):
            tap(at, f"c{card}")
        assert not at.exception and not at.success and not at.info, lang  # all six-card hands: no winner
        assert at.warning[0].value.startswith(reason) and len(at.table[0].value) == 2
        tap(at, "x0-5")  # the blue 3 out, a red 3 in: Ann ends the round
        tap(at, "cred+3")
        assert not at.warning and at.success, lang
