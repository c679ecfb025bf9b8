"""What every printed sheet shares: paper sizes, the embedded font, pictures.

Everything is vector. The font is Bitstream Vera, shipped inside ReportLab, so
an installed copy needs nothing else; it has every German character and is
embedded (subset) in the PDF.

Speed: a picture drawn many times (a mushroom, a dot) is drawn once per PDF as a
form and then only placed (``place_form``); text measurements and font subsets
are kept; streams are written as compressed binary, not ASCII85 text (see below).
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab import rl_config
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
from reportlab.pdfgen.canvas import Canvas

PAPERS = {"a4": A4, "letter": LETTER}
# 12 mm keeps everything inside what home inkjets and lasers print (they lose 3-6 mm).
MARGIN = 12 * mm
FONT, BOLD = "HamsterSans", "HamsterSans-Bold"

INK = (0.0, 0.0, 0.0)
LINE_GREY = 0.55

# ReportLab wraps every compressed stream in ASCII85 text by default: a quarter larger, and its
# pure-Python encoder took a fifth of a sheet's time. Every PDF reader and printer takes binary
# streams. This is ReportLab's documented switch; it is process-wide, and nothing else here
# writes PDFs.
rl_config.useA85 = 0


class SubsetCachingFace(TTFontFace):
    """A font face that keeps each subset it builds for embedding.

    ReportLab embeds only the glyphs a PDF uses and builds that subset font anew for every
    PDF; that took an eighth of a sheet's time. A sheet in one language uses the same
    characters in the same order every time, so the same subset comes back from here.
    """

    KEEP = 64  # far more than the sheets x languages there are; a bound all the same

    def __init__(self, filename: str):
        super().__init__(filename)
        self.subsets: dict[tuple[int, ...], bytes] = {}

    def makeSubset(self, subset):
        key = tuple(subset)
        if key not in self.subsets:
            if len(self.subsets) >= self.KEEP:
                self.subsets.clear()
            self.subsets[key] = super().makeSubset(subset)
        return self.subsets[key]


def _embedded_font(name: str, filename: str) -> TTFont:
    font = TTFont(name, filename)
    font.face = SubsetCachingFace(filename)
    return font


@cache
def register_fonts() -> None:
    """Once per process: the fonts and their subsets are kept for every later PDF."""
    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(_embedded_font(FONT, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(_embedded_font(BOLD, str(folder / "VeraBd.ttf")))


def new_canvas(buffer: io.BytesIO, paper: str, title: str) -> Canvas:
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    register_fonts()
    # The canvas names a starting font on every page, before any setFont; ReportLab's default
    # is Helvetica, which it never embeds, so start with our own embedded font instead.
    canvas = Canvas(buffer, pagesize=PAPERS[paper], pageCompression=1, initialFontName=FONT)
    canvas.setTitle(title)
    canvas.setAuthor("Hamster Table")
    canvas.setCreator("Hamster Table sheets")
    return canvas


def render_pages(paper: str, title: str, draw, copies: int) -> bytes:
    """A PDF of ``copies`` identical pages; ``draw(canvas)`` draws one page, once, as a form."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, paper, title)
    canvas.beginForm("sheet")
    draw(canvas)
    canvas.endForm()
    for _ in range(copies):
        canvas.doForm("sheet")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def place_form(canvas: Canvas, name: str, x: float, y: float, draw, reach: float, scale: float = 1) -> None:
    """Place the picture ``draw(canvas)`` (drawn around the origin, at most ``reach`` from it)
    with its origin at (x, y), ``scale`` times its size. The first call in a PDF draws it as
    the form ``name``; every later call costs one reference instead of repeating its paths.
    ``name`` must say everything the picture depends on (size, grey, value)."""
    if not canvas.hasForm(name):
        canvas.beginForm(name, -reach, -reach, reach, reach)
        draw(canvas)
        canvas.endForm()
    canvas.saveState()
    canvas.transform(scale, 0, 0, scale, x, y)
    canvas.doForm(name)
    canvas.restoreState()


def draw_dot(canvas: Canvas, x: float, y: float, radius: float) -> None:
    """A filled disc in the current fill grey (dice pips, footprints): one unit disc per PDF,
    placed scaled. A circle written out is 26 numbers; a sheet has some forty dots."""
    place_form(canvas, "dot", x, y, lambda c: c.circle(0, 0, 1, stroke=0, fill=1), reach=1, scale=radius)


# Text is measured by ReportLab in pure Python, character by character; a sheet measures the
# same few strings (in one language, at fixed sizes) on every render, so remember the answers.
@lru_cache(maxsize=4096)
def fit_font_size(text: str, font: str, size: float, width: float) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``width`` (German runs longer)."""
    needed = pdfmetrics.stringWidth(text, font, size)
    return size if needed <= width else size * width / needed


def draw_fitted(canvas: Canvas, x: float, y: float, text: str, font: str, size: float, width: float,
                align: str = "left") -> None:
    size = fit_font_size(text, font, size, width)
    canvas.setFont(font, size)
    if align == "center":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


@lru_cache(maxsize=1024)
def wrap_lines(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if pdfmetrics.stringWidth(candidate, font, size) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)


PIP_SPOTS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


def draw_die(canvas: Canvas, x: float, y: float, size: float, value: int, pip_grey: float = 0.0) -> None:
    """A die face with its lower-left corner at (x, y)."""
    canvas.setLineWidth(1.0)
    canvas.setStrokeGray(0)
    canvas.setFillGray(1)
    canvas.roundRect(x, y, size, size, size * 0.18, stroke=1, fill=1)
    canvas.setFillGray(pip_grey)
    centre_x, centre_y, step = x + size / 2, y + size / 2, size * 0.26
    for dx, dy in PIP_SPOTS[value]:
        draw_dot(canvas, centre_x + dx * step, centre_y + dy * step, size * 0.085)


def draw_mushroom(canvas: Canvas, cx: float, cy: float, size: float, grey: float = 0.45) -> None:
    """A mushroom centred on (cx, cy), ``size`` wide: a domed cap with spots on a stem."""
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(grey - 0.2)
    canvas.setFillGray(min(grey + 0.3, 0.95))
    stem_w, stem_h = size * 0.28, size * 0.42
    canvas.roundRect(cx - stem_w / 2, cy - size * 0.45, stem_w, stem_h, stem_w * 0.3, stroke=1, fill=1)
    cap = canvas.beginPath()
    cap.moveTo(cx - size / 2, cy - size * 0.05)
    cap.curveTo(cx - size / 2, cy + size * 0.5, cx + size / 2, cy + size * 0.5, cx + size / 2, cy - size * 0.05)
    cap.close()
    canvas.setFillGray(grey)
    canvas.drawPath(cap, stroke=1, fill=1)
    canvas.setFillGray(1)
    for dx, dy, r in ((-0.2, 0.12, 0.07), (0.12, 0.22, 0.06), (0.25, 0.05, 0.05)):
        draw_dot(canvas, cx + dx * size, cy + dy * size, r * size)
    canvas.restoreState()


def draw_acorn(canvas: Canvas, cx: float, cy: float, size: float, grey: float = 0.45) -> None:
    """An acorn centred on (cx, cy): a nut under a hatched cup with a stalk."""
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(grey - 0.2)
    canvas.setFillGray(min(grey + 0.25, 0.9))
    nut = canvas.beginPath()
    nut.moveTo(cx - size * 0.3, cy + size * 0.05)
    nut.curveTo(cx - size * 0.3, cy - size * 0.35, cx - size * 0.05, cy - size * 0.5, cx, cy - size * 0.5)
    nut.curveTo(cx + size * 0.05, cy - size * 0.5, cx + size * 0.3, cy - size * 0.35, cx + size * 0.3, cy + size * 0.05)
    nut.close()
    canvas.drawPath(nut, stroke=1, fill=1)
    canvas.setFillGray(grey - 0.1)
    canvas.roundRect(cx - size * 0.36, cy + size * 0.02, size * 0.72, size * 0.26, size * 0.12, stroke=1, fill=1)
    canvas.setLineWidth(0.9)
    canvas.line(cx, cy + size * 0.28, cx + size * 0.08, cy + size * 0.45)
    canvas.restoreState()


def draw_hourglass(canvas: Canvas, x: float, y: float, size: float) -> None:
    """An hourglass in a box with its lower-left corner at (x, y)."""
    canvas.saveState()
    canvas.setLineWidth(1.0)
    canvas.setStrokeGray(0)
    canvas.setFillGray(1)
    canvas.roundRect(x, y, size, size, size * 0.18, stroke=1, fill=1)
    inset = size * 0.25
    left, right, bottom, top = x + inset, x + size - inset, y + size * 0.18, y + size * 0.82
    glass = canvas.beginPath()
    glass.moveTo(left, top)
    glass.lineTo(right, top)
    glass.lineTo(x + size / 2, y + size / 2)
    glass.lineTo(right, bottom)
    glass.lineTo(left, bottom)
    glass.lineTo(x + size / 2, y + size / 2)
    glass.close()
    canvas.setFillGray(0.8)
    canvas.drawPath(glass, stroke=1, fill=1)
    canvas.setLineWidth(1.4)
    canvas.line(left - size * 0.06, top, right + size * 0.06, top)
    canvas.line(left - size * 0.06, bottom, right + size * 0.06, bottom)
    canvas.restoreState()
