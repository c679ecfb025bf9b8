"""Every game declares itself once, here or in its own package (like OpenSpiel's
``GameType`` and ``register_game``).

A game's package ``__init__.py`` makes one call, ``register_game(GameInfo(...))``.
The command-line tools, the bots, the random-simulation test and the app's pages
all read the registry, so adding a game is one folder and that one call. A game
announced but not built yet is declared with ``engine=None``, so Home shows it as coming.

Engines, score checks, sheets and bots are named by dotted path (``"module:name"``)
and imported only when used: listing the games never loads ReportLab or a bot.

The app side is named the same way: ``app="assistant.ui.<game>.app"``, a module the app
imports only when it shows that game (this package never imports Streamlit). It offers

    new_game_form() -> None             the new-game form; starting a game puts ?game=ID in the URL
    render(table) -> None               the table (assistant.ui.table.Table) as this device's seats see it
    rules_in_force(table) -> list[str]  every ruling a player might dispute, as catalogue texts
    score_form(saved) -> None           the score check (``saved``: the store's SavedCheck, or None
                                        before the first entry), saved through assistant.ui.score_saving
    score_result(data) -> list | None   the check's end as the history counts it, once complete: a
                                        {"name", "score", "place", "won"} per player; None before
    score_variant(data) -> str          (if the game has variants kept apart: Hamstern's side)
    picture() -> str                    an SVG of the game for its tile on Home
    replay_picture(names, view, seat, phone) -> str
                                        one step of a replay (assistant/ui/pages/replay.py) as HTML drawn
                                        with the live table's builders, nothing on it tappable: ``view`` is
                                        ``seat``'s (None: what everybody saw); in a finished game it also
                                        holds ``"seat_views"``, every seat's view, to turn every hand up
    end_chart(table) -> ChartSpec | None
                                        (optional) the chart under who won: assistant.ui.charts.ChartSpec,
                                        its lines built from what the table offers (view, standings, or
                                        its record for a series the engine package replays); None: none
    print_choices(key) -> dict | None   (optional) draws the print page's choices for its sheet (widget
                                        keys start with ``key``) and returns them as the sheet's keyword
                                        arguments; None while incomplete. Without it: the side option
    variant_name(value) -> str | None   (optional) how a saved game's or a result's variant is named (Hamstern:
                                        "Cave BAKO-MIRU"); None: as a side ("Side A")
    other_variants_name() -> str        (optional) the history's name of every variant beyond the variant
                                        option's choices together (Hamstern: "Caves")

A game with ``engine`` but no ``app`` still has a page (it says its table is not in the
app yet) and a score check that reads the command line's JSON. Everything the app side
shows lives in ``assistant/ui/<game>/`` and its texts in ``assistant/locales/<game>/``.
"""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from assistant.games.base import describe

# The contract's names, in the order the app shows them (CONTRACT.md).
GAME_NAMES = ("hamstern", "hamsterdam", "biber_gang", "hamsterbacke", "moemmen")
KINDS = ("roll_write", "dice_cards", "cards")


@dataclass(frozen=True)
class Option:
    """An option of a new game: its name, its default and, if limited, the values it may take.

    ``offered`` lists the values a setup screen offers when it shows fewer than the
    engine accepts (Biber Gang plays 1 to 10 rounds; the app offers 1, 3 or 5: ruling B6).
    """

    name: str
    default: Any
    choices: tuple | None = None
    offered: tuple | None = None
    # "module:function" that reads a value besides ``choices``: it returns the value as kept (a typed text
    # tidied), or raises ValueError saying why it is none. Hamstern's side is A, B or any cave code ("bako
    # miru" kept as "BAKO-MIRU"). Imported only when such a value is met.
    more: str | None = None

    def check(self, value: Any) -> None:
        """Raise ValueError naming the option if ``value`` is not one it may take."""
        # type() rather than isinstance: True is an int to Python, but not a number of rounds.
        if type(value) is not type(self.default):
            raise ValueError(f"option {self.name!r} must be a {type(self.default).__name__}, not {describe(value)}")
        if self.more is not None and self.choices is not None and value not in self.choices:
            kept = load(self.more)(value)
            if kept != value:
                raise ValueError(f"option {self.name!r}: write {describe(value)} as {kept!r}")
            return
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(choice) for choice in self.choices)
            raise ValueError(f"option {self.name!r} must be one of {allowed}, not {describe(value)}")


@dataclass(frozen=True)
class GameInfo:
    """What the tools and the app need to know about one game, as data."""

    name: str
    titles: dict[str, str] = field(hash=False)  # {"en": ..., "de": ...}
    icon: str  # a picture id; the app maps it to its SVG
    kind: str  # one of KINDS
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    engine: str | None = None  # "module:Class" of the Game; None while the game is not built
    score_check: str | None = None  # "module:function" reading the score-check JSON
    sheet: str | None = None  # "module:function" rendering the printed sheet (ReportLab)
    sheet_kind: str | None = None  # the sheet's KIND for ``python -m sheets``
    bots: str | None = None  # the module whose ``make_bot(level)`` gives the easy and hard bots
    log: str | None = None  # the module with ``game_log(state)`` and ``log_text(event, lang, names)``
    app: str | None = None  # the module of its app side (see the top of this file); None: no table yet
    # The module that reads its printed sheet from a photo (assistant/scan): ``result(found, side, common)``,
    # ``check_player(result, name, strip)``, ``score_check_data(result, names)`` and ``unsure(result)``.
    # None: no photo of it is read. Its printed sheet module (``sheet``) then has ``scan_kinds(papers)``.
    scan: str | None = None
    # The app saves who sits in each seat: setup["bots"], "human" or a bot level per seat, people
    # first. A saved game of such a game without it reads as damaged (assistant/store.py).
    setup_has_bots: bool = False
    # The lowest score wins (Biber Gang's points, Hamsterdam's flood tokens): the history's "best" score
    # is then the lowest, and its averages rank from low to high.
    lowest_wins: bool = False
    # The option whose value is a result's variant, compared apart in the history (Hamstern's "side"):
    # one of ``options``, with choices. None: the game's results are all of one kind.
    variant_option: str | None = None
    # "module:function" bounding replays that cost seconds (a Hamstern cave made anew for a game saved with
    # its code only): ``function(n)`` is a context manager in which at most ``n`` are made, yielding ``[left]``
    # (below 0 once one was refused). A restore and a backup replay every game inside it.
    replay_budget: str | None = None
    # "module:function" checking what a saved score check keeps besides what was typed (Hamstern's stored
    # cave): ``function(data)`` raises ValueError if it is damaged. A restore checks every check with it.
    check_extras: str | None = None
    # Games the shared random-simulation test plays: {"num_players": n, "options": {...}}, and if need
    # be "seeds" (how many) and "policy" (who plays instead of random moves): see tests/helpers.sim_cases.
    sim_setups: tuple[dict, ...] = field(default=(), hash=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if set(self.titles) != {"en", "de"}:
            raise ValueError(f"{self.name}: a title in English and in German, please")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: bad player range {self.min_players}..{self.max_players}")
        if self.variant_option is not None and not any(
                option.name == self.variant_option and option.choices for option in self.options):
            raise ValueError(f"{self.name}: the variant option {self.variant_option!r} is none of its options "
                             "with choices")

    @property
    def built(self) -> bool:
        return self.engine is not None

    def title(self, lang: str) -> str:
        return self.titles[lang]

    def variants(self) -> tuple[str, ...]:
        """The values a result's variant may take (the choices of ``variant_option``, as text); () if none.
        An option with ``more`` takes others too (is_variant)."""
        return tuple(str(choice) for option in self.options if option.name == self.variant_option
                     for choice in option.choices or ())

    def is_variant(self, value: Any) -> bool:
        """True if ``value`` may be a result's variant: one of variants(), or a value the variant option's
        ``more`` accepts (a Hamstern cave's code)."""
        if value in self.variants():
            return True
        option = next((option for option in self.options if option.name == self.variant_option), None)
        if option is None or option.more is None:
            return False
        try:
            option.check(value)
        except ValueError:
            return False
        return True

    def variant_of(self, options: Any) -> str | None:
        """A game's variant as the history keeps it, from its options (Hamstern's side: "A" or a cave's
        code); None for a game without variants, or options that name none it may take (a damaged save)."""
        if self.variant_option is None or not isinstance(options, dict):
            return None
        value = options.get(self.variant_option)
        return str(value) if value is not None and self.is_variant(value) else None

    def option_defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}


def load(path: str) -> Any:
    """The object a ``"module:name"`` path names."""
    module_name, name = path.split(":")
    return getattr(import_module(module_name), name)


_GAMES: dict[str, GameInfo] = {}
_discovered = False


def register_game(info: GameInfo) -> GameInfo:
    """Make a game known. Registering the same info again is harmless; another game of
    the same name is an error (two folders claiming one name)."""
    known = _GAMES.get(info.name)
    if known is not None and known != info:
        raise ValueError(f"a game called {info.name!r} is registered already")
    _GAMES[info.name] = info
    return info


def unregister_game(name: str) -> None:
    """Forget a game (for tests that register a game of their own)."""
    _GAMES.pop(name, None)


def _discover() -> None:
    """Import every package under assistant/games once: each registers its game."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import assistant.games as games

    for module in pkgutil.iter_modules(games.__path__):
        if module.ispkg:
            import_module(f"{games.__name__}.{module.name}")


def registered() -> list[GameInfo]:
    """Every known game: the contract's games in their order, then any others as registered."""
    _discover()
    order = {name: n for n, name in enumerate(GAME_NAMES)}
    return sorted(_GAMES.values(), key=lambda info: order.get(info.name, len(order)))


def game_info(name: str) -> GameInfo:
    _discover()
    if name not in _GAMES:
        names = ", ".join(info.name for info in registered())
        raise ValueError(f"unknown game {name!r}; the games are {names}")
    return _GAMES[name]
