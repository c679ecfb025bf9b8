"""Game records as files: one JSON file holds a whole game, to keep it or to replay it on another table.

    {"format": "hamster-table-game", "version": 1,
     "game": "hamsterdam", "num_players": 4, "options": {...}, "seed": 3, "actions": [...],
     "setup": {"names": [...], "bots": [...], ...}, "exported": "2026-11-27T07:38:40+00:00"}

A file to import comes from anywhere: it is checked completely before anything is written (its size,
its text, its format, its game, every action replayed by the engine, the setup as the store checks it),
and anything wrong refuses it with one ``ImportRefused`` whose key the page translates into one line.
Only what the app's own setup screens could have made is taken: their options, their seating, their
dice, names without control characters. A game imported is marked ``"origin": "imported"``: it was not
played here, so it counts neither in the best scores nor in the history (assistant/store.py).
"""

from __future__ import annotations

import json
import unicodedata
from datetime import UTC, datetime
from typing import Any

from assistant.errors import IllegalAction
from assistant.games import get_game, is_built
from assistant.games.base import State
from assistant.games.registry import game_info
from assistant.i18n import t
from assistant.store import _checked_setup

FORMAT = "hamster-table-game"
VERSION = 1
MAX_BYTES = 5 * 1024 * 1024  # a 4-player Hamsterdam game of 332 actions is 20 kB
NAME_LENGTH = 20  # as the seating form lets names be typed (assistant/ui/seats.py)
# What the app keeps in a game's setup (assistant/ui/seats.py, assistant/ui/hamstern/setup.py): anything
# else a file holds is left out, so that nothing unknown reaches the store.
SETUP_KEYS = ("names", "bots", "mode", "speed", "dice", "auto_roll", "coach")
# The values the app's setup screens offer (assistant/ui/seats.py MODES, assistant/ui/widgets.py BOT_SPEEDS,
# the dice games' "app" or "real"; tests/replays check they are the same). Who sits where, alone or
# together and how fast the computer opponents play belong to the games seated that way (setup_has_bots);
# the dice to the games with dice.
OFFERED_SETUP = {"mode": ("alone", "together"), "speed": ("quick", "normal"), "dice": ("app", "real")}
SEATING_KEYS = ("bots", "mode", "speed")
# Characters no name typed at a table needs and a forged one uses: controls (NUL, a line break), format
# characters (U+202E turns the text after it around), lone surrogates, line and paragraph separators.
# The two joiners stay: emoji and some scripts are written with them.
HIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")
JOINERS = ("\u200c", "\u200d")
SQLITE_INTEGERS = range(-2**63, 2**63)  # a seed the store can keep


class ImportRefused(ValueError):
    """A file that is no game record this app can import; nothing was written.

    ``key`` names the reason in the catalogues (assistant/locales/replays), ``params`` fill it in."""

    def __init__(self, key: str, **params):
        self.key = f"replays.import.{key}"
        self.params = params
        super().__init__(t(self.key, "en", **params))

    def message(self, lang: str = "en") -> str:
        return t(self.key, lang, **self.params)


def record_file(record: dict[str, Any], setup: dict[str, Any] | None) -> str:
    """A game's record and setup as the text of a game record file."""
    exported = datetime.now(UTC).isoformat(timespec="seconds")
    data = {"format": FORMAT, "version": VERSION, **record, "setup": setup or {}, "exported": exported}
    # One field a line and one action a line: a person opening the file can read it and find a move.
    fields = []
    for key, value in data.items():
        if key == "actions" and value:
            value = "[\n  " + ",\n  ".join(map(_json, value)) + "\n ]"
        else:
            value = _json(value)
        fields.append(f"{_json(key)}: {value}")
    return "{\n " + ",\n ".join(fields) + "\n}\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def import_record(store, text: str | bytes) -> str:
    """Check a game record file completely, then save it as a new game: its id. ImportRefused for
    anything wrong, with nothing written."""
    state, setup = read_record(text)
    return save_as_new(store, state, {**setup, "origin": "imported"})


def read_record(text: Any) -> tuple[State, dict[str, Any]]:
    """The game a record file holds, replayed, and its setup; ImportRefused for anything wrong."""
    data = _parsed(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused("foreign")
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        if type(version) is int and version > VERSION:
            raise ImportRefused("newer", version=version)
        raise ImportRefused("foreign")
    name = data.get("game")
    if not isinstance(name, str) or not is_built(name):
        raise ImportRefused("unknown_game")
    game = get_game(name)
    players = data.get("num_players")
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise ImportRefused("players")
    seed, options, actions = data.get("seed"), data.get("options"), data.get("actions")
    if type(seed) is not int or seed not in SQLITE_INTEGERS or not isinstance(options, dict) \
            or not isinstance(actions, list):
        raise ImportRefused("damaged")
    setup = _setup(name, players, data.get("setup"))
    try:
        state = game.from_record({"game": name, "num_players": players, "options": options, "seed": seed,
                                  "actions": []})
    except ValueError:  # an unknown option, or a value it may not take
        raise ImportRefused("damaged") from None
    for option in game_info(name).options:  # a value the engine takes, but no setup screen offers
        if option.offered is not None and state.options[option.name] not in option.offered:
            raise ImportRefused("not_offered")
    # Where the app rolls, its roll is the only one (Hamstern's ruling H4): a file may not enter another, or
    # the solo games' best scores would rest on rolls chosen by hand.
    apps_dice = setup.get("dice") != "real"
    for number, action_data in enumerate(actions, start=1):
        try:
            action = game.action_from_data(action_data)
        except (ValueError, RecursionError):
            raise ImportRefused("damaged") from None
        if apps_dice and state.is_chance_node() and action != state.chance_outcome():
            raise ImportRefused("illegal", number=number)
        try:
            state.apply(action)
        except IllegalAction:
            raise ImportRefused("illegal", number=number) from None
    return state, setup


def _parsed(text: Any) -> Any:
    if not isinstance(text, str | bytes | bytearray):
        raise ImportRefused("not_json")
    if len(text) > MAX_BYTES or (isinstance(text, str) and len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES):
        raise ImportRefused("too_big", limit=MAX_BYTES // (1024 * 1024))
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ImportRefused("not_json") from None
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors write, is no reason
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, a number too long, nested too deeply
        raise ImportRefused("not_json") from None


def _setup(game: str, players: int, setup: Any) -> dict[str, Any]:
    """The app's setup in a file, as the store would read it back; ImportRefused("bad_setup") else."""
    if not isinstance(setup, dict):
        raise ImportRefused("bad_setup")
    setup = {key: setup[key] for key in SETUP_KEYS if key in setup}
    names, bots = setup.get("names"), setup.get("bots")
    if not (isinstance(names, list) and all(isinstance(name, str) and name.strip() and len(name) <= NAME_LENGTH
                                            for name in names)):
        raise ImportRefused("bad_setup")
    if bots is not None and not (isinstance(bots, list) and all(isinstance(bot, str) for bot in bots)):
        raise ImportRefused("bad_setup")
    if type(setup.get("auto_roll", False)) is not bool or type(setup.get("coach", False)) is not bool:
        raise ImportRefused("bad_setup")
    if any(_hidden(name) for name in names):
        raise ImportRefused("bad_name")
    info = game_info(game)
    if not info.setup_has_bots and any(key in setup for key in SEATING_KEYS):
        raise ImportRefused("bad_setup")  # Hamstern: nobody but people, and no computer opponents to pace
    if info.kind == "cards" and "dice" in setup:
        raise ImportRefused("bad_setup")  # no dice: the cards are always the app's deals
    if any(key in setup and setup[key] not in offered for key, offered in OFFERED_SETUP.items()):
        raise ImportRefused("bad_setup")
    if players == 1 and setup.get("dice") == "real":
        # Alone the app always rolls (assistant/ui/hamstern/setup.py): real dice would let a file choose the rolls.
        raise ImportRefused("bad_setup")
    try:
        return _checked_setup(game, players, json.dumps(setup))
    except ValueError:
        raise ImportRefused("bad_setup") from None


def _hidden(name: str) -> bool:
    """The name holds a character that is not shown as itself (see HIDDEN_CATEGORIES)."""
    return any(unicodedata.category(char) in HIDDEN_CATEGORIES and char not in JOINERS for char in name)


def save_as_new(store, state: State, setup: dict[str, Any]) -> str:
    """Save ``state`` (read, not changed) as a new game with ``setup``: its id. A finished game is saved
    finished, its last action with its scores, as if it had been played here."""
    if not state.is_over():
        return store.create(state, setup)
    before = state.game.replay(state.num_players, state.seed, state.options, state.history[:-1])
    game_id = store.create(before, setup)
    store.append(game_id, len(before.history), state.history[-1], state.scores())
    return game_id
