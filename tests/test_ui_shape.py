"""The shape every game page keeps (issue 9): pages read a seat's view through the table
controller and never the engine's insides, and each game's UI folder mirrors its engine folder
and holds its whole app side; the shared layers name no game (issue 21)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from assistant.games.registry import GAME_NAMES, registered

ASSISTANT = Path(__file__).resolve().parent.parent / "assistant"
UI = ASSISTANT / "ui"
# Only the controller holds the state; everything else asks it (view, legal actions, standings).
CONTROLLER = UI / "table.py"
STATE_ACCESS = re.compile(r"\.state\b|\bstate\.|\b_saved\b")
ENGINE_INSIDES = re.compile(r"\.history\b|\.rng\b")
RULES_IMPORT = re.compile(r"from assistant\.games\.\w+\.rules import")
# A module's dotted name is no attribute: ``from assistant.ui.history.shown import ...`` (the History
# page's package) or ``from streamlit.runtime.state import ...`` read no engine state.
MODULE_PATH = re.compile(r"^\s*(from\s+[\w.]+\s+import\b|import\s+[\w.]+)")


def ui_modules():
    return [path for path in UI.rglob("*.py") if path != CONTROLLER]


def reads_the_state(line: str) -> bool:
    unpathed = MODULE_PATH.sub("", line)
    return bool(RULES_IMPORT.search(line) or STATE_ACCESS.search(unpathed) or ENGINE_INSIDES.search(unpathed))


def test_only_the_table_controller_touches_the_state():
    offenders = [f"{path.relative_to(UI)}:{n}: {line.strip()}"
                 for path in ui_modules()
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                 if reads_the_state(line)]
    assert not offenders, "the UI reads engine state directly:\n" + "\n".join(offenders)


def test_the_check_finds_a_page_that_reads_the_state(tmp_path):
    page = "def render(table):\n    crossed = table._saved.state.crossed[0]\n"
    assert reads_the_state(page.splitlines()[1])
    assert reads_the_state("    turns = [state.turns for state in replayed]")
    assert reads_the_state("    moves = table.history[-1]") and reads_the_state("from assistant.games.x.rules import X")
    assert not reads_the_state("from assistant.ui.history.shown import Cell, table")


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


# --- the shared layers know no game (issue 21) -------------------------------------------------------
# A game's own places: its engine package, its app side, its bots, its texts, its photo reader (and its
# sheet, in sheets/ outside assistant/). Everything else works from the registry; only the registry's
# list of games names them.
OWN_PLACES = ("games", "ui", "bots", "locales", "scan")
SHEETS = ASSISTANT.parent / "sheets"


def own_place(relative: Path) -> bool:
    parts = relative.parts
    return (len(parts) > 1 and parts[0] in OWN_PLACES
            and any(parts[1] == game or parts[1].startswith(f"{game}_") or parts[1] == f"{game}.py"
                    for game in GAME_NAMES))


def named_games(source: str) -> set[str]:
    """The games a module's code names: in its names, imports and strings (its docstrings and comments
    may give a game as an example)."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.ImportFrom):
            words += [node.module or ""] + [alias.name for alias in node.names]
        elif isinstance(node, ast.Import | ast.FunctionDef | ast.ClassDef):
            words += [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.name]
    return {game for game in GAME_NAMES for word in words if game in word.lower()}


def test_shared_layers_name_no_game():
    offenders = {}
    for path in sorted(ASSISTANT.rglob("*.py")):
        relative = path.relative_to(ASSISTANT)
        if own_place(relative) or relative.as_posix() == "games/registry.py":
            continue
        games = named_games(path.read_text(encoding="utf-8"))
        if games:
            offenders[relative.as_posix()] = sorted(games)
    for path in sorted(SHEETS.glob("*.py")):  # the printing's shared parts: the PDF, the scan marks, the CLI
        if not any(path.stem == game or path.stem.startswith(f"{game}_") for game in GAME_NAMES):
            if games := named_games(path.read_text(encoding="utf-8")):
                offenders[f"sheets/{path.name}"] = sorted(games)
    assert not offenders, f"shared modules that name a game (the game's own folder should): {offenders}"


def test_the_check_finds_a_shared_module_that_names_a_game():
    assert named_games('if table.game == "moemmen":\n    pass\n') == {"moemmen"}
    assert named_games("from assistant.games.hamstern.layout import SIDES\n") == {"hamstern"}
    assert named_games("def hamsterdam_series(record):\n    return record\n") == {"hamsterdam"}
    assert named_games('"""Like Biber Gang\'s rounds or Hamsterbacke\'s piles."""\nx = 1\n') == set()
    assert own_place(Path("ui/hamsterbacke/chart.py")) and own_place(Path("bots/hamsterdam_policy.py"))
    assert own_place(Path("scan/hamstern_cells.py")) and not own_place(Path("scan/result.py"))
    assert not own_place(Path("ui/charts.py")) and not own_place(Path("ui/history/players.py"))
