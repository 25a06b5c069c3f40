"""Each per-match option is defined once, in the rules core (a field of Ruleset with its OptionKind): walking the
Ruleset's fields, every option is in the API's schema, the backup's schema, the rulesets the API lists, the
new-match and house rules' forms and the new-match page, each taking exactly the values the rules core says. A new
option shows up in all of them without an edit there (docs/architecture.md, "Adding a preset or an option"), or this
test names the gap."""

from __future__ import annotations

import dataclasses

import pytest
from wtforms.validators import NumberRange

from referee.forms.matches import NewMatchForm, RulesForm
from referee.forms.profiles import ProfileForm
from referee.openapi.option_examples import with_every_option
from referee.rules import OPTIONS, PRESETS, Ruleset, make_ruleset
from referee.rules.rulesets import OptionKind
from referee.services.backup_checks import schema

OPTION_FIELDS = [f.name for f in dataclasses.fields(Ruleset) if "option" in f.metadata]


def values(kind: OptionKind) -> set[str]:
    """Every value the option takes, as a form posts it."""
    if kind.choices is not None:
        return {member.value for member in kind.choices}
    return {str(n) for n in range(kind.low, kind.high + 1)}


def test_the_options_are_the_rulesets_fields_made_options() -> None:
    """What the rest walks: every field of Ruleset made an option, and nothing else."""
    assert list(OPTIONS) == OPTION_FIELDS
    assert len(OPTION_FIELDS) >= 8


@pytest.mark.parametrize("name", OPTION_FIELDS)
def test_every_option_is_in_the_apis_schema_as_the_rules_core_defines_it(client, name: str) -> None:
    """The OpenAPI document's Options (what a match is started with, and what a match says it plays) holds the
    option with its range or choices, and what it decides."""
    components = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert components["Options"]["properties"][name] == OPTIONS[name].json_schema()
    assert components["Options"]["additionalProperties"] is False
    assert name in components["Match"]["properties"]["options"]["required"]


@pytest.mark.parametrize("name", OPTION_FIELDS)
def test_every_option_is_in_the_backups_schema_and_its_openapi_component(client, name: str) -> None:
    """A backup's rules hold the option (required only of the options every file has had), the same in the
    OpenAPI document's copy of the backup schema."""
    rules = schema()["$defs"]["rules"]
    kind = OPTIONS[name]
    option = rules["properties"][name]
    if kind.choices is not None:
        assert option["enum"] == [member.value for member in kind.choices]
    else:
        assert (option["minimum"], option["maximum"]) == (kind.low, kind.high)
    assert rules["additionalProperties"] is False
    documented = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]["BackupRules"]
    assert documented["properties"][name] == option


@pytest.mark.parametrize("name", OPTION_FIELDS)
def test_every_option_is_listed_with_what_it_takes_by_the_rulesets_route(client, name: str) -> None:
    """GET /api/v1/rulesets lists the option, its range or choices, and every preset's value of it."""
    listed = client.get("/api/v1/rulesets").get_json()
    assert listed["options"][name] == OPTIONS[name].takes()
    assert all(name in ruleset["options"] for ruleset in listed["rulesets"])


@pytest.mark.parametrize("form_class", [NewMatchForm, ProfileForm])
@pytest.mark.parametrize("name", OPTION_FIELDS)
def test_every_option_is_a_field_of_the_new_match_and_profile_forms_taking_its_values(
        app, name: str, form_class: type[RulesForm]) -> None:
    """The new-match form and the house rules' form (one rules part, RulesForm) have a field named as the option,
    offering exactly the values the rules core takes (besides "as the preset"), or bounded by its range; options()
    hands it to the rules core."""
    with app.test_request_context():
        form = form_class(meta={"csrf": False})
        field = form[name]
        kind = OPTIONS[name]
        if hasattr(field, "choices"):
            offered = {choice.value for choice in field.choices} - {""}
            assert offered == values(kind)
            field.data = sorted(offered)[-1]
        else:
            [bounds] = [v for v in field.validators if isinstance(v, NumberRange)]
            assert (bounds.min, bounds.max) == (kind.low, kind.high)
            field.data = kind.high
        chosen = form.options()[name]
        assert str(chosen) == str(field.data)
        assert isinstance(chosen, str if kind.choices is not None else int)


@pytest.mark.parametrize("name", OPTION_FIELDS)
def test_every_option_is_on_the_new_match_page(keeper, name: str) -> None:
    """The page shows the field, inside the folded "Rules and cards"."""
    page = keeper.page("/matches/new")
    rules = page.split('<details class="more"', 1)[1].split("</details>", 1)[0]
    assert f'name="{name}"' in rules


def test_an_example_recorded_before_an_option_gets_it_as_the_api_would_answer() -> None:
    """The OpenAPI examples were recorded from the API: a match's options, a backup's rules and a created change
    recorded without an option get the preset's value of it, the list of rulesets its range; what was recorded
    stays, and a request's options (no id) are left as the body was."""
    recorded = {"ruleset": "escoba-es", "options": {"target": 30}}
    answer = {"id": 1, **recorded, "events": [{"kind": "created", "after": {"seats": ["Ana"], "target": 30}}]}
    filled = with_every_option({"match": answer, "request": recorded,
                                "backup": {"rules": {"preset": "escova-rs", "target": 9}}})
    es = make_ruleset("escoba-es", target=30).options()
    assert filled["match"]["options"] == es and list(filled["match"]["options"]) == list(OPTIONS)
    assert filled["match"]["events"][0]["after"] == {"seats": ["Ana"], **es}
    assert filled["request"] == recorded
    assert filled["backup"]["rules"] == {"preset": "escova-rs", **make_ruleset("escova-rs", target=9).options()}
    listed = with_every_option({"rulesets": [{"name": "escoba-es", "options": {"target": 21}}], "options": {}})
    assert listed["rulesets"][0]["options"] == PRESETS["escoba-es"].options()
    assert listed["options"] == {name: kind.takes() for name, kind in OPTIONS.items()}
