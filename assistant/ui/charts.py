"""Pictures where people would rather look than read: how a game went, and how a player's scores went.

Drawn with Vega-Lite through Altair (``st.altair_chart``), the charting library Streamlit ships with:
a line per player, the names as legend labels. Vega writes names as text (they are data, never markup),
so a name like ``**Ann** <b>x</b>`` is shown as typed. Titles and axes come from the catalogue.

This module knows no game. Every game's end screen shows a chart (``end_chart``, called by
``seats.announce_winners``) that the game's app side describes: its ``end_chart(table)`` returns a
``ChartSpec`` built from what the table offers (its view, standings, or its record for a series the
engine package replays), or None for no chart. The History page draws a player's scores over time with
``line_chart`` too: there a point is a game, and hundreds of games are drawn as dots and an average.
"""

from __future__ import annotations

import datetime
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import altair as alt
import streamlit as st

from assistant.ui.common import tr
from assistant.ui.nav import game_app

# The element toolbar Streamlit puts over a chart (full screen, the data as a table) is developer
# chrome on a tablet: hidden for our charts. Vega's own menu (export, "view source") is off already.
CHART_CSS = """<style>
[class*="st-key-ht-chart-"] [data-testid="stElementToolbar"] { display: none !important; }
</style>"""
HEIGHT = 330  # title, legend, lines and axes: with the winner above it, on a 768 px high screen
# A line of more than SMOOTH_FROM games shows each game as a dot and the average of the last SMOOTH as
# the line. Only where a point is a game: the turns or rounds of one game are drawn as they were.
SMOOTH_FROM, SMOOTH = 30, 10
Row = dict[str, object]  # one point of a line: {"name": ..., "x": ..., "y": ...}
Points = Sequence[tuple[object, float]]  # one player's line: (x, y) pairs


@dataclass(frozen=True)
class ChartSpec:
    """What a game's app side wants drawn on its end screen: a line per name, ``series[p]`` the (x, y)
    points of ``names[p]``; texts already translated. ``x_type`` as ``line_chart`` takes it;
    ``per_game``: each point is a game (dots and a running average once there are many)."""

    title: str
    names: Sequence[str]
    series: Sequence[Points]
    x_title: str
    y_title: str
    x_type: str = "O"
    target: int | None = None
    target_title: str = ""
    per_game: bool = False


# --- drawing --------------------------------------------------------------------------------------
def line_chart(rows: list[Row], names: Sequence[str], x_title: str, y_title: str, *, title: str = "",
               x_type: str = "O", target: int | None = None, target_title: str = "",
               per_game: bool | None = None) -> alt.LayerChart:
    """A line per player (in ``names``' order, which the legend keeps), a dot on each point, ``title`` above.

    ``x_type``: "O" for rounds (a label each), "Q" for turns (whole numbers), "T" for dates (ISO text).
    ``target``: a dashed line across at that value (a match's target).
    ``per_game``: each point is a game, so a line of many is smoothed; unsaid, a line over dates is one."""
    per_game = x_type == "T" if per_game is None else per_game
    data = alt.Data(values=rows)
    if x_type == "T":
        axis = alt.Axis(format=_date_format(rows), labelOverlap=True, tickCount=5)
    else:
        axis = alt.Axis(labelAngle=0) if x_type == "O" else alt.Axis(format="d", tickMinStep=1)
    x = alt.X(f"x:{x_type}", title=x_title, axis=axis)
    # Tableau 10: colours told apart at a glance (Streamlit's own palette starts with two blues).
    colour = alt.Color("name:N", sort=list(names), title=None, scale=alt.Scale(scheme="tableau10"),
                       legend=alt.Legend(orient="top", direction="horizontal", labelLimit=220, symbolSize=220,
                                         symbolOpacity=1, symbolStrokeWidth=4, columns=min(len(names), 3)))
    tooltip = [alt.Tooltip("name:N", title=tr("ui.name")),
               alt.Tooltip(f"x:{x_type}", title=x_title, format="%d.%m.%Y %H:%M" if x_type == "T" else alt.Undefined),
               alt.Tooltip("y:Q", title=y_title)]
    y = alt.Y("y:Q", title=y_title, axis=alt.Axis(tickMinStep=1))
    subtitle = alt.Undefined
    longest = max(Counter(row["name"] for row in rows).values(), default=0)
    if per_game and longest > SMOOTH_FROM:
        # Hundreds of games zigzag: each game a faint dot, the line the average of the last few games.
        base = alt.Chart(data).encode(x=x, color=colour)
        layers: list = [
            base.mark_circle(size=36, opacity=0.35).encode(y=y, tooltip=tooltip),
            base.transform_window(average="mean(y)", frame=[1 - SMOOTH, 0], groupby=["name"],
                                  sort=[alt.SortField("x")]).mark_line(strokeWidth=3).encode(y="average:Q")]
        subtitle = tr("history.ui.chart.smoothed", n=SMOOTH)
    else:
        # Many points (a long game's turns): smaller dots, so that the line stays readable.
        size = 70 if longest <= SMOOTH_FROM else 30
        layers = [alt.Chart(data).mark_line(point=alt.OverlayMarkDef(size=size, filled=True), strokeWidth=3).encode(
            x=x, y=y, color=colour, tooltip=tooltip)]
    if target is not None:
        line = alt.Chart(alt.Data(values=[{"y": target, "label": target_title}]))
        layers.append(line.mark_rule(strokeDash=[6, 4], strokeWidth=2, color="#888").encode(y="y:Q"))
        layers.append(line.mark_text(align="left", dx=4, dy=-8, fontSize=14, color="#666").encode(
            y="y:Q", text="label:N", x=alt.value(0)))
    # The height is the whole picture's (Streamlit fits title, legend and axes into it).
    heading = alt.TitleParams(title, subtitle=subtitle, anchor="start", fontSize=17, subtitleFontSize=14)
    return (alt.layer(*layers).properties(height=HEIGHT, title=heading)
            .configure_axis(labelFontSize=14, titleFontSize=14, titleFontWeight="normal")
            .configure_legend(labelFontSize=15)
            .configure_view(strokeWidth=0))


def _date_format(rows: list[Row]) -> str:
    """Dates written as finely as the span needs (Vega puts its ticks at whole hours, days or months):
    within two days the hour, within half a year the day, else the month."""
    days = [datetime.datetime.fromisoformat(str(row["x"])) for row in rows]
    span = (max(days) - min(days)).days if days else 0
    return "%d.%m. %H:%M" if span < 2 else "%d.%m." if span < 180 else "%m.%Y"


def enough(series: Sequence[Sequence]) -> bool:
    """A line needs two points: with one round played, or one game, there is nothing to follow."""
    return any(len(points) > 1 for points in series)


def show(chart: alt.TopLevelMixin, key: str, description: str) -> None:
    """``chart`` across the page, without Streamlit's toolbar; ``description`` for screen readers."""
    with st.container(key=f"ht-chart-{key}"):
        st.html(CHART_CSS)
        st.altair_chart(chart, width="stretch", theme="streamlit", alt=description)


def distinct(names: Sequence[str]) -> list[str]:
    """Names as the legend shows them: two players of the same name get "(2)" after the second, so that
    each keeps a line of its own."""
    shown: list[str] = []
    for name in names:
        label, n = name, 1
        while label in shown:
            n += 1
            label = f"{name} ({n})"
        shown.append(label)
    return shown


def rows_of(names: Sequence[str], series: Sequence[Points]) -> list[Row]:
    """The points of every player's line: ``series[p]`` is player p's (x, y) pairs."""
    return [{"name": name, "x": x, "y": y} for name, points in zip(names, series, strict=True) for x, y in points]


def iso(when: float) -> str:
    """A moment as Vega reads a date: ISO 8601 in local time (Vega shows it as it is written)."""
    return datetime.datetime.fromtimestamp(when).isoformat(timespec="seconds")


# --- series the games share -----------------------------------------------------------------------
def running_totals(scores: Sequence[int]) -> list[tuple[int, int]]:
    """(round, total after it) for each round's score: round 1 is the first."""
    totals, total = [], 0
    for number, score in enumerate(scores, start=1):
        total += score
        totals.append((number, total))
    return totals


def totals_chart(names: Sequence[str], round_scores: Sequence[Sequence[int]], *,
                 target: int | None = None) -> ChartSpec:
    """Each player's total after every round (``round_scores[p]``: player p's score in each round), with
    the match's ``target`` as a dashed line if it has one."""
    return ChartSpec(tr("history.ui.chart.totals_title"), names, [running_totals(scores) for scores in round_scores],
                     tr("history.ui.chart.round"), tr("history.ui.chart.total"), target=target,
                     target_title="" if target is None else tr("history.ui.chart.target", target=target))


# A finished game never changes: a series replayed from it is kept (for the last few games the server showed).
_REPLAYED: OrderedDict[tuple[str, int], list] = OrderedDict()
_REPLAYED_LOCK = threading.Lock()
_KEPT_GAMES = 16


def once_per_game(table, compute: Callable[[], list]) -> list:
    """``compute()``'s series for the ``table``'s game as it stands: computed once, then kept while the
    game has as many actions (a redraw of the end screen replays nothing)."""
    key = (table.id, table.actions_taken)
    with _REPLAYED_LOCK:
        if key in _REPLAYED:
            _REPLAYED.move_to_end(key)
            return _REPLAYED[key]
    series = compute()
    with _REPLAYED_LOCK:
        _REPLAYED[key] = series
        while len(_REPLAYED) > _KEPT_GAMES:
            _REPLAYED.popitem(last=False)
    return series


# --- the end screen -------------------------------------------------------------------------------
def end_spec(table) -> ChartSpec | None:
    """The chart the game's app side describes for the finished game on ``table`` (a ``Table``); None
    if its app side offers no ``end_chart`` or has nothing to show."""
    app = game_app(table.game)
    describe_chart = getattr(app, "end_chart", None)
    return describe_chart(table) if callable(describe_chart) else None


def end_chart(table) -> None:
    """The chart of a finished game, under who won; nothing while there is no line to follow (one round
    played, or a first game where the chart follows games)."""
    spec = end_spec(table)
    if spec is None or not enough(spec.series):
        return
    names = distinct(spec.names)
    show(line_chart(rows_of(names, spec.series), names, spec.x_title, spec.y_title, title=spec.title,
                    x_type=spec.x_type, target=spec.target, target_title=spec.target_title, per_game=spec.per_game),
         "end", spec.title)
