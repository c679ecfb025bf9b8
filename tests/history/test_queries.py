"""The History page's figures, counted by hand on a small made-up history of score checks."""

from __future__ import annotations

import pytest

from assistant import history
from assistant.history import Duel, HistoryError
from assistant.store import Store
from tests.history.helpers import check_at


def ids(store) -> dict[str, int]:
    return {person.name: person.id for person in history.people(store)}


@pytest.fixture
def store(tmp_path) -> Store:
    """Ann's games by time: won, lost, won (shared first place), won, lost, won.

    Biber Gang (the lowest wins):  t1 Ann 10 (1st), Bo 20, Cy 30;  t2 Ann 25, Bo 16 (1st);
                                   t3 Ann 5 and Bo 5 (both 1st), Cy 40.
    Hamstern:  t4 side A Ann 30 (1st), Bo 20;  t5 side B Ann 18, Bo 22 (1st);  t6 side A Ann 26 (1st), Cy 10.
    """
    store = Store(tmp_path / "games.sqlite3")
    check_at(store, "biber_gang", 1.0, [("Ann", 10, 1, True), ("Bo", 20, 2, False), ("Cy", 30, 3, False)])
    check_at(store, "biber_gang", 2.0, [("Ann", 25, 2, False), ("Bo", 16, 1, True)])
    check_at(store, "biber_gang", 3.0, [("Ann", 5, 1, True), ("Bo", 5, 1, True), ("Cy", 40, 3, False)])
    check_at(store, "hamstern", 4.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)], variant="A")
    check_at(store, "hamstern", 5.0, [("Ann", 18, 2, False), ("Bo", 22, 1, True)], variant="B")
    check_at(store, "hamstern", 6.0, [("Ann", 26, 1, True), ("Cy", 10, 2, False)], variant="A")
    return store


def test_a_players_figures_per_game_per_side_and_in_all(store):
    stats = history.player_stats(store, ids(store)["Ann"])
    assert (stats.person.name, stats.games, stats.wins) == ("Ann", 6, 4)
    assert stats.win_rate == pytest.approx(4 / 6)
    assert (stats.current_streak, stats.longest_streak) == (1, 2)
    biber = stats.per_game["biber_gang"]
    assert (biber.games, biber.wins, biber.best) == (3, 2, 5)  # the lowest is the best
    assert biber.average == pytest.approx(40 / 3)
    assert biber.win_rate == pytest.approx(2 / 3)
    hamstern = stats.per_game["hamstern"]
    assert (hamstern.variant, hamstern.games, hamstern.wins, hamstern.best) == (None, 3, 2, 30)
    assert hamstern.average == pytest.approx(74 / 3)
    side_a, side_b = stats.per_variant["hamstern", "A"], stats.per_variant["hamstern", "B"]
    assert (side_a.games, side_a.wins, side_a.average, side_a.best, side_a.win_rate) == (2, 2, 28, 30, 1.0)
    assert (side_b.games, side_b.wins, side_b.average, side_b.best, side_b.win_rate) == (1, 0, 18, 18, 0.0)
    assert set(stats.per_variant) == {("hamstern", "A"), ("hamstern", "B")}


def test_streaks_count_the_latest_games_won_in_a_row(store):
    bo = history.player_stats(store, ids(store)["Bo"])  # lost, won, won, lost, won
    assert (bo.games, bo.wins, bo.current_streak, bo.longest_streak) == (5, 3, 1, 2)
    cy = history.player_stats(store, ids(store)["Cy"])
    assert (cy.games, cy.wins, cy.current_streak, cy.longest_streak, cy.win_rate) == (3, 0, 0, 0, 0.0)
    check_at(store, "moemmen", 7.0, [("Cy", 40, 1, True), ("Ann", 20, 2, False)])
    check_at(store, "moemmen", 8.0, [("Cy", 40, 1, True), ("Ann", 20, 2, False)])
    cy = history.player_stats(store, ids(store)["Cy"])
    assert (cy.current_streak, cy.longest_streak) == (2, 2)
    assert history.player_stats(store, ids(store)["Ann"]).current_streak == 0


def test_a_game_played_alone_is_a_score_not_a_win(store):
    """Hamstern's solo sheet has nobody to beat: it counts as a game with its score, neither as a win nor in
    a win rate, and it neither adds to a streak nor breaks it."""
    check_at(store, "hamstern", 7.0, [("Ann", 41, 1, True)], variant="A")  # a check with one name
    stats = history.player_stats(store, ids(store)["Ann"])
    assert (stats.games, stats.wins, stats.win_rate) == (7, 4, pytest.approx(4 / 6))
    assert (stats.current_streak, stats.longest_streak) == (1, 2)
    hamstern = stats.per_game["hamstern"]
    assert (hamstern.games, hamstern.wins, hamstern.win_rate, hamstern.best) == (4, 2, pytest.approx(2 / 3), 41)
    leader = history.leaderboard(store, "hamstern")[0]
    assert (leader.name, leader.games, leader.wins, leader.win_rate) == ("Ann", 4, 2, pytest.approx(2 / 3))


def test_head_to_head_counts_who_placed_better_per_game(store):
    people = ids(store)
    duel = history.head_to_head(store, people["Ann"], people["Bo"])
    assert duel.per_game == {"biber_gang": Duel(3, 1, 1, 1), "hamstern": Duel(2, 1, 1, 0)}
    assert (duel.games, duel.a_ahead, duel.b_ahead, duel.tied) == (5, 2, 2, 1)
    turned = history.head_to_head(store, people["Bo"], people["Ann"])
    assert (turned.a_ahead, turned.b_ahead) == (2, 2) and turned.per_game["hamstern"] == Duel(2, 1, 1, 0)
    cy = history.head_to_head(store, people["Cy"], people["Ann"])
    assert cy.per_game == {"biber_gang": Duel(2, 0, 2, 0), "hamstern": Duel(1, 0, 1, 0)}
    assert history.head_to_head(store, people["Ann"], people["Ann"]).games == 0


def test_the_leaderboard_orders_by_wins_then_win_rate_then_average(store):
    board = history.leaderboard(store, "biber_gang")
    # Ann and Bo both won 2 of 3; Ann's average (13.3) is lower than Bo's (13.7): lower is better here.
    assert [(s.name, s.games, s.wins, s.best) for s in board] == [("Ann", 3, 2, 5), ("Bo", 3, 2, 5), ("Cy", 2, 0, 30)]
    assert board[1].average == pytest.approx(41 / 3)
    # Dee won her only game: one win as Bo, in one game (Bo: one of two), so Dee is ahead of Bo.
    check_at(store, "hamstern", 9.0, [("Dee", 12, 1, True), ("Cy", 11, 2, False)], variant="B")
    board = history.leaderboard(store, "hamstern")
    assert [(s.name, s.wins, s.games) for s in board] == [("Ann", 2, 3), ("Dee", 1, 1), ("Bo", 1, 2), ("Cy", 0, 2)]
    # Side B: Bo and Dee won their one game each; Bo's 22 beats Dee's 12. Ann's 18 beats Cy's 11.
    assert [s.name for s in history.leaderboard(store, "hamstern", "B")] == ["Bo", "Dee", "Ann", "Cy"]
    assert [s.name for s in history.leaderboard(store, "hamstern", min_games=3)] == ["Ann"]
    assert history.leaderboard(store, "moemmen") == []


def test_among_equals_the_higher_average_leads_where_the_highest_score_wins(store):
    check_at(store, "hamsterbacke", 10.0, [("Ann", 8, 1, True), ("Bo", 7, 2, False)])
    check_at(store, "hamsterbacke", 11.0, [("Bo", 12, 1, True), ("Ann", 7, 2, False)])
    assert [s.name for s in history.leaderboard(store, "hamsterbacke")] == ["Bo", "Ann"]


def test_score_series_in_order_of_time(store):
    ann = ids(store)["Ann"]
    assert history.score_series(store, ann, "hamstern") == [(4.0, 30), (5.0, 18), (6.0, 26)]
    assert history.score_series(store, ann, "hamstern", "A") == [(4.0, 30), (6.0, 26)]
    assert history.score_series(store, ann, "moemmen") == []


def test_recent_games_newest_first_with_their_players_in_order_of_place(store):
    recent = history.recent_games(store, limit=2)
    assert [(g.game, g.played, g.variant, g.source) for g in recent] == [
        ("hamstern", 6.0, "A", "check"), ("hamstern", 5.0, "B", "check")]
    assert [(p.name, p.score, p.place, p.won, p.seat) for p in recent[1].players] == [
        ("Bo", 22, 1, True, 1), ("Ann", 18, 2, False, 0)]
    biber = history.recent_games(store, game="biber_gang")
    assert [g.played for g in biber] == [3.0, 2.0, 1.0]
    assert [p.name for p in biber[0].players] == ["Ann", "Bo", "Cy"]
    assert len(history.recent_games(store)) == 6


def test_rename_keeps_the_results_and_refuses_a_name_taken(store):
    people = ids(store)
    history.rename(store, people["Ann"], "  Annie  ")
    history.rename(store, people["Ann"], "ANNIE")  # the same person in other letters
    assert history.person(store, people["Ann"]).name == "ANNIE"
    assert history.player_stats(store, people["Ann"]).games == 6
    for name, key in ((" bo ", "history.rename.taken"), ("   ", "history.rename.blank"),
                      ("x" * 21, "history.rename.too_long")):
        with pytest.raises(HistoryError) as refused:
            history.rename(store, people["Ann"], name)
        assert refused.value.key == key and isinstance(refused.value, ValueError)
    with pytest.raises(HistoryError, match="history.unknown_player"):
        history.rename(store, 999, "Zed")
    assert history.person(store, people["Ann"]).name == "ANNIE"


def test_a_bot_keeps_its_level_as_its_name(tmp_path):
    from tests.history.helpers import play_to_end, setup_for

    store = Store(tmp_path / "bots.sqlite3")
    play_to_end(store, "biber_gang", setup_for("biber_gang", ["Ann", "B", "C"], ["human", "hard", "hard"]), 1)
    bot = next(person for person in history.people(store) if person.bot_level)
    with pytest.raises(HistoryError, match="history.rename.bot"):
        history.rename(store, bot.id, "Robo")
    with pytest.raises(HistoryError, match="history.merge.bot"):
        history.merge(store, ids(store)["Ann"], bot.id)


def test_merge_gives_gone_players_results_to_the_one_kept(store):
    people = ids(store)
    history.merge(store, people["Ann"], people["Cy"])
    assert "Cy" not in ids(store)
    ann = history.player_stats(store, people["Ann"])
    # Cy sat only in games Ann played too: still 6 games, both rows kept (the games where both sat count once).
    assert (ann.games, ann.wins) == (6, 4)
    assert len(history.score_series(store, people["Ann"], "biber_gang")) == 5
    assert [p.name for p in history.recent_games(store, game="biber_gang")[0].players] == ["Ann", "Bo", "Ann"]
    with pytest.raises(HistoryError, match="history.merge.same"):
        history.merge(store, people["Ann"], people["Ann"])
    with pytest.raises(HistoryError, match="history.unknown_player"):
        history.merge(store, people["Ann"], people["Cy"])
