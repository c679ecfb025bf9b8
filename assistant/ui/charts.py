"""Pictures where people would rather look than read: how a game went, and how a player's scores went.

Drawn with Vega-Lite through Altair (``st.altair_chart``), the charting library Streamlit ships with:
a line per player, the names as legend labels. Vega writes names as text (they are data, never markup),
so a name like ``**Ann** <b>x</b>`` is shown as typed. Titles and axes come from the catalogue.

Each game's end screen shows one (``end_chart``, called by ``seats.announce_winners``):

- Biber Gang and Mömmen: each player's total after every round (Mömmen with the match's target);
- Hamsterdam: each player's flood pile after every turn; Hamsterbacke: each score pile after every turn,
  both from a replay of the saved game (the state keeps only where the game stands now);
- Hamstern: the scores of this game's players in every Hamstern game of the side, over time (the history).

The series are plain functions of a game's record or view, so tests read them without a browser.
"""

from __future__ import annotations

import datetime
import json
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence

import altair as alt
import streamlit as st

from assistant.games import get_game
from assistant.ui.common import store, tr

# The element toolbar Streamlit puts over a chart (full screen, the data as a table) is developer
# chrome on a tablet: hidden for our charts. Vega's own menu (export, "view source") is off already.
CHART_CSS = """<style>
[class*="st-key-ht-chart-"] [data-testid="stElementToolbar"] { display: none !important; }
</style>"""
HEIGHT = 330  # title, legend, lines and axes: with the winner above it, on a 768 px high screen
SMOOTH_FROM, SMOOTH = 30, 10  # more games than SMOOTH_FROM on a line: it shows the average of the last SMOOTH
Row = dict[str, object]  # one point of a line: {"name": ..., "x": ..., "y": ...}


# --- drawing --------------------------------------------------------------------------------------
def line_chart(rows: list[Row], names: Sequence[str], x_title: str, y_title: str, *, title: str = "",
               x_type: str = "O", target: int | None = None, target_title: str = "") -> alt.LayerChart:
    """A line per player (in ``names``' order, which the legend keeps), a dot on each point, ``title`` above.

    ``x_type``: "O" for rounds (a label each), "Q" for turns (whole numbers), "T" for dates (ISO text).
    ``target``: a dashed line across at that value (Mömmen's match target)."""
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
    if max(Counter(row["name"] for row in rows).values(), default=0) > SMOOTH_FROM:
        # Hundreds of games zigzag: each game a faint dot, the line the average of the last few games.
        base = alt.Chart(data).encode(x=x, color=colour)
        layers: list = [
            base.mark_circle(size=36, opacity=0.35).encode(y=y, tooltip=tooltip),
            base.transform_window(average="mean(y)", frame=[1 - SMOOTH, 0], groupby=["name"],
                                  sort=[alt.SortField("x")]).mark_line(strokeWidth=3).encode(y="average:Q")]
        subtitle = tr("history.ui.chart.smoothed", n=SMOOTH)
    else:
        layers = [alt.Chart(data).mark_line(point=alt.OverlayMarkDef(size=70, filled=True), strokeWidth=3).encode(
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


def rows_of(names: Sequence[str], series: Sequence[Sequence[tuple[object, int]]]) -> list[Row]:
    """The points of every player's line: ``series[p]`` is player p's (x, y) pairs."""
    return [{"name": name, "x": x, "y": y} for name, points in zip(names, series, strict=True) for x, y in points]


# --- the series of a game -------------------------------------------------------------------------
def running_totals(scores: Sequence[int]) -> list[tuple[int, int]]:
    """(round, total after it) for each round's score: round 1 is the first."""
    totals, total = [], 0
    for number, score in enumerate(scores, start=1):
        total += score
        totals.append((number, total))
    return totals


def biber_series(view: dict) -> list[list[tuple[int, int]]]:
    """Biber Gang: each player's total after every finished round."""
    return [running_totals(player["round_scores"]) for player in view["players"]]


def moemmen_series(standings: dict, num_players: int) -> list[list[tuple[int, int]]]:
    """Mömmen: each player's match total after every round (the standings list the round scores)."""
    series: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
    for row in standings["players"]:
        series[row["player"]] = running_totals(row["breakdown"]["rounds"])
    return series


def replayed_series(record: dict, turn_of: Callable, values_of: Callable) -> list[list[tuple[int, int]]]:
    """Replay the saved game once, and take each player's value at the start and after every turn:
    ``turn_of(state)`` counts the turns so far, ``values_of(state)`` gives one value per player."""
    game = get_game(record["game"])
    state = game.replay(record["num_players"], record["seed"], record["options"], [])
    turn = turn_of(state)
    series = [[(0, value)] for value in values_of(state)]
    for data in record["actions"]:
        state.apply(game.action_from_data(data))
        now = turn_of(state)
        if now != turn or state.is_over():
            turn = now
            for points, value in zip(series, values_of(state), strict=True):
                if points[-1][0] == turn:
                    points[-1] = (turn, value)  # the game ended within a turn already counted
                else:
                    points.append((turn, value))
    return series


def hamsterdam_series(record: dict) -> list[list[tuple[int, int]]]:
    """Hamsterdam: each player's flood pile after every turn (the state counts the turns)."""
    return replayed_series(record, lambda state: state.turns, lambda state: list(state.piles))


class _TurnCounter:
    """Hamsterbacke counts no turns: a turn is over when the active player changes."""

    def __init__(self) -> None:
        self.turns, self.active = 0, 0

    def __call__(self, state) -> int:
        if state.turn != self.active:
            self.turns, self.active = self.turns + 1, state.turn
        return self.turns


def hamsterbacke_series(record: dict) -> list[list[tuple[int, int]]]:
    """Hamsterbacke: the cards in each player's score pile after every turn."""
    return replayed_series(record, _TurnCounter(), lambda state: [len(pile) for pile in state.score_piles])


# A finished game never changes: its replayed series are kept (for the last few games the server showed).
_REPLAYED: OrderedDict[tuple[str, int], list] = OrderedDict()
_REPLAYED_LOCK = threading.Lock()


def _kept(game_id: str, actions: int, compute: Callable[[], list]) -> list:
    key = (game_id, actions)
    with _REPLAYED_LOCK:
        if key in _REPLAYED:
            _REPLAYED.move_to_end(key)
            return _REPLAYED[key]
    series = compute()
    with _REPLAYED_LOCK:
        _REPLAYED[key] = series
        while len(_REPLAYED) > 16:
            _REPLAYED.popitem(last=False)
    return series


# --- what each end screen shows -------------------------------------------------------------------
def end_chart(table) -> None:
    """The chart of a finished game (a ``Table``), under who won; nothing while there is no line to follow
    (one round played, or a first game of Hamstern)."""
    game, names = table.game, distinct(table.names)
    x_title, y_title, x_type, target = tr("history.ui.chart.round"), tr("history.ui.chart.total"), "O", {}
    title = tr("history.ui.chart.totals_title")
    if game == "biber_gang":
        series = biber_series(table.view(None))
    elif game == "moemmen":
        series = moemmen_series(table.standings(), table.num_players)
        goal = table.view(table.held)["target"]
        target = {"target": goal, "target_title": tr("history.ui.chart.target", target=goal)}
    elif game in ("hamsterdam", "hamsterbacke"):
        series_of = hamsterdam_series if game == "hamsterdam" else hamsterbacke_series
        series = _kept(table.id, table.actions_taken, lambda: series_of(json.loads(table.to_json())))
        x_title, y_title, x_type = tr("history.ui.chart.turn"), tr(f"history.ui.chart.{game}_value"), "Q"
        title = tr(f"history.ui.chart.{game}_title")
    elif game == "hamstern":
        side = table.view(None).get("side")
        names, series = hamstern_series(table.names, side)
        x_title, y_title, x_type = tr("history.ui.chart.when"), tr("history.ui.chart.score"), "T"
        title = tr("history.ui.chart.hamstern_title", side=side)
    else:
        return
    if enough(series):
        show(line_chart(rows_of(names, series), names, x_title, y_title, title=title, x_type=x_type, **target),
             "end", title)


def hamstern_series(seated: Sequence[str], side: str) -> tuple[list[str], list[list[tuple[str, float]]]]:
    """Hamstern: the names and the (date, score) of every Hamstern game of ``side`` of the people ``seated``
    (as the history knows them; it records a game with its last action, so this one is in it)."""
    from assistant import history
    from assistant.store_history import name_key

    known = {person.key: person for person in history.people(store()) if person.bot_level is None}
    people = list({known[name_key(name)].id: known[name_key(name)] for name in seated
                   if name_key(name) in known}.values())
    series = [[(iso(when), score) for when, score in history.score_series(store(), person.id, "hamstern", side)]
              for person in people]
    return distinct([person.name for person in people]), series


def iso(when: float) -> str:
    """A moment as Vega reads a date: ISO 8601 in local time (Vega shows it as it is written)."""
    return datetime.datetime.fromtimestamp(when).isoformat(timespec="seconds")
