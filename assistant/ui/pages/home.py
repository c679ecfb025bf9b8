"""Home: the five games, the language, and saved games to resume."""

import datetime

import streamlit as st

from assistant.games import GAME_NAMES, is_built
from assistant.store_errors import StorageError
from assistant.ui.common import lang, plain, show_storage_error, store, tr
from assistant.ui.nav import page
from assistant.ui.score_saving import CHECK_PARAM, shown_names

TITLES = {"hamstern": "Hamstern", "hamsterdam": "Hamsterdam", "biber_gang": "Biber Gang",
          "hamsterbacke": "Hamsterbacke", "moemmen": "Mömmen"}
KINDS = {"hamstern": "roll_write", "hamsterdam": "dice_cards", "biber_gang": "cards", "hamsterbacke": "cards",
         "moemmen": "cards"}
EMOJI = {"hamstern": "🐹", "hamsterdam": "🌊", "biber_gang": "🦫", "hamsterbacke": "🥟", "moemmen": "🐑"}

st.title(f"🐹 {tr('ui.app_title')}")
st.markdown(tr("ui.tagline"))
tiles = st.columns(len(GAME_NAMES), wrap=False)
for name, tile in zip(GAME_NAMES, tiles, strict=True):
    with tile.container(border=True):
        st.markdown(f"### {EMOJI[name]}\n**{TITLES[name]}**")
        st.caption(tr(f"ui.roll_kind_{KINDS[name]}"))
        if is_built(name):
            if st.button(tr("ui.play"), key=f"home-play-{name}", type="primary"):
                st.switch_page(page(name), query_params={"lang": lang()})
        else:
            st.button(tr("ui.coming"), key=f"home-play-{name}", disabled=True)


def _saved_names(names) -> str:
    """Player names as plain text: a name is never read as Markdown or HTML."""
    return ", ".join(plain(name) for name in names) if isinstance(names, list) else ""


def _resume_row(text: str, key: str, target: str, query: dict) -> None:
    row = st.columns([4, 1.3], wrap=False, vertical_alignment="center")
    row[0].markdown(text)
    if row[1].button(tr("ui.resume"), key=key):
        st.switch_page(page(target), query_params=query | {"lang": lang()})


st.subheader(tr("ui.recent"))
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
        title = f"{EMOJI.get(saved.game, '🎲')} {TITLES.get(saved.game, plain(saved.game))}"
        _resume_row(f"🧮 **{tr('ui.score_check')}** · {title} · {_saved_names(shown_names(saved.data))} · {when}",
                    f"resume-check-{saved.id}", "score_check", {CHECK_PARAM: saved.id})
        continue
    status = tr("ui.finished" if saved["finished"] else "ui.in_progress")
    title = TITLES.get(saved["game"], plain(saved["game"]))
    _resume_row(f"{EMOJI.get(saved['game'], '🎲')} **{title}** · {_saved_names(saved['setup'].get('names'))} · "
                f"{when} · {status}", f"resume-{saved['id']}", saved["game"], {"game": saved["id"]})
