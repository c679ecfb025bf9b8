"""A stand-in photo reader for a served app (tests/test_browser_score_photo.py puts this folder on the server's
PYTHONPATH): ``assistant.scan`` answers every photo with the same end of a game, so the page's side of reading
a photo can be looked at in a browser before, or without, the real reader. A photo under 200 pixels wide is
refused, as the real reader refuses half a sheet. Never used by the app itself."""

import io
import sys
import types
from dataclasses import dataclass
from importlib.machinery import ModuleSpec


class ScanRefused(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key

    def message(self, lang: str = "en") -> str:
        return {"en": "Hold the tablet above the whole sheet.", "de": "Halte das Tablet über das ganze Blatt."}[lang]


@dataclass(frozen=True)
class DamStrip:
    flood_pile: int
    dam_tokens: int
    unsure_fields: tuple = ()


@dataclass(frozen=True)
class ScanResult:
    game: str
    side: str | None
    crossed: frozenset = frozenset()
    unsure: frozenset = frozenset()
    one_track_struck: int = 0
    one_track_unsure: bool = False
    flood_pile: int | None = None
    unsure_fields: tuple = ()
    rectified_png: bytes = b""
    strips: tuple = ()

    def check_player(self, name: str, strip: int = 0) -> dict:
        if self.game == "hamstern":
            return {"name": name, "crossed": sorted(map(list, self.crossed)), "one_track_struck": self.one_track_struck}
        return {"name": name, "flood_pile": self.strips[strip].flood_pile, "dam_tokens": self.strips[strip].dam_tokens}


def read_photo(data: bytes, game: str | None = None, *, side: str | None = None) -> ScanResult:
    from PIL import Image

    from assistant.games.hamstern.layout import load_layout

    with Image.open(io.BytesIO(data)) as image:
        if image.width < 200:
            raise ScanRefused("scan.whole_sheet")
        image.thumbnail((600, 600))
        out = io.BytesIO()
        image.convert("RGB").save(out, "PNG")
    if game == "hamsterdam":
        return ScanResult("hamsterdam", None, flood_pile=6, rectified_png=out.getvalue(),
                          strips=(DamStrip(6, 2), DamStrip(5, 1, ("dam_tokens",))))
    layout = load_layout("A")
    cells = [cell for chamber in layout.chambers[:5] for cell in chamber.cells]
    return ScanResult("hamstern", "A", frozenset(cells), frozenset(cells[2:5:2] + cells[-1:]), one_track_struck=4,
                      one_track_unsure=True, rectified_png=out.getvalue())


scan = types.ModuleType("assistant.scan")
scan.__spec__ = ModuleSpec("assistant.scan", None)
scan.ScanRefused, scan.ScanResult, scan.read_photo = ScanRefused, ScanResult, read_photo
sys.modules["assistant.scan"] = scan
