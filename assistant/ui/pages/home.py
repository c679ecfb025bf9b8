"""Home: the five games, the language, and saved games to resume."""

import datetime

import streamlit as st

from assistant.games import GAME_NAMES, is_built
from assistant.ui.common import lang, store, tr
from assistant.ui.nav import page

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

st.subheader(tr("ui.recent"))
recent = store().recent()
if not recent:
    st.caption(tr("ui.no_recent"))
for saved in recent:
    when = datetime.datetime.fromtimestamp(saved["updated"]).strftime("%d.%m. %H:%M")
    status = tr("ui.finished" if saved["finished"] else "ui.in_progress")
    names = ", ".join(saved["setup"].get("names", []))
    row = st.columns([4, 1.3], wrap=False, vertical_alignment="center")
    row[0].markdown(f"{EMOJI.get(saved['game'], '🎲')} **{TITLES.get(saved['game'], saved['game'])}** · {names} · "
                    f"{when} · {status}")
    if row[1].button(tr("ui.resume"), key=f"resume-{saved['id']}"):
        st.switch_page(page(saved["game"]), query_params={"game": saved["id"], "lang": lang()})
