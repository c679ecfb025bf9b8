"""What a photo of a sheet was read as: ``ScanResult``, and one player's entry for the score check."""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.scan.readers import reader

Cell = tuple[int, int]


@dataclass(frozen=True)
class ScanResult:
    """A sheet read from a photo.

    Hamstern (``game == "hamstern"``): ``side`` is "A", "B" or the cave's code; ``crossed`` the cells
    (row, col) read as crossed, ``unsure`` the cells a player should look at (crossed or not);
    ``one_track_struck`` the 1-track boxes struck, ``one_track_unsure`` whether to look at that count.
    The dam fields are None and ``strips`` is empty.

    Hamsterdam (``game == "hamsterdam"``): the tracker has a strip per player, top to bottom, each read
    into a ``DamStrip``: ``flood_pile`` (flood pile boxes struck), ``breaches`` (the breaches that pile
    has called for: its heavy boxes struck), ``dam_tokens`` (flood token boxes with a mark: a card with
    two tokens still shows one mark). ``flood_pile``, ``breaches``, ``dam_tokens`` and ``unsure_fields``
    ("flood_pile", "dam_tokens") here are the first strip's; ``strips`` has them all. The hamsters a
    player has left are tallied by hand on the tracker and are not read. ``side`` is None.

    ``rectified_png`` is the sheet straightened (the whole page, RECTIFIED_PX_PER_MM pixels a
    millimetre); ``grid_box`` is where a Hamstern sheet's cave grid lies in it, as fractions
    (left, top, right, bottom) of the picture's width and height, to draw the tap sheet over.
    """

    game: str
    side: str | None
    crossed: frozenset[Cell] = frozenset()
    unsure: frozenset[Cell] = frozenset()
    one_track_struck: int = 0
    one_track_unsure: bool = False
    flood_pile: int | None = None
    breaches: int | None = None
    dam_tokens: int | None = None
    unsure_fields: tuple[str, ...] = ()
    rectified_png: bytes = b""
    strips: tuple = ()  # the tracker's strips, each a scan.hamsterdam.DamStrip
    grid_box: tuple[float, float, float, float] | None = None
    paper: str = "a4"
    blur_mm: float = 0.0
    px_per_mm: float = 0.0
    extra: dict = field(default_factory=dict, compare=False, repr=False)  # the measurements, for the bench

    def check_player(self, name: str, strip: int = 0) -> dict:
        """This reading as one player's entry in the score check's JSON (``python -m assistant score``):
        Hamstern ``{"name", "crossed": [[row, col], ...], "one_track_struck"}``; Hamsterdam
        ``{"name", "flood_pile", "dam_tokens"}`` of strip ``strip`` (0 is the top one), without
        "hamsters", which the tracker does not show. The game's reader says."""
        return reader(self.game).check_player(self, name, strip)

    def score_check_data(self, names: list[str] | None = None) -> dict:
        """The whole score check's JSON this photo gives: Hamstern one player (``{"side", "players"}``),
        Hamsterdam one player per strip (names default to "Player 1", "Player 2"...)."""
        return reader(self.game).score_check_data(self, names)
