"""What ``pip install .`` puts in place: every package of the code, with its data files."""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def test_every_folder_of_code_is_a_package_the_install_finds():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = set(find_packages(str(ROOT), include=settings["packages"]["find"]["include"]))
    folders = {".".join(path.parent.relative_to(ROOT).parts)
               for top in ("assistant", "sheets", "templates") for path in (ROOT / top).rglob("*.py")}
    assert folders <= found, f"folders without __init__.py, left out of an install: {sorted(folders - found)}"


def test_every_data_file_next_to_the_code_is_installed():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = settings["package-data"]["*"]
    data = [path for top in ("assistant", "sheets", "templates") for path in (ROOT / top).rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts]
    assert data
    for path in data:
        assert any(path.match(pattern) for pattern in patterns), f"{path.relative_to(ROOT)} would not be installed"
