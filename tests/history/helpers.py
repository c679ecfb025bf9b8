"""Games played to their end through the store, as the app saves them, for the history's tests and bench."""

from __future__ import annotations

from assistant.games import get_game
from tests.helpers import play_saved

# A quick setup per game (Biber Gang one round, Mömmen to 30 points); tests/helpers.play_saved plays it.
QUICK = {
    "hamstern": (3, {"side": "A"}),
    "hamsterdam": (3, {"mode": "classic"}),
    "biber_gang": (3, {"rounds": 1}),
    "hamsterbacke": (3, {}),
    "moemmen": (3, {"target": 30}),
}


def play_to_end(store, name: str, setup: dict, seed: int, num_players: int | None = None,
                options: dict | None = None) -> str:
    """A seeded game of ``name`` saved under ``setup`` and played to its end action by action, each
    saved as the app saves it (the last with the final scores): the game's id."""
    players, quick = QUICK[name]
    state = get_game(name).new_state(num_players or players, seed=seed, **(quick if options is None else options))
    return play_saved(store, state, setup, seed)


def setup_for(name: str, names: list[str], bots: list[str] | None = None) -> dict:
    """The setup the app saves: Hamstern has no computer opponents in its setup."""
    if name == "hamstern":
        return {"names": names, "dice": "app"}
    bots = bots or ["human"] * len(names)
    return {"names": names, "bots": bots, "mode": "together", "speed": "quick"}


TABLES = ("games", "actions", "marks", "pending", "score_checks", "people", "aliases", "results", "seat_links",
          "table_keys")


def table_rows(store) -> dict[str, list[tuple]]:
    """Every row of every table the history or a restore writes, in a fixed order: two stores hold the
    same when these are equal, and a refused restore leaves them as they were."""
    with store._connect() as db:
        return {table: sorted(db.execute(f"SELECT * FROM {table}").fetchall(), key=repr) for table in TABLES}


def results(store, source_id: str) -> list[tuple]:
    """(seat, person's name, bot level, score, place, won, variant) of one game or check, by seat."""
    with store._connect() as db:
        return db.execute("SELECT r.seat, p.name, p.bot_level, r.score, r.place, r.won, r.variant FROM results r"
                          " JOIN people p ON p.id = r.person_id WHERE r.source_id = ? ORDER BY r.seat",
                          (source_id,)).fetchall()


def check_at(store, game: str, played: float, players: list[tuple], variant: str | None = None) -> str:
    """A score check of ``game`` started at ``played``, complete: ``players`` as (name, score, place, won)."""
    check_id = store.create_check(game, {"names": [p[0] for p in players]})
    with store._connect() as db:
        db.execute("UPDATE score_checks SET created = ?, updated = ? WHERE id = ?", (played, played, check_id))
    store.record_check_result(check_id, game, [{"name": name, "score": score, "place": place, "won": won}
                                               for name, score, place, won in players], variant=variant)
    return check_id
