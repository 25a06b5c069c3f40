"""Guard: the services take the rules core's objects and read stored entries with their own reader, so they import
neither the API's readers and writers (score_payloads, match_payloads), nor the words (messages), nor Flask-Babel
— not directly, not through another module of the app, not inside a function (STYLE.md, The flow of a request)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

import referee

ROOT = Path(referee.__file__).parent
FORBIDDEN = {"referee.bodies.score_payloads", "referee.bodies.match_payloads", "referee.words.messages", "flask_babel"}
# What is not the services' dependencies though they import it: the extension objects, made bare (Flask-Babel's
# too), and the package itself, run by `from .. import x` (its factory imports every module).
NOT_FOLLOWED = {"referee.extensions", "referee"}


def module_name(path: Path) -> str:
    """The dotted name of a module of the package."""
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache  # each module parsed once for all the services that reach it (some 70 walks over the same modules)
def imports_of(name: str) -> frozenset[str]:
    """Every module a module of the app imports, anywhere in it, relative imports made absolute."""
    path = ROOT.parent / (name.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT.parent / name.replace(".", "/") / "__init__.py"
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            # `from . import x` and `from .. import x` name modules too
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return frozenset({n for n in found if n.startswith("referee") and _exists(n)}
                     | {n.split(".")[0] for n in found if not n.startswith("referee")})


def _exists(name: str) -> bool:
    """True for a module (or package) of the app."""
    base = ROOT.parent / name.replace(".", "/")
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def reached_from(start: str) -> dict[str, str]:
    """Every module `start` imports, directly or through the app's own modules, each with the module importing it."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        current = todo.pop()
        for name in imports_of(current):
            if name not in seen and name != start:
                seen[name] = current
                if name.startswith("referee") and name not in NOT_FOLLOWED:
                    todo.append(name)
    return seen


SERVICES = sorted(module_name(p) for p in (ROOT / "services").glob("*.py"))


@pytest.mark.parametrize("service", SERVICES)
def test_a_service_imports_no_api_reader_no_words_and_no_babel(service):
    """Nothing forbidden among what the service reaches, naming the module that brings it in when one does."""
    reached = reached_from(service)
    assert {name: reached[name] for name in FORBIDDEN & reached.keys()} == {}


def test_no_service_reads_the_api_shape_not_even_the_backup():
    """No exception left: the backup's import reads its entries with the services' reader
    (stored_entries.checked_entry), the file keeping the stored encoding unmarked."""
    assert {s for s in SERVICES if FORBIDDEN & reached_from(s).keys()} == set()
    assert {"referee.services.backup_checks", "referee.services.backup_format", "referee.services.backup"} <= set(
        SERVICES)


def test_the_guard_sees_what_a_view_imports():
    """The guard is able to fail: the hands' API view reaches all three."""
    reached = reached_from("referee.views.api.hands")
    assert {"referee.bodies.score_payloads", "referee.words.messages", "flask_babel"} <= reached.keys()
