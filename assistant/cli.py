"""What both command-line tools share: one-line reasons, output that may be cut off, safe files.

Both tools promise that bad input or a broken environment ends with exit status 2
and exactly one line on standard error, never a traceback, and that a file they
write is either complete or not there at all.
"""

from __future__ import annotations

import os
import sys
import tempfile
import unicodedata
from pathlib import Path

MAX_REASON = 300

# Characters that would break the one line a reason must stay on or that no terminal can
# show: control characters (newline, tab, escape), line and paragraph separators, and lone
# surrogates (JSON "\ud800" reads into a str that cannot be encoded).
_UNPRINTABLE = {"Cc", "Cs", "Zl", "Zp"}


def one_line(text: str, limit: int = MAX_REASON) -> str:
    """``text`` as a single printable line: unprintable characters become backslash escapes
    and a very long reason (a megabyte of JSON quoted back) is cut short."""
    shown = "".join(
        char.encode("unicode_escape").decode("ascii") if unicodedata.category(char) in _UNPRINTABLE else char
        for char in text[: limit + 1]
    )
    return shown if len(text) <= limit else shown[:limit] + "…"


def fail(prefix: str, reason: str) -> int:
    """Print ``prefix`` and ``reason`` as one line on standard error; the exit status 2."""
    line = one_line(f"{prefix}{reason}")
    if sys.stderr is not None:
        try:
            print(line, file=sys.stderr, flush=True)
        except OSError:
            pass  # nowhere left to report to; the exit status still says it failed
    return 2


def silence_stdout() -> None:
    """After a broken pipe: point standard output at /dev/null, so that Python's own
    flush at exit does not print a second error ("Exception ignored ... BrokenPipeError")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def read_text(source: str) -> str:
    """The UTF-8 text of a file, or of standard input for ``-``.

    Raises OSError (cannot read; a closed standard input counts) or UnicodeDecodeError
    (not UTF-8: bytes are decoded here, strictly, because Python would otherwise
    smuggle them through standard input as lone surrogates in a C locale).
    """
    if source == "-":
        if sys.stdin is None:  # started with standard input closed (`<&-`)
            raise OSError(9, "it is closed")
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # an in-memory text stream, as tests may install
            return sys.stdin.read()
        data = stream.read()
    else:
        with open(source, "rb") as handle:
            data = handle.read()
    return data.decode("utf-8-sig")  # a leading byte-order mark (Windows editors) is dropped


def _umask() -> int:
    mask = os.umask(0)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return mask


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is either the complete new file or
    untouched: the bytes go to a temporary file in the same folder, which then replaces
    ``path`` in one step. On any OSError the temporary file is removed and the error raised."""
    handle = tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name[:40]}.", suffix=".part",
                                         delete=False)
    try:
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())  # a full disk may only show here
        # A temporary file is private (0600); the sheet gets the usual permissions.
        os.chmod(handle.name, 0o666 & ~_umask())
        os.replace(handle.name, path)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise
