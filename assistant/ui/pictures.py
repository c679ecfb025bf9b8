"""Small SVG pictures: dice faces, the round counter, the 1-track."""

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


def counter_html(faces: tuple[int, ...], ticked: int, hourglass: bool) -> str:
    boxes = [hourglass_svg(hourglass)]
    boxes += [die_svg(face, 44, faint=True, ticked=n < ticked) for n, face in enumerate(faces)]
    return '<div style="display:flex;gap:6px;flex-wrap:wrap;align-items:center">' + "".join(boxes) + "</div>"


def track_html(total: int, struck: int, pending: int = 0) -> str:
    """The 1-track as one picture: a die showing 1, struck boxes crossed out, and the boxes
    the current selection would strike in yellow."""
    step, size = 40, 34
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{(total + 1) * step}" height="{size + 4}" role="img">',
             '<rect x="2" y="2" width="34" height="34" rx="7" fill="#fff" stroke="#222" stroke-width="2.5"/>',
             '<circle cx="19" cy="19" r="4" fill="#111"/>']
    for n in range(total):
        x = (n + 1) * step + 2
        fill = "#cfd8dc" if n < struck else ("#ffd54f" if n < struck + pending else "#fff")
        parts.append(f'<rect x="{x}" y="2" width="{size}" height="{size}" fill="{fill}" stroke="#222" '
                     'stroke-width="2.5"/>')
        if n < struck:
            parts.append(f'<path d="M{x + 6},8 L{x + 28},30 M{x + 28},8 L{x + 6},30" stroke="#333" stroke-width="4"/>')
    parts.append("</svg>")
    return "".join(parts)
