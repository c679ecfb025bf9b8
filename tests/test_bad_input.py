"""Bad input never ends in a traceback: the engines raise only ValueError, the two command-line
tools exit 2 with exactly one line on standard error and never leave a half-written PDF."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheets.__main__ as sheets_cli
from assistant import __main__ as assistant_cli
from assistant.games import get_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("hamstern", "biber_gang")
DEEP = "[" * 1000 + "]" * 1000
BIBER_ROUND = {"players": [{"name": "Ann", "display": [[1, 2, 3, 4], [1, 2, 3, 4]]},
                           {"name": "Bo", "display": [[5, 5, 5, 5], [6, 6, 6, 6]]}]}


# --- the engines ------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
# Values shaped like the real thing, so the checks behind the first one are reached too.
actions = st.one_of(
    json_values,
    st.fixed_dictionaries({"roll": json_values}),
    st.fixed_dictionaries({"cross": st.lists(st.lists(st.integers(-3, 12) | json_values, max_size=3), max_size=4)}),
    st.fixed_dictionaries({"move": st.sampled_from(["swap", "turn_up", "swim", "draw_deck", "x"]) | json_values},
                          optional={"at": st.integers(-2, 9) | json_values, "to": st.integers(-2, 9) | json_values}),
)


def records(name: str):
    return st.fixed_dictionaries({
        "game": st.just(name) | json_values,
        "num_players": st.integers(0, 7) | json_values,
        "options": st.dictionaries(st.sampled_from(["side", "free_start", "rounds", "seed", "num_players", "x"]),
                                   json_values, max_size=3) | json_values,
        "seed": st.integers() | json_values,
        "actions": st.lists(actions, max_size=6) | json_values,
    })


def only_value_errors(call, text) -> None:
    try:
        call(text)
    except ValueError:
        pass  # the one error allowed; IllegalAction is a ValueError too


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", [
    '{"move":"swap","at":[]}', '{"move":"swap","at":{}}', '{"move":["swap"]}', '{"roll":[[]]}',
    DEEP, "{" * 5000, '{"a":' * 999 + "1" + "}" * 999, b"\xff\xfe\xfd", "", '{"cross":[[1e400, 0]]}',
])
def test_known_bad_texts_raise_value_error(name, text):
    game = get_game(name)
    with pytest.raises(ValueError):
        game.action_from_json(text)
    with pytest.raises(ValueError):
        game.from_json(text)


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_game_with_odd_options_is_refused_with_a_reason(name):
    # As keywords, "seed" would collide with new_state's own argument (a TypeError before).
    text = json.dumps({"game": name, "num_players": 2, "options": {"seed": 1}, "seed": 1, "actions": []})
    with pytest.raises(ValueError, match="unknown option 'seed'"):
        get_game(name).from_json(text)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(json_values, actions))
def test_any_json_value_as_an_action_raises_only_value_error(name, data):
    only_value_errors(get_game(name).action_from_json, json.dumps(data))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_json_value_as_a_saved_game_raises_only_value_error(name, data):
    record = data.draw(st.one_of(json_values, records(name)))
    only_value_errors(get_game(name).from_json, json.dumps(record))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=200, deadline=None)
@given(text=st.text() | st.binary())
def test_any_text_raises_only_value_error(name, text):
    game = get_game(name)
    only_value_errors(game.action_from_json, text)
    only_value_errors(game.from_json, text)


# --- python -m assistant score -----------------------------------------------------------
def score(args, stdin: bytes | None = b"", **options) -> subprocess.CompletedProcess:
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run([sys.executable, "-m", "assistant", "score", *args], input=stdin, cwd=ROOT, timeout=60,
                          **options)


def assert_one_line_exit_2(result, *needles: str) -> str:
    stderr = result.stderr.decode("utf-8") if isinstance(result.stderr, bytes) else result.stderr
    assert result.returncode == 2, stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, repr(stderr)
    assert "Traceback" not in stderr and "Exception ignored" not in stderr
    for needle in needles:
        assert needle in stderr
    return stderr


@pytest.mark.parametrize("text, needle", [
    (DEEP, "nested too deeply"),
    ('{"side": "A", "players": [{"name": ' + "[" * 990 + "]" * 990 + "}]}", "deeply"),
    ('{"players": [{"name": "A\\ud800", "display": [[1,2,3,4],[1,2,3,4]]}, {"name": "B", "display": []}]}',
     "lone surrogate"),
    ('{"players": [{"name": "Ann\\nLee", "display": [[1,2,3,4],[1,2,3]]}, {"name": "B", "display": []}]}',
     "Ann\\nLee: a display is two rows"),
    ('{"players": [{"name": "Ann\\u2028Lee\\r", "display": [[1]]}, {"name": "B", "display": []}]}',
     "Ann\\u2028Lee:"),  # the name is stripped; the separator inside is escaped
])
def test_score_reasons_stay_on_one_line(text, needle):
    assert_one_line_exit_2(score(["biber_gang", "-"], text.encode()), needle)


def test_a_huge_reason_is_cut_short():
    table = {"side": "A", "players": [{"name": "Ann", "crossed": [["x" * 1_000_000, 0]]}]}
    stderr = assert_one_line_exit_2(score(["hamstern", "-"], json.dumps(table).encode()), "a cell is")
    assert len(stderr) < 1000


def test_bytes_that_are_not_utf8_exit_2_from_stdin_as_from_a_file(tmp_path):
    assert_one_line_exit_2(score(["hamstern", "-"], b'{"side": "\xff"}'), "standard input is not UTF-8")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"side": "\xff"}')
    assert_one_line_exit_2(score(["hamstern", str(bad)]), "bad.json is not UTF-8")
    # the C locale makes Python read stdin with surrogateescape: still refused, not smuggled through
    assert_one_line_exit_2(score(["hamstern", "-"], b'{"side": "\xff"}', env={**os.environ, "LC_ALL": "C"}),
                           "not UTF-8")


def test_a_closed_stdin_and_a_folder_exit_2(tmp_path):
    closed = subprocess.run(f"'{sys.executable}' -m assistant score hamstern - <&-", shell=True, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert_one_line_exit_2(closed, "cannot read standard input")
    assert_one_line_exit_2(score(["hamstern", str(tmp_path)]), "cannot read", "directory")


def test_a_broken_pipe_or_a_full_disk_on_stdout_exit_2():
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone: what `| head -c1` does once it has its byte
    try:
        result = score(["biber_gang", "-"], json.dumps(BIBER_ROUND).encode(), stdout=writer)
    finally:
        os.close(writer)
    assert_one_line_exit_2(result, "cannot write the result")
    with open("/dev/full", "wb") as full:
        result = score(["biber_gang", "-"], json.dumps(BIBER_ROUND).encode(), stdout=full)
    assert_one_line_exit_2(result, "No space left")


def test_main_reads_stdin_strictly_and_writes_utf8(monkeypatch, capsysbinary):
    round_ = {"players": [{"name": "Jürgen\n", "display": [[1, 2, 3, 4], [1, 2, 3, 4]]}, BIBER_ROUND["players"][1]]}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(round_).encode())))
    assert assistant_cli.main(["score", "biber_gang", "-"]) == 0
    answer = json.loads(capsysbinary.readouterr().out.decode("utf-8"))
    assert answer["players"][0]["name"] == "Jürgen"
    monkeypatch.setattr(sys, "stdin", None)
    assert assistant_cli.main(["score", "biber_gang", "-"]) == 2
    assert capsysbinary.readouterr().err.decode().count("\n") == 1


# --- python -m sheets ----------------------------------------------------------------------
def sheets(*args, **options) -> subprocess.CompletedProcess:
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run([sys.executable, "-m", "sheets", *args], text=True, cwd=ROOT, timeout=120, **options)


def test_output_naming_a_folder_or_a_too_long_name_exits_2(tmp_path):
    (tmp_path / "sheet.pdf").mkdir()
    assert_one_line_exit_2(sheets("hamstern", "-o", str(tmp_path / "sheet.pdf")), "is a folder")
    too_long = tmp_path / ("x" * 300 + ".pdf")
    assert_one_line_exit_2(sheets("hamstern", "-o", str(too_long)), "File name too long")
    assert_one_line_exit_2(sheets("hamstern", "-o", str(tmp_path / "a\nb" / "x.pdf")), "no folder", "a\\nb")
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]  # nothing left behind


def test_a_read_only_place_exits_2(tmp_path):
    assert_one_line_exit_2(sheets("hamstern", "-o", "/proc/sheet.pdf"), "cannot write /proc/sheet.pdf")
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders; /proc above stands in")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert_one_line_exit_2(sheets("hamstern", "-o", str(folder / "x.pdf")), "Permission denied")
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("fault", ["write", "fsync", "replace"])
def test_a_full_disk_keeps_the_older_file_and_leaves_no_part(tmp_path, monkeypatch, capsys, fault):
    target = tmp_path / "cave.pdf"
    target.write_bytes(b"%PDF-1.4 the older sheet")

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    if fault == "write":  # the temporary file's write fails, as on a full disk
        real = tempfile.NamedTemporaryFile

        def temporary_file_on_a_full_disk(*args, **kwargs):
            handle = real(*args, **kwargs)
            handle.write = no_space
            return handle

        monkeypatch.setattr(tempfile, "NamedTemporaryFile", temporary_file_on_a_full_disk)
    else:
        monkeypatch.setattr(os, fault, no_space)
    assert sheets_cli.main(["hamstern", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert target.read_bytes() == b"%PDF-1.4 the older sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["cave.pdf"]


def test_the_pdf_keeps_normal_permissions_and_replaces_an_older_one(tmp_path):
    target = tmp_path / "cave.pdf"
    target.write_bytes(b"old")
    result = sheets("hamstern", "-o", str(target))
    assert result.returncode == 0, result.stderr
    assert target.read_bytes().startswith(b"%PDF") and target.read_bytes().rstrip().endswith(b"%%EOF")
    assert target.stat().st_mode & 0o044 == 0o044  # readable by others, not 0600 like a temporary file


def test_sheets_broken_pipe_exits_2_with_one_line(tmp_path):
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = sheets("hamstern", "-o", str(tmp_path / "x.pdf"), stdout=writer)
    finally:
        os.close(writer)
    assert_one_line_exit_2(result, "cannot write the report", "Broken pipe")
    assert (tmp_path / "x.pdf").read_bytes().rstrip().endswith(b"%%EOF")
    with open("/dev/full", "w") as full:
        assert_one_line_exit_2(sheets("biber-gang", "-o", str(tmp_path / "y.pdf"), stdout=full), "No space left")
