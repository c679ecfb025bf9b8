"""``python -m sheets KIND -o FILE.pdf [--paper a4|letter] [--lang en|de] [--side A|B | --cave CODE] [--players N]
[--copies N]``

``--cave`` prints a sheet drawn from a code (a Hamstern cave: a few letters or words, or a date for the
cave of the day), the code printed on it; making a cave takes a few seconds.

A bad argument exits 2 with a usage line and writes no file. A file that cannot be
written (a folder, a read-only place, a full disk) exits 2 with one line; the PDF is
written to a temporary file first, so a failure never leaves a truncated PDF or
destroys an older file of that name.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from assistant.cli import fail, one_line, silence_stdout, write_atomically
from assistant.games.registry import GameInfo, load, registered
from assistant.i18n import LANGUAGES
from sheets import player_choice
from sheets.pdf import PAPERS

PROG = "python -m sheets: error: "
MAX_COPIES = 200


def sheet_games() -> dict[str, GameInfo]:
    """The registered games with a sheet (built or coming), by their KIND."""
    return {info.sheet_kind: info for info in registered() if info.sheet_kind}


def side_option(info: GameInfo):
    """The game's "side" option, if its sheet comes in sides (A and B)."""
    return next((option for option in info.options if option.name == "side"), None)


def render(kind: str, side: str | None, paper: str, lang: str, copies: int, players: int | None = None) -> bytes:
    info = sheet_games()[kind]
    if info.sheet is None:
        raise ValueError(f"the {kind} sheet is not built yet")
    sides = side_option(info)
    by_side = {"side": side or sides.default} if sides else {}
    by_players = {"players": players} if players is not None else {}
    return load(info.sheet)(paper=paper, lang=lang, copies=copies, **by_side, **by_players)


def cave_reader(info: GameInfo):
    """The function that reads a code into the side option's value (Hamstern's caves), or None."""
    option = side_option(info)
    return load(option.more) if option is not None and option.more else None


def parse_args(argv: list[str]) -> argparse.Namespace:
    kinds = sheet_games()
    with_sides = [kind for kind, info in kinds.items() if side_option(info)]
    with_caves = [kind for kind, info in kinds.items() if side_option(info) and side_option(info).more]
    side_choices = sorted({choice for kind in with_sides for choice in side_option(kinds[kind]).choices})
    by_players = {kind: choice for kind, info in kinds.items() if (choice := player_choice(info))}
    player_counts = sorted({count for counts, _ in by_players.values() for count in counts})
    players_help = "; ".join(f"{kind}: {counts[0]}..{counts[-1]}, default {default}"
                             for kind, (counts, default) in by_players.items())
    parser = argparse.ArgumentParser(prog="python -m sheets", description="Print Hamster Table sheets as PDF.")
    parser.add_argument("kind", choices=tuple(kinds))
    parser.add_argument("-o", "--output", required=True, help="the PDF file to write")
    parser.add_argument("--paper", choices=tuple(PAPERS), default="a4")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--side", choices=side_choices, help="a sheet in two sides: A (light) or B (dark)")
    parser.add_argument("--cave", metavar="CODE", help="a new cave drawn from a code: a few letters or words, or a "
                                                       "date YYYY-MM-DD (the cave of the day); printed on the sheet")
    parser.add_argument("--players", type=int, choices=player_counts, help=f"a strip per player ({players_help})")
    parser.add_argument("--copies", type=int, default=1, help=f"pages to print, 1..{MAX_COPIES}")
    args = parser.parse_args(argv)
    if not 1 <= args.copies <= MAX_COPIES:
        parser.error(f"--copies must be 1..{MAX_COPIES}, not {args.copies}")
    if args.side and args.kind not in with_sides:
        parser.error(f"--side is for the {' and '.join(with_sides)} sheet only")
    if args.cave is not None:
        if args.kind not in with_caves:
            parser.error(f"--cave is for the {' and '.join(with_caves)} sheet only")
        if args.side:
            parser.error("choose --side or --cave, not both")
        try:
            args.side = cave_reader(kinds[args.kind])(args.cave)
        except ValueError as error:
            parser.error(f"--cave: {error}")
    if args.players is not None and args.kind not in by_players:
        parser.error(f"--players is for the {' and '.join(by_players)} sheet only")
    if args.players is not None and args.players not in by_players[args.kind][0]:
        parser.error(f"the {args.kind} sheet is for {', '.join(map(str, by_players[args.kind][0]))} players")
    if not args.output.lower().endswith(".pdf"):
        parser.error(f"the output file must end in .pdf: {args.output}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    output = Path(args.output)
    try:
        # Path.is_dir raises for some names (too long), hence inside the try.
        if output.is_dir():
            return fail(PROG, f"{output} is a folder; name the PDF file to write")
        if not output.parent.is_dir():
            return fail(PROG, f"no folder {output.parent}")
        pdf = render(args.kind, args.side, args.paper, args.lang, args.copies, args.players)
        # Complete or not at all: never a truncated PDF, never an older sheet lost half-way.
        write_atomically(output, pdf)
    except ValueError as error:
        return fail(PROG, str(error))
    except OSError as error:
        return fail(PROG, f"cannot write {one_line(str(output), 120)}: {error.strerror or error}")
    try:
        print(f"wrote {output} ({len(pdf) // 1024} KB, {args.copies} page{'s' if args.copies > 1 else ''})",
              flush=True)
    except OSError as error:  # a broken pipe (`python -m sheets ... | head -c1`), a full disk
        silence_stdout()
        return fail(PROG, f"cannot write the report to standard output ({error.strerror or error}); "
                          f"{one_line(str(output), 120)} is complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
