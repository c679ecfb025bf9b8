"""The Hamsterdam engine's modules import each other without a circle (issue 21).

Each phase module hands on to the next phase through the state (rules.py), never by importing it: a
circle would make every phase depend on every other and the order of imports fragile. Every import
counts, also one inside a function, and ``from package import module`` as much as ``import``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import assistant.games.hamsterdam as engine

PACKAGE = engine.__name__
FOLDER = Path(engine.__file__).parent


def imported_modules(source: str, modules: set[str]) -> set[str]:
    """The package's modules that ``source`` imports anywhere in it (the package itself not counted:
    its ``__init__`` is the entry point that imports rules.py, nothing imports it back)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from PACKAGE import rolls`` imports the module rolls; ``from PACKAGE.rolls import x`` too
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom):  # relative: ``from . import rolls``, ``from .rolls import x``
            base = f"{PACKAGE}.{node.module}" if node.module else PACKAGE
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name.removeprefix(PACKAGE + ".") for name in names} & modules
    return found


def import_graph(folder: Path = FOLDER) -> dict[str, set[str]]:
    modules = {path.stem for path in folder.glob("*.py") if path.stem != "__init__"}
    return {name: imported_modules((folder / f"{name}.py").read_text(encoding="utf-8"), modules) - {name}
            for name in sorted(modules)}


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle as its modules in order (the first repeated at the end), or [] if none."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return []
        for imported in sorted(graph[name]):
            circle = visit(imported, path + [name])
            if circle:
                return circle
        done.add(name)
        return []

    for name in graph:
        circle = visit(name, [])
        if circle:
            return circle
    return []


def test_the_engine_modules_import_each_other_without_a_circle():
    graph = import_graph()
    assert {"rules", "cards", "actions", "abilities"} <= set(graph)  # the parse found the modules
    assert find_circle(graph) == [], " -> ".join(find_circle(graph))


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path):
    """The check itself: an import inside a function closes a circle as much as one at the top."""
    (tmp_path / "low.py").write_text(f"def later():\n    from {PACKAGE} import high\n", encoding="utf-8")
    (tmp_path / "high.py").write_text(f"from {PACKAGE}.low import later\n", encoding="utf-8")
    (tmp_path / "side.py").write_text("from .low import later\n", encoding="utf-8")
    graph = import_graph(tmp_path)
    assert graph == {"high": {"low"}, "low": {"high"}, "side": {"low"}}
    assert find_circle(graph) == ["high", "low", "high"]
