"""Variants beyond a game's choices (Hamstern's caves, a code each) in the history's figures: one row and one
line of scores for every cave together beside sides A and B (history.OTHER_VARIANTS), while the leaderboard
can still ask for one cave, and the caves played here are listed, the latest first."""

from __future__ import annotations

from assistant import history
from tests.history.helpers import check_at


def test_a_players_caves_are_counted_together_beside_the_sides(db):
    check_at(db, "hamstern", 1.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)], variant="A")
    check_at(db, "hamstern", 2.0, [("Ann", 40, 2, False), ("Bo", 44, 1, True)], variant="BAKO-MIRU")
    check_at(db, "hamstern", 3.0, [("Ann", 50, 1, True), ("Bo", 10, 2, False)], variant="2026-11-27")
    check_at(db, "hamstern", 4.0, [("Ann", 20, 1, True)], variant="BAKO-MIRU")  # alone: a score, not a win
    check_at(db, "moemmen", 5.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)])
    ann = next(p.id for p in history.people(db) if p.name == "Ann")
    stats = history.player_stats(db, ann)
    assert set(stats.per_variant) == {("hamstern", "A"), ("hamstern", history.OTHER_VARIANTS)}
    caves = stats.per_variant["hamstern", history.OTHER_VARIANTS]
    assert (caves.games, caves.wins, caves.with_others, caves.average, caves.best) == (3, 1, 2, 110 / 3, 50)
    assert caves.win_rate == 0.5
    assert stats.per_game["hamstern"].games == 4  # the sides and the caves, together
    assert history.score_series(db, ann, "hamstern", history.OTHER_VARIANTS) == [(2.0, 40), (3.0, 50), (4.0, 20)]
    assert history.score_series(db, ann, "hamstern", "BAKO-MIRU") == [(2.0, 40), (4.0, 20)]
    assert history.score_series(db, ann, "hamstern", "A") == [(1.0, 30)]
    assert history.score_series(db, ann, "moemmen", history.OTHER_VARIANTS) == []


def test_the_variants_played_here_are_listed_the_latest_first(db):
    assert history.variants_played(db, "hamstern") == []
    for played, variant in [(1.0, "BAKO-MIRU"), (2.0, "A"), (3.0, "2026-11-27"), (4.0, "BAKO-MIRU")]:
        check_at(db, "hamstern", played, [("Ann", 30, 1, True), ("Bo", 20, 2, False)], variant=variant)
    check_at(db, "moemmen", 5.0, [("Ann", 30, 1, True), ("Bo", 20, 2, False)])
    assert history.variants_played(db, "hamstern") == ["BAKO-MIRU", "2026-11-27", "A"]
    assert history.variants_played(db, "moemmen") == []
    ann = next(p.id for p in history.people(db) if p.name == "Ann")
    assert [s.games for s in history.leaderboard(db, "hamstern", "BAKO-MIRU") if s.person_id == ann] == [2]
