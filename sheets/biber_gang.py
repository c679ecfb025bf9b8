"""The Biber Gang score pad: two pads a page, 6 players x 5 rounds, totals and a legend."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from assistant.i18n import t
from sheets.pdf import BOLD, FONT, MARGIN, PAPERS, draw_fitted, render_pages

PLAYERS = 6
ROUNDS = 5


def render(paper: str = "a4", lang: str = "en", copies: int = 1) -> bytes:
    return render_pages(paper, t("sheet.biber.title", lang), lambda canvas: draw_page(canvas, paper, lang), copies)


def draw_page(canvas: Canvas, paper: str, lang: str) -> None:
    width, height = PAPERS[paper]
    half = (height - 2 * MARGIN) / 2
    for n in range(2):
        draw_pad(canvas, lang, MARGIN, height - MARGIN - n * half, width - 2 * MARGIN, half - 6 * mm)
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0.5)
    canvas.line(MARGIN, height / 2, width - MARGIN, height / 2)
    canvas.setDash()
    canvas.setFillGray(0.5)
    canvas.setFont(FONT, 6.5)
    canvas.drawRightString(width - MARGIN, height / 2 + 1.5 * mm, t("sheet.biber.cut", lang))


def draw_pad(canvas: Canvas, lang: str, left: float, top: float, width: float, height: float) -> None:
    canvas.setFillGray(0)
    draw_fitted(canvas, left, top - 7 * mm, t("sheet.biber.title", lang), BOLD, 16, width * 0.6)
    draw_beaver(canvas, left + width - 6 * mm, top - 5 * mm, 9 * mm)
    table_top = top - 13 * mm
    legend_h = 24 * mm
    row_h = min(11 * mm, (height - 13 * mm - legend_h) / (ROUNDS + 2))
    label_w = 22 * mm
    col_w = (width - label_w) / PLAYERS
    rows = ROUNDS + 2  # names, rounds, total
    canvas.setFillGray(0.92)
    canvas.rect(left, table_top - rows * row_h, width, row_h, stroke=0, fill=1)  # the totals row
    canvas.setStrokeGray(0)
    for r in range(rows + 1):
        y = table_top - r * row_h
        canvas.setLineWidth(1.6 if r in (0, 1, rows - 1, rows) else 0.6)
        canvas.line(left, y, left + width, y)
    for c in range(PLAYERS + 2):
        x = left if c == 0 else left + label_w + (c - 1) * col_w
        canvas.setLineWidth(1.6 if c in (0, 1, PLAYERS + 1) else 0.6)
        canvas.line(x, table_top, x, table_top - rows * row_h)
    canvas.setFillGray(0)
    labels = [t("sheet.biber.player", lang)] + [f"{t('sheet.biber.round', lang)} {n}" for n in range(1, ROUNDS + 1)]
    labels.append(t("sheet.biber.total", lang))
    for r, label in enumerate(labels):
        draw_fitted(canvas, left + 2 * mm, table_top - (r + 1) * row_h + row_h * 0.35, label,
                    BOLD if r in (0, rows - 1) else FONT, 10, label_w - 4 * mm)
    y = table_top - rows * row_h - 5 * mm
    canvas.setFont(FONT, 8.5)
    for key in ("legend_pair", "legend_matching", "legend_beaver", "legend_low"):
        draw_fitted(canvas, left + 30 * mm, y, t(f"sheet.biber.{key}", lang), FONT, 8.5, width - 30 * mm)
        y -= 4.6 * mm
    draw_pair_example(canvas, left, table_top - rows * row_h - 3 * mm)


def draw_card(canvas: Canvas, x: float, y: float, w: float, h: float, label: str) -> None:
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    canvas.setFillGray(1)
    canvas.roundRect(x, y, w, h, 1.2 * mm, stroke=1, fill=1)
    canvas.setFillGray(0)
    canvas.setFont(BOLD, 9)
    canvas.drawCentredString(x + w / 2, y + h / 2 - 3, label)


def draw_pair_example(canvas: Canvas, x: float, top: float) -> None:
    """Two columns of cards: a 7/7 pair and a beaver copying a 4."""
    w, h = 8 * mm, 10 * mm
    draw_card(canvas, x, top - h, w, h, "7")
    draw_card(canvas, x, top - 2 * h - 1 * mm, w, h, "7")
    draw_beaver(canvas, x + w + 2 * mm + w / 2, top - h / 2, 7 * mm, card=(w, h))
    draw_card(canvas, x + w + 2 * mm, top - 2 * h - 1 * mm, w, h, "4")


def draw_beaver(canvas: Canvas, cx: float, cy: float, size: float, card: tuple[float, float] | None = None) -> None:
    """A simple beaver face: round head, ears, big front teeth (our own drawing)."""
    canvas.saveState()
    if card:
        w, h = card
        canvas.setLineWidth(0.8)
        canvas.setFillGray(1)
        canvas.roundRect(cx - w / 2, cy - h / 2, w, h, 1.2 * mm, stroke=1, fill=1)
        size = min(w, h) * 0.8
    r = size / 2
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    canvas.setFillGray(0.55)
    canvas.circle(cx - r * 0.7, cy + r * 0.65, r * 0.28, stroke=1, fill=1)
    canvas.circle(cx + r * 0.7, cy + r * 0.65, r * 0.28, stroke=1, fill=1)
    canvas.circle(cx, cy, r * 0.85, stroke=1, fill=1)
    canvas.setFillGray(0)
    canvas.circle(cx - r * 0.32, cy + r * 0.2, r * 0.1, stroke=0, fill=1)
    canvas.circle(cx + r * 0.32, cy + r * 0.2, r * 0.1, stroke=0, fill=1)
    canvas.ellipse(cx - r * 0.16, cy - r * 0.05, cx + r * 0.16, cy + r * 0.12, stroke=0, fill=1)
    canvas.setFillGray(1)
    canvas.rect(cx - r * 0.18, cy - r * 0.5, r * 0.17, r * 0.38, stroke=1, fill=1)
    canvas.rect(cx + r * 0.01, cy - r * 0.5, r * 0.17, r * 0.38, stroke=1, fill=1)
    canvas.restoreState()
