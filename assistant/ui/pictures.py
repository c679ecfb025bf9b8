"""Small SVG pictures every game may use: dice faces, the round counter, the 1-track, button icons."""

from __future__ import annotations

PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_svg(value: int, size: int = 56, *, faint: bool = False, ticked: bool = False) -> str:
    pip = "#9e9e9e" if faint else "#111"
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 100 100" '
            f'role="img" aria-label="{value}"><rect x="4" y="4" width="92" height="92" rx="18" fill="#fff" '
            f'stroke="#222" stroke-width="6"/>']
    body += [f'<circle cx="{50 + dx * 24}" cy="{50 + dy * 24}" r="9" fill="{pip}"/>' for dx, dy in PIPS[value]]
    if ticked:
        body.append('<path d="M15,15 L85,85 M85,15 L15,85" stroke="#c62828" stroke-width="10"/>')
    body.append("</svg>")
    return "".join(body)


def hourglass_svg(crossed: bool, size: int = 44) -> str:
    mark = '<path d="M12,12 L88,88 M88,12 L12,88" stroke="#c62828" stroke-width="10"/>' if crossed else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 100 100" role="img">'
            '<rect x="4" y="4" width="92" height="92" rx="18" fill="#fff" stroke="#222" stroke-width="6"/>'
            '<path d="M28,18 L72,18 L50,50 L72,82 L28,82 L50,50 Z" fill="#e0c88f" stroke="#222" stroke-width="5"/>'
            f"{mark}</svg>")


def counter_html(faces, ticked: int, hourglass: bool, size: int = 44) -> str:
    """The hourglass and the round counter's dice faces, in one row that never wraps."""
    boxes = [hourglass_svg(hourglass, size)]
    boxes += [die_svg(face, size, faint=True, ticked=n < ticked) for n, face in enumerate(faces)]
    return '<div style="display:flex;gap:4px;flex-wrap:nowrap;align-items:center">' + "".join(boxes) + "</div>"


def track_html(total: int, struck: int, size: int = 34) -> str:
    """The 1-track as one picture: a die showing 1 and the struck boxes crossed out. Each box is
    ``class="box" data-pending="n"``: the tap board colours the boxes a selection would strike."""
    step = 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {(total + 1) * step} 38" '
             f'width="{(total + 1) * step * size / 34:.0f}" height="{38 * size / 34:.0f}" role="img">',
             '<rect x="2" y="2" width="34" height="34" rx="7" fill="#fff" stroke="#222" stroke-width="2.5"/>',
             '<circle cx="19" cy="19" r="4" fill="#111"/>']
    for n in range(total):
        x = (n + 1) * step + 2
        fill = "#cfd8dc" if n < struck else "#fff"
        parts.append(f'<rect class="box" data-pending="{n}" x="{x}" y="2" width="34" height="34" fill="{fill}" '
                     'stroke="#222" stroke-width="2.5"/>')
        if n < struck:
            parts.append(f'<path d="M{x + 6},8 L{x + 28},30 M{x + 28},8 L{x + 6},30" stroke="#333" stroke-width="4"/>')
    parts.append("</svg>")
    return "".join(parts)


# --- the picture on Home of a game whose app side is not built yet (each built game draws its own:
# picture() of its app side, see assistant/games/registry.py) ---------------------------------------
def coming_picture() -> str:
    """A fan of plain cards (our own drawing; no emoji font needed)."""
    colours = ("#c62828", "#ef6c00", "#f9a825", "#1565c0", "#2e7d32")
    cards = "".join(f'<g transform="rotate({-30 + 15 * n} 60 84)"><rect x="44" y="14" width="32" height="48" '
                    f'rx="5" fill="#fff" stroke="{c}" stroke-width="3"/><text x="60" y="46" font-size="20" '
                    f'text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="{c}">{n % 4 + 1}'
                    '</text></g>'
                    for n, c in enumerate(colours))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img">{cards}</svg>'


# Small line icons for buttons inside the tap board (the same on every device, no emoji font).
ICONS = {
    "check": '<path d="M5 12 l5 5 L20 6" stroke="currentColor" stroke-width="3" fill="none" stroke-linecap="round"/>',
    "undo": '<path d="M9 7 L4 12 L9 17 M4 12 H15 a5 5 0 0 1 0 10 H11" stroke="currentColor" stroke-width="2.5" '
            'fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
    "hint": '<path d="M12 3 a6 6 0 0 1 3.5 10.9 V17 H8.5 V13.9 A6 6 0 0 1 12 3 Z M9 20 H15" stroke="currentColor" '
            'stroke-width="2" fill="none"/>',
    "warning": '<path d="M12 3 L22 20 H2 Z M12 9 V14 M12 17 V17.5" stroke="currentColor" stroke-width="2" fill="none"'
               ' stroke-linejoin="round" stroke-linecap="round"/>',
    "dice": '<rect x="3" y="3" width="18" height="18" rx="4" stroke="currentColor" stroke-width="2" fill="none"/>'
            '<circle cx="8" cy="8" r="1.6" fill="currentColor"/><circle cx="16" cy="16" r="1.6" fill="currentColor"/>'
            '<circle cx="12" cy="12" r="1.6" fill="currentColor"/>',
    "phone": '<rect x="7" y="2.5" width="10" height="19" rx="2" stroke="currentColor" stroke-width="2" fill="none"/>'
             '<path d="M11 18.5 H13" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
}


def icon(name: str, size: int = 20) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="{size}" height="{size}" '
            f'style="vertical-align:-4px" aria-hidden="true">{ICONS[name]}</svg>')
