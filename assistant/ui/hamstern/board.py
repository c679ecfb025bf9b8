"""Hamstern's picture on the tap board: the sheet being played (on a phone through its window), the
places of the side panel and the buttons, and the other players' sheets below.

The picture is the same all game for a side, a language, the kind of device and the number of other
sheets: what changes (the crosses, the names and scores, the side panel) comes as the board's marks and
slots (play.py). So it is made once and kept, and every redraw (after each move, on every device) sends
the same string, which the tap board recognises without building or hashing 100 KB of SVG again.
"""

from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path

from assistant import i18n
from assistant.games.hamstern.layout import load_layout
from assistant.ui.hamstern import phone
from assistant.ui.hamstern.sheet import sheet_svg

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")
PICTURES_KEPT = 32  # sides and caves, languages, table or phone, numbers of players


@lru_cache(maxsize=PICTURES_KEPT)
def board_picture(side: str, lang: str, on_phone: bool, others: int) -> str:
    """The board of a game on ``side`` in ``lang``, on a phone or at the table, with ``others`` sheets
    below the one being decided (box n shows the n-th: its name in the slot ``name{n}``, its cells
    named ``o{n}:row-col``)."""
    layout = load_layout(side)
    sheet, style, classes = sheet_svg(layout, tappable=True), TABLE_CSS, "tb-frame"
    if on_phone:  # a phone's seat: the sheet through a window on the chambers in play
        window = phone.sheet_window(side, sheet, chamber_words(side, lang))
        sheet = f'<div class="hs-view" data-slot="view"></div>{window}'
        style, classes = style + phone.phone_css(side), "tb-frame hs-phone"
    return (f'<style>{style}</style><div class="{classes}">'
            f'<div class="tb-board">{sheet}</div>'
            f'<div class="tb-side"><div data-slot="side"></div><div class="tb-buttons"></div>'
            f'<div class="tb-note"></div></div></div>{_other_boxes(side, lang, others)}')


@lru_cache(maxsize=PICTURES_KEPT)
def chamber_words(side: str, lang: str) -> tuple[str, ...]:
    """Each chamber as a screen reader and the phone's picks name it ("Chamber of 12 points")."""
    return tuple(i18n.t("ui.hamstern.chamber", lang, points=chamber.points) for chamber in load_layout(side).chambers)


def _other_boxes(side: str, lang: str, count: int) -> str:
    """The sheets of everyone not deciding, looked at only (nothing to tap there)."""
    if not count:
        return ""
    layout = load_layout(side)
    boxes = "".join(f'<div class="tb-other"><div data-slot="name{box}"></div>{sheet_svg(layout, parts=f"o{box}:")}'
                    f'</div>' for box in range(count))
    heading = f'<h3 class="tb-heading">{html.escape(i18n.t("ui.hamstern.others", lang))}</h3>'
    return f'{heading}<div class="tb-others">{boxes}</div>'
