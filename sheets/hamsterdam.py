"""The Hamsterdam dam tracker, drawn from templates/hamsterdam.toml as the engine reads it.

``render("a4", "de", players=3)`` returns the PDF bytes. One page: a dam strip per player
(the cards in dam order, hamsters, special, flood tokens, reinforcements, the flood pile with
its breaches), the turns of a round with the movement phases, the end thresholds, and a
legend of the 18 special hamsters. ``page_layout`` is public so tests can find every part.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from assistant.games.hamsterdam.cards import numbers
from assistant.i18n import t
from sheets.hamsterdam_icons import WINDOWS, icon_width, place_icon
from sheets.pdf import BOLD, FONT, MARGIN, PAPERS, draw_fitted, fit_font_size, register_fonts, render_pages, wrap_lines
from sheets.scan_marks import INSET, MARKER, SheetKind, draw_markers

HEADER_H = 11 * mm
NAME_LINE_H = 7.5 * mm
STRIP_GAP = 3 * mm
SECTION_GAP = 2.5 * mm
MIN_STRIP_H = 30 * mm
MAX_STRIP_H = 58 * mm
LABEL_W = 25 * mm
RESERVE_W = 21 * mm
# Each strip row's share of the table's height: the card row holds a written number, the
# hamster row a tally, the special row a name, the token row a tick.
ROWS = (("card", 0.28), ("hamsters", 0.28), ("special", 0.25), ("token", 0.19))
NOTE_SIZE = 6.5
NOTE_LEAD = NOTE_SIZE + 2
BAND_H = 20 * mm
LEGEND_ROW = 3.55 * mm
EFFECT_SIZE = 6.8
NAME_SIZE = 7.5
KEY_ICON = 3.4 * mm
FOOTER_H = 5 * mm


@dataclass(frozen=True)
class Strip:
    """One player's dam strip (points, origin bottom-left)."""

    top: float  # the top of the name line
    table_top: float
    bottom: float
    rows: dict[str, tuple[float, float]]  # row name -> (lower edge, height)
    columns: tuple[float, ...]  # left edge of each dam position
    column_w: float
    reserve_x: float


@dataclass(frozen=True)
class PageLayout:
    width: float
    height: float
    strips: tuple[Strip, ...]
    notes_top: float
    band_top: float
    legend_top: float
    notes_h: float
    legend_h: float

    def parts(self) -> list[tuple[str, float, float]]:
        """(name, lower edge, upper edge) of every part, top to bottom: nothing drawn may
        reach from one into another."""
        top = self.height - MARGIN
        return [("markers", self.height - INSET - MARKER, self.height - INSET),  # for the camera (scan_marks)
                ("header", top - HEADER_H, top),
                *((f"strip {n + 1}", s.bottom, s.top) for n, s in enumerate(self.strips)),
                ("notes", self.notes_top - self.notes_h, self.notes_top),
                ("band", self.band_top - BAND_H, self.band_top),
                ("legend", self.legend_top - self.legend_h, self.legend_top),
                ("footer", MARGIN - 2, MARGIN + FOOTER_H),
                ("markers", INSET, INSET + MARKER)]


def player_counts() -> tuple[int, ...]:
    """The player counts the data file has numbers for (a round, an end threshold)."""
    return tuple(sorted(numbers().end_tokens))


def page_layout(paper: str, players: int, lang: str) -> PageLayout:
    """Where every part sits. The strips take what the fixed parts leave, within bounds;
    what is left over spreads evenly between the parts."""
    register_fonts()  # the layout measures text
    width, height = PAPERS[paper]
    usable = width - 2 * MARGIN
    notes_h = _notes_height(lang, usable)
    legend_h = _legend_height(lang, usable)
    free = height - 2 * MARGIN - HEADER_H - notes_h - BAND_H - legend_h - FOOTER_H - 3 * SECTION_GAP
    strip_h = min(MAX_STRIP_H, free / players)
    if strip_h < MIN_STRIP_H:
        raise ValueError(f"{players} dam strips do not fit on {paper} in {lang}")
    gap = SECTION_GAP + (free - strip_h * players) / 3
    top = height - MARGIN - HEADER_H
    strips = tuple(_strip(top - n * strip_h, strip_h, width) for n in range(players))
    # The last strip's own gap (below its table) counts toward the gap to the notes.
    notes_top = top - players * strip_h + STRIP_GAP - gap
    band_top = notes_top - notes_h - gap
    return PageLayout(width, height, strips, notes_top, band_top, band_top - BAND_H - gap, notes_h, legend_h)


def _strip(top: float, strip_h: float, width: float) -> Strip:
    table_top = top - NAME_LINE_H
    bottom = top - strip_h + STRIP_GAP
    rows, y = {}, table_top
    for name, share in ROWS:
        h = (table_top - bottom) * share
        y -= h
        rows[name] = (y, h)
    reserve_x = width - MARGIN - RESERVE_W
    first = MARGIN + LABEL_W
    column_w = (reserve_x - 2 * mm - first) / len(numbers().dam_values)
    columns = tuple(first + n * column_w for n in range(len(numbers().dam_values)))
    return Strip(top, table_top, bottom, rows, columns, column_w, reserve_x)


def _notes(lang: str, usable: float) -> list[str]:
    values = numbers().dam_values
    card_note = t("sheet.hamsterdam.card_note", lang, low=values[0], high=values[-1])
    return [*wrap_lines(card_note, FONT, NOTE_SIZE, usable),
            *wrap_lines(t("sheet.hamsterdam.flood_rule", lang), FONT, NOTE_SIZE, usable)]


def _notes_height(lang: str, usable: float) -> float:
    return (len(_notes(lang, usable)) + 1) * NOTE_LEAD + 1 * mm  # + the breach line


def _key_items(lang: str) -> list[tuple[str, str]]:
    return [*((window, t(f"sheet.hamsterdam.window.{window}", lang)) for window in WINDOWS),
            ("turns", t("sheet.hamsterdam.turns", lang))]


def _key_lines(lang: str, usable: float) -> list[list[tuple[str, str, float]]]:
    """The legend's key, flowed into lines: (icon, label, x offset) per item."""
    lines, line, x = [], [], 0.0
    for icon, label in _key_items(lang):
        need = icon_width(icon, KEY_ICON) + 1.2 * mm + _text_w(label, NOTE_SIZE) + 4 * mm
        if line and x + need > usable:
            lines.append(line)
            line, x = [], 0.0
        line.append((icon, label, x))
        x += need
    lines.append(line)
    return lines


def _text_w(text: str, size: float, font: str = FONT) -> float:
    return stringWidth(text, font, size)


def _legend_height(lang: str, usable: float) -> float:
    specials = len(numbers().specials)
    return 5 * mm + len(_key_lines(lang, usable)) * 4.2 * mm + 1 * mm + specials * LEGEND_ROW


def render(paper: str = "a4", lang: str = "en", copies: int = 1, players: int = 4) -> bytes:
    if players not in player_counts():
        allowed = ", ".join(str(n) for n in player_counts())
        raise ValueError(f"Hamsterdam is for {allowed} players, not {players!r}")
    layout = page_layout(paper, players, lang)
    title = f"{t('sheet.hamsterdam.title', lang)} – {t('sheet.hamsterdam.players', lang, count=players)}"
    return render_pages(paper, title, lambda canvas: draw_sheet(canvas, layout, players, lang, paper), copies)


SCAN_PLAYERS = (2, 3, 4)
SCAN_LANGUAGES = ("en", "de")


def scan_kind(paper: str, players: int, lang: str) -> SheetKind:
    """What the corner markers say (assistant/scan): the strips move with the players and the language."""
    return SheetKind("hamsterdam", paper, players=players, lang=lang)


def scan_kinds(papers) -> list[SheetKind]:
    """The tracker's readable kinds, in the order their numbers were given (never reorder: printed sheets
    carry them)."""
    return [scan_kind(paper, players, lang) for paper in papers for players in SCAN_PLAYERS for lang in SCAN_LANGUAGES]


def draw_sheet(canvas: Canvas, layout: PageLayout, players: int, lang: str, paper: str = "a4") -> None:
    draw_markers(canvas, scan_kind(paper, players, lang))
    width, usable = layout.width, layout.width - 2 * MARGIN
    top = layout.height - MARGIN
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN, top - 6.5 * mm, t("sheet.hamsterdam.title", lang), BOLD, 17, usable * 0.66)
    draw_fitted(canvas, width - MARGIN, top - 6.5 * mm, t("sheet.hamsterdam.players", lang, count=players),
                BOLD, 12, usable * 0.3, align="right")
    pile = numbers().end_tokens[players]
    for strip in layout.strips:
        _draw_strip(canvas, strip, lang, width, pile)
    _draw_notes(canvas, lang, layout.notes_top, usable)
    _draw_round_tracker(canvas, lang, players, layout.band_top, usable * 0.5)
    _draw_thresholds(canvas, lang, players, layout.band_top, MARGIN + usable * 0.55, usable * 0.45)
    _draw_legend(canvas, lang, layout.legend_top, usable)
    canvas.setFillGray(0.4)
    draw_fitted(canvas, width / 2, MARGIN, f"{t('sheet.product', lang)} · {t('sheet.hamsterdam.copyright', lang)}",
                FONT, 6.5, usable, align="center")


def _label(key: str, lang: str) -> str:
    return t(f"sheet.hamsterdam.{key}", lang)


def _draw_strip(canvas: Canvas, strip: Strip, lang: str, width: float, pile: int) -> None:
    right = width - MARGIN
    # The name line: a name to write in, then the flood pile with its breach marks.
    baseline = strip.table_top + 2 * mm
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN, baseline, _label("name", lang) + ":", BOLD, 8.5, 14 * mm)
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0)
    canvas.line(MARGIN + 13 * mm, baseline - 0.8 * mm, MARGIN + 62 * mm, baseline - 0.8 * mm)
    pile_label_x = MARGIN + 65 * mm
    draw_fitted(canvas, pile_label_x, baseline, _label("flood_pile", lang) + ":", BOLD, 8, 21 * mm)
    _draw_pile(canvas, pile_boxes(strip, width, pile))
    # The table: labels, the eleven dam positions, the reinforcements box on the right.
    table_h = strip.table_top - strip.bottom
    size = min(fit_font_size(_label(name, lang), BOLD, 7.5, LABEL_W - 3 * mm) for name in strip.rows)
    canvas.setFillGray(0)
    canvas.setFont(BOLD, size)  # one size for all four labels, the longest decides
    for name, (y, h) in strip.rows.items():
        canvas.drawString(MARGIN + 1.5 * mm, y + h / 2 - size / 3, _label(name, lang))
    canvas.setStrokeGray(0)
    canvas.setLineWidth(1.2)
    first, last = strip.columns[0], strip.columns[-1] + strip.column_w
    canvas.rect(first, strip.bottom, last - first, table_h, stroke=1, fill=0)
    canvas.rect(strip.reserve_x, strip.bottom, right - strip.reserve_x, table_h, stroke=1, fill=0)
    canvas.setLineWidth(0.8)
    for x in strip.columns[1:]:
        canvas.line(x, strip.bottom, x, strip.table_top)
    canvas.setLineWidth(0.4)
    canvas.setStrokeGray(0.45)
    for name, (y, h) in strip.rows.items():
        if name != "card":
            canvas.line(MARGIN, y + h, last, y + h)
    canvas.setLineWidth(1.0)
    canvas.setStrokeGray(0)
    card_y, card_h = strip.rows["card"]
    canvas.line(first, card_y, last, card_y)  # the cards above, what lies on them below
    # Classic's order printed small in each card box; the full game writes its own order.
    canvas.setFillGray(0.45)
    canvas.setFont(FONT, 6)
    for x, value in zip(strip.columns, numbers().dam_values, strict=True):
        canvas.drawString(x + 1 * mm, strip.table_top - 2.6 * mm, str(value))
    canvas.setFillGray(0)
    draw_fitted(canvas, strip.reserve_x + RESERVE_W / 2, strip.table_top - 3 * mm,
                _label("reinforcements", lang), BOLD, 7, RESERVE_W - 2 * mm, align="center")


def pile_boxes(strip: Strip, width: float, count: int) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of the flood pile's boxes 1..count on the strip's name line."""
    left, right, bottom = MARGIN + 87 * mm, width - MARGIN, strip.table_top + 0.8 * mm
    pitch = min(7 * mm, (right - left) / count)
    box = min(4.0 * mm, pitch - 0.8 * mm)
    return [(left + n * pitch, bottom, box, box) for n in range(count)]


def _draw_pile(canvas: Canvas, boxes: list[tuple[float, float, float, float]]) -> None:
    """Boxes 1..count; a breach box (the first breach, the second, then every token) is drawn
    heavy and carries the crack icon above it."""
    for n, (x, bottom, box, _) in enumerate(boxes, start=1):
        breach = numbers().breaches_due(n) > numbers().breaches_due(n - 1)
        canvas.setStrokeGray(0)
        canvas.setLineWidth(1.5 if breach else 0.6)
        canvas.rect(x, bottom, box, box, stroke=1, fill=0)
        canvas.setFillGray(0 if breach else 0.5)
        canvas.setFont(BOLD if breach else FONT, 5.5)
        canvas.drawCentredString(x + box / 2, bottom + box / 2 - 2, str(n))
        if breach:
            place_icon(canvas, "breach", x + box / 2, bottom + box + 1.2 * mm, 2.4 * mm)


def _draw_notes(canvas: Canvas, lang: str, top: float, usable: float) -> None:
    y = top - NOTE_LEAD
    place_icon(canvas, "breach", MARGIN + 1.5 * mm, y + 2.2, 3 * mm)
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN + 4 * mm, y, _label("breach", lang), BOLD, NOTE_SIZE, usable - 4 * mm)
    canvas.setFillGray(0.1)
    canvas.setFont(FONT, NOTE_SIZE)
    for line in _notes(lang, usable):
        y -= NOTE_LEAD
        canvas.drawString(MARGIN, y, line)


def round_items(players: int) -> list[str]:
    """The round tracker left to right: turn numbers, "movement" after every movement phase,
    "redeploy" at the end of the round."""
    turns, every = numbers().turns_per_round[players], numbers().turns_before_movement[players]
    items = []
    for turn in range(1, turns + 1):
        items.append(str(turn))
        if turn % every == 0:
            items.append("movement")
    return [*items, "redeploy"]


def _draw_round_tracker(canvas: Canvas, lang: str, players: int, top: float, width: float) -> None:
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN, top - 3.5 * mm, _label("round", lang), BOLD, 8.5, width)
    box, icon, gap = 7 * mm, 5 * mm, 1.5 * mm
    x, y = MARGIN, top - 5.5 * mm - box
    for item in round_items(players):
        if item.isdigit():
            canvas.setLineWidth(1.0)
            canvas.setStrokeGray(0)
            canvas.roundRect(x, y, box, box, 1 * mm, stroke=1, fill=0)
            canvas.setFillGray(0)
            canvas.setFont(BOLD, 10)
            canvas.drawCentredString(x + box / 2, y + box / 2 - 3.5, item)
            x += box + gap
        else:
            place_icon(canvas, item, x + icon / 2, y + box / 2, icon)
            x += icon + gap
    for n, (item, key) in enumerate((("movement", "move_note"), ("redeploy", "redeploy_note"))):
        line_y = y - (n + 1) * 3.4 * mm
        place_icon(canvas, item, MARGIN + 1.6 * mm, line_y + 2.2, KEY_ICON)
        canvas.setFillGray(0.1)
        draw_fitted(canvas, MARGIN + 4.5 * mm, line_y, _label(key, lang), FONT, NOTE_SIZE, width - 4.5 * mm)


def _draw_thresholds(canvas: Canvas, lang: str, players: int, top: float, left: float, width: float) -> None:
    """10/15/20: the one for this sheet's player count heavy and bold, the others thin and grey."""
    canvas.setFillGray(0)
    title = wrap_lines(_label("end", lang), BOLD, 8, width)[:2]
    for n, line in enumerate(title):
        draw_fitted(canvas, left, top - 3.5 * mm - n * 3.4 * mm, line, BOLD, 8, width)
    ends = numbers().end_tokens
    gap = 2 * mm
    box_w, box_h = (width - gap * (len(ends) - 1)) / len(ends), 8 * mm
    y = top - 12 * mm - box_h
    for n, (count, tokens) in enumerate(sorted(ends.items())):
        chosen = count == players
        x = left + n * (box_w + gap)
        canvas.setStrokeGray(0 if chosen else 0.5)
        canvas.setLineWidth(2.2 if chosen else 0.6)
        canvas.roundRect(x, y, box_w, box_h, 1.2 * mm, stroke=1, fill=0)
        canvas.setFillGray(0 if chosen else 0.45)
        draw_fitted(canvas, x + box_w / 2, y + box_h / 2 - 3, t("sheet.hamsterdam.end_count", lang, count=count,
                                                               tokens=tokens),
                    BOLD if chosen else FONT, 10 if chosen else 8.5, box_w - 4 * mm, align="center")


def legend_columns(lang: str, usable: float) -> tuple[float, float, float]:
    """The legend's name width, and where the one-line effects start (from the margin) and
    how wide they may be: the widest name decides."""
    register_fonts()
    name_w = max(_text_w(t(f"hamsterdam.special.{name}.name", lang), NAME_SIZE, BOLD)
                 for name in numbers().specials) + 2 * mm
    effect_x = 7 * mm + name_w
    return name_w, effect_x, usable - 7 * mm - effect_x


def _draw_legend(canvas: Canvas, lang: str, top: float, usable: float) -> None:
    canvas.setFillGray(0)
    draw_fitted(canvas, MARGIN, top - 3.5 * mm, _label("specials", lang), BOLD, 9, usable)
    y = top - 5 * mm
    for line in _key_lines(lang, usable):
        y -= 4.2 * mm
        for icon, label, x in line:
            wide = icon_width(icon, KEY_ICON)
            place_icon(canvas, icon, MARGIN + x + wide / 2, y + 2.2, KEY_ICON)
            canvas.setFillGray(0.1)
            canvas.setFont(FONT, NOTE_SIZE)
            canvas.drawString(MARGIN + x + wide + 1.2 * mm, y, label)
    y -= 1 * mm
    specials = numbers().specials
    name_w, effect_x, effect_w = legend_columns(lang, usable)
    for n, (name, special) in enumerate(specials.items()):
        row_y = y - (n + 1) * LEGEND_ROW
        if n % 2 == 0:  # banded rows guide the eye along a long line
            canvas.setFillGray(0.92)
            canvas.rect(MARGIN, row_y, usable, LEGEND_ROW, stroke=0, fill=1)
        middle = row_y + LEGEND_ROW / 2
        place_icon(canvas, special.window, MARGIN + 2.5 * mm, middle, KEY_ICON)
        canvas.setFillGray(0)
        draw_fitted(canvas, MARGIN + 6.5 * mm, middle - 2.6, t(f"hamsterdam.special.{name}.name", lang), BOLD,
                    NAME_SIZE, name_w)
        draw_fitted(canvas, MARGIN + effect_x, middle - 2.4, t(f"hamsterdam.special.{name}.effect", lang), FONT,
                    EFFECT_SIZE, effect_w)
        if special.flips:
            place_icon(canvas, "turns", MARGIN + usable - 3.5 * mm, middle, KEY_ICON)
