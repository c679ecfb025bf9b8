"""Test photos of played sheets, made from our own PDFs: ``hamstern_photo(seed)``, ``dam_photo(seed)``.

The page is rendered (pypdfium2), played on by a hand (pens.py), then photographed: laid on a wooden
table, seen at up to 30 degrees off straight down and turned any way, lit unevenly, a shadow across
it, out of focus a little, sensor noise, saved as JPEG. Everything comes from the seed, so a seed is
the same photo on every machine; ``Photo.truth`` says what was drawn.

Seeds: tuning used 0..999 (``TUNING``); the measure (bench/scan.py) uses 100000 and up (``MEASURE``),
seeds never looked at while the reader's thresholds were chosen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np
import pypdfium2
from reportlab.lib.units import mm

from assistant.games.hamsterdam.cards import numbers
from assistant.games.hamstern.layout import load_layout
from sheets import hamsterdam, hamstern
from sheets.pdf import MARGIN, PAPERS
from tests.scan.pens import Hand, Page, cross, played_cells, scribble_text, stray, stroke

TUNING = range(0, 1000)
MEASURE = range(100000, 200000)
PAGE_PX_PER_MM = 6.0
SIDES = ("A", "A", "B", "B", "BAKO-MIRU", "2026-11-27")
FRAMES = ((1600, 1200), (2048, 1536), (1920, 1080), (2592, 1944))
LEAST_PX_PER_MM = 3.0  # a tablet held over the sheet, the sheet filling most of the picture


@dataclass(frozen=True)
class StripTruth:
    flood_pile: int
    dam_tokens: int


@dataclass(frozen=True)
class Truth:
    game: str
    side: str | None = None
    crossed: frozenset = frozenset()
    one_track_struck: int = 0
    strips: tuple[StripTruth, ...] = ()


@dataclass(frozen=True)
class Photo:
    seed: int
    data: bytes
    truth: Truth
    camera: dict = field(default_factory=dict)  # how it was taken: tilt, blur, light...


@cache
def _rendered(pdf_key: tuple) -> np.ndarray:
    game, paper, lang, extra = pdf_key
    pdf = hamstern.render(extra, paper, lang) if game == "hamstern" else hamsterdam.render(paper, lang, players=extra)
    scale = PAGE_PX_PER_MM * 25.4 / 72
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=scale).to_numpy()
    return cv2.cvtColor(image[..., :3], cv2.COLOR_RGB2BGR) if image.shape[2] >= 3 else image


def page(game: str, paper: str, lang: str, extra) -> Page:
    """A fresh copy of the blank page to draw on."""
    return Page(_rendered((game, paper, lang, extra)).copy(), PAGE_PX_PER_MM, PAPERS[paper][1])


def hamstern_photo(seed: int, side: str | None = None, paper: str | None = None, lang: str | None = None,
                   camera: dict | None = None) -> Photo:
    """A played Hamstern sheet, photographed; ``camera`` overrides settings (``{"tilt": 0, "blur": 0}``)."""
    rng = random.Random(f"hamstern/{seed}")
    side = side or rng.choice(SIDES)
    paper = paper or rng.choice(("a4", "a4", "letter"))
    lang = lang or rng.choice(("en", "de"))
    layout = load_layout(side)
    sheet = page("hamstern", paper, lang, side)
    geometry = hamstern.grid_geometry(layout, paper)
    hand = Hand.draw(rng)
    crossed = played_cells(layout, rng)
    size = geometry.cell * sheet.px_per_pt
    strays = []
    for cell in layout.cells:
        centre = sheet.px(*geometry.centre(*cell))
        if cell in crossed:
            cross(sheet, hand, centre, size, rng)
        if rng.random() < 0.04:
            stray(sheet, hand, centre, size, rng)
            strays.append(cell)
    boxes = hamstern.one_track_boxes(layout, paper)
    struck = rng.choice((0, rng.randint(0, len(boxes)), rng.randint(0, len(boxes))))
    for x, y, w, h in boxes[:struck]:
        _strike(sheet, hand, (x, y, w, h), rng)
    _write_name(sheet, hand, rng, *_name_box_hamstern(paper))
    truth = Truth("hamstern", layout.side, crossed, struck)
    photo = _photograph(sheet, truth, seed, rng, camera or {})
    photo.camera.update(pen=hand.pen, hand=hand.style, strays=strays)
    return photo


def dam_photo(seed: int, players: int | None = None, paper: str | None = None, lang: str | None = None,
              camera: dict | None = None) -> Photo:
    """A dam tracker at the end of a game: flood piles struck, flood tokens ticked, names and dam cards
    written, hamsters tallied."""
    rng = random.Random(f"hamsterdam/{seed}")
    players = players or rng.choice((2, 3, 4))
    paper = paper or rng.choice(("a4", "letter"))
    lang = lang or rng.choice(("en", "de"))
    sheet = page("hamsterdam", paper, lang, players)
    layout = hamsterdam.page_layout(paper, players, lang)
    width = PAPERS[paper][0]
    pile = numbers().end_tokens[players]
    # The game ends when the flood piles together hold the end number (a roll may bring one or two more).
    floods = [0] * players
    for _ in range(pile + rng.choice((0, 0, 1, 2))):
        open_piles = [n for n in range(players) if floods[n] < pile]
        floods[rng.choice(open_piles)] += 1
    strips = []
    for strip, flood in zip(layout.strips, floods, strict=True):
        hand = Hand.draw(rng)
        for box in hamsterdam.pile_boxes(strip, width, pile)[:flood]:
            _strike(sheet, hand, box, rng)
        token_y, token_h = strip.rows["token"]
        tokens = 0
        for x in strip.columns:
            if rng.random() < 0.3:
                tokens += 1
                small = Hand(hand.pen, hand.width, hand.darkness, "small", hand.slant)
                cross(sheet, small, sheet.px(x + strip.column_w / 2, token_y + token_h / 2),
                      min(strip.column_w, token_h) * sheet.px_per_pt * 1.6, rng)
        hamsters_y, hamsters_h = strip.rows["hamsters"]
        for x in strip.columns:  # tallies of hamsters: not read, there to be ignored
            for n in range(rng.randint(0, 3)):
                left, bottom = sheet.px(x + 3 + n * 4, hamsters_y + 3)
                stroke(sheet, hand, (left, bottom), (left + 1, bottom - hamsters_h * 0.6 * sheet.px_per_pt), rng)
        _write_name(sheet, hand, rng, MARGIN + 14 * mm, strip.table_top + 1.5 * mm, 45 * mm)
        strips.append(StripTruth(flood, tokens))
    return _photograph(sheet, Truth("hamsterdam", None, strips=tuple(strips)), seed, rng, camera or {})


def _strike(sheet: Page, hand: Hand, box, rng: random.Random) -> None:
    """A box struck out: a cross, or one diagonal line."""
    x, y, w, h = box
    (left, bottom), (right, top) = sheet.px(x, y), sheet.px(x + w, y + h)
    size = right - left
    if rng.random() < 0.6:
        cross(sheet, hand, ((left + right) / 2, (top + bottom) / 2), size, rng)
    else:
        inset = rng.uniform(0.0, 0.2) * size
        stroke(sheet, hand, (left + inset, bottom - inset), (right - inset, top + inset), rng, 0.03)


def _name_box_hamstern(paper: str) -> tuple[float, float, float]:
    """Where a name is written on a Hamstern sheet: in the name box under the title."""
    width, height = PAPERS[paper]
    return MARGIN + 25 * mm, height - MARGIN - 15.5 * mm, width / 2 - MARGIN


def _write_name(sheet: Page, hand: Hand, rng: random.Random, left_pt: float, base_pt: float, width_pt: float):
    left, baseline = sheet.px(left_pt, base_pt)
    scribble_text(sheet, hand, left, baseline, rng.uniform(0.3, 1.0) * width_pt * sheet.px_per_pt,
                  3.5 * sheet.px_per_mm, rng)


# --- the camera ---------------------------------------------------------------------------------------
def _photograph(sheet: Page, truth: Truth, seed: int, rng: random.Random, override: dict) -> Photo:
    settings = {
        "frame": rng.choice(FRAMES), "portrait": rng.random() < 0.5, "fill": rng.uniform(0.7, 0.95),
        "turn": rng.choice((rng.uniform(-20, 20), rng.uniform(0, 360))), "tilt": rng.uniform(0, 30),
        "tilt_towards": rng.uniform(0, 360), "light": rng.uniform(0.0, 0.45), "shadow": rng.random() < 0.6,
        "blur": rng.uniform(0, 1.5), "noise": rng.uniform(1, 5), "quality": rng.randint(55, 92),
    }
    settings.update(override)
    width, height = settings["frame"]
    if settings["portrait"]:
        width, height = height, width
    image = _wood(height, width, rng)
    quad = _seen_quad(sheet.image.shape, settings, (width, height), rng)
    page_h, page_w = sheet.image.shape[:2]
    source = np.float32([[0, 0], [page_w, 0], [page_w, page_h], [0, page_h]])
    warp = cv2.getPerspectiveTransform(source, quad)
    paper = (sheet.image.astype(np.float32) * np.float32([0.93, 0.96, 0.98])).astype(np.uint8)
    cv2.warpPerspective(paper, warp, (width, height), image, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_TRANSPARENT)
    image = _light(image, settings, rng)
    if settings["blur"] > 0.05:
        image = cv2.GaussianBlur(image, (0, 0), settings["blur"])
    noise = np.random.default_rng(seed).normal(0, settings["noise"], image.shape).astype(np.float32)
    image = np.clip(image.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(settings["quality"])])
    assert ok
    return Photo(seed, data.tobytes(), truth, settings)


def _seen_quad(shape, settings: dict, frame: tuple[int, int], rng: random.Random) -> np.ndarray:
    """Where the page's corners land: the page turned, tilted away from the camera by up to 30 degrees
    (a pinhole camera, so the far edge looks shorter), then scaled and placed wholly inside the frame."""
    page_h, page_w = shape[:2]
    corners = np.float64([[-page_w / 2, -page_h / 2, 0], [page_w / 2, -page_h / 2, 0],
                          [page_w / 2, page_h / 2, 0], [-page_w / 2, page_h / 2, 0]])
    turn = np.radians(settings["turn"])
    spin = np.array([[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0], [0, 0, 1]])
    axis_angle = np.radians(settings["tilt_towards"])
    axis = np.array([np.cos(axis_angle), np.sin(axis_angle), 0.0])
    tilt, _ = cv2.Rodrigues(axis * np.radians(settings["tilt"]))
    points = corners @ spin.T @ tilt.T
    focal = max(page_w, page_h) * 1.1  # a phone's or tablet's wide lens: about 50 degrees across
    distance = focal * 1.0
    projected = points[:, :2] * focal / (distance + points[:, 2:3])
    projected -= projected.min(axis=0)
    span = projected.max(axis=0)
    width, height = frame
    fits = min(width / span[0], height / span[1])
    scale = min(max(settings["fill"] * fits, LEAST_PX_PER_MM / PAGE_PX_PER_MM), 0.97 * fits)
    projected *= scale
    free = np.array([width, height]) - projected.max(axis=0)
    offset = np.array([rng.uniform(0.15, 0.85) * free[0], rng.uniform(0.15, 0.85) * free[1]])
    return (projected + offset).astype(np.float32)


def _wood(height: int, width: int, rng: random.Random) -> np.ndarray:
    """A wooden table top: long wavy grain in browns, darker streaks, some knots of lighter wood."""
    noise_rng = np.random.default_rng(rng.getrandbits(32))
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    along = x * np.cos(angle) + y * np.sin(angle)
    across = -x * np.sin(angle) + y * np.cos(angle)
    low = cv2.resize(noise_rng.random((8, 8), np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
    period = rng.uniform(8, 30)
    grain = np.sin((across + 2.5 * low * period + 0.01 * along) / period * 2 * np.pi)
    grain = np.sign(grain) * np.abs(grain) ** 0.5  # sharper edges between early and late wood
    fine = cv2.resize(noise_rng.random((height // 4 + 1, 2), np.float32), (width, height))
    base = np.float32([rng.uniform(40, 90), rng.uniform(80, 130), rng.uniform(120, 190)])
    shade = 0.8 + 0.12 * grain + 0.15 * (fine - 0.5) + 0.1 * (low - 0.5)
    return np.clip(shade[..., None] * base, 0, 255).astype(np.uint8)


def _light(image: np.ndarray, settings: dict, rng: random.Random) -> np.ndarray:
    """Uneven light (brighter towards a window), and maybe a soft shadow (an arm, the tablet) across."""
    height, width = image.shape[:2]
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (x * np.cos(angle) + y * np.sin(angle)) / max(width, height)
    ramp = (ramp - ramp.min()) / max(float(ramp.max() - ramp.min()), 1e-6)
    light = 1.05 - settings["light"] * ramp
    if settings["shadow"]:
        angle = rng.uniform(0, 2 * np.pi)
        cx, cy = rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height
        side = (x - cx) * np.cos(angle) + (y - cy) * np.sin(angle)
        soft = rng.uniform(5, 60)
        depth = rng.uniform(0.25, 0.5)
        light *= 1 - depth / (1 + np.exp(-side / soft))
    warm = np.float32([rng.uniform(0.85, 1.0), rng.uniform(0.95, 1.0), 1.0])
    return np.clip(image.astype(np.float32) * light[..., None] * warm, 0, 255).astype(np.uint8)


# --- the photos kept in tests/data -----------------------------------------------------------------
DATA = {  # name -> how it is made: small photos the tests read (python -m tests.scan.photos writes them)
    "scan-hamstern-a.jpg": ("hamstern", 7, {"side": "A", "paper": "a4", "lang": "en"}),
    "scan-hamstern-b.jpg": ("hamstern", 8, {"side": "B", "paper": "letter", "lang": "de"}),
    "scan-hamstern-cave.jpg": ("hamstern", 9, {"side": "BAKO-MIRU", "paper": "a4", "lang": "de"}),
    "scan-hamsterdam.jpg": ("hamsterdam", 4, {"players": 3, "paper": "a4", "lang": "en"}),
}
SMALL = {"frame": (1600, 1200), "blur": 0.4, "quality": 80, "tilt": 18.0}


def made(name: str) -> Photo:
    game, seed, options = DATA[name]
    make = hamstern_photo if game == "hamstern" else dam_photo
    return make(seed, camera=SMALL, **options)


def truth_data(photo: Photo) -> dict:
    truth = photo.truth
    if truth.game == "hamstern":
        return {"side": truth.side, "crossed": sorted(list(cell) for cell in truth.crossed),
                "one_track_struck": truth.one_track_struck}
    return {"strips": [{"flood_pile": s.flood_pile, "dam_tokens": s.dam_tokens} for s in truth.strips]}


if __name__ == "__main__":
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "data"
    for name in DATA:
        photo = made(name)
        (folder / name).write_bytes(photo.data)
        (folder / name.replace(".jpg", ".json")).write_text(json.dumps(truth_data(photo), indent=1) + "\n")
        print(name, len(photo.data) // 1024, "KB")
