"""Hamstern in a replay: every player's sheet drawn as the sheet (everything on a Hamstern table is
public), each with its name, score so far and 1-track, and above them the roll and the round counter."""

from __future__ import annotations

import html

from assistant.games.hamstern.layout import load_layout
from assistant.ui import pictures
from assistant.ui.common import tr
from assistant.ui.hamstern.sheet import sheet_svg
from assistant.ui.replay.pictures import still


def replay_picture(names: list[str], view: dict, seat: int | None, phone: bool) -> str:
    """The table at one step of a replay (the registry's app interface); ``seat``'s sheet first."""
    layout = load_layout(view["side"])
    order = list(range(view["num_players"]))
    if seat is not None and 0 <= seat < len(order):
        order.remove(seat)
        order.insert(0, seat)
    sheets = "".join(_sheet(layout, names[player], view["players"][player]) for player in order)
    placing = view["phase"] == "place"
    number = view["rolls"] + 1 if view["phase"] == "roll" else view["rolls"]
    die = pictures.die_svg(view["roll"], 44) if view["roll"] and placing else ""
    counter = pictures.counter_html(layout.round_counter_faces, view["counter_ticked"], view["hourglass"],
                                    size=26 if phone else 32)
    info = (f'<div class="rp-hs-info">{die}<b>{html.escape(tr("ui.hamstern.roll_number", n=number))}</b>'
            f'{counter}</div>')
    count = "1" if len(order) == 1 else "many"
    return still(f'<div class="rp-hs rp-hs-{count}">{info}<div class="rp-hs-sheets">{sheets}</div></div>')


def _sheet(layout, name: str, shown: dict) -> str:
    crossed = {tuple(cell) for cell in shown["crossed"]}
    score = html.escape(tr("ui.hamstern.score_now", points=shown["score"]))
    track = pictures.track_html(layout.one_track_length, shown["one_track_struck"], size=16)
    return (f'<div class="rp-hs-sheet"><div class="rp-name"><b>{html.escape(name)}</b> · {score}</div>'
            f'{sheet_svg(layout, crossed, labelled=True)}<div class="rp-hs-track">{track}</div></div>')
