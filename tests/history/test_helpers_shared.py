"""The history's and the replay page's tests save their games with one loop (tests/helpers.play_saved):
the same seed and setup save the same actions through either, and a replay's test may stop part way."""

from __future__ import annotations

from tests.history.helpers import play_to_end
from tests.replays.helpers import saved_game, setup_for


def actions(store, game_id: str) -> list[str]:
    with store._connect() as db:
        return [row[0] for row in db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY number",
                                             (game_id,))]


def test_both_helpers_save_a_seeded_game_alike(db):
    for name in ("moemmen", "hamsterbacke"):  # the first with the simulation's policy that makes it end
        mine = play_to_end(db, name, setup_for(name, 3), 5)
        theirs = saved_game(db, name, seed=5)
        assert actions(db, mine) == actions(db, theirs) and db.load(mine).state.is_over()
    part_way = saved_game(db, "biber_gang", actions=7)
    assert len(actions(db, part_way)) == 7 and not db.load(part_way).state.is_over()
