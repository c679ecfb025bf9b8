"""``python -m assistant score GAME FILE``: check the scores of a finished game.

FILE is JSON (``-`` for standard input) as described in CONTRACT.md. The result
is JSON on standard output. Bad input exits 2 with a one-line reason.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module

from assistant.games import GAME_NAMES

SCORE_CHECKS = {
    "hamstern": "assistant.games.hamstern.scorecard:check_scores",
    "biber_gang": "assistant.games.biber_gang.scorecard:check_scores",
}


def score(game: str, data) -> dict:
    if game not in SCORE_CHECKS:
        raise ValueError(f"score checking for {game} is not built yet")
    module_name, function = SCORE_CHECKS[game].split(":")
    return getattr(import_module(module_name), function)(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m assistant")
    commands = parser.add_subparsers(dest="command", required=True)
    score_command = commands.add_parser("score", help="check the scores of a finished game")
    score_command.add_argument("game", choices=GAME_NAMES)
    score_command.add_argument("file", help="a JSON file, or - for standard input")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        result = score(args.game, json.loads(text))
    except OSError as error:
        print(f"cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    except json.JSONDecodeError as error:
        print(f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(str(error), file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
