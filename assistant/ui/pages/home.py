"""Home: every registered game with its picture, and saved games and score checks to resume."""

import datetime

import streamlit as st

from assistant.games.registry import registered
from assistant.lessons import lesson_games
from assistant.store_errors import StorageError
from assistant.ui.access import pairing_panel
from assistant.ui.common import lang, plain, show_storage_error, store, tr
from assistant.ui.nav import game_app, game_icon, lesson_page, page, replay_page
from assistant.ui.pictures import coming_picture
from assistant.ui.score_saving import CHECK_PARAM, shown_names
from assistant.ui.variants import variant_label

GAMES = {info.name: info for info in registered()}
LESSONS = lesson_games()

st.title(tr("ui.app_title"))
st.markdown(tr("ui.tagline"))
pairing_panel()  # on the laptop itself only
tiles = st.columns(len(GAMES), wrap=False)
for info, tile in zip(GAMES.values(), tiles, strict=True):
    with tile.container(border=True):
        picture = game_app(info.name).picture() if info.app else coming_picture()
        st.markdown(f'<div class="ht-tile-picture">{picture}</div>', unsafe_allow_html=True)
        st.markdown(f"**{plain(info.title(lang()))}**")
        st.caption(tr(f"ui.roll_kind_{info.kind}"))
        if info.built:
            if st.button(tr("ui.play"), key=f"home-play-{info.name}", type="primary", icon=":material/play_arrow:"):
                st.switch_page(page(info.name), query_params={"lang": lang()})
            if info.name in LESSONS and st.button(tr("ui.lesson.learn"), key=f"home-learn-{info.name}",
                                                  icon=":material/school:"):
                st.switch_page(lesson_page(), query_params={"lesson": info.name, "lang": lang()})
        else:
            st.button(tr("ui.coming"), key=f"home-play-{info.name}", disabled=True)


def _title(game: str) -> str:
    """A game's icon and name, for the resume list (a game no longer registered: its id, as text)."""
    if game in GAMES:
        return f"{game_icon(game)} **{plain(GAMES[game].title(lang()))}**"
    return f"**{plain(game)}**"


def _played_on(saved: dict) -> str:
    """What a saved game is played on, as Markdown text: " · Side A", " · Cave BAKO-MIRU"; "" for a game
    without variants."""
    return f" · {plain(variant_label(saved['game'], saved['variant']))}" if saved.get("variant") else ""


def _saved_names(names) -> str:
    """Player names as plain text: a name is never read as Markdown or HTML."""
    return ", ".join(plain(name) for name in names) if isinstance(names, list) else ""


def _resume_row(text: str, key: str, target: str, query: dict, finished: bool = False,
                replay: str | None = None) -> None:
    """A saved game or score check, and its button; a game (``replay``: its id) can be watched again too."""
    row = st.columns([4, 1.3, 1.3] if replay else [4, 1.3], wrap=False, vertical_alignment="center")
    row[0].markdown(text)
    if row[1].button(tr("ui.open" if finished else "ui.resume"), key=key):
        st.switch_page(page(target), query_params=query | {"lang": lang()})
    # The key starts "resume-" as the other buttons': a phone sizes these columns by their buttons.
    if replay and row[2].button(tr("ui.replay.watch_again"), key=f"resume-replay-{replay}", icon=":material/replay:"):
        st.switch_page(replay_page(), query_params={"game": replay, "lang": lang()})


st.subheader(tr("ui.recent"))
# Links a finger taps: as tall as a button (Streamlit draws a page link 28 px high).
st.html("<style>.st-key-home-links { flex-wrap: wrap; } "
        ".st-key-home-links [data-testid='stPageLink'] a { min-height: 48px; padding: 0 12px; }</style>")
with st.container(horizontal=True, key="home-links"):  # side by side where they fit, else one below the other
    # Every game that ended here, who won it, and the players' figures.
    st.page_link(page("history"), label=tr("history.ui.home_link"), icon=":material/history:",
                 query_params={"lang": lang()})
    # A game record exported on another table: the replay page imports it.
    st.page_link(replay_page(), label=tr("ui.replay.import"), icon=":material/upload_file:",
                 query_params={"lang": lang()})
# Saved games and score checks, the ones last touched first.
try:
    recent = [("game", saved["updated"], saved) for saved in store().recent()]
    recent += [("check", check.updated, check) for check in store().recent_checks()]
    if not recent:
        st.caption(tr("ui.no_recent"))
except StorageError as error:  # the games above can still be started; the reason is told
    show_storage_error(error)
    recent = []
recent.sort(key=lambda item: -item[1])
for kind, updated, saved in recent[:10]:
    when = datetime.datetime.fromtimestamp(updated).strftime("%d.%m. %H:%M")
    if kind == "check":
        _resume_row(f":material/calculate: **{tr('ui.score_check')}** · {_title(saved.game)} · "
                    f"{_saved_names(shown_names(saved.data))} · {when}",
                    f"resume-check-{saved.id}", "score_check", {CHECK_PARAM: saved.id})
        continue
    status = tr("ui.finished" if saved["finished"] else "ui.in_progress")
    origin = saved["setup"].get("origin")  # played on from a replay, or imported: it counts nowhere
    if origin in ("played_on", "imported"):
        status += f" · {tr(f'ui.replay.origin_{origin}')}"
    _resume_row(f"{_title(saved['game'])}{_played_on(saved)} · {_saved_names(saved['setup'].get('names'))} · "
                f"{when} · {status}", f"resume-{saved['id']}", saved["game"], {"game": saved["id"]},
                finished=saved["finished"], replay=saved["id"])
