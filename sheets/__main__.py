"""``python -m sheets KIND -o FILE.pdf [--paper a4|letter] [--lang en|de] [--side A|B] [--copies N]``

A bad argument exits 2 with a usage line and writes no file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from assistant.i18n import LANGUAGES
from sheets.pdf import PAPERS

KINDS = ("hamstern", "hamsterdam", "biber-gang")
MAX_COPIES = 200


def render(kind: str, side: str | None, paper: str, lang: str, copies: int) -> bytes:
    if kind == "hamstern":
        from sheets import hamstern

        return hamstern.render(side or "A", paper, lang, copies)
    if kind == "biber-gang":
        from sheets import biber_gang

        return biber_gang.render(paper, lang, copies)
    raise ValueError(f"the {kind} sheet is not built yet")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m sheets", description="Print Hamster Table sheets as PDF.")
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("-o", "--output", required=True, help="the PDF file to write")
    parser.add_argument("--paper", choices=tuple(PAPERS), default="a4")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--side", choices=("A", "B"), help="Hamstern only: A (light) or B (dark)")
    parser.add_argument("--copies", type=int, default=1, help=f"pages to print, 1..{MAX_COPIES}")
    args = parser.parse_args(argv)
    if not 1 <= args.copies <= MAX_COPIES:
        parser.error(f"--copies must be 1..{MAX_COPIES}, not {args.copies}")
    if args.side and args.kind != "hamstern":
        parser.error("--side is for the hamstern sheet only")
    if not args.output.lower().endswith(".pdf"):
        parser.error(f"the output file must end in .pdf: {args.output}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        pdf = render(args.kind, args.side, args.paper, args.lang, args.copies)
    except ValueError as error:
        print(f"python -m sheets: error: {error}", file=sys.stderr)
        return 2
    output = Path(args.output)
    if not output.parent.is_dir():
        print(f"python -m sheets: error: no folder {output.parent}", file=sys.stderr)
        return 2
    output.write_bytes(pdf)
    print(f"wrote {output} ({len(pdf) // 1024} KB, {args.copies} page{'s' if args.copies > 1 else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
