"""The Hamstern sheet on screen, drawn from the same layout file as the PDF.

``tappable_sheet`` is the sheet of the player deciding now: one button per
chamber cell in a grid of columns that never wrap, styled per cell (through
Streamlit's ``st-key-*`` classes) with the chamber fill, thick walls, tunnels,
icons and the points badges. ``sheet_svg`` draws any sheet as a small picture
for the other players and the end screen.
"""

from __future__ import annotations

from functools import cache

import streamlit as st

from assistant.games.hamstern.layout import Layout, load_layout

COLOURS = {
    "A": {"earth": "#dccbaa", "chamber": "#fffdf7", "start": "#e6d3ad", "rock": "#9c8f7d", "tunnel": "#f3ead8"},
    "B": {"earth": "#4b3d30", "chamber": "#f7f1e6", "start": "#d5c3a0", "rock": "#231c15", "tunnel": "#cdbb9c"},
}
CROSSED, SELECTED, HINT, WALL = "#b0bec5", "#ffd54f", "#64b5f6", "#1d1d1d"
CELL_HEIGHT = "clamp(44px, 6.2vw, 58px)"


# Icons and crosses are drawn as SVG backgrounds: the same on every tablet, no emoji font needed.
MUSHROOM_SVG = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect x='16' y='19' width='8' height='13' "
                "rx='3' fill='%23f3e5c8' stroke='%23555' stroke-width='1.5'/><path d='M6 21 C6 5 34 5 34 21 Z' "
                "fill='%23c0392b' stroke='%23555' stroke-width='1.5'/><circle cx='14' cy='14' r='2.5' fill='white'/>"
                "<circle cx='24' cy='11' r='2' fill='white'/><circle cx='28' cy='17' r='1.8' fill='white'/></svg>")
ACORN_SVG = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><path d='M11 19 C11 31 17 35 20 35 "
             "C23 35 29 31 29 19 Z' fill='%23d19a4f' stroke='%23555' stroke-width='1.5'/><rect x='8' y='12' "
             "width='24' height='9' rx='4' fill='%238d5524' stroke='%23555' stroke-width='1.5'/><path d='M20 12 "
             "L23 5' stroke='%23555' stroke-width='2.5'/></svg>")
CROSS_SVG = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><path d='M8 8 L32 32 M32 8 L8 32' "
             "stroke='%23263238' stroke-width='5' stroke-linecap='round'/></svg>")
ICON_SVG = {"mushroom": MUSHROOM_SVG, "acorn": ACORN_SVG}


def _background(*svgs: str) -> str:
    # Angle brackets are escaped: st.html's sanitiser drops a <style> that holds raw markup.
    layers = ", ".join(f'url("data:image/svg+xml;utf8,{svg.replace("<", "%3C").replace(">", "%3E")}")'
                       for svg in svgs)
    return f"background-image: {layers}; background-repeat: no-repeat; background-position: center;" \
           " background-size: auto 78%;"


def cell_label(cell) -> str:
    """A cell's button label: its printed name, kept invisible (the look comes from the styles)."""
    return f"{chr(ord('A') + cell[1])}{cell[0] + 1}"


@cache
def static_css(side: str, prefix: str) -> str:
    """Per-cell styles that depend only on the layout: fills, walls, tunnels, rock, badges."""
    layout = load_layout(side)
    colours = COLOURS[side]
    owner = {cell: n for n, chamber in enumerate(layout.chambers) for cell in chamber.cells}
    doors = {}
    for near, far in layout.corridors:
        for a, b in ((near, far), (far, near)):
            doors.setdefault(a, set()).add(_side_towards(a, b))
    rules = [
        f".st-key-{prefix}-board [data-testid='stHorizontalBlock'] {{ gap: 0 !important; }}",
        f".st-key-{prefix}-board [data-testid='stVerticalBlock'] {{ gap: 0 !important; }}",
        f".st-key-{prefix}-board {{ gap: 0 !important; background-color: {colours['earth']}; padding: 4px;"
        f" border-radius: 6px; background-image: {earth_background(side)}; background-size: calc(100% - 8px)"
        " calc(100% - 8px); background-position: 4px 4px; background-repeat: no-repeat; }",
        f".st-key-{prefix}-board [data-testid='stHorizontalBlock'] {{ height: {CELL_HEIGHT}; min-height: 44px; }}",
        f".st-key-{prefix}-board [data-testid='stElementContainer'] {{ margin: 0 !important; }}",
        f".st-key-{prefix}-board button {{ width: 100%; height: {CELL_HEIGHT}; min-height: 44px; min-width: 0;"
        " padding: 0; border-radius: 0; font-size: 1px; color: transparent; line-height: 1;"
        " border: 1px solid #b9ad98; }",
        f".st-key-{prefix}-board button p {{ font-size: 1px; color: transparent; }}",
        f".st-key-{prefix}-board button:disabled {{ opacity: 1; color: #333; }}",
    ]
    for (row, col), n in owner.items():
        fill = colours["start"] if layout.chambers[n].start else colours["chamber"]
        borders = []
        for name, other in (("top", (row - 1, col)), ("bottom", (row + 1, col)),
                            ("left", (row, col - 1)), ("right", (row, col + 1))):
            if owner.get(other) != n:
                style = "4px dashed #8d6e63" if name in doors.get((row, col), ()) else f"3px solid {WALL}"
                borders.append(f"border-{name}: {style};")
        icon = _background(ICON_SVG[layout.icons[(row, col)]]) if (row, col) in layout.icons else ""
        rules.append(f".st-key-{prefix}-{row}-{col} button {{ background-color: {fill}; {icon} {' '.join(borders)} }}")
    rules.append(f".ht-earth {{ height: {CELL_HEIGHT}; min-height: 44px; display: flex; align-items: center;"
                 " justify-content: center; }")
    rules.append(f".ht-badge {{ background: #fff; border: 3px solid {WALL}; border-radius: 50%; width: 2.3rem;"
                 " height: 2.3rem; line-height: 1.95rem; text-align: center; font-weight: 700; color: #111;"
                 " font-size: 1.1rem; }")
    return "\n".join(rules)


@cache
def earth_html(side: str) -> dict[tuple[int, int], str]:
    """The earth cells that hold an element: the points badges (tunnels and rock are background)."""
    layout = load_layout(side)
    return {chamber.points_at: f'<div class="ht-earth"><div class="ht-badge">{chamber.points}</div></div>'
            for chamber in layout.chambers}


@cache
def earth_background(side: str) -> str:
    """Tunnels and rock as one picture stretched over the whole board.

    Every row has the same height and every column the same width, so the picture
    lines up with the cells; painting it once costs far less than an element per cell.
    """
    layout = load_layout(side)
    colours = COLOURS[side]
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {layout.cols * 10} {layout.rows * 10}' "
             "preserveAspectRatio='none'>"]
    for (r1, c1), (r2, c2) in layout.corridors:
        parts.append(f"<line x1='{c1 * 10 + 5}' y1='{r1 * 10 + 5}' x2='{c2 * 10 + 5}' y2='{r2 * 10 + 5}' "
                     f"stroke='{colours['tunnel']}' stroke-width='4'/>")
    for row, col in sorted(layout.rocks):
        for dx, dy, r in ((3.3, 3.8, 2.1), (6.6, 6.4, 1.9), (7, 2.8, 1.3)):
            parts.append(f"<ellipse cx='{col * 10 + dx}' cy='{row * 10 + dy}' rx='{r}' ry='{r}' "
                         f"fill='{colours['rock']}'/>")
    parts.append("</svg>")
    svg = "".join(parts).replace("#", "%23").replace("<", "%3C").replace(">", "%3E")
    return f'url("data:image/svg+xml;utf8,{svg}")'


def _side_towards(cell, other) -> str:
    if other[0] < cell[0]:
        return "top"
    if other[0] > cell[0]:
        return "bottom"
    return "left" if other[1] < cell[1] else "right"


def dynamic_css(layout: Layout, prefix: str, crossed: set, selected: set, hint: set) -> str:
    rules = []
    for cell in crossed | selected:
        colour = CROSSED if cell in crossed else SELECTED
        layers = [CROSS_SVG] if cell in crossed else []
        if cell in layout.icons:
            layers.append(ICON_SVG[layout.icons[cell]])
        look = _background(*layers) if layers else ""
        rules.append(f".st-key-{prefix}-{cell[0]}-{cell[1]} button {{ background-color: {colour} !important; {look} }}")
    rules += [f".st-key-{prefix}-{r}-{c} button {{ box-shadow: inset 0 0 0 4px {HINT}; }}" for r, c in hint]
    return "\n".join(rules)


def tappable_sheet(layout: Layout, crossed: set, selected: set, on_tap, *, hint: set = frozenset(),
                   disabled: bool = False, prefix: str = "hc", crossed_tappable: bool = False) -> None:
    """The sheet as a grid of cell buttons; ``on_tap(cell)`` runs when a cell is tapped.

    Crossed cells are locked during a game; the score check lets a mis-tap be taken back.
    """
    st.html(f"<style>{static_css(layout.side, prefix)}\n{dynamic_css(layout, prefix, crossed, selected, hint)}</style>")
    earth = earth_html(layout.side)
    with st.container(key=f"{prefix}-board"):
        for row in range(layout.rows):
            spans = row_spans(layout, row, earth)
            columns = st.columns([width for _, width in spans], gap=None, wrap=False)
            for (col, _), column in zip(spans, columns, strict=True):
                cell = (row, col)
                with column:
                    if cell in layout.index:
                        st.button(cell_label(cell), key=f"{prefix}-{row}-{col}", on_click=on_tap, args=(cell,),
                                  disabled=disabled or (cell in crossed and not crossed_tappable), width="stretch")
                    elif cell in earth:
                        st.markdown(earth[cell], unsafe_allow_html=True)


def row_spans(layout: Layout, row: int, earth: dict) -> list[tuple[int, int]]:
    """(first column, width) of each column a row needs: a run of plain earth is one wide column.

    Fewer columns make every rerun cheaper; plain earth shows nothing but the background.
    """
    spans: list[tuple[int, int]] = []
    for col in range(layout.cols):
        cell = (row, col)
        plain = cell not in layout.index and cell not in earth
        previous_plain = spans and (row, spans[-1][0]) not in layout.index and (row, spans[-1][0]) not in earth
        if plain and previous_plain:
            spans[-1] = (spans[-1][0], spans[-1][1] + 1)
        else:
            spans.append((col, 1))
    return spans


def sheet_svg(layout: Layout, crossed: set, *, cell: int = 16, highlight: set = frozenset()) -> str:
    """A small picture of a sheet: chambers, walls, tunnels, icons, points and crosses."""
    colours = COLOURS[layout.side]
    width, height = layout.cols * cell, layout.rows * cell
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'style="width:100%;max-width:{width * 1.6:.0f}px;height:auto" role="img">',
             f'<rect width="{width}" height="{height}" fill="{colours["earth"]}"/>']
    for near, far in layout.corridors:
        (r1, c1), (r2, c2) = near, far
        parts.append(f'<line x1="{(c1 + .5) * cell}" y1="{(r1 + .5) * cell}" x2="{(c2 + .5) * cell}" '
                     f'y2="{(r2 + .5) * cell}" stroke="{colours["tunnel"]}" stroke-width="{cell * .4}"/>')
    owner = {c: n for n, chamber in enumerate(layout.chambers) for c in chamber.cells}
    for (row, col), n in owner.items():
        fill = CROSSED if (row, col) in crossed else (
            colours["start"] if layout.chambers[n].start else colours["chamber"])
        if (row, col) in highlight:
            fill = SELECTED
        parts.append(f'<rect x="{col * cell}" y="{row * cell}" width="{cell}" height="{cell}" fill="{fill}" '
                     f'stroke="#b9ad98" stroke-width="0.5"/>')
        kind = layout.icons.get((row, col))
        if kind:
            dot = "#c0392b" if kind == "mushroom" else "#8d5524"
            parts.append(f'<circle cx="{(col + .5) * cell}" cy="{(row + .5) * cell}" r="{cell * .22}" fill="{dot}"/>')
        if (row, col) in crossed:
            a, b = cell * .2, cell * .8
            parts.append(f'<path d="M{col * cell + a},{row * cell + a} L{col * cell + b},{row * cell + b} '
                         f'M{col * cell + b},{row * cell + a} L{col * cell + a},{row * cell + b}" '
                         f'stroke="#263238" stroke-width="{cell * .12}"/>')
    for (row, col), n in owner.items():
        x, y = col * cell, row * cell
        for other, line in (((row - 1, col), (x, y, x + cell, y)), ((row + 1, col), (x, y + cell, x + cell, y + cell)),
                            ((row, col - 1), (x, y, x, y + cell)), ((row, col + 1), (x + cell, y, x + cell, y + cell))):
            if owner.get(other) != n:
                parts.append(f'<line x1="{line[0]}" y1="{line[1]}" x2="{line[2]}" y2="{line[3]}" '
                             f'stroke="{WALL}" stroke-width="{max(cell / 8, 1.5)}" stroke-linecap="square"/>')
    for chamber in layout.chambers:
        row, col = chamber.points_at
        parts.append(f'<circle cx="{(col + .5) * cell}" cy="{(row + .5) * cell}" r="{cell * .42}" fill="#fff" '
                     f'stroke="{WALL}"/><text x="{(col + .5) * cell}" y="{(row + .5) * cell}" font-size="{cell * .5}" '
                     f'font-family="sans-serif" font-weight="bold" text-anchor="middle" dominant-baseline="central">'
                     f'{chamber.points}</text>')
    parts.append("</svg>")
    return "".join(parts)
