"""``python -m assistant scan GAME PHOTO``: the score check's JSON read from a photo of a sheet.

Prints what ``python -m assistant score GAME FILE`` reads: Hamstern ``{"side": ..., "players": [{"name":
"Player 1", "crossed": [[row, col], ...], "one_track_struck": n}]}``, Hamsterdam a player per strip
(flood_pile and dam_tokens; the hamsters are not on the tracker). The cells and counts the reader is
unsure of are listed under "unsure", for a person to look at before scoring. A photo the reader will
not read exits 2 with its one line (what to do), like any other bad input.
"""

from __future__ import annotations

from assistant.cli import fail


def run(game: str, source: str, names: list[str] | None, side: str | None, write_result) -> int:
    try:
        with open(source, "rb") as handle:
            data = handle.read(64 * 1024 * 1024 + 1)
    except OSError as error:
        return fail("", f"cannot read {source}: {error.strerror or error}")
    from assistant.scan import ScanRefused, read_photo  # OpenCV loads only for this command
    from assistant.scan.readers import reader

    try:
        result = read_photo(data, game, side=side)
        output = result.score_check_data(names)
    except ScanRefused as refusal:
        return fail("", refusal.message("en"))
    except ValueError as error:
        return fail("", str(error))
    output["unsure"] = reader(result.game).unsure(result)
    return write_result(output)
