"""Print sheets: every sheet the project can print, as a PDF download."""

import streamlit as st

from assistant.i18n import LANGUAGES
from assistant.ui.common import LANG_NAMES, lang, tr
from sheets import biber_gang as biber_sheet
from sheets import hamstern as hamstern_sheet


@st.cache_data(max_entries=32, show_spinner=False)
def hamstern_pdf(side: str, paper: str, language: str, copies: int) -> bytes:
    return hamstern_sheet.render(side, paper, language, copies)


st.header(f"🖨️ {tr('ui.hamstern.print_title')}")
st.markdown(tr("ui.hamstern.print_intro"))
@st.cache_data(max_entries=16, show_spinner=False)
def biber_pdf(paper: str, language: str, copies: int) -> bytes:
    return biber_sheet.render(paper, language, copies)


SHEET_NAMES = {"hamstern": "Hamstern", "biber-gang": "Biber Gang", "hamsterdam": f"Hamsterdam ({tr('ui.coming')})"}
kind = st.segmented_control(tr("ui.sheet_kind"), options=list(SHEET_NAMES), default="hamstern", required=True,
                            key="print_kind", format_func=SHEET_NAMES.get)
paper = st.segmented_control(tr("ui.paper"), options=["a4", "letter"], default="a4", required=True, key="print_paper",
                             format_func=lambda p: {"a4": "A4", "letter": "US Letter"}[p])
language = st.segmented_control(tr("ui.language"), options=list(LANGUAGES), default=lang(), required=True,
                                key="print_lang", format_func=LANG_NAMES.get)
if kind == "hamstern":
    side = st.segmented_control(tr("ui.hamstern.side"), options=["A", "B"], default="A", required=True,
                                key="print_side", format_func=lambda s: tr(f"ui.hamstern.side_{s}"))
    copies = st.number_input("×", min_value=1, max_value=50, value=1, key="print_copies")
    st.download_button(f"⬇️ {tr('ui.download')}", data=hamstern_pdf(side, paper, language, int(copies)),
                       file_name=f"hamstern-{side}-{paper}-{language}.pdf", mime="application/pdf",
                       type="primary", key="print_download", on_click="ignore")
elif kind == "biber-gang":
    copies = st.number_input("×", min_value=1, max_value=50, value=1, key="print_copies_bg")
    st.download_button(f"⬇️ {tr('ui.download')}", data=biber_pdf(paper, language, int(copies)),
                       file_name=f"biber-gang-{paper}-{language}.pdf", mime="application/pdf",
                       type="primary", key="print_download_bg", on_click="ignore")
else:
    st.info(tr("ui.coming"))
