"""Score check for Hamstern: tap the crossed cells of finished paper sheets; totals appear as you tap."""

import streamlit as st

from assistant.games.hamstern import scoring
from assistant.games.hamstern.layout import cell_name, load_layout
from assistant.games.hamstern.scorecard import unreachable_crosses
from assistant.ui import board
from assistant.ui.common import tr


def hamstern_check() -> None:
    st.header(f"🧮 {tr('ui.hamstern.check_title')}")
    st.markdown(tr("ui.hamstern.check_intro"))
    top = st.columns([1.2, 1, 1.6], wrap=False)
    side = top[0].segmented_control(tr("ui.hamstern.side"), options=["A", "B"], default="A", required=True,
                                    key="sc_side")
    count = top[1].number_input(tr("ui.players"), min_value=1, max_value=6, value=2, key="sc_count")
    free_start = top[2].toggle(tr("ui.hamstern.free_start"), key="sc_free")
    layout = load_layout(side)
    sheets = st.session_state.setdefault(f"sc_sheets_{side}", {})
    names = [st.session_state.get(f"sc_name_{n}") or tr("ui.default_name", n=n + 1) for n in range(count)]
    current = st.segmented_control(tr("ui.hamstern.check_player"), options=list(range(count)), default=0, required=True,
                                   format_func=lambda n: names[n], key="sc_player")
    st.text_input(tr("ui.player_name", n=current + 1), key=f"sc_name_{current}", max_chars=20)
    crossed = sheets.setdefault(current, set())


    def toggle(cell):
        crossed.symmetric_difference_update({cell})


    breakdowns = []
    for n in range(count):
        mask = layout.mask(sheets.get(n, set()))
        breakdowns.append(scoring.breakdown(layout, mask))
    winners = scoring.winners(breakdowns)
    rows = [{tr("ui.hamstern.name"): names[n], tr("ui.hamstern.chambers"): b.chambers,
             tr("ui.hamstern.mushrooms"): b.mushrooms, tr("ui.hamstern.acorns"): b.acorns,
             tr("ui.hamstern.total"): b.total, "🏆": "🏆" if n in winners and b.total else ""}
            for n, b in enumerate(breakdowns)]
    st.dataframe(rows, hide_index=True, width="stretch")
    decided = scoring.deciding_tie_break(breakdowns) if count > 1 and any(b.total for b in breakdowns) else None
    if decided:
        st.caption(tr(f"ui.hamstern.decided_by_{decided}"))
    stray = unreachable_crosses(layout, layout.mask(crossed), free_start)
    if stray:
        st.warning(tr("ui.hamstern.check_unreachable", cell=cell_name(layout.cells[stray.bit_length() - 1])))
    board.tappable_sheet(layout, crossed, set(), toggle, prefix="sc", crossed_tappable=True)
    if st.button(tr("ui.hamstern.clear_sheet"), key="sc_clear"):
        crossed.clear()
        st.rerun()
