"""Fresh Hamstern caves: a short code gives a new sheet, the same one on every machine.

A code is a few letters or words ("BAKO-MIRU", typed in any case, with spaces or hyphens), or a
date ("2026-11-27", or "27.11.2026"): the cave of the day, the same for every table that day. The
code, with GENERATOR, seeds a sequence of drawn caves (cave_plan.plan); the first that passes the
layout checks sides A and B pass (layout.parse_layout) and the balance check (balance.py: the hard
bot's solo games, measured against side A's) is the code's cave. So the cave depends on the code,
GENERATOR, the drawing code and the hard bot: change any of them and caves change, so bump GENERATOR
(tests/hamstern/test_caves.py pins a few caves' text).

A cave is used wherever a side is: the game option ``side`` and ``load_layout`` take its code. A game
keeps its cave's layout too (the option ``cave``: ``stored_text``, the TOML text with the generator's
number), and so does a score check (``cave`` in its data): a saved game or check is played on the cave it
was played on, in any later version (``register`` puts a stored layout under its code before the engine
replays on it). Only an older save without it makes its cave again from the code.
"""

from __future__ import annotations

import datetime
import hashlib
import math
import random
import re
import statistics
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from assistant import i18n
from assistant.games.hamstern import balance
from assistant.games.hamstern.cave_plan import plan
from assistant.games.hamstern.layout import CAVES_KEPT, SIDES, Layout, load_layout, parse_layout

GENERATOR = 1
KEPT = CAVES_KEPT  # caves kept made (and layouts kept) in this process, the least recently used dropped first
MAX_TEXT = 20_000  # characters of a stored layout (a cave's is about 2,000)
MAX_DRAWS = 400  # drawn caves tried per code; each is cheap until its balance check
BLOCK = 50  # roll sequences between looks at the balance: a cave clearly off is dropped early
SURE = 3.0  # standard errors: "clearly off" means beyond the tolerance by this many
DIFFICULTIES = ("easier", "like_a", "harder")
SYLLABLES = [c + v for c in "BDFGKLMNPRSTVZ" for v in "AEIOU"]
_WORD = re.compile(r"[A-Z0-9]+")
_DAY_CODE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # a day's code as kept
# A date as typed: three groups of digits with any separators ("2026 2 5", "2026_11_27", "27.11.2026",
# "27 11 2026"), the year first or last. Matched on the text as typed, so each is kept as YYYY-MM-DD
# (matched after joining words, "2026 2 5" was kept as "2026-2-5", which reads back as another code).
_SEPARATOR = r"[\s._/-]+"
_TYPED_DAYS = ((re.compile(rf"(\d{{4}}){_SEPARATOR}(\d{{1,2}}){_SEPARATOR}(\d{{1,2}})"), (0, 1, 2)),
               (re.compile(rf"(\d{{1,2}}){_SEPARATOR}(\d{{1,2}}){_SEPARATOR}(\d{{4}})"), (2, 1, 0)))
MIN_LETTERS, MAX_LENGTH = 3, 24

# Told how far the balance check of a drawn cave is (0..1) and how many drawn caves were dropped before it.
Progress = Callable[[float, int], None]


class CaveCodeError(ValueError):
    """A text that is no cave code: ``key`` names the reason in the catalogues, ``str()`` is English."""

    def __init__(self, key: str, **params):
        self.key, self.params = key, params
        super().__init__(i18n.t(key, "en", **params))

    def message(self, lang: str = "en") -> str:
        return i18n.t(self.key, lang, **self.params)


@dataclass(frozen=True)
class Cave:
    code: str
    text: str  # the layout file, as templates/hamstern_a.toml
    layout: Layout
    figures: balance.Measure  # the hard bot's solo scores on it
    reference: balance.Measure  # side A's, on the same roll sequences
    difficulty: str  # one of DIFFICULTIES
    draw: int  # which draw of the code's sequence it is

    @property
    def is_daily(self) -> bool:
        return is_day_code(self.code)


# --- codes -------------------------------------------------------------------------------------
def normalise(code: object) -> str:
    """The code as it is kept and printed: upper case, words joined by single hyphens, a date as
    YYYY-MM-DD. CaveCodeError (a ValueError) says what is wrong with anything else."""
    if not isinstance(code, str):
        raise CaveCodeError("error.hamstern.cave_code_text")
    text = code.strip()
    for pattern, order in _TYPED_DAYS:
        match = pattern.fullmatch(text)
        if match:
            year, month, day = (int(match.group(n + 1)) for n in order)
            try:
                return datetime.date(year, month, day).isoformat()
            except ValueError:
                raise CaveCodeError("error.hamstern.cave_code_date", code=text[:MAX_LENGTH]) from None
    upper = text.upper()
    if re.search(r"[^A-Z0-9\s_-]", upper):
        raise CaveCodeError("error.hamstern.cave_code_letters")
    normal = "-".join(_WORD.findall(upper))
    if sum(ch.isalnum() for ch in normal) < MIN_LETTERS:
        raise CaveCodeError("error.hamstern.cave_code_short", least=MIN_LETTERS)
    if len(normal) > MAX_LENGTH:
        raise CaveCodeError("error.hamstern.cave_code_long", most=MAX_LENGTH)
    return normal


def is_cave(side: object) -> bool:
    """True for a text that names a cave (a valid code); False for sides A and B and anything else."""
    if side in SIDES:
        return False
    try:
        normalise(side)
    except CaveCodeError:
        return False
    return True


def side_value(side: object) -> str:
    """The game option ``side`` as it is kept: A, B, or a cave code as normalise writes it ("bako miru" is
    kept as "BAKO-MIRU"); ValueError saying what is wrong with anything else."""
    if side in SIDES:
        return side
    try:
        return normalise(side)
    except CaveCodeError as error:
        raise ValueError(f"option 'side' must be A, B or a cave code: {error}") from None


def is_day_code(code: str) -> bool:
    return bool(_DAY_CODE.fullmatch(code))


def cave_of_the_day(day: datetime.date | None = None) -> str:
    return (day or datetime.date.today()).isoformat()


def new_code(rng: random.Random | None = None) -> str:
    """A fresh code of two made-up words, easy to read out and type in any language ("BAKO-MIRU")."""
    rng = rng or random.Random()
    return "-".join("".join(rng.choice(SYLLABLES) for _ in range(2)) for _ in range(2))


# --- caves ---------------------------------------------------------------------------------------
def seed(code: str, draw: int) -> int:
    """A stable number for the ``draw``-th cave of ``code`` (never Python's hash(): it changes per run)."""
    digest = hashlib.sha256(f"hamstern-cave/{GENERATOR}/{code}/{draw}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def drawn(code: str, draw: int) -> str | None:
    """The ``draw``-th layout text of ``code`` (not yet checked for balance), or None for a failed draw."""
    body = plan(random.Random(seed(code, draw)))
    return None if body is None else f'side = "{code}"\n{body}'


def cave(code: str, progress: Progress | None = None) -> Cave:
    """The cave of ``code`` (normalised first), kept once made; ``progress`` is told how far the making
    is (a page's progress bar). CaveCodeError for a bad code. Two sessions asking for the same new code
    at once make it once (a lock per code): the second waits for the first's cave."""
    code = normalise(code)
    with _lock:
        made = _kept(_made, code)
        if made is not None:
            return made
        making = _making.setdefault(code, threading.Lock())
    try:
        with making:
            with _lock:
                made = _kept(_made, code)
            if made is None:
                _spend_budget(code)
                made = generate(code, progress)
                with _lock:
                    _keep(_made, code, made)
    finally:
        with _lock:
            _making.pop(code, None)
    return made


def is_made(code: str) -> bool:
    """True if the cave of ``code`` is at hand (no seconds of drawing and checking to wait for)."""
    try:
        return normalise(code) in _made
    except CaveCodeError:
        return False


_lock = threading.Lock()  # guards the dictionaries below (sessions run in threads)
_made: dict[str, Cave] = OrderedDict()  # least recently used first
_stored: dict[str, tuple[str, Layout]] = OrderedDict()  # code -> (stored text, layout), as _made
_making: dict[str, threading.Lock] = {}  # a lock for each code being made


def _kept(kept: dict, code: str):
    """What ``kept`` holds for ``code``, now the most recently used; None if nothing (call under _lock)."""
    value = kept.pop(code, None)
    if value is not None:
        kept[code] = value
    return value


def _keep(kept: dict, code: str, value) -> None:
    kept.pop(code, None)
    kept[code] = value
    while len(kept) > KEPT:
        kept.pop(next(iter(kept)), None)


# --- bounded work: restoring or backing up makes at most a few caves ----------------------------------
_budget: ContextVar[list[int] | None] = ContextVar("cave_budget", default=None)


class TooManyCaves(CaveCodeError):
    """More caves to make (each seconds of CPU) than ``at_most`` allows."""


@contextmanager
def at_most(caves_made: int) -> Iterator[list[int]]:
    """Within this block at most ``caves_made`` caves are made (drawn and measured); making one more
    raises TooManyCaves. Yields ``[left]``: how many may still be made (below 0 once one was refused)."""
    left = [caves_made]
    token = _budget.set(left)
    try:
        yield left
    finally:
        _budget.reset(token)


def _spend_budget(code: str) -> None:
    left = _budget.get()
    if left is None:
        return
    left[0] -= 1
    if left[0] < 0:
        raise TooManyCaves("error.hamstern.cave_too_many", code=code)


# --- a cave's layout stored with a game or check ----------------------------------------------------------
def check_stored_cave(data: dict) -> None:
    """A score check's stored cave (if any) passes the same checks as a game's (``layout_text``), and is of the
    check's side: ValueError otherwise (GameInfo.check_extras)."""
    if data.get("cave", "") == "":
        return
    side = layout_text(data["cave"]) and parse_layout(data["cave"]).side
    if side != data.get("side"):
        raise ValueError("the stored cave is not the check's side")


def stored_text(made: Cave) -> str:
    """What a game or check keeps of its cave: the layout's TOML text, with the generator that drew it."""
    return f"generator = {GENERATOR}\n{made.text}"


@lru_cache(maxsize=KEPT)
def _parsed(text: str) -> Layout:
    return parse_layout(text)


def layout_text(text: object) -> str:
    """The game option ``cave``: "" (the cave is made from the code), or a stored layout that passes
    parse_layout's checks (as sides A and B do); ValueError saying what is wrong with anything else."""
    if text == "":
        return text
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError(f"option 'cave' must be a cave's layout of at most {MAX_TEXT} characters")
    try:
        layout = _parsed(text)
        generator = tomllib.loads(text).get("generator")
    except (ValueError, LookupError, TypeError, AttributeError) as error:  # TOMLDecodeError is a ValueError
        raise ValueError(f"option 'cave' is no cave's layout: {str(error)[:200]}") from None
    if type(generator) is not int or not is_cave(layout.side) or normalise(layout.side) != layout.side:
        raise ValueError("option 'cave' is no cave's layout: it names no generator or no cave code")
    return text


def register(code: str, text: str, layout: Layout | None = None) -> Layout:
    """Put the stored layout ``text`` under ``code``: load_layout(code) gives it from now on (the cave a
    saved game or check was played on, whatever this version would draw). ValueError for a text that is
    no layout, or another code's. ``layout``: the text's, if at hand (a cave just made)."""
    layout = layout or (_parsed(layout_text(text)) if text else None)
    if layout is None or layout.side != code:
        raise ValueError(f"option 'cave' is the layout of another cave than {code!r}")
    with _lock:
        held = _kept(_stored, code)
        _keep(_stored, code, (text, layout))
    if held is None or held[0] != text:
        load_layout.cache_clear()  # it may hold this code's layout as drawn by this version
        if held is not None:
            from assistant.bots.hamstern import judge_for  # the bots import this package

            judge_for.cache_clear()
    return layout


def stored(code: str, text: str = "") -> str:
    """The layout a game on the cave of ``code`` keeps: ``text`` if it has one (registered), else the one
    held or made for the code now."""
    if not text:
        with _lock:
            held = _kept(_stored, code)
        text = held[0] if held is not None else stored_text(cave(code))
    register(code, text)
    return text


def layout_of(code: str) -> Layout:
    """The layout of the cave of ``code``: the one stored for it, else the one made now (load_layout)."""
    with _lock:
        held = _kept(_stored, code)
    if held is not None:
        return held[1]
    made = cave(code)
    return register(code, stored_text(made), made.layout)


def generate(code: str, progress: Progress | None = None) -> Cave:
    """Draw caves for ``code`` until one passes the checks (see the top of this file)."""
    reference = balance.reference()
    report = progress or (lambda share, dropped: None)
    checked = 0
    for draw in range(MAX_DRAWS):
        body = drawn(code, draw)
        if body is None:
            continue
        try:
            layout = parse_layout(body)
        except ValueError:  # never seen (tests/hamstern/test_caves.py draws 500 codes), but never offered
            continue
        figures = _balanced(layout, reference, lambda share, dropped=checked: report(share, dropped))
        if figures is not None:
            difficulty = rate(figures, reference)
            return Cave(code, _with_header(code, body, figures, reference, difficulty), layout, figures, reference,
                        difficulty, draw)
        checked += 1
    raise CaveCodeError("error.hamstern.cave_code_none", code=code)  # pragma: no cover - never met


def _balanced(layout: Layout, reference: balance.Measure, progress: Callable[[float], None]) -> balance.Measure | None:
    """The hard bot's figures on ``layout``, if they are within the tolerances of side A's; None if not
    (looked at after every BLOCK roll sequences: a cave clearly off is dropped without playing on)."""
    from assistant.bots.hamstern_judge import Judge

    judge = Judge(layout)
    scores: list[int] = []
    while len(scores) < balance.SEQUENCES:
        scores += [balance.solo_score(layout, seed, judge) for seed in range(len(scores), len(scores) + BLOCK)]
        progress(len(scores) / balance.SEQUENCES)
        mean, spread = statistics.fmean(scores), statistics.pstdev(scores)
        margin = SURE * spread / math.sqrt(len(scores))
        if abs(mean - reference.mean) > balance.MEAN_TOLERANCE * reference.mean + margin:
            return None
    figures = balance.Measure(tuple(scores))
    return figures if balance.fair(figures, reference) else None


def rate(figures: balance.Measure, reference: balance.Measure) -> str:
    """easier (the hard bot scores more than 3% above side A's mean), harder (3% below), or like_a."""
    ratio = figures.mean / reference.mean
    if ratio > 1 + balance.LIKE_A:
        return "easier"
    if ratio < 1 - balance.LIKE_A:
        return "harder"
    return "like_a"


def _with_header(code: str, body: str, figures: balance.Measure, reference: balance.Measure, difficulty: str) -> str:
    header = (f"# Hamstern cave {code}: drawn by generator {GENERATOR} (assistant/games/hamstern/caves.py).\n"
              f"# Balance over {len(figures.scores)} roll sequences, the hard bot alone: mean {figures.mean:.1f} "
              f"(side A {reference.mean:.1f}), standard deviation {figures.spread:.1f} (side A "
              f"{reference.spread:.1f}): {difficulty.replace('_', ' ')}.\n")
    return header + body
