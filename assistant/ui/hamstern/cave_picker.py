"""Where to play: side A, side B, the cave of the day or a cave's code (assistant/games/hamstern/caves.py).

The new-game form and the print page ask with ``pick_side``; the score check with its own saved
controls but the same words. A cave not made yet in this process is made under a progress bar (the
hard bot plays 200 test games on it: a second or two), then described by how hard it plays.
"""

from __future__ import annotations

import streamlit as st

from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import SIDES
from assistant.ui.common import lang, plain, tr
from assistant.ui.hamstern.sheet import sheet_svg

KINDS = (*SIDES, "day", "code")
DAY, CODE = "day", "code"


def kind_label(kind: str) -> str:
    return tr(f"ui.hamstern.side_{kind}") if kind in SIDES else tr(f"ui.hamstern.cave_{kind}")


def side_words(side: str) -> str:
    """Where a game is played, as a sentence says it: "on side A", "in cave BAKO-MIRU", "in the cave of the
    day (2026-11-27)"."""
    if side in SIDES:
        return tr("ui.hamstern.on_side", side=side)
    return tr("ui.hamstern.on_day" if caves.is_day_code(side) else "ui.hamstern.on_cave", code=side)


def cave_title(code: str) -> str:
    """A cave's name, as its printed sheet has it: "Cave BAKO-MIRU", "Cave of the day 2026-11-27"."""
    return tr("sheet.hamstern.cave_of_day" if caves.is_day_code(code) else "sheet.hamstern.cave", code=code)


def variant_name(variant: str) -> str | None:
    """A cave's name wherever a saved game or a result is named with its variant (Home, the replay, the
    history): the code a table types to play or print it again. None for sides A and B (named as sides)."""
    return None if variant in SIDES or not caves.is_cave(variant) else cave_title(variant)


def cave_played(side: str, *, table: bool = True) -> str:
    """Under the end's heading (Markdown): the cave's name, with its code, so that a table can play or print
    it again (``table``: on the table's device, which has "New game" and "Print"); nothing for sides A and B,
    which every table has."""
    if side in SIDES:
        return ""
    named = f":material/landscape: **{plain(cave_title(side))}**"
    return f"{named} · {tr('ui.hamstern.cave_again')}" if table else named


def other_variants_name() -> str:
    """Every cave together, as the history counts them beside sides A and B: "Caves"."""
    return tr("ui.hamstern.caves_together")


def offered_again(key: str, side: str) -> dict[str, str]:
    """The values of ``pick_side(key)``'s widgets that offer ``side`` again (a cave's code typed, today's
    cave as the cave of the day): a new game after a game on a cave is on the same cave."""
    if side in SIDES:
        return {f"{key}_kind": side}
    if side == caves.cave_of_the_day():
        return {f"{key}_kind": DAY}
    return {f"{key}_kind": CODE, f"{key}_code": side}


def make_cave(code: str) -> caves.Cave:
    """The cave of ``code``, made under a progress bar if this process has not made it yet."""
    if caves.is_made(code):
        return caves.cave(code)
    bar = st.progress(0.0, text=tr("ui.hamstern.cave_making", code=code))

    def progress(share: float, dropped: int) -> None:
        text = tr("ui.hamstern.cave_making_again" if dropped else "ui.hamstern.cave_making", code=code)
        bar.progress(min(share, 1.0), text=text)

    cave = caves.cave(code, progress)
    bar.empty()
    return cave


def describe(cave: caves.Cave) -> str:
    """How hard the cave plays, measured: "About as hard as side A: the hard bot scores 54.1 ..."."""
    return tr(f"ui.hamstern.cave_{cave.difficulty}", mean=f"{cave.figures.mean:.1f}",
              reference=f"{cave.reference.mean:.1f}", games=len(cave.figures.scores))


def _new_code(key: str) -> None:
    st.session_state[key] = caves.new_code()


def pick_side(key: str, *, preview: bool = True) -> str | None:
    """Side A or B, today's cave or a typed code's: the ``side`` option's value, or None while no valid
    code is typed (the reason is shown). ``key`` prefixes the widgets' keys."""
    # Side A unless something else is offered again (offered_again): given through session_state, never as the
    # default too (Streamlit warns about a widget given both).
    st.session_state.setdefault(f"{key}_kind", "A")
    kind = st.segmented_control(tr("ui.side"), options=list(KINDS), required=True, key=f"{key}_kind",
                                format_func=kind_label)
    if kind in SIDES:
        return kind
    if kind == DAY:
        code = caves.cave_of_the_day()
    else:
        columns = st.columns([3, 2], vertical_alignment="bottom", wrap=False)
        typed = columns[0].text_input(tr("ui.hamstern.cave_code_label"), key=f"{key}_code", max_chars=30,
                                      placeholder="BAKO-MIRU")
        columns[1].button(tr("ui.hamstern.cave_new_code"), key=f"{key}_new", icon=":material/casino:",
                          on_click=_new_code, args=(f"{key}_code",))
        if not typed.strip():
            st.caption(tr("ui.hamstern.cave_code_help"))
            return None
        code = typed
    try:
        code = caves.normalise(code)
        cave = make_cave(code)
    except caves.CaveCodeError as error:  # a code no cave is made of: one line, never the error page
        st.error(error.message(lang()), icon=":material/warning:")
        return None
    st.caption(f"**{cave_title(code)}** · {describe(cave)}")
    if preview:
        with st.expander(tr("ui.hamstern.cave_look"), icon=":material/visibility:"):
            st.markdown(f'<div class="hs-cave-preview">{sheet_svg(cave.layout, max_width=560)}</div>',
                        unsafe_allow_html=True)
    return code
