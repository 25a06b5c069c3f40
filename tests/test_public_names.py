"""Libraries through their documented APIs, and modules through each other's public names only.

A private name (`_something`) is a library's or a module's own business: the package once reached into Flask,
Flask-Limiter, Flask-Babel, Flask-WTF, pytest-cov and into its own modules that way, and each such use broke (or
would break) silently at an upgrade or a refactor. Here, read from the source:
- no `from x import _name`, and no `module._name` of a module the file imported, in the package;
- none of the library internals the package once used comes back, in the package, the tests' conftest or
  gunicorn.conf.py.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = sorted((ROOT / "referee").rglob("*.py"))
SCANNED = [*PACKAGE, ROOT / "tests" / "conftest.py", ROOT / "gunicorn.conf.py"]
EVERY_FILE = [*PACKAGE, *sorted((ROOT / "tests").rglob("*.py")), *sorted((ROOT / "benchmarks").rglob("*.py")),
              ROOT / "gunicorn.conf.py"]

# What each internal was, and what the package uses now.
INTERNALS = {
    r"_storage_dead|_check_request_limit": "Flask-Limiter's store state and check (its settings, request_filter)",
    r"_cv_request": "Flask's request context variable (flask.request, has_request_context)",
    r"\b_flashes\b": "Flask's flashed messages in the session (get_flashed_messages)",
    r"cov_controller|getplugin\(\s*['\"]_cov": "pytest-cov's controller (coverage.Coverage.current())",
    r"headers\.get\(\s*['\"]If-Match": "If-Match split by hand (Werkzeug's request.if_match)",
    r"wtforms_translations|wtforms\.i18n": "Flask-WTF's per-request catalog, WTForms' catalog by hand (Flask-WTF)",
}

# (file, name): whose branch removes it (issue 24).
def private(name: str) -> bool:
    """A name its module keeps to itself: one leading underscore, not a dunder."""
    return name.startswith("_") and not name.startswith("__")


def module_name(path: Path) -> str:
    """The dotted name of one of the package's files."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private_names_taken(source: str, namespace: dict[str, object]) -> set[str]:
    """The private names a module's source takes from another module: imported by name, or read as an attribute
    of a module it imported (its `namespace` tells which names are modules)."""
    tree = ast.parse(source)
    taken = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names if private(alias.name)}
    taken |= {node.attr for node in ast.walk(tree)
              if isinstance(node, ast.Attribute) and private(node.attr) and isinstance(node.value, ast.Name)
              and inspect.ismodule(namespace.get(node.value.id))}
    return taken


def taken_by(path: Path) -> set[str]:
    """The private names one of the package's files takes from another module."""
    return private_names_taken(path.read_text(encoding="utf-8"), vars(importlib.import_module(module_name(path))))


def internals_used(path: Path) -> set[str]:
    """The library internals a file names (the text matched)."""
    text = path.read_text(encoding="utf-8")
    return {found.group(0) for pattern in INTERNALS for found in re.finditer(pattern, text)}


def used() -> set[tuple[str, str]]:
    """Every (file, name) the two checks find."""
    found = {(str(path.relative_to(ROOT)), name) for path in PACKAGE for name in taken_by(path)}
    found |= {(str(path.relative_to(ROOT)), name) for path in SCANNED for name in internals_used(path)}
    return found


def private_modules(source: str) -> set[str]:
    """The modules a source imports by a private part of their path (`x._y`): a library's internals (the
    schemathesis check settings were once taken from `schemathesis.config._checks`)."""
    tree = ast.parse(source)
    names = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    names |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    # typeshed's _typeshed is how the type checkers document their shared types (imported under TYPE_CHECKING)
    return {name for name in names if any(private(part) for part in name.split("."))
            and name.split(".")[0] != "_typeshed"}


def test_no_file_imports_a_private_module_of_a_library():
    """The package, the tests, the benchmarks and gunicorn.conf.py import documented modules only."""
    found = {(str(path.relative_to(ROOT)), name) for path in EVERY_FILE
             for name in private_modules(path.read_text(encoding="utf-8"))}
    assert found == set()
    assert private_modules("from schemathesis.config._checks import X\nimport a._b.c\nfrom a.b import _c\n") == {
        "schemathesis.config._checks", "a._b.c"}


def test_no_private_name_crosses_a_module_and_no_library_internal_comes_back():
    """None at all."""
    assert used() == set()


def test_the_checks_find_what_they_look_for():
    """A private import, a private attribute of an imported module and each internal are found; a module's own
    private names, and an object's, are not."""
    import flask

    taken = "from flask.globals import _cv_request\nimport flask\ncontext = flask._app_ctx_stack\n"
    assert private_names_taken(taken, {"flask": flask}) == {"_cv_request", "_app_ctx_stack"}
    own = "def _helper(): pass\nclass Pile:\n    _cards = ()\n_helper()\nPile()._cards\nPile._cards\n"
    assert private_names_taken(own, {}) == set()
    assert taken_by(ROOT / "referee" / "views" / "api" / "hands.py") == set()  # its own _error, _draft…
    for text in ("limiter._storage_dead", "session.get('_flashes')", "controller = plugin.cov_controller",
                 'request.headers.get("If-Match")', "getplugin('_cov')", "from wtforms.i18n import messages_path"):
        assert any(re.search(pattern, text) for pattern in INTERNALS), text
    assert not any(re.search(pattern, "request.if_match.contains_weak(v)") for pattern in INTERNALS)
