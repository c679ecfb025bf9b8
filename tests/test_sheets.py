"""Printed sheets: page size, text in both languages, glyphs, drawn cells, size, CLI, pictures."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from assistant import i18n
from assistant.games.hamstern.layout import load_layout
from sheets import hamstern
from sheets.pdf import BOLD, FONT, register_fonts

ARTIFACTS = Path(__file__).parent / "artifacts"
PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
# A cave drawn from a code is printed as sides A and B are (assistant/games/hamstern/caves.py).
CAVE = "BAKO-MIRU"
CASES = [(side, paper, lang) for side in "AB" for paper in ("a4", "letter") for lang in ("en", "de")] + \
        [(CAVE, "a4", "de"), (CAVE, "letter", "en")]


@pytest.fixture(scope="module", params=CASES, ids=["-".join(case) for case in CASES])
def sheet(request):
    side, paper, lang = request.param
    return side, paper, lang, hamstern.render(side, paper, lang)


def test_page_size_and_file_size(sheet):
    side, paper, lang, pdf = sheet
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    width, height = PAGE_SIZES[paper]
    assert float(page.mediabox.width) == pytest.approx(width, abs=0.1)
    assert float(page.mediabox.height) == pytest.approx(height, abs=0.1)
    assert len(pdf) <= 60 * 1024


def test_text_is_in_the_chosen_language(sheet):
    side, paper, lang, pdf = sheet
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for key in ("sheet.hamstern.title", "sheet.hamstern.chambers",
                "sheet.hamstern.mushrooms", "sheet.hamstern.acorns", "sheet.hamstern.total",
                "sheet.hamstern.round_counter", "sheet.name"):
        assert i18n.t(key, lang) in text, key
    assert hamstern.side_label(side, lang) in text
    if side == CAVE:  # the code, to play or check the same cave in the app, and how hard it is
        assert hamstern.cave_note(side, lang) in text and text.count(CAVE) == 2
    other = "de" if lang == "en" else "en"
    assert i18n.t("sheet.hamstern.acorns", other) not in text
    for chamber in load_layout(side).chambers:
        assert str(chamber.points) in text


def test_font_is_embedded_and_has_every_character():
    register_fonts()
    pdf = hamstern.render("B", "a4", "de")
    assert b"/FontFile2" in pdf  # TrueType embedded, not a printer's stand-in
    for name in (FONT, BOLD):
        glyphs = pdfmetrics.getFont(name).face.charToGlyph
        for lang in i18n.LANGUAGES:
            for key, text in i18n.catalogue(lang).items():
                if key.startswith("sheet."):
                    missing = {ch for ch in text if ord(ch) not in glyphs}
                    assert not missing, f"{name} lacks {missing} for {key}"
    assert "Spaß" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def _fonts_used(resources, seen=None) -> dict:
    """Every font in a page's resources and in the forms it draws (the sheet is one form)."""
    fonts = {} if seen is None else seen
    resources = resources.get_object() if resources is not None else {}
    for name, font in (resources.get("/Font") or {}).items():
        fonts[name] = font.get_object()
    for form in (resources.get("/XObject") or {}).values():
        _fonts_used(form.get_object().get("/Resources"), fonts)
    return fonts


def _all_sheets():
    from sheets import biber_gang, hamsterdam

    for paper in ("a4", "letter"):
        for lang in i18n.LANGUAGES:
            for side in "AB":
                yield f"hamstern-{side}-{paper}-{lang}", hamstern.render(side, paper, lang)
            yield f"biber-gang-{paper}-{lang}", biber_gang.render(paper, lang)
            yield f"hamsterdam-{paper}-{lang}", hamsterdam.render(paper, lang)


def test_every_font_a_pdf_uses_is_embedded():
    """A font left to the printer (ReportLab's default Helvetica) prints differently everywhere."""
    for name, pdf in _all_sheets():
        for page in PdfReader(io.BytesIO(pdf)).pages:
            fonts = _fonts_used(page.get("/Resources"))
            assert fonts, name
            for label, font in fonts.items():
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                descriptor = descendant.get("/FontDescriptor")
                descriptor = descriptor.get_object() if descriptor is not None else {}
                embedded = {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor)
                assert embedded, f"{name}: font {label} ({font.get('/BaseFont')}) is not embedded"


def test_drawn_cells_match_the_layout(sheet):
    side, paper, lang, pdf = sheet
    layout = load_layout(side)
    geometry = hamstern.grid_geometry(layout, paper)
    page = pdfplumber.open(io.BytesIO(pdf)).pages[0]
    cell = geometry.cell
    drawn = {
        (round(r["x0"], 1), round(page.height - r["bottom"], 1))
        for r in page.rects
        if abs(r["width"] - cell) < 0.5 and abs(r["height"] - cell) < 0.5
    }
    expected = set()
    for chamber in layout.chambers:
        for row, col in chamber.cells:
            x, y, _, _ = geometry.cell_rect(row, col)
            expected.add((round(x, 1), round(y, 1)))
    assert drawn == expected
    assert cell >= 10 * 72 / 25.4  # at least 10 mm: room for a pencil cross


def test_copies_give_pages_at_almost_no_cost():
    one = hamstern.render("A", "a4", "en")
    five = hamstern.render("A", "a4", "en", copies=5)
    assert len(PdfReader(io.BytesIO(five)).pages) == 5
    assert len(five) < len(one) + 2048


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "sheets", *args], capture_output=True, text=True, timeout=120)


def test_cli_writes_a_pdf(tmp_path):
    target = tmp_path / "cave.pdf"
    result = run_cli("hamstern", "--side", "B", "--paper", "letter", "--lang", "de", "--copies", "2", "-o", str(target))
    assert result.returncode == 0, result.stderr
    assert len(PdfReader(target).pages) == 2


def test_cli_prints_a_cave_from_its_code(tmp_path):
    target = tmp_path / "cave.pdf"
    result = run_cli("hamstern", "--cave", "bako miru", "--lang", "de", "-o", str(target))
    assert result.returncode == 0, result.stderr
    assert f"Höhle {CAVE}" in PdfReader(target).pages[0].extract_text()


@pytest.mark.parametrize("args", [
    ["hamstern", "--cave", "b!"],
    ["hamstern", "--cave", "2026-02-30"],
    ["hamstern", "--cave", "BAKO", "--side", "A"],
    ["biber-gang", "--cave", "BAKO"],
    ["hamstern", "--side", "C"],
    ["hamstern", "--paper", "a3"],
    ["hamstern", "--lang", "fr"],
    ["hamstern", "--copies", "0"],
    ["hamstern", "--copies", "many"],
    ["chess"],
    ["biber-gang", "--side", "A"],
    ["biber-gang", "--copies", "-1"],
    ["hamstern", "--unknown"],
])
def test_cli_bad_arguments_exit_2_and_write_nothing(tmp_path, args):
    target = tmp_path / "out.pdf"
    result = run_cli(*args, "-o", str(target))
    assert result.returncode == 2
    assert "usage:" in result.stderr and "Traceback" not in result.stderr
    assert not target.exists()


def test_cli_unbuilt_sheet_and_missing_folder(tmp_path, capsys):
    # Every contract game has its sheet now (Hamsterdam was the last); a game announcing a sheet
    # it has not built stands in, in this process.
    import sheets.__main__ as sheets_cli
    from assistant.games.registry import GameInfo, register_game, unregister_game

    register_game(GameInfo(name="coming_sheet", titles={"en": "Coming", "de": "Kommt"}, icon="coming",
                           kind="cards", min_players=1, max_players=2, sheet_kind="coming-sheet"))
    try:
        assert sheets_cli.main(["coming-sheet", "-o", str(tmp_path / "x.pdf")]) == 2
    finally:
        unregister_game("coming_sheet")
    assert "not built yet" in capsys.readouterr().err
    result = run_cli("hamstern", "-o", str(tmp_path / "no" / "such" / "x.pdf"))
    assert result.returncode == 2 and "no folder" in result.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("side", ["A", "B", CAVE])
def test_renders_legibly_in_greyscale(side):
    """Render to PNG (kept in tests/artifacts to look at): grey earth, white cells, black walls."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = pypdfium2.PdfDocument(hamstern.render(side, "a4", "de"))
    image = pdf[0].render(scale=100 / 72, grayscale=True).to_pil().convert("L")
    image.save(ARTIFACTS / f"hamstern-{side}.png")
    layout = load_layout(side)
    geometry = hamstern.grid_geometry(layout, "a4")
    scale = 100 / 72
    height = image.height

    def grey_at(row, col):
        x, y = geometry.centre(row, col)
        return image.getpixel((int(x * scale), int(height - y * scale)))

    plain = next(cell for c in layout.chambers if not c.start for cell in c.cells
                 if cell not in layout.icons and cell not in {e for pair in layout.corridors for e in pair})
    start = next(cell for cell in layout.start_chamber.cells if cell not in layout.icons)
    assert grey_at(*plain) > 240                   # chamber cells stay white for pencil
    assert grey_at(*start) < grey_at(*plain) - 25  # the start chamber is darker
    tunnels = {cell for pair in layout.corridors for cell in hamstern.corridor_path(*pair)}
    earth = next((r, c) for r in range(layout.rows) for c in range(layout.cols)
                 if (r, c) not in layout.index and (r, c) not in layout.rocks and (r, c) not in tunnels
                 and (r, c) not in {c.points_at for c in layout.chambers})
    assert grey_at(*earth) < grey_at(*plain) - 25


@pytest.mark.parametrize("paper, lang", [("a4", "en"), ("letter", "de")])
def test_biber_gang_score_pad(paper, lang):
    from sheets import biber_gang

    pdf = biber_gang.render(paper, lang, copies=2)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2 and len(pdf) <= 60 * 1024
    width, height = PAGE_SIZES[paper]
    assert float(reader.pages[0].mediabox.width) == pytest.approx(width, abs=0.1)
    text = reader.pages[0].extract_text()
    assert text.count(i18n.t("sheet.biber.title", lang)) == 2  # two pads a page
    for key in ("sheet.biber.total", "sheet.biber.legend_matching", "sheet.biber.legend_beaver"):
        assert text.count(i18n.t(key, lang)) >= 2, key
    for n in range(1, 6):
        assert f"{i18n.t('sheet.biber.round', lang)} {n}" in text
    page = pdfplumber.open(io.BytesIO(pdf)).pages[0]
    assert len(page.lines) + len(page.rects) > 40  # the table's rules are drawn
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    ARTIFACTS.mkdir(exist_ok=True)
    image.save(ARTIFACTS / f"biber-gang-pad-{lang}.png")
    result = run_cli("biber-gang", "--paper", paper, "--lang", lang, "-o", "/nonexistent-folder/x.pdf")
    assert result.returncode == 2


@pytest.mark.parametrize("side", ["A", "B", CAVE])
def test_points_badges_are_printed_on_their_chambers_walls(side):
    """Issue 8: each number sits at Layout.badge_centre, the middle of its chamber's wall,
    not in the middle of an earth cell."""
    layout = load_layout(side)
    geometry = hamstern.grid_geometry(layout, "a4")
    page = pdfplumber.open(io.BytesIO(hamstern.render(side, "a4", "en"))).pages[0]
    numbers = [w for w in page.extract_words() if w["text"].isdigit()]
    rings = [c for c in page.curves if abs(c["width"] - 2 * hamstern.BADGE_RADIUS * geometry.cell) < 2]

    def near(box, x, y, reach):
        return abs((box["x0"] + box["x1"]) / 2 - x) < reach and abs((box["top"] + box["bottom"]) / 2 - y) < reach

    for chamber in layout.chambers:
        x, y = geometry.point(*layout.badge_centre(chamber))
        y = page.height - y  # pdfplumber measures from the top
        assert [w["text"] for w in numbers if near(w, x, y, 0.15 * geometry.cell)] == [str(chamber.points)], chamber.id
        assert len([ring for ring in rings if near(ring, x, y, 1)]) == 1, chamber.id


@pytest.mark.parametrize("side", ["A", "B", CAVE])
def test_walls_are_drawn_as_runs_covering_exactly_the_wall_edges(side):
    """The thick walls are joined into runs for speed; they still cover every cell edge where a
    chamber meets anything else, and nothing more."""
    layout = load_layout(side)
    owner = {cell: n for n, chamber in enumerate(layout.chambers) for cell in chamber.cells}
    expected = set()
    for (row, col), n in owner.items():
        for other, edge in (((row - 1, col), ("h", row, col)), ((row + 1, col), ("h", row + 1, col)),
                            ((row, col - 1), ("v", row, col)), ((row, col + 1), ("v", row, col + 1))):
            if owner.get(other) != n:
                expected.add(edge)
    drawn = set()
    for x1, y1, x2, y2 in hamstern.wall_runs(side):
        if y1 == y2:
            drawn |= {("h", y1, x) for x in range(x1, x2)}
        else:
            drawn |= {("v", y, x1) for y in range(y1, y2)}
    assert drawn == expected
    assert len(hamstern.wall_runs(side)) < len(expected)
    page = pdfplumber.open(io.BytesIO(hamstern.render(side, "a4", "en"))).pages[0]
    assert len([line for line in page.lines if line["linewidth"] == 2.0]) == len(hamstern.wall_runs(side))


def test_streams_are_binary_and_repeated_pictures_are_drawn_once():
    pdf = hamstern.render("A", "a4", "en")
    assert b"/ASCII85Decode" not in pdf  # a quarter bigger and slow to write in pure Python
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    sheet = next(iter(page["/Resources"]["/XObject"].values())).get_object()
    pictures = sheet["/Resources"]["/XObject"]
    assert len(pictures) == 3  # the dot (pips, footprints, mushroom spots), the mushroom, the acorn
    layout = load_layout("A")
    placed = sheet.get_data().count(b" Do")
    assert placed >= len(layout.icons) + sum(len(hamstern.corridor_path(*pair)) for pair in layout.corridors)


def test_font_subsets_are_built_once_per_process():
    first = hamstern.render("B", "letter", "de")
    face = pdfmetrics.getFont(BOLD).face
    kept = dict(face.subsets)
    assert kept
    second = hamstern.render("B", "letter", "de")
    assert face.subsets == kept
    assert len(first) == len(second)
