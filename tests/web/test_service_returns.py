"""Guard: what a service hands the pages and the API follows one convention (docs/architecture.md, "What a service
hands a view"). A read model, what a page shows put together from rows, is a frozen dataclass (or a named tuple, an
enum, a plain value); an ORM row reaches a view only as the handle of a use case, one row the view passes back to the
next service call. Read from the source: every public service function a module above the services calls, and the
classes it returns. The exceptions there were when the convention was written are listed here and in the docs; a
new one fails until it is."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import cast

import referee

ROOT = Path(referee.__file__).parent
SERVICES = ROOT / "services"
ARCHITECTURE = ROOT.parent / "docs" / "architecture.md"
MODELS = set(re.findall(r"^class (\w+)\(", (ROOT / "models.py").read_text(encoding="utf-8"), re.M))
# What is not above the services: they, the models, the rules and pairings cores.
BELOW = ("services", "models.py", "rules", "pairings")

# Read models that are not frozen dataclasses, and ORM rows a view gets that are not one use case's handle.
NOT_FROZEN = {"ClubPlayer"}
ROWS_LISTED = {"api_tokens.tokens_of", "claims.claims_of", "claims.claims_by", "clubs.members_of", "clubs.invites_of",
               "clubs.club_matches", "history.recent_matches", "history.match_history", "sessions.sessions_of"}
ROWS_HELD = {"Scoreboard.match", "MyClub.club", "Placing.player", "RevertPreview.event", "Phone.scorer"}
# A verb's answer that carries its handle with what the verb did: the convention's, not an exception.
HANDLES_ANSWERED = {"Recorded.hand"}


def parsed(path: Path) -> ast.Module:
    """A module's syntax tree."""
    return ast.parse(path.read_text(encoding="utf-8"))


def service_functions() -> dict[str, str]:
    """Every public function of the services, as `module.function`, with its return annotation."""
    found = {}
    for path in sorted(SERVICES.glob("*.py")):
        for node in parsed(path).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and node.returns is not None:
                found[f"{path.stem}.{node.name}"] = ast.unparse(node.returns)
    return found


def service_classes() -> dict[str, ast.ClassDef]:
    """Every class the services define, by name."""
    return {node.name: node for path in sorted(SERVICES.glob("*.py")) for node in parsed(path).body
            if isinstance(node, ast.ClassDef)}


def services_module(node: ast.AST) -> list[str] | None:
    """The part of the services a relative import takes from: ['services'] for the package, ['services', 'x'] for
    one of its modules; None for any other import."""
    if isinstance(node, ast.ImportFrom) and node.level and node.module and node.module.split(".")[0] == "services":
        return node.module.split(".")
    return None


def called_from_above() -> set[str]:
    """The service functions (`module.function`) a module above the services imports or reaches through an
    imported services module (`api_tokens.create_token`), the package's re-exports followed."""
    package = parsed(SERVICES / "__init__.py").body
    exported = {alias.asname or alias.name: f"{node.module}.{alias.name}" for node in package
                if isinstance(node, ast.ImportFrom) for alias in node.names}
    modules = {path.stem for path in SERVICES.glob("*.py")}
    used = set()
    for path in sorted(ROOT.rglob("*.py")):
        if path.relative_to(ROOT).parts[0] in BELOW:
            continue
        tree = parsed(path)
        bound = {}
        for node in ast.walk(tree):
            module = services_module(node)
            if module is None:
                continue
            for alias in cast(ast.ImportFrom, node).names:
                if module == ["services"] and alias.name in modules:
                    bound[alias.asname or alias.name] = alias.name
                elif module == ["services"] and alias.name in exported:
                    used.add(exported[alias.name])
                elif len(module) == 2:
                    used.add(f"{module[1]}.{alias.name}")
        used |= {f"{bound[node.value.id]}.{node.attr}" for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                 and isinstance(node.value, ast.Name) and node.value.id in bound}
    return used & set(service_functions())


def names_in(annotation: str) -> set[str]:
    """The capitalised names an annotation mentions."""
    return set(re.findall(r"\b[A-Z]\w*", annotation))


def frozen(node: ast.ClassDef) -> bool:
    """A frozen dataclass, a named tuple or an enum."""
    decorators = {ast.unparse(decorator) for decorator in node.decorator_list}
    bases = {ast.unparse(base).rpartition(".")[2] for base in node.bases}
    return "dataclass(frozen=True)" in decorators or bool(bases & {"NamedTuple", "Enum", "StrEnum", "IntEnum"})


def test_the_guard_finds_what_the_views_call():
    """What the rest walks: the scoreboard, a hand recorded, the tournaments, through re-exports and modules."""
    used = called_from_above()
    assert {"scoreboard.scoreboard", "hands.record_hand", "matches.get_match", "tournaments.get_tournament",
            "api_tokens.create_token", "profiles.save_profile"} <= used
    assert len(used) >= 100


def test_a_read_model_a_service_hands_a_view_is_frozen():
    """Each class of the services' a view gets is a frozen dataclass, a named tuple or an enum."""
    classes = service_classes()
    functions = service_functions()
    returned = {name for function in called_from_above() for name in names_in(functions[function]) if name in classes}
    assert {"Scoreboard", "TournamentInfo", "ProfileView"} <= returned
    assert {name for name in returned if not frozen(classes[name])} == NOT_FROZEN


def test_an_orm_row_reaches_a_view_as_one_use_cases_handle_but_for_the_exceptions():
    """A service function a view calls returns a collection of rows only where listed, and a read model holds a row
    only where listed."""
    functions = service_functions()
    listed = {function for function in called_from_above()
              if re.search(r"\b(list|set|dict|Pagination)\b", functions[function])
              and (names_in(functions[function]) & MODELS or "Pagination" in functions[function])}
    assert listed == ROWS_LISTED
    held = {f"{node.name}.{ast.unparse(field.target)}" for node in service_classes().values() if frozen(node)
            for field in node.body if isinstance(field, ast.AnnAssign) and names_in(ast.unparse(field.annotation))
            & MODELS}
    assert held == ROWS_HELD | HANDLES_ANSWERED


def test_the_docs_name_every_exception():
    """docs/architecture.md's section names each exception, so a reader knows which code not to copy."""
    text = ARCHITECTURE.read_text(encoding="utf-8").split("## What a service hands a view\n", 1)[1].split("\n## ")[0]
    for name in (*NOT_FROZEN, *ROWS_LISTED, *ROWS_HELD, *HANDLES_ANSWERED):
        assert name.split(".")[-1] in text, name
