"""The Streamlit app as a whole through AppTest: Home lists every game, the language switch reaches
every page, the print page offers the PDF. Each game's flows are in tests/<game>/test_app.py."""

from __future__ import annotations

from tests.components import HAMSTERN_PAGE, PRINT_PAGE, SCORE_PAGE, open_app, switch_page, texts


def test_home_lists_the_games_every_one_playable(db):
    at = open_app()
    assert "Hamster Table" in at.title[0].value
    coming = [b.key for b in at.button if b.key.startswith("home-play-") and b.disabled]
    assert coming == []
    assert not at.button(key="home-play-hamsterdam").disabled
    assert not at.button(key="home-play-moemmen").disabled
    assert not at.button(key="home-play-hamsterbacke").disabled
    assert not at.button(key="home-play-hamstern").disabled
    assert not at.button(key="home-play-biber_gang").disabled


def test_language_switch_reaches_every_page(db):
    at = open_app()
    at.segmented_control(key="lang_switch").set_value("de").run()
    assert "Letzte Spiele" in texts(at)
    assert at.query_params["lang"] == "de"
    switch_page(at, HAMSTERN_PAGE).run()
    assert "Hamstern: neues Spiel" in texts(at)
    assert at.segmented_control(key="lang_switch").value == "de"  # on every page, not in a sidebar
    at.switch_page(SCORE_PAGE).run()
    assert "fertiges Blatt" in texts(at)
    at.switch_page(PRINT_PAGE).run()
    assert "Blätter drucken" in texts(at)
    assert not at.sidebar.segmented_control


def test_print_page_offers_the_pdf(db):
    at = open_app(PRINT_PAGE)
    assert not at.exception
    downloads = at.get("download_button")
    assert downloads
