"""How the History page writes things: a player's name (a bot's translated), a game's title, numbers,
dates, and tables.

Tables are HTML of our own, every cell escaped: names typed at the table are text, never Markdown or
HTML, and there is no toolbar over a table on a touch screen (as st.dataframe has). A word of ours ("score
check", "Punkteprüfung", a game's title) is never broken inside; a cell of a typed name ("name") may be,
as a name of twenty letters without a space would not fit a narrow column otherwise.
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Sequence

import streamlit as st

from assistant.bots import LEVELS
from assistant.games.registry import game_info
from assistant.store import _time as saved_time
from assistant.ui.common import lang, plain, tr
from assistant.ui.variants import variant_name

TABLE_CSS = """<style>
.ht-history-table { width: 100%; border-collapse: collapse; font-size: 1.05rem; line-height: 1.35; }
.ht-history-table th { text-align: left; font-weight: 600; border-bottom: 2px solid rgba(49, 51, 63, 0.25);
  padding: 8px 10px; white-space: nowrap; }
.ht-history-table td { border-bottom: 1px solid rgba(49, 51, 63, 0.12); padding: 9px 10px; vertical-align: top;
  overflow-wrap: break-word; hyphens: manual; }
.ht-history-table td.name { overflow-wrap: anywhere; }
.ht-history-table .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ht-history-table .won { font-weight: 700; }
.ht-history-table .muted { color: rgba(49, 51, 63, 0.6); }
.ht-history-table .when, .ht-history-table td span { white-space: nowrap; }
</style>"""


def person_name(name: str, bot_level: str | None) -> str:
    """A person's name as kept, or a bot's level in words ("hard bot", "starker Bot"); text, not markup."""
    if bot_level is None:
        return name
    return tr(f"history.ui.bot_{bot_level}") if bot_level in LEVELS else tr("history.ui.bot", level=bot_level)


def game_title(game: str, variant: str | None = None) -> str:
    """A game's title in the page's language, with its variant (Hamstern's side or cave); an unknown game by its
    id."""
    try:
        title = game_info(game).title(lang())
    except ValueError:  # a game of a newer app, restored from its backup
        title = game
    if not variant:
        return title
    named = variant_name(game, variant)
    return tr("history.ui.with_variant", game=title, variant=named) if named else \
        tr("history.ui.with_side", game=title, side=variant)


def plural(key: str, count: int, **params) -> str:
    """``key`` for many (and none), ``key_one`` for one ("1 game", "2 games")."""
    return tr(f"{key}_one" if count == 1 else key, count=count, **params)


def number(value: float) -> str:
    """A score or an average: whole numbers without decimals, others with one."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}".replace(".", "," if lang() == "de" else ".")


def percent(rate: float, games: int | None = None) -> str:
    """A rate as a percentage; "–" when it counts no game (``games``: how many games it counts)."""
    return "–" if games == 0 else f"{round(rate * 100)} %"


def when(played: float) -> str:
    return _moment(played).strftime("%d.%m.%y %H:%M")


def day(played: float) -> str:
    return _moment(played).strftime("%d.%m.%Y")


def _moment(played: float) -> datetime.datetime:
    # A damaged time shows as 1970, as the store reads one, rather than stopping the page.
    return datetime.datetime.fromtimestamp(saved_time(played))


class Cell(str):
    """A cell's text with classes for it ("num", "won", "muted", "when", "name"): the text is escaped when
    drawn."""

    css: str = ""

    def __new__(cls, text: object, css: str = "") -> Cell:
        cell = super().__new__(cls, str(text))
        cell.css = css
        return cell


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], *, numeric: Sequence[int] = (),
          key: str | None = None) -> None:
    """A plain table: ``numeric`` columns (by index) aligned right. A cell may be a ``Cell`` for a class,
    or a list of Cells (several words in one cell, such as the players of a game)."""
    head = "".join(f'<th class="{"num" if n in numeric else ""}">{html.escape(text)}</th>'
                   for n, text in enumerate(headers))
    body = []
    for row in rows:
        cells = []
        for n, value in enumerate(row):
            css = " ".join(filter(None, ["num" if n in numeric else "", getattr(value, "css", "")]))
            cells.append(f'<td class="{css}">{_cell(value)}</td>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    markup = (f'{TABLE_CSS}<table class="ht-history-table"><thead><tr>{head}</tr></thead>'
              f'<tbody>{"".join(body)}</tbody></table>')
    if key:
        st.container(key=key).html(markup)
    else:
        st.html(markup)


def _cell(value: object) -> str:
    if isinstance(value, list):
        return " · ".join(f'<span class="{getattr(part, "css", "")}">{html.escape(str(part))}</span>'
                          for part in value)
    return html.escape(str(value))


def label(text: str) -> str:
    """A name for a widget's label or option (Streamlit reads those as Markdown): shown as typed."""
    return plain(text)
