"""Print sheets: every registered game's sheet as a PDF download (a coming sheet says so)."""

import streamlit as st

from assistant.games.registry import load, registered
from assistant.i18n import LANGUAGES, catalogue
from assistant.ui.common import LANG_NAMES, lang, tr
from assistant.ui.nav import game_app
from sheets import player_choice

PAPERS = {"a4": "A4", "letter": "US Letter"}


@st.cache_data(max_entries=32, show_spinner=False)
def sheet_pdf(path: str, paper: str, language: str, copies: int, side: str | None, players: int | None) -> bytes:
    choices = ({"side": side} if side else {}) | ({"players": players} if players else {})
    return load(path)(paper=paper, lang=language, copies=copies, **choices)


def option_label(game: str, option: str, value) -> str:
    """An option's value as the catalogue names it (``option.<game>.side.A``), else the value."""
    key = f"option.{game}.{option}.{value}"
    return tr(key) if key in catalogue(lang()) else str(value)


games = {info.sheet_kind: info for info in registered() if info.sheet_kind}
st.header(f":material/print: {tr('ui.print_title')}")
st.markdown(tr("ui.print_intro"))
kind = st.segmented_control(
    tr("ui.sheet_kind"), options=list(games), default=next(iter(games)), required=True, key="print_kind",
    format_func=lambda k: games[k].title(lang()) + ("" if games[k].sheet else f" ({tr('ui.coming')})"))
info = games[kind]
paper = st.segmented_control(tr("ui.paper"), options=list(PAPERS), default="a4", required=True, key="print_paper",
                             format_func=PAPERS.get)
language = st.segmented_control(tr("ui.language"), options=list(LANGUAGES), default=lang(), required=True,
                                key="print_lang", format_func=LANG_NAMES.get)
sides = next((option for option in info.options if option.name == "side"), None)
side = None
# A game may ask for its sheet's choices itself (its app side's print_choices: Hamstern's caves from a code);
# None while they are not complete (a code still to type): no sheet to download yet.
print_choices = getattr(game_app(info.name), "print_choices", None) if info.app else None
chosen = print_choices(f"print_side_{kind}") if print_choices else {}
if print_choices:
    side = chosen.get("side") if chosen is not None else None
elif sides:
    side = st.segmented_control(tr("ui.side"), options=list(sides.choices), default=sides.default,
                                required=True, key=f"print_side_{kind}",
                                format_func=lambda value: option_label(info.name, "side", value))
players = None
if counts := player_choice(info):  # a sheet with a strip per player
    players = st.segmented_control(tr("ui.players"), options=list(counts[0]), default=counts[1], required=True,
                                   key=f"print_players_{kind}")
if info.sheet and chosen is not None:
    copies = st.segmented_control(tr("ui.copies"), options=[1, 2, 4, 6, 10, 20], default=1, required=True,
                                  key=f"print_copies_{kind}")
    name = "-".join(part for part in (kind, side, f"{players}p" if players else None, paper, language) if part)
    st.download_button(tr("ui.download"), icon=":material/download:",
                       data=sheet_pdf(info.sheet, paper, language, int(copies), side, players),
                       file_name=f"{name}.pdf", mime="application/pdf", type="primary",
                       key=f"print_download_{kind}", on_click="ignore")
elif not info.sheet:
    st.info(tr("ui.coming"))
