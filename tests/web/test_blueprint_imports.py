"""Guard: no blueprint imports another. Each area's pages are one blueprint (docs/architecture.md, "The views"); what
two of them share (a lookup, a page drawn for either, words said by both) is a helper module of its own, named for
what it holds, never one blueprint's module reaching into another's. Read from the source: the modules that make a
Blueprint, and those that add routes to one (the API's modules route on views/api/blueprint.py's), and every import
between them, one inside a function too. The import-linter contract of pyproject.toml holds the same through
helpers; this keeps its list to every blueprint."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import referee

ROOT = Path(referee.__file__).parent
VIEWS = ROOT / "views"


def module_name(path: Path) -> str:
    """The dotted name of a module of the package."""
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def view_modules() -> dict[str, ast.Module]:
    """Every module under referee/views/, parsed, by name."""
    return {module_name(path): ast.parse(path.read_text(encoding="utf-8")) for path in sorted(VIEWS.rglob("*.py"))}


def imports_of(name: str, tree: ast.Module) -> dict[str, set[str]]:
    """What a module imports, anywhere in it: each module (relative imports made absolute, `from . import x` naming
    `x` too) with the names it takes from it."""
    package = name if (ROOT.parent / name.replace(".", "/") / "__init__.py").exists() else name.rpartition(".")[0]
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.setdefault(alias.name, set())
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.setdefault(module, set()).update(alias.name for alias in node.names)
            for alias in node.names:
                found.setdefault(f"{module}.{alias.name}", set())
    return found


def made_blueprints(tree: ast.Module) -> set[str]:
    """The names a module binds to a Blueprint it makes (`bp = Blueprint(...)`)."""
    return {target.id for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "Blueprint" for target in node.targets if isinstance(target, ast.Name)}


def blueprints() -> dict[str, str]:
    """Each module of a blueprint, with the module making it: the module itself, or the one whose Blueprint it
    imports to add its routes."""
    modules = view_modules()
    makers = {name: made for name, tree in modules.items() if (made := made_blueprints(tree))}
    owner = {name: name for name in makers}
    for name, tree in modules.items():
        for module, names in imports_of(name, tree).items():
            if module in makers and names & makers[module] and name not in makers:
                owner[name] = module
    return owner


def contract_name(maker: str, owner: dict[str, str]) -> str:
    """How the import contract names a blueprint: its module, or the package all its modules are in (the API's)."""
    members = [name for name, made_by in owner.items() if made_by == maker]
    package = maker.rpartition(".")[0]
    if package != "referee.views" and all(name == package or name.startswith(package + ".") for name in members):
        return package
    return maker


def test_the_blueprints_are_found_as_the_app_registers_them():
    """What the rest walks: the page blueprints, and the API as one blueprint of many modules."""
    owner = blueprints()
    assert owner["referee.views.matches"] == "referee.views.matches"
    assert owner["referee.views.api.hands"] == owner["referee.views.api"] == "referee.views.api.blueprint"
    assert "referee.views.lookups" not in owner
    assert len(set(owner.values())) >= 20


def test_no_module_of_a_blueprint_imports_another_blueprints_module():
    """A page blueprint imports no other page blueprint nor the API, and the API no page blueprint: what they share
    is a helper (views/lookups.py's scored and owner_only, views/profile_pages.py, views/token_words.py…)."""
    owner = blueprints()
    crossing = sorted(f"{name} imports {module} ({', '.join(sorted(names)) or 'the module'})"
                      for name, tree in view_modules().items() if name in owner
                      for module, names in imports_of(name, tree).items()
                      if module in owner and owner[module] != owner[name])
    assert crossing == []


def test_the_import_contract_lists_every_blueprint():
    """pyproject.toml's independence contract (lint-imports), which also follows imports through helpers, names every
    blueprint and nothing else."""
    contracts = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    [independent] = [c for c in contracts["contracts"] if c["type"] == "independence"]
    owner = blueprints()
    assert sorted(independent["modules"]) == sorted({contract_name(maker, owner) for maker in owner.values()})
