"""``python -m assistant score GAME FILE``: check the scores of a finished game
(``python -m assistant scan GAME PHOTO``: read a photo of a sheet into such a FILE, assistant/scan/cli.py).

FILE is JSON (``-`` for standard input) as described in CONTRACT.md. The result
is JSON on standard output. Bad input (or input that cannot be read, or output that
cannot be written) exits 2 with a one-line reason on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from assistant.cli import fail, read_text, silence_stdout
from assistant.games.registry import game_info, load, registered


def score(game: str, data) -> dict:
    """The score check the game registered, applied to ``data`` (ValueError for bad data)."""
    check = game_info(game).score_check
    if check is None:
        raise ValueError(f"score checking for {game} is not built yet")
    return load(check)(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m assistant")
    commands = parser.add_subparsers(dest="command", required=True)
    score_command = commands.add_parser("score", help="check the scores of a finished game")
    score_command.add_argument("game", choices=[info.name for info in registered()])
    score_command.add_argument("file", help="a JSON file, or - for standard input")
    scan_command = commands.add_parser("scan", help="read a photo of a sheet into the JSON that score reads")
    # The games the registry gives a photo reader (GameInfo.scan): their sheets are printed to be read.
    scan_command.add_argument("game", choices=[info.name for info in registered() if info.scan])
    scan_command.add_argument("photo", help="a photo (JPEG, PNG) of one printed sheet")
    scan_command.add_argument("--name", action="append", dest="names", help="a player's name (once per strip)")
    scan_command.add_argument("--side", help="the side or cave code the sheet must be (a cave sheet)")
    args = parser.parse_args(argv)
    if args.command == "scan":
        from assistant.scan.cli import run

        return run(args.game, args.photo, args.names, args.side, write_result)
    source = "standard input" if args.file == "-" else args.file
    try:
        data = json.loads(read_text(args.file))
        refuse_lone_surrogates(data)
        result = score(args.game, data)
    except OSError as error:
        return fail("", f"cannot read {source}: {error.strerror or error}")
    except UnicodeDecodeError:
        return fail("", f"{source} is not UTF-8 text")
    except json.JSONDecodeError as error:
        return fail("", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}")
    except RecursionError:  # json.loads, or a reason quoting the data back, gave up
        return fail("", "not valid input: the JSON is nested too deeply")
    except ValueError as error:
        return fail("", str(error))
    return write_result(result)


def refuse_lone_surrogates(data) -> None:
    """ValueError if a string holds a lone surrogate: JSON may spell one ("\\ud800"), but it
    is no character, so no name can hold it and it could not be printed back."""
    pending = [data]
    while pending:  # a loop, not recursion: the data may be nested deeply
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.items())
        elif isinstance(value, list | tuple):
            pending.extend(value)
        elif isinstance(value, str) and any("\ud800" <= char <= "\udfff" for char in value):
            raise ValueError(f"not valid text (a lone surrogate): {value!r}")


def write_result(result: dict) -> int:
    """The answer as UTF-8 JSON on standard output, which may be closed or cut off."""
    text = json.dumps(result, ensure_ascii=False, indent=2) + "\n"
    if sys.stdout is None:  # started with standard output closed (`>&-`)
        return fail("", "standard output is closed: there is nowhere to write the result")
    try:
        stream = getattr(sys.stdout, "buffer", None)
        if stream is None:  # an in-memory text stream, as tests may install
            sys.stdout.write(text)
        else:
            stream.write(text.encode("utf-8"))  # JSON is UTF-8, whatever the terminal's locale
        sys.stdout.flush()
    except OSError as error:  # a broken pipe (`... | head -c1`), a full disk
        silence_stdout()
        return fail("", f"cannot write the result: {error.strerror or error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
