"""Guard: the pairings core imports the standard library, networkx and itself only (no Flask, no database, nothing
of the web app), as import-linter's contract in pyproject.toml also holds it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import referee.pairings

PACKAGE_DIR = Path(referee.pairings.__file__).parent
MODULES = sorted(PACKAGE_DIR.rglob("*.py"))
ALLOWED = {"networkx"}


def foreign_imports(source: str) -> list[str]:
    """Every module a source imports that is neither the standard library, networkx nor referee.pairings."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = ["." * node.level + (node.module or "")]
        else:
            continue
        for name in names:
            inside = name == "referee.pairings" or name.startswith("referee.pairings.")
            top = name.split(".")[0]
            if not inside and (name.startswith(".") or (top not in sys.stdlib_module_names and top not in ALLOWED)):
                found.append(name)
    return found


def test_the_guard_looks_at_the_real_package() -> None:
    """Every module of the package is read."""
    assert {path.stem for path in MODULES} >= {"__init__", "pairing", "round_robin"}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_a_pairings_module_imports_nothing_of_the_web_app(path: Path) -> None:
    """Absolute imports of the package itself, the standard library and networkx only."""
    assert foreign_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "foreign"),
    [
        ("import itertools\nimport networkx as nx\nfrom referee.pairings.pairing import Pairing", []),
        ("import flask", ["flask"]),
        ("from sqlalchemy import select", ["sqlalchemy"]),
        ("from referee.models import Match", ["referee.models"]),
        ("from referee import services", ["referee"]),
        ("from ..models import Match", ["..models"]),
    ],
)
def test_the_guard_tells_allowed_imports_from_foreign_ones(source: str, foreign: list[str]) -> None:
    """The checker itself."""
    assert foreign_imports(source) == foreign
