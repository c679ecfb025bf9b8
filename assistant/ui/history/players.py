"""Players: everybody who played, and one player's page: games, wins and streaks, a row per game (Hamstern
per side, and its caves together) with the win rate, the average and the best score, their scores over
time, and renaming the player or merging two names that were one person (after a confirmation). What a
rename or a merge did, or why it was refused, is said right where it was tapped, and the panel stays open."""

from __future__ import annotations

import streamlit as st

from assistant import history
from assistant.ui import access, charts
from assistant.ui.common import plain, store, tr
from assistant.ui.history.shown import (
    Cell,
    game_title,
    label,
    number,
    percent,
    person_name,
    plural,
    table,
)
from assistant.ui.nav import game_names
from assistant.ui.variants import variant_label

NAME_LENGTH = 20
PILLS_UP_TO = 40  # more people than this: a list to pick from instead of a wall of buttons
NOTICE = "hi_notice"  # (person id, "rename" or "merge", "error" or "success", text): what the last tap did


def pick_person(key: str, everyone: list[history.Person], title: str, *, exclude: int | None = None) -> int | None:
    """One person, by a tap on their name; None until one is chosen."""
    ids = [p.id for p in everyone if p.id != exclude]
    names = {p.id: label(person_name(p.name, p.bot_level)) for p in everyone}
    if st.session_state.get(key) not in ids:
        st.session_state.pop(key, None)
    if len(ids) > PILLS_UP_TO:
        return st.selectbox(title, options=ids, index=None, format_func=names.__getitem__, key=key)
    return st.pills(title, options=ids, format_func=names.__getitem__, key=key, wrap=True)


def players_section() -> None:
    everyone = history.people(store())
    if not everyone:
        _notice(None)
        st.info(tr("history.ui.no_players"), icon=":material/group:")
        return
    chosen = pick_person("hi_player", everyone, tr("history.ui.pick_player"))
    _notice(None, unless_shown_for=chosen)
    if chosen is None:
        _everyone(everyone)
        return
    try:
        stats = history.player_stats(store(), chosen)
    except history.HistoryError:  # merged away in another tab: back to the list
        st.session_state.pop("hi_player", None)
        st.rerun()
    player_page(stats, everyone)


def _everyone(everyone: list[history.Person]) -> None:
    rows = [[Cell(person_name(p.name, p.bot_level), "name"), Cell(p.games)] for p in everyone]
    table([tr("ui.name"), tr("history.ui.games")], rows, numeric=(1,), key="hi-people")


def player_page(stats: history.PlayerStats, everyone: list[history.Person]) -> None:
    who = stats.person
    name = person_name(who.name, who.bot_level)
    st.subheader(plain(name))
    with st.container(horizontal=True, key="hi-figures"):
        st.metric(tr("history.ui.games"), stats.games, border=True)
        st.metric(tr("history.ui.wins"), stats.wins, border=True)
        st.metric(tr("history.ui.win_rate"), percent(stats.win_rate, stats.with_others), border=True)
        st.metric(tr("history.ui.current_streak"), stats.current_streak, border=True)
        st.metric(tr("history.ui.longest_streak"), stats.longest_streak, border=True)
    if stats.with_others != stats.games:  # games played alone: why the win rate is not wins / games
        st.caption(plural("history.ui.win_rate_note", stats.with_others) if stats.with_others
                   else tr("history.ui.win_rate_note_none"))
    rows = []
    for game, figures in per_game_rows(stats):
        rows.append([game_title(game, figures.variant), Cell(figures.games), Cell(figures.wins),
                     Cell(percent(figures.win_rate, figures.with_others)), Cell(number(figures.average)),
                     Cell(number(figures.best))])
    table([tr("ui.game"), tr("history.ui.games"), tr("history.ui.wins"), tr("history.ui.win_rate"),
           tr("history.ui.average"), tr("history.ui.best")], rows, numeric=(1, 2, 3, 4, 5), key="hi-player-games")
    st.caption(tr("history.ui.lowest_note"))
    scores_over_time(stats, name)
    if who.bot_level is None:
        _rename_or_merge(who, everyone)


def per_game_rows(stats: history.PlayerStats) -> list[tuple[str, history.GameStats]]:
    """A row per game in the app's order (games it no longer knows after them), Hamstern a row per side and
    one for every cave together."""
    order = {game: n for n, game in enumerate(game_names())}
    rows = []
    for game in sorted(stats.per_game, key=lambda game: (order.get(game, len(order)), game)):
        rows += [(game, stats.per_variant[game, variant]) for variant in _variants(stats, game)] or \
            [(game, stats.per_game[game])]
    return rows


def _variants(stats: history.PlayerStats, game: str) -> list[str]:
    """The variants of ``game`` the player played, its choices first (sides A, B), then the others together."""
    return sorted((variant for kind, variant in stats.per_variant if kind == game),
                  key=lambda variant: (variant == history.OTHER_VARIANTS, variant))


def scores_over_time(stats: history.PlayerStats, name: str) -> None:
    """The player's score in each game of one kind, over time (Hamstern: a line per side, one for the caves)."""
    order = {game: n for n, game in enumerate(game_names())}
    games = sorted(stats.per_game, key=lambda game: (order.get(game, len(order)), game))
    if not games:
        return
    st.markdown(f"**{tr('history.ui.over_time')}**")
    key = f"hi_chart_game_{stats.person.id}"
    if st.session_state.get(key) not in games:
        st.session_state.pop(key, None)
    game = st.segmented_control(tr("ui.game"), options=games, default=games[0], required=True, key=key,
                                format_func=game_title, label_visibility="collapsed")
    sides = _variants(stats, game)
    lines = ([(variant_label(game, side), side) for side in sides] if sides else [(name, None)])
    series = [[(charts.iso(when), score) for when, score in history.score_series(store(), stats.person.id, game,
                                                                                   variant)]
              for _, variant in lines]
    if not charts.enough(series):
        st.caption(tr("history.ui.one_game"))
        return
    labels = charts.distinct([line for line, _ in lines])
    chart = charts.line_chart(charts.rows_of(labels, series), labels, tr("history.ui.chart.when"),
                              tr("history.ui.chart.score"), title=game_title(game), x_type="T")
    charts.show(chart, "player", tr("history.ui.over_time"))


# --- renaming and merging ---------------------------------------------------------------------------
def _rename_or_merge(who: history.Person, everyone: list[history.Person]) -> None:
    # Its open state is kept (on_change="rerun"), so that a tap inside it never closes it.
    with st.expander(f":material/edit: {tr('history.ui.manage')}", key=f"hi_manage_{who.id}", on_change="rerun"):
        st.text_input(tr("history.ui.new_name"), value=who.name, max_chars=NAME_LENGTH, key=f"hi_new_name_{who.id}")
        st.button(tr("history.ui.rename"), key="hi-rename", on_click=_rename, args=(who.id,))
        _notice(who.id, "rename")
        others = [p for p in everyone if p.bot_level is None and p.id != who.id]
        if not others:
            return
        st.markdown(tr("history.ui.merge_intro", name=plain(who.name)))
        gone = pick_person(f"hi_merge_{who.id}", others, tr("history.ui.merge_pick"))
        _notice(who.id, "merge")
        if gone is None:
            return
        other = next(p for p in others if p.id == gone)
        st.warning(plural("history.ui.merge_confirm", other.games, keep=plain(who.name), gone=plain(other.name),
                          games=other.games), icon=":material/merge:")
        with st.container(horizontal=True):
            st.button(tr("history.ui.merge"), key="hi-merge", type="primary", on_click=_merge,
                      args=(who.id, gone, other.name))
            st.button(tr("history.ui.cancel"), key="hi-merge-cancel", on_click=_forget, args=(f"hi_merge_{who.id}",))


def _rename(person_id: int) -> None:
    if not access.still_table():  # a tablet whose key was revoked while the page was open
        return
    new = st.session_state.get(f"hi_new_name_{person_id}") or ""
    try:
        history.rename(store(), person_id, new)
    except history.HistoryError as error:
        _tell(person_id, "rename", "error", tr(error.key))
    else:
        _tell(person_id, "rename", "success", tr("history.ui.renamed", name=plain(" ".join(new.split()))))


def _merge(keep: int, gone: int, gone_name: str) -> None:
    if not access.still_table():
        return
    try:
        history.merge(store(), keep, gone)
    except history.HistoryError as error:
        _tell(keep, "merge", "error", tr(error.key))
    else:
        _tell(keep, "merge", "success", tr("history.ui.merged", gone=plain(gone_name)))
    _forget(f"hi_merge_{keep}")


def _tell(person_id: int, part: str, kind: str, text: str) -> None:
    """Say ``text`` under the part of the panel just tapped, and keep the panel open to show it."""
    st.session_state[NOTICE] = (person_id, part, kind, text)
    st.session_state[f"hi_manage_{person_id}"] = True


def _forget(key: str) -> None:
    st.session_state.pop(key, None)


def _notice(person_id: int | None, part: str | None = None, *, unless_shown_for: int | None = None) -> None:
    """What the last rename or merge did (a refusal: its reason, in one line), where it was tapped: under
    ``part`` of ``person_id``'s panel. With ``person_id`` None: at the top, if that player's page is not
    shown (merged away in another tab meanwhile)."""
    notice = st.session_state.get(NOTICE)
    if not notice:
        return
    who, where, kind, text = notice
    if person_id is None and who == unless_shown_for:
        return  # said in the panel
    if person_id is not None and (who, where) != (person_id, part):
        return
    del st.session_state[NOTICE]
    if kind == "error":
        st.error(text, icon=":material/warning:")
    else:
        st.success(text, icon=":material/check:")
