"""views/refusal_words.py: every refusal a service raises is a typed value (services/refusals.py) with words in
English, Español and Português (Brasil), for the params its raise gives; a refusal raised as anything else (a
string, a misspelt member) fails here, read from the source as it is written."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask_babel import force_locale

import referee
from referee.services.errors import Conflict
from referee.services.refusals import Refusal
from referee.views.refusal_words import WORDS, conflict_words, refusal_words

ROOT = Path(referee.__file__).parent
LANGUAGES = ("en", "es", "pt_BR")
AREAS = {area.__name__: area for area in Refusal.__subclasses__()}
MEMBERS = [member for area in AREAS.values() for member in area]
# A value for each param a raise may give, to word it with.
SAMPLES: dict[str, object] = {"number": 3, "next": 4, "event": 9, "name": "Ana", "player_id": 5, "kept": "Ana",
                              "merged": "Ana B.", "count": 1, "most": 15, "size": 2, "user_id": 7, "tables": (2, 5),
                              "what": "code", "home": 4, "away": 1}


def subclasses(cls: type) -> set[str]:
    """The names of a class and of every class below it."""
    return {cls.__name__, *(name for sub in cls.__subclasses__() for name in subclasses(sub))}


REFUSING = subclasses(Conflict)  # Conflict, and those made for one kind of refusal (ImportBusy, hands' _Raced)


@dataclass(frozen=True)
class Raised:
    """One place in the source that makes a refusal: which members it may be, the params it gives, or what is
    wrong with it."""

    where: str
    members: tuple[Refusal, ...]
    params: frozenset[str]
    wrong: str = ""


def _annotation(function: ast.FunctionDef | None, name: str) -> ast.expr | None:
    """The annotation of the function's parameter of this name, if any."""
    if function is None:
        return None
    return next((arg.annotation for arg in function.args.args + function.args.kwonlyargs if arg.arg == name), None)


def members_of(node: ast.expr | None, function: ast.FunctionDef | None) -> tuple[Refusal, ...] | str:
    """The members a refusal's reason may be: an area's member named (MatchRefusal.STALE), either of an `a if c else
    b`, or any of an area's when it is a parameter typed as that area; else why it is no member."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in AREAS:
        area = AREAS[node.value.id]
        return (area[node.attr],) if node.attr in area.__members__ else f"{node.value.id} has no {node.attr}"
    if isinstance(node, ast.IfExp):
        either, other = members_of(node.body, function), members_of(node.orelse, function)
        return either if isinstance(either, str) else other if isinstance(other, str) else either + other
    if isinstance(node, ast.Name):
        annotation = _annotation(function, node.id)
        if isinstance(annotation, ast.Name) and annotation.id in AREAS:
            return tuple(AREAS[annotation.id])
    return f"no refusal: {ast.unparse(node) if node is not None else 'nothing'}"


def _calls(tree: ast.AST) -> list[tuple[ast.Call, ast.FunctionDef | None]]:
    """Every call of the module, each with the function it is in."""
    found = []

    def visit(node: ast.AST, function: ast.FunctionDef | None) -> None:
        """Walk on, remembering the function the walk is in."""
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Call):
                found.append((child, function))
            visit(child, child if isinstance(child, ast.FunctionDef) else function)

    visit(tree, None)
    return found


def raised_in(path: Path) -> list[Raised]:
    """Every refusal the module makes: a call of Conflict or of a class below it."""
    made = []
    for call, function in _calls(ast.parse(path.read_text())):
        name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
        if name not in REFUSING:
            continue
        reason = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "reason"), None)
        members = members_of(reason, function)
        params = frozenset(k.arg for k in call.keywords if k.arg not in (None, "reason"))
        where = f"{path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path.name}:{call.lineno}"
        made.append(Raised(where, (), params, members) if isinstance(members, str) else Raised(where, members, params))
    return made


RAISED = [raised for path in sorted(ROOT.rglob("*.py")) for raised in raised_in(path)]


def words_everywhere(app, member: Refusal, params: frozenset[str]) -> dict[str, str]:
    """The member's words in every language, with a sample value for each param."""
    values = {name: SAMPLES[name] for name in params}
    with app.test_request_context():
        said = {}
        for language in LANGUAGES:
            with force_locale(language):
                said[language] = refusal_words(member, **values)
        return said


def test_the_source_makes_refusals_and_the_scan_finds_them():
    """The scan is able to fail: it finds the services' refusals, a typed parameter's too (an import slot's)."""
    found = {member.value for raised in RAISED for member in raised.members}
    assert {"stale", "round_open", "name_taken", "account", "server"} <= found
    assert len(RAISED) > 40


def test_every_refusal_raised_is_a_member_of_an_area():
    """No string, no misspelt member, no untyped value: each refusal made in the package is a member."""
    assert [(raised.where, raised.wrong) for raised in RAISED if raised.wrong] == []


def test_a_refusal_by_string_or_misspelt_fails_the_scan(tmp_path):
    """What the scan says of a refusal raised the old way, or by a member that does not exist."""
    module = tmp_path / "old.py"
    module.write_text('def f():\n    raise Conflict("stale")\n\n\ndef g():\n    raise Conflict(MatchRefusal.STAEL)\n')
    assert [raised.wrong for raised in raised_in(module)] == ["no refusal: 'stale'", "MatchRefusal has no STAEL"]


def test_every_member_has_words_and_nothing_else_does():
    """The table words every member of every area, and no catch-all stands in for one."""
    assert set(WORDS) == set(MEMBERS)


def test_every_member_is_raised_somewhere():
    """No words for a refusal no service makes: each member is named in the services."""
    named = {node.attr for path in (ROOT / "services").glob("*.py") for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in AREAS}
    assert [member for member in MEMBERS if member.name not in named] == []


@pytest.mark.parametrize("raised", [r for r in RAISED if r.members], ids=lambda raised: raised.where)
def test_every_refusal_raised_has_words_for_its_params(app, raised):
    """Each refusal as it is raised, worded in every language with the params it gives: none missing, none left
    unfilled."""
    assert set(raised.params) <= SAMPLES.keys()
    for member in raised.members:
        for language, text in words_everywhere(app, member, raised.params).items():
            assert text.strip() and "%(" not in text, (member, language, text)


@pytest.mark.parametrize("member", MEMBERS, ids=lambda member: f"{type(member).__name__}.{member.name}")
def test_every_refusal_has_words_in_every_language(app, member):
    """Each member's sentence is translated: in Español and in Português (Brasil) it is not the English one."""
    params = frozenset().union(*(raised.params for raised in RAISED if member in raised.members))
    said = words_everywhere(app, member, params)
    assert said["es"] != said["en"] and said["pt_BR"] != said["en"], said


def test_a_conflict_is_worded_from_its_member_and_params(app):
    """What a view says of a Conflict: its member's words with the params it carries."""
    member = AREAS["TournamentRefusal"]["UNFINISHED"]
    with app.test_request_context(), force_locale("en"):
        assert conflict_words(Conflict(member, tables=(2, 5))) == "Tables 2, 5 have no result yet."
        assert conflict_words(Conflict(member, tables=(4,))) == "Table 4 has no result yet."


def test_a_link_that_lets_no_one_in_is_worded_for_a_code_and_for_an_invite(app):
    """LinkRefusal's words say which kind of link: a match's code or a club's invite, translated either way."""
    area = AREAS["LinkRefusal"]
    for member in (area["UNKNOWN"], area["EXPIRED"], area["REVOKED"]):
        said = {}
        with app.test_request_context():
            for language in LANGUAGES:
                with force_locale(language):
                    said.update({(what, language): refusal_words(member, what=what) for what in ("code", "invite")})
        assert "code" in said[("code", "en")] and "invite" in said[("invite", "en")], said
        assert all(said[(what, language)] != said[(what, "en")] for what in ("code", "invite")
                   for language in ("es", "pt_BR")), said
