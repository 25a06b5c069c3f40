"""Guard: the rules core imports nothing outside the standard library (STYLE.md, Layout)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import referee.rules

RULES_DIR = Path(referee.rules.__file__).parent
PACKAGE = "referee.rules"
MODULES = sorted(RULES_DIR.rglob("*.py"))


def package_of(path: Path) -> str:
    """The dotted package a module of referee/rules/ lives in."""
    parts = path.relative_to(RULES_DIR).parent.parts
    return ".".join((PACKAGE, *parts))


def foreign_imports(source: str, package: str = PACKAGE) -> list[str]:
    """Every module a source imports that is neither the standard library nor referee.rules itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level - 1 >= len(base):
                    found.append("." * node.level + (node.module or ""))
                    continue
                base = base[: len(base) - (node.level - 1)]
                names = [".".join([*base, *([node.module] if node.module else [])])]
            else:
                names = [node.module or ""]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__") or (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
        ):
            found.append(ast.unparse(node))
            continue
        else:
            continue
        for name in names:
            inside = name == PACKAGE or name.startswith(PACKAGE + ".")
            if not inside and name.split(".")[0] not in sys.stdlib_module_names:
                found.append(name)
    return found


def test_the_rules_core_has_modules_to_guard() -> None:
    """The guard looks at the real package: its twelve modules and __init__."""
    names = {path.stem for path in MODULES}
    assert {"__init__", "cards", "fifteens", "hand", "match", "rulesets", "scoring", "tally"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_rules_module_imports_only_the_standard_library_and_the_rules_core(path: Path) -> None:
    """No Flask, SQLAlchemy, WTForms or other third-party import, and nothing from the web app."""
    assert foreign_imports(path.read_text(encoding="utf-8"), package_of(path)) == []


@pytest.mark.parametrize(
    ("source", "foreign"),
    [
        ("import json, re\nfrom collections.abc import Sequence\nfrom __future__ import annotations", []),
        ("from .cards import Card\nfrom . import names\nimport referee.rules.cards", []),
        ("import flask", ["flask"]),
        ("from sqlalchemy.orm import Mapped", ["sqlalchemy.orm"]),
        ("import wtforms as w", ["wtforms"]),
        ("from ..models import Match", ["referee.models"]),
        ("from .. import services", ["referee"]),
        ("from referee import models", ["referee"]),
        ("from referee.views import api", ["referee.views"]),
        ("def f():\n    import hypothesis\n", ["hypothesis"]),
        ("m = __import__('flask')", ["__import__('flask')"]),
        ("import importlib\nm = importlib.import_module('flask')", ["importlib.import_module('flask')"]),
    ],
)
def test_the_guard_tells_standard_and_relative_imports_from_foreign_ones(source: str, foreign: list[str]) -> None:
    """The checker itself: stdlib and referee.rules pass; third-party, the web app and dynamic imports fail."""
    assert foreign_imports(source) == foreign
