"""The shape every game page keeps (issue 9): pages read a seat's view through the table
controller and never the engine's insides, and each game's UI folder mirrors its engine folder
and holds its whole app side."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.games.registry import registered

UI = Path(__file__).resolve().parent.parent / "assistant" / "ui"
# Only the controller holds the state; everything else asks it (view, legal actions, standings).
CONTROLLER = UI / "table.py"
STATE_ACCESS = re.compile(r"\.state\b|\bstate\.|\b_saved\b")
ENGINE_INSIDES = re.compile(r"from assistant\.games\.\w+\.rules import|\.history\b|\.rng\b")


def ui_modules():
    return [path for path in UI.rglob("*.py") if path != CONTROLLER]


def test_only_the_table_controller_touches_the_state():
    offenders = [f"{path.relative_to(UI)}:{n}: {line.strip()}"
                 for path in ui_modules()
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                 if STATE_ACCESS.search(line) or ENGINE_INSIDES.search(line)]
    assert not offenders, "the UI reads engine state directly:\n" + "\n".join(offenders)


def test_the_check_finds_a_page_that_reads_the_state(tmp_path):
    page = "def render(table):\n    crossed = table._saved.state.crossed[0]\n"
    assert STATE_ACCESS.search(page.splitlines()[1])


def test_each_playable_game_has_a_ui_folder_like_its_engine_folder():
    for info in registered():
        if info.built:
            folder = UI / info.name
            assert (folder / "play.py").exists() and (folder / "setup.py").exists(), info.name
            # Its app side (issue 21): registered with the game, in its own folder, its score page too.
            assert info.app == f"assistant.ui.{info.name}.app", info.name
            assert (folder / "app.py").exists() and (folder / "score.py").exists(), info.name


def test_no_game_has_files_of_its_own_outside_its_folder():
    """A game page is built from the registry, a score page lives in the game's folder (issue 21)."""
    names = {info.name for info in registered()}
    pages = {path.stem for path in (UI / "pages").glob("*.py")}
    assert not pages & names, "game pages are built from the registry, not scripts"
    shared = {path.stem for path in UI.glob("score_*.py")}
    assert shared <= {"score_saving", "score_json"}, "a game's score page lives in assistant/ui/<game>/score.py"
