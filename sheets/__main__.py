"""``python -m sheets KIND -o FILE.pdf [--paper a4|letter] [--lang en|de] [--side A|B] [--copies N]``

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
from assistant.i18n import LANGUAGES
from sheets.pdf import PAPERS

PROG = "python -m sheets: error: "
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
    output = Path(args.output)
    try:
        # Path.is_dir raises for some names (too long), hence inside the try.
        if output.is_dir():
            return fail(PROG, f"{output} is a folder; name the PDF file to write")
        if not output.parent.is_dir():
            return fail(PROG, f"no folder {output.parent}")
        pdf = render(args.kind, args.side, args.paper, args.lang, args.copies)
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
