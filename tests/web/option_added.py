"""An app with one more option, added in a fresh interpreter as docs/architecture.md ("Adding a preset or an option")
says and nowhere else: run by tests/web/test_adding_an_option.py, it prints as JSON each place that should follow
from the option's definition, and whether it did.

The option is added to the source as a developer would add it, each of the files the section lists edited by one
insertion before an anchor (EDITS): its Ruleset field and enum in rules/rulesets.py, its field in
forms/matches.py's RulesForm, its line on the rules card in views/card_words.py, its place in the rules part's
template. The edited modules are loaded through an import hook of the standard library's (a meta path finder whose
loader compiles the edited text); the edited template through Jinja's ChoiceLoader. Nothing on disk changes.

Importing this module does nothing: it runs as a script.
"""

from __future__ import annotations

import copy
import importlib.abc
import importlib.machinery
import json
import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NAME = "extra_rule"

# The edits of "Adding a preset or an option", file by file: (anchor, text inserted before it).
EDITS: dict[str, list[tuple[str, str]]] = {
    "referee/rules/rulesets.py": [
        ("class UnknownRuleset(ValueError):", 'class ExtraRule(Enum):\n    """A rule some table plays."""\n\n'
                                              '    OFF = "off"\n    ON = "on"\n\n\n'),
        ("\n    @property\n    def max_deck_points", "    extra_rule: ExtraRule = field(default=ExtraRule.OFF, "
                                                     'metadata=_takes(OptionKind(\n        "Whether the extra rule '
                                                     'plays.", choices=ExtraRule)))\n'),
    ],
    "referee/forms/matches.py": [
        ("\n    def options(self) -> dict[str, object]:", '    extra_rule = RadioField(_l("The extra rule"), '
                                                         'choices=options([("off", _l("Off")), ("on", _l("On"))]), '
                                                         'default="off")\n'),
    ],
    "referee/views/card_words.py": [
        ("\n}\n\n\ndef card_lines(", '    "extra_rule": lambda rules, _deck: CardLine(_("The extra rule"), '
                                    "rules.extra_rule.value),"),
    ],
    "templates/matches/_rules_part.html": [
        ("{{ choices(form.ties) }}\n", "{{ choices(form.extra_rule) }}\n"),
    ],
}


def edited(path: str) -> str:
    """A file of the repository with its edits made; an anchor found other than once stops the run, naming it."""
    text = (ROOT / path).read_text(encoding="utf-8")
    for anchor, insertion in EDITS[path]:
        if text.count(anchor) != 1:
            raise SystemExit(f"{path}: the anchor {anchor!r} is there {text.count(anchor)} times, not once")
        text = text.replace(anchor, insertion + anchor)
    return text


class EditedLoader(importlib.machinery.SourceFileLoader):
    """A module of the package loaded from its edited text (never from, nor into, the bytecode cache)."""

    def __init__(self, fullname: str, path: str, source: str) -> None:
        super().__init__(fullname, path)
        self.source = source

    def get_code(self, fullname: str) -> CodeType:
        """The edited text, compiled."""
        return compile(self.source, self.path, "exec", dont_inherit=True)


class EditedModules(importlib.abc.MetaPathFinder):
    """Finds the package's modules as the path finder does, and gives the edited ones their edited text."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """The module's spec, with the edited text's loader for an edited module; None to leave it to the others."""
        relative = fullname.replace(".", "/") + ".py"
        if relative not in EDITS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        assert spec is not None and spec.origin is not None, fullname
        spec.loader = EditedLoader(fullname, spec.origin, edited(relative))
        return spec


def answers_options(example: Any) -> Iterator[dict[str, Any]]:
    """The options of every answer in an example (a match's, a tournament's: a dict with an id), and a backup's
    rules."""
    if isinstance(example, list):
        for item in example:
            yield from answers_options(item)
    elif isinstance(example, dict):
        if "id" in example and isinstance(example.get("options"), dict):
            yield example["options"]
        if isinstance(example.get("rules"), dict) and "preset" in example["rules"]:
            yield example["rules"]
        for value in example.values():
            yield from answers_options(value)


def every_answer_has_it(example: Any) -> bool:
    """Some answer holds options, and every one holds the added option."""
    found = list(answers_options(example))
    return bool(found) and all(NAME in options for options in found)


def the_api(app: Any) -> dict[str, bool]:
    """What the API lists, documents, reads and writes of the option."""
    from referee.openapi import examples, match_examples, tournament_examples
    from referee.rules import OPTIONS
    from referee.services.backup_checks import schema

    client = app.test_client()
    listed = client.get("/api/v1/rulesets").get_json()
    components = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    return {
        "GET /api/v1/rulesets lists it and every preset's value": listed["options"][NAME] == {"choices": ["off", "on"]}
        and all(ruleset["options"][NAME] == "off" for ruleset in listed["rulesets"]),
        "the OpenAPI Options and a match's options have it": components["Options"]["properties"][NAME]
        == OPTIONS[NAME].json_schema() and NAME in components["Match"]["properties"]["options"]["required"],
        "the backup schema and its OpenAPI copy have it": schema()["$defs"]["rules"]["properties"][NAME]["enum"]
        == ["off", "on"] and NAME in components["BackupRules"]["properties"],
        "the match API's OpenAPI examples have it": every_answer_has_it(match_examples.EXAMPLES),
        "the tournament API's OpenAPI examples have it": every_answer_has_it(tournament_examples.EXAMPLES),
        "the scoring API's list of rulesets example has it": NAME in examples.RULESETS_ANSWER["options"]
        and all(NAME in ruleset["options"] for ruleset in examples.RULESETS_ANSWER["rulesets"]),
    }


def through_the_api(keeper: Any) -> dict[str, bool]:
    """A match started through the match API with the option, read back; a value it does not take refused; house
    rules saved through the API with it."""
    from api_client import ApiClient

    api = ApiClient(keeper.client)
    body = {"ruleset": "escoba-es", "players": ["Ana", "Bea"], "partnerships": False, "first_dealer": 0}
    made = api.start(**body, options={NAME: "on"})
    refused = api.request("POST", "/matches", body | {"options": {NAME: "maybe"}})
    profile = api.request("POST", "/profiles", {"name": "By the API", "ruleset": "escoba-es",
                                                   "options": {NAME: "on"}})
    return {
        "the match API starts a match with it and answers it": made["options"][NAME] == "on"
        and api.request("GET", f"/matches/{made['id']}").get_json()["options"][NAME] == "on",
        "the match API refuses a value it does not take, naming its choices": refused.status_code == 422
        and refused.get_json()["errors"] == [{"field": f"options.{NAME}", "message": "must be one of: off, on"}],
        "the house rules' API saves it and answers it": profile.status_code == 201
        and profile.get_json()["options"][NAME] == "on",
    }


def the_pages(keeper: Any) -> dict[str, bool]:
    """The new-match page and the house rules' pages: the field, a match and house rules saved with the option, the
    house rules shown again with it, and their rules card saying it."""
    from referee.models import Match

    new_page = keeper.page("/matches/new")
    match_id = keeper.start(("Ana", "Bea"), preset="escoba-es", **{NAME: "on"})
    started = keeper.query(Match.__table__.select().where(Match.id == match_id))
    saved = keeper.submit("/rules/new", {"name": "Casa", "preset": "escoba-es", NAME: "on"})
    profile = saved.headers.get("Location", "")
    edit_page, card = (keeper.page(f"{profile}/edit"), keeper.text(keeper.page(profile))) if saved.status_code == 302 \
        else ("", "")
    return {
        "the new-match page offers it under Rules and cards": f'name="{NAME}"' in new_page.split(
            '<details class="more"', 1)[1].split("</details>", 1)[0],
        "a match started from the new-match page plays it": [row.options.get(NAME) for row in started] == ["on"],
        "the house rules' form saves it": saved.status_code == 302 and "/rules/" in profile,
        "the house rules' form shows it again": re.search(rf'<input checked id="{NAME}-1" name="{NAME}"[^>]*value="on"',
                                                           edit_page) is not None,
        "the house rules' rules card says it": "The extra rule on" in card,
    }


def the_backup(keeper: Any, scorekeeper: Any) -> dict[str, bool]:
    """The account's backup writes the option; restored elsewhere, the match plays it; a file written before it
    restores the match as its default."""
    from backup_play import backup_of, upload

    document = backup_of(keeper)
    old = copy.deepcopy(document)
    for match in old["matches"]:
        del match["rules"][NAME]
    bob, cai = scorekeeper("bob"), scorekeeper("cai")
    return {
        "the backup writes it": sorted(match["rules"][NAME] for match in document["matches"]) == ["on", "on"],
        "a backup restores it": upload(bob, document).status_code == 302
        and sorted(match["rules"][NAME] for match in backup_of(bob)["matches"]) == ["on", "on"],
        "a backup written before it restores its matches as its default": upload(cai, old).status_code == 302
        and {match["rules"][NAME] for match in backup_of(cai)["matches"]} == {"off"},
    }


def report(folder: Path) -> dict[str, bool]:
    """Each place, and whether the option reached it."""
    sys.meta_path.insert(0, EditedModules())
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "web")]
    import factories
    from flask_login import FlaskLoginClient
    from jinja2 import ChoiceLoader, DictLoader

    from referee import create_app
    from referee.database import upgrade_schema
    from referee.rules import OPTIONS, make_ruleset, stored_ruleset

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'added.sqlite'}"})
    app.test_client_class = FlaskLoginClient  # factories.keeper logs in as Flask-Login's tests do
    template = "templates/matches/_rules_part.html"
    assert app.jinja_env.loader is not None
    app.jinja_env.loader = ChoiceLoader([DictLoader({template.removeprefix("templates/"): edited(template)}),
                                         app.jinja_env.loader])
    upgrade_schema(app)
    keeper = factories.keeper(app, "ana")
    places = {
        "the rules core takes it and writes it out": list(OPTIONS)[-1] == NAME
        and make_ruleset("escoba-es", **{NAME: "on"}).options()[NAME] == "on",
        "a match stored before it reads as its default": stored_ruleset("escoba-es", {"target": 21}).options()[NAME]
        == "off",
    }
    places |= the_api(app) | through_the_api(keeper) | the_pages(keeper)
    places |= the_backup(keeper, lambda name: factories.keeper(app, name))
    return places


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as made:
        print(json.dumps(report(Path(made))))
