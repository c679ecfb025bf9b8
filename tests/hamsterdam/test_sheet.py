"""The Hamsterdam dam tracker: every paper x language x player count renders, says what the
data file says, keeps every word on the page and apart, is vector with an embedded font;
the CLI's --players and the Print page's players choice."""

from __future__ import annotations

import functools
import io
import itertools
import re
import tomllib
from importlib import resources
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

import sheets.__main__ as sheets_cli
from assistant import i18n
from sheets import hamsterdam, player_choice
from sheets.pdf import BOLD, FONT, MARGIN, PAPERS, fit_font_size, register_fonts
from tests.test_sheets import run_cli

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# Read here as plain data, apart from the engine's reading the sheet uses.
DATA = tomllib.loads(resources.files("templates").joinpath("hamsterdam.toml").read_text("utf-8"))
NUMBERS, SPECIALS = DATA["numbers"], DATA["specials"]
CASES = [(paper, lang, players) for paper in PAPERS for lang in i18n.LANGUAGES for players in NUMBERS["players"]]


@pytest.fixture(scope="module", params=CASES, ids=[f"{p}-{lang}-{n}" for p, lang, n in CASES])
def sheet(request):
    paper, lang, players = request.param
    pdf = hamsterdam.render(paper, lang, players=players)
    page = pdfplumber.open(io.BytesIO(pdf)).pages[0]
    return paper, lang, players, pdf, page


def words_in(page, left, bottom, right, top):
    """The words inside a box given in PDF points (origin bottom-left)."""
    return [w for w in page.extract_words()
            if w["x0"] >= left - 0.5 and w["x1"] <= right + 0.5
            and page.height - w["bottom"] >= bottom - 0.5 and page.height - w["top"] <= top + 0.5]


def test_page_size_file_size_and_text(sheet):
    paper, lang, players, pdf, page = sheet
    width, height = PAPERS[paper]
    assert (page.width, page.height) == pytest.approx((width, height), abs=0.1)
    assert len(pdf) <= 80 * 1024
    text = page.extract_text()
    for name in SPECIALS:
        assert i18n.t(f"hamsterdam.special.{name}.name", lang) in text, name
    for count, tokens in NUMBERS["end_tokens"].items():
        assert i18n.t("sheet.hamsterdam.end_count", lang, count=count, tokens=tokens) in text
    for key in ("title", "flood_pile", "reinforcements", "breach", "round", "specials"):
        assert i18n.t(f"sheet.hamsterdam.{key}", lang) in text, key
    assert text.count(i18n.t("sheet.hamsterdam.name", lang) + ":") == players
    other = "de" if lang == "en" else "en"
    assert i18n.t("sheet.hamsterdam.flood_pile", other) not in text


def test_each_strip_shows_the_dam_2_to_12_and_the_flood_pile_with_its_breaches(sheet):
    paper, lang, players, pdf, page = sheet
    layout = hamsterdam.page_layout(paper, players, lang)
    assert len(layout.strips) == players
    pile = NUMBERS["end_tokens"][str(players)]
    breaches = {NUMBERS["first_breach"], *range(NUMBERS["second_breach"], pile + 1)}
    width = PAPERS[paper][0]
    for strip in layout.strips:
        card_y, card_h = strip.rows["card"]
        cards = words_in(page, strip.columns[0], card_y, strip.reserve_x, strip.table_top)
        assert [w["text"] for w in cards] == [str(v) for v in DATA["dam_values"]]
        # The printed value sits in its own position's box, left to right.
        for word, left in zip(cards, strip.columns, strict=True):
            assert left < word["x0"] < left + strip.column_w
        line = [c for c in page.chars if strip.table_top < page.height - c["bottom"] < strip.top
                and c["x0"] > MARGIN + 60 * 72 / 25.4]
        numbers = numbers_in(line)
        assert [int(w["text"]) for w in numbers] == list(range(1, pile + 1))
        assert {int(w["text"]) for w in numbers if "Bold" in w["fontname"]} == breaches
        assert all(c["x1"] <= width - MARGIN + 0.5 for c in line)


def numbers_in(chars):
    """The numbers among ``chars``, left to right, split where a gap or the font changes (the
    flood pile's boxes sit too close for pdfplumber's words)."""
    words, current = [], None
    for c in sorted(chars, key=lambda c: c["x0"]):
        if current and c["x0"] - current["x1"] < 1 and c["fontname"] == current["fontname"]:
            current["text"] += c["text"]
            current["x1"] = c["x1"]
        else:
            current = {"text": c["text"], "x1": c["x1"], "fontname": c["fontname"]}
            words.append(current)
    return [w for w in words if w["text"].isdigit()]


# The rulebook's round: 6/4/3 turns each; a movement phase after every player's turn (two each
# with two players), the last one before redeployment.
ROUNDS = {
    2: ["1", "2", "movement", "3", "4", "movement", "5", "6", "movement", "redeploy"],
    3: ["1", "movement", "2", "movement", "3", "movement", "4", "movement", "redeploy"],
    4: ["1", "movement", "2", "movement", "3", "movement", "redeploy"],
}


def test_the_round_tracker_and_the_stressed_end_threshold(sheet):
    paper, lang, players, pdf, page = sheet
    assert hamsterdam.round_items(players) == ROUNDS[players]
    layout = hamsterdam.page_layout(paper, players, lang)
    width, band_bottom = PAPERS[paper][0], layout.band_top - hamsterdam.BAND_H
    band = words_in(page, MARGIN, band_bottom, width / 2, layout.band_top)
    assert [w["text"] for w in band if w["text"].isdigit()] == [item for item in ROUNDS[players] if item.isdigit()]
    # The threshold for this player count in bold, the other two not.
    ends = [c for c in page.chars if c["x0"] > width / 2 and band_bottom < page.height - c["bottom"] < layout.band_top]
    bold = "".join(c["text"] for c in ends if "Bold" in c["fontname"]).replace(" ", "")
    plain = "".join(c["text"] for c in ends if "Bold" not in c["fontname"]).replace(" ", "")
    for count, tokens in NUMBERS["end_tokens"].items():
        label = i18n.t("sheet.hamsterdam.end_count", lang, count=count, tokens=tokens).replace(" ", "")
        assert (label in bold, label in plain) == ((True, False) if int(count) == players else (False, True))


def test_nothing_runs_off_the_page_or_overlaps(sheet):
    paper, lang, players, pdf, page = sheet
    width, height = PAPERS[paper]
    for c in page.chars:
        assert MARGIN - 0.5 <= c["x0"] and c["x1"] <= width - MARGIN + 0.5, c["text"]
        assert MARGIN - 2 <= height - c["bottom"] and c["top"] >= MARGIN - 0.5, c["text"]
        assert c["size"] >= 5, (c["text"], c["size"])
    words = sorted(page.extract_words(extra_attrs=["size"]), key=lambda w: w["x0"])
    for n, a in enumerate(words):
        for b in words[n + 1:]:
            if b["x0"] >= a["x1"] - 0.2:
                break
            assert b["top"] >= a["bottom"] - 0.3 or a["top"] >= b["bottom"] - 0.3, (a["text"], b["text"])
    # The parts keep apart, and every word and stroke stays inside its part.
    parts = hamsterdam.page_layout(paper, players, lang).parts()
    for (_, low, _), (_, _, high) in itertools.pairwise(parts):
        assert high <= low
    for thing in [*page.chars, *page.rects, *page.lines, *page.curves]:
        bottom, top = height - thing["bottom"], height - thing["top"]
        assert any(low - 0.5 <= bottom and top <= high + 0.5 for _, low, high in parts), thing.get("text", thing)
    # No word crosses a drawn edge (a box's side, a table rule): it stays inside its box.
    edges = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.lines]
    for r in page.rects:
        if r["stroke"]:
            x0, top, x1, bottom = r["x0"], r["top"], r["x1"], r["bottom"]
            edges += [(x0, top, x1, top), (x0, bottom, x1, bottom), (x0, top, x0, bottom), (x1, top, x1, bottom)]
    for w in words:
        inner = (w["x0"] + 0.4, w["top"] + 1, w["x1"] - 0.4, w["bottom"] - 1)
        for x0, top, x1, bottom in edges:
            assert not (x0 < inner[2] and x1 > inner[0] and top < inner[3] and bottom > inner[1]), w["text"]


def test_vector_only(sheet):
    """Fonts: tests/test_sheets.py checks every sheet's (this one's too) are embedded."""
    paper, lang, players, pdf, page = sheet
    assert not page.images and b"/Subtype /Image" not in pdf  # no bitmap anywhere
    assert len(page.rects) + len(page.lines) > 40 * players


def test_the_legend_marks_each_special_with_its_window_and_turn():
    """Counted in the page's drawing: each icon is a form placed once per use."""
    pdf = hamsterdam.render("a4", "en", players=4)
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    drawing = next(iter(page["/Resources"]["/XObject"].values())).get_object().get_data().decode("latin-1")
    placed = {kind: len(re.findall(rf"/FormXob\.hd-{kind}-9\.64 Do", drawing)) for kind in
              ("roll", "flood", "movement", "redeploy", "always", "any", "turns")}
    windows = [special["window"] for special in SPECIALS.values()]
    in_tracker = {"movement": 1, "redeploy": 1}  # the round tracker's own key
    for kind in ("roll", "flood", "movement", "redeploy", "always", "any"):
        assert placed[kind] == windows.count(kind) + 1 + in_tracker.get(kind, 0), kind  # + the legend's key
    assert placed["turns"] == sum(special["flips"] for special in SPECIALS.values()) + 1


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_specials_have_one_line_effects_in_every_font_glyph(lang):
    register_fonts()
    usable = min(width for width, _ in PAPERS.values()) - 2 * MARGIN
    _, _, effect_w = hamsterdam.legend_columns(lang, usable)
    for name in SPECIALS:
        effect = i18n.t(f"hamsterdam.special.{name}.effect", lang)
        assert "\n" not in effect and fit_font_size(effect, FONT, hamsterdam.EFFECT_SIZE, effect_w) >= 6.2, name
    for font in (FONT, BOLD):
        glyphs = pdfmetrics.getFont(font).face.charToGlyph
        for key, text in i18n.catalogue(lang).items():
            if key.startswith(("hamsterdam.special.", "sheet.hamsterdam.")):
                assert not {ch for ch in text if ord(ch) not in glyphs}, key


def test_render_refuses_a_player_count_the_game_has_not():
    for players in (1, 5, "4"):
        with pytest.raises(ValueError, match="players"):
            hamsterdam.render("a4", "en", players=players)


def test_cli_players_default_to_four(tmp_path):
    target = tmp_path / "dam.pdf"
    result = run_cli("hamsterdam", "--paper", "letter", "--lang", "de", "-o", str(target))
    assert result.returncode == 0, result.stderr
    text = PdfReader(target).pages[0].extract_text()
    assert text.count("Name:") == 4 and "4 Spieler" in text
    result = run_cli("hamsterdam", "--players", "2", "--copies", "2", "-o", str(target))
    assert result.returncode == 0, result.stderr
    reader = PdfReader(target)
    assert len(reader.pages) == 2 and reader.pages[1].extract_text().count("Name:") == 2


@pytest.mark.parametrize("args", [
    ["hamsterdam", "--players", "5"],
    ["hamsterdam", "--players", "1"],
    ["hamsterdam", "--players", "two"],
    ["hamsterdam", "--players"],
    ["hamstern", "--players", "2"],
])
def test_cli_bad_players_exit_2_and_write_nothing(tmp_path, capsys, args):
    target = tmp_path / "out.pdf"
    with pytest.raises(SystemExit) as stopped:
        sheets_cli.main([*args, "-o", str(target)])
    assert stopped.value.code == 2
    assert "usage:" in capsys.readouterr().err
    assert not target.exists()


def test_only_the_hamsterdam_sheet_takes_players():
    choices = {kind: player_choice(info) for kind, info in sheets_cli.sheet_games().items()}
    assert choices["hamsterdam"] == (tuple(NUMBERS["players"]), 4)
    assert choices["hamstern"] is None and choices["biber-gang"] is None


@pytest.mark.parametrize("paper, lang, players", [("a4", "en", 4), ("letter", "de", 2)])
def test_renders_legibly_in_greyscale(paper, lang, players):
    """Rendered to PNG (kept in tests/artifacts to look at): the boxes players write in are white."""
    ARTIFACTS.mkdir(exist_ok=True)
    image = pypdfium2.PdfDocument(hamsterdam.render(paper, lang, players=players))[0].render(
        scale=100 / 72, grayscale=True).to_pil().convert("L")
    image.save(ARTIFACTS / f"hamsterdam-{paper}-{lang}-{players}.png")
    layout = hamsterdam.page_layout(paper, players, lang)
    scale = 100 / 72
    for strip in layout.strips:
        for name, (y, h) in strip.rows.items():
            for left in strip.columns:
                x = left + strip.column_w * 0.6
                assert image.getpixel((int(x * scale), int(image.height - (y + h * 0.4) * scale))) > 240, name


def test_the_print_page_offers_the_tracker_with_a_players_choice(db, monkeypatch):
    from tests.components import PRINT_PAGE, open_app

    calls, real = [], hamsterdam.render

    @functools.wraps(real)  # the page reads the players choice from the signature
    def recording_render(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(hamsterdam, "render", recording_render)
    at = open_app(PRINT_PAGE)
    at.segmented_control(key="print_kind").set_value("hamsterdam").run()
    assert not at.exception, at.exception
    players = at.segmented_control(key="print_players_hamsterdam")
    assert [int(option) for option in players.options] == NUMBERS["players"] and players.value == 4
    assert at.get("download_button") and calls[-1]["players"] == 4
    at.segmented_control(key="print_lang").set_value("de").run()
    at.segmented_control(key="print_players_hamsterdam").set_value(2).run()
    assert not at.exception, at.exception
    assert calls[-1] == {"paper": "a4", "lang": "de", "copies": 1, "players": 2}
    at.segmented_control(key="print_kind").set_value("hamstern").run()
    assert not at.exception and not any(c.key == "print_players_hamstern" for c in at.segmented_control)
