"""The History page (assistant/ui/pages/history.py) over a seeded store: recent games and their winners,
a player's figures as the data layer counts them, renaming and merging, head to head, the leaderboard,
the files; names shown as text; score checks counted once complete; a chart on every end screen; and
nobody but the table reaches the page."""

from __future__ import annotations

import gzip
import html
import json
import time

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.util import calc_hash

from assistant import history
from assistant.games import GAME_NAMES
from assistant.ui import access
from tests.components import APP, SC, SCORE_PAGE, decide, open_app, switch_page, texts, top_links
from tests.history.helpers import check_at, play_to_end, setup_for, table_rows

PAGE = "assistant/ui/pages/history.py"
ODD = "**Ann** <b>x</b>"  # a name that is Markdown and HTML: shown as typed, everywhere
NAMES = [ODD, "Bo", "Cy"]
TITLES = {"hamstern": "Hamstern", "hamsterdam": "Hamsterdam", "biber_gang": "Biber Gang",
          "hamsterbacke": "Hamsterbacke", "moemmen": "Mömmen"}


def seed(db) -> dict[str, str]:
    """A game of each kind played to its end (the third seat a hard bot where the game has bots), and two
    older Hamstern games counted in Score check: the ids of the games played here."""
    day = 24 * 3600
    check_at(db, "hamstern", time.time() - 3 * day, [(ODD, 30, 2, False), ("bo", 41, 1, True)], variant="A")
    check_at(db, "hamstern", time.time() - 2 * day, [(ODD, 44, 1, True), (" Cy ", 20, 2, False)], variant="B")
    ids = {}
    for seed_, name in enumerate(GAME_NAMES, start=1):
        bots = None if name == "hamstern" else ["human", "human", "hard"]
        options = {"rounds": 3} if name == "biber_gang" else None
        ids[name] = play_to_end(db, name, setup_for(name, NAMES, bots), seed_, options=options)
    return ids


def tables(at) -> str:
    """The History page's tables (HTML of our own) as the browser shows their text."""
    return "\n".join(html.unescape(e.proto.body) for e in at.get("html") if "ht-history-table" in e.proto.body)


def chart_names(at) -> set[str]:
    """The names of the lines of the page's one chart (Streamlit sends the chart's rows as Arrow tables)."""
    import pyarrow

    [chart] = at.get("vega_lite_chart")
    blobs = [chart.proto.data.data] + [named.data.data for named in chart.proto.datasets]
    names = set()
    for blob in blobs:
        if blob:
            names |= set(pyarrow.ipc.open_stream(blob).read_all().to_pydict().get("name", []))
    spec = json.loads(chart.proto.spec)  # a layered chart keeps its rows in the spec
    rows = [row for values in spec.get("datasets", {}).values() for row in values]
    rows += [row for layer in spec.get("layer", []) for row in layer.get("data", {}).get("values", [])]
    return names | {row["name"] for row in rows if "name" in row}


def part(at, name: str) -> AppTest:
    at.segmented_control(key="hi_part").set_value(name).run()
    assert not at.exception, at.exception
    return at


def person(db, name: str) -> history.Person:
    """The person of a typed name (case and outer spaces ignored: "bo" was typed first, then "Bo")."""
    return next(p for p in history.people(db) if p.key == name.strip().casefold())


def open_player(at, db, name: str) -> AppTest:
    part(at, "players").pills(key="hi_player").set_value(person(db, name).id).run()
    assert not at.exception, at.exception
    return at


# --- what the page shows --------------------------------------------------------------------------
def test_recent_games_list_every_game_with_its_winners_and_filter_by_game(db):
    seed(db)
    at = open_app(PAGE)
    shown = tables(at)
    for game in history.recent_games(db):
        row = shown.split(TITLES[game.game], 1)[1].split("</tr>", 1)[0]
        winners = {p.name if p.bot_level is None else "hard bot" for p in game.players if p.won}
        assert winners and all(name in row for name in winners), (game.game, row)
    assert "Hamstern · side B" in shown and "score check" in shown and "played here" in shown
    assert "<b>x</b>" not in shown.replace(html.unescape("&lt;b&gt;x&lt;/b&gt;"), "")  # escaped in the HTML
    assert "&lt;b&gt;x&lt;/b&gt;" in "".join(e.proto.body for e in at.get("html"))
    at.segmented_control(key="hi_recent_game").set_value("hamstern").run()
    shown = tables(at)
    assert shown.count("Hamstern") == 3 and "Mömmen" not in shown


def test_a_players_figures_are_the_data_layers(db):
    seed(db)
    at = open_player(open_app(PAGE), db, ODD)
    stats = history.player_stats(db, person(db, ODD).id)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics == {"Games": str(stats.games), "Wins": str(stats.wins),
                       "Win rate": f"{round(stats.win_rate * 100)} %", "Wins in a row now": str(stats.current_streak),
                       "Most wins in a row": str(stats.longest_streak)}
    shown = tables(at)
    for side in "AB":  # Hamstern a row per side, with its figures
        figures = stats.per_variant[("hamstern", side)]
        row = shown.split(f"Hamstern · side {side}", 1)[1].split("</tr>", 1)[0]
        assert f">{figures.games}<" in row and f">{int(figures.best)}<" in row
    assert "Biber Gang" in shown and "Mömmen" in shown
    assert at.subheader[0].value == "\\*\\*Ann\\*\\* \\<b\\>x\\<\\/b\\>"  # Markdown that shows the name as typed
    assert chart_names(at) == {"Side A", "Side B"}  # Hamstern over time: a line per side


def test_rename_and_merge_through_the_page(db):
    seed(db)
    at = open_player(open_app(PAGE), db, "Bo")
    bo = person(db, "Bo").id
    at.text_input(key=f"hi_new_name_{bo}").set_value("Cy").run()
    at.button(key="hi-rename").click().run()  # another person's name: refused, one line, nothing changed
    assert [e.value for e in at.error] == ["Another player has this name already. To make the two one player, "
                                          "merge them."]
    assert person(db, "Bo").id == bo
    at.text_input(key=f"hi_new_name_{bo}").set_value("  Bob ").run()
    at.button(key="hi-rename").click().run()
    assert not at.error and person(db, "bob").name == "Bob" and "Renamed to Bob." in texts(at)
    games_before = history.player_stats(db, bo).games + history.player_stats(db, person(db, "Cy").id).games
    cy = person(db, "Cy").id
    at.pills(key=f"hi_merge_{bo}").set_value(cy).run()
    assert "Merge Cy into Bob?" in texts(at)  # asked first ("Cy" as first typed); nothing merged yet
    assert person(db, "Cy").id == cy
    at.button(key="hi-merge").click().run()
    assert not at.exception and "cy" not in {p.key for p in history.people(db)}
    assert history.player_stats(db, bo).games == games_before - 1  # they sat together in one game: it counts once
    assert "Cy is merged." in texts(at)


def test_head_to_head_and_the_leaderboard_are_the_data_layers(db):
    seed(db)
    at = part(open_app(PAGE), "duel")
    a, b = person(db, ODD).id, person(db, "Bo").id
    at.pills(key="hi_a").set_value(a).run()
    at.pills(key="hi_b").set_value(b).run()
    duel = history.head_to_head(db, a, b)
    assert [m.value for m in at.metric] == [str(duel.a_ahead), str(duel.tied), str(duel.b_ahead)]
    assert at.metric[0].label == "\\*\\*Ann\\*\\* \\<b\\>x\\<\\/b\\> ahead"  # Markdown showing it as typed
    assert f"{ODD} ahead" in tables(at)
    part(at, "leaders").segmented_control(key="hi_board_game").set_value("hamsterdam").run()
    board = history.leaderboard(db, "hamsterdam")
    rows = tables(at).split("<tbody>", 1)[1].split("</tr>")[:-1]
    expected = [s.name if s.bot_level is None else "hard bot" for s in board]
    assert [next(name for name in expected if f">{name}<" in row) for row in rows] == expected
    assert "lowest average" in texts(at)


def test_the_files_downloads_and_a_refused_restore_changes_nothing(db):
    seed(db)
    at = part(open_app(PAGE), "files")
    labels = [button.label for button in at.get("download_button")]
    assert labels == ["Spreadsheet (CSV)", "Backup file"]
    before = table_rows(db)
    for name, content in [("notes.txt", b"hello"), ("backup.json.gz", gzip.compress(b'{"format": "other"}')),
                          ("cut.json.gz", history.backup(db)[:200])]:
        at.file_uploader[0].upload(name, content).run()
        at.button(key="hi-restore").click().run()
        assert not at.exception and len(at.error) == 1 and "nothing was restored" in at.error[0].value, name
        assert table_rows(db) == before


def test_a_backup_restores_on_a_fresh_install_with_a_report(db, tmp_path, monkeypatch):
    seed(db)
    data = history.backup(db)
    fresh = tmp_path / "fresh.sqlite3"
    monkeypatch.setenv("HAMSTER_TABLE_DB", str(fresh))
    at = part(open_app(PAGE), "files")
    at.file_uploader[0].upload("backup.json.gz", data, "application/gzip").run()
    at.button(key="hi-restore").click().run()
    assert not at.error and at.success[0].value.startswith("Restored: 5 games, 2 score checks")
    part(at, "recent")
    assert tables(at).count("<tr>") == 8  # the header and seven games


def test_the_page_in_german(db):
    seed(db)
    at = open_app(PAGE, lang="de")
    assert at.title[0].value == "Chronik" and "Seite B" in tables(at) and "starker Bot" in tables(at)
    # AppTest formats a choice with the page's format function outside the page's run, in English: the part
    # is chosen in the address instead (?part=, as a reload keeps it).
    at = open_app(PAGE, lang="de", part="files")
    assert [button.label for button in at.get("download_button")] == ["Tabelle (CSV)", "Sicherungsdatei"]


def test_an_empty_history_says_so(db):
    at = open_app(PAGE)
    assert "No game has ended yet" in at.info[0].value
    assert "Nobody has played" in part(at, "players").info[0].value


# --- score checks count -------------------------------------------------------------------------------
def complete_by_hand(db, game: str) -> tuple[str, AppTest]:
    """A score check of ``game`` one entry short of complete, opened on its page, and that entry made."""
    names = ["Ann", "Bo", "", "", "", ""]
    if game == "hamstern":
        data = {"side": "B", "count": 2, "names": names, "crossed": {"B": [[[4, 6]], []]}}
    elif game == "biber_gang":
        entries = [[{"direct": True, "points": 10 + r}, {"direct": True, "points": 12}] for r in range(5)]
        entries[4][1] = {"direct": True, "points": None}
        data = {"count": 2, "names": names, "round": 5, "entries": entries}
    elif game == "hamsterdam":
        data = {"count": 2, "names": names, "counts": [{"flood_pile": 5, "dam_tokens": 2, "hamsters": 10},
                                                       {"flood_pile": 4, "dam_tokens": 1, "hamsters": 9}]}
    elif game == "hamsterbacke":
        data = {"count": 3, "names": names + ["Cy"], "counts": [{"score_pile": 20, "hand": 3, "blocking": 0},
                                                               {"score_pile": 15, "hand": 2, "blocking": 1},
                                                               {"score_pile": 4, "hand": 1, "blocking": 0}]}
        data["names"] = ["Ann", "Bo", "Cy", "", "", ""]
    else:
        data = {"count": 2, "names": names, "hands": [["red+1", "red+2", "red+3", "red+4", "red+1"],
                                                      ["blue+1", "blue+2", "green+3", "yellow-2", "tim", "benny"]]}
    check_id = db.create_check(game, data)
    at = open_app(SCORE_PAGE, check=check_id)
    assert not history.recent_games(db)  # not complete: not counted
    if game == "hamstern":
        at.segmented_control(key="sc_player").set_value(1).run()
        decide(at, SC, "toggle", ["4-7"])
    elif game == "biber_gang":
        at.button(key="bk-pts-1-p10").click().run()
    elif game == "hamsterdam":
        at.button(key="hd-sc-flood_pile-1-more").click().run()
    elif game == "hamsterbacke":
        at.number_input(key="hb_sc_score_pile_2").set_value(5).run()
    else:
        decide(at, "mm-check", "tap", ["cred+2"])
    assert not at.exception, at.exception
    return check_id, at


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_score_check_completed_on_its_page_counts_in_the_history(db, game):
    check_id, at = complete_by_hand(db, game)
    [played] = history.recent_games(db)
    assert (played.source, played.source_id, played.game) == ("check", check_id, game)
    assert {p.name for p in played.players} == ({"Ann", "Bo", "Cy"} if game == "hamsterbacke" else {"Ann", "Bo"})
    assert played.variant == ("B" if game == "hamstern" else None)
    assert sum(p.won for p in played.players) >= 1
    if game == "hamstern":  # no longer complete: no longer counted
        at.button(key="sc_clear").click().run()
        assert history.recent_games(db) == []


# --- the end screens' charts ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_end_screen_shows_its_chart(db, game):
    ids = seed(db)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["game"] = ids[game]
    at.run()
    switch_page(at, game.replace("_", "-")).run()
    assert not at.exception, at.exception
    assert ODD in chart_names(at)  # the name as data: Vega writes it as text


# --- who reaches the page ---------------------------------------------------------------------------
def test_only_the_table_reaches_the_history(db, monkeypatch):
    ids = seed(db)
    home = open_app()
    assert "history" in [link["name"] for link in top_links(home)]
    monkeypatch.setattr(access, "connection_is_local", lambda: False)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at._page_hash = calc_hash("history")
    at.run()
    assert not at.exception and at.title[0].value == "Join the table" and not top_links(at)
    assert ODD not in texts(at)
    token = db.seat_links(ids["moemmen"], [0, 1])[1].token
    seat = open_app("assistant/ui/pages/seat.py", t=token)
    assert not seat.get("page_link") and not top_links(seat)  # a phone's page links to no other page
