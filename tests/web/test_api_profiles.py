"""House rules through the API: a token's account saves, lists, reads, renames, changes and deletes its rules
profiles; a body is read as the House rules form reads it (the same bodies accepted, the same fields refused,
422 naming them); a name taken is 422 naming `name`, a locked profile's rules 409; another account's profile is
404, as a missing one."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import ApiClient
from factories import start, user_of
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from referee.extensions import db
from referee.forms.profiles import ProfileForm
from referee.models import Match, RulesProfile
from referee.rules import PRESETS, DeckStyle
from referee.rules.rulesets import CHOICE_OPTIONS
from referee.services.profiles import get_profile

CASA = {"name": "Casa", "ruleset": "escoba-es", "options": {"target": 30, "ties": "shared"}}
SELECTS = tuple(CHOICE_OPTIONS)  # the options a form offers as choices, each with a default


def test_house_rules_saved_listed_read_renamed_changed_and_deleted(keeper, client):
    """POST is 201 with Location; GET lists and reads; PATCH renames; PUT replaces; DELETE is 204, then 404."""
    api = ApiClient(client)
    made = api.request("POST", "/profiles", CASA | {"name": "  Casa ", "opening_sweep": "first"})
    assert made.status_code == 201, made.get_json()
    profile = made.get_json()
    assert made.headers["Location"] == f"/api/v1/profiles/{profile['id']}"
    assert profile | {"id": 0, "card_url": ""} == {
        "id": 0, "name": "Casa", "ruleset": "escoba-es", "deck_style": None, "opening_sweep": "first",
        "options": PRESETS["escoba-es"].options() | {"target": 30, "ties": "shared"}, "matches": 0, "locked": False,
        "card_url": ""}
    assert client.get(profile["card_url"].removeprefix("http://localhost")).status_code == 200  # the public card
    url = f"/profiles/{profile['id']}"
    assert api.request("GET", "/profiles").get_json() == {"profiles": [profile]}
    assert api.request("GET", url).get_json() == profile
    renamed = api.request("PATCH", url, {"name": "Casa de Ana"})
    assert renamed.status_code == 200 and renamed.get_json() == profile | {"name": "Casa de Ana"}
    changed = api.request("PUT", url, {"name": "Torneo", "ruleset": "escova-rs", "deck_style": "spanish"})
    assert changed.status_code == 200
    assert changed.get_json() | {"options": {}} == profile | {
        "name": "Torneo", "ruleset": "escova-rs", "deck_style": "spanish", "opening_sweep": "dealer", "options": {}}
    assert changed.get_json()["options"] == PRESETS["escova-rs"].options()
    assert api.request("DELETE", url).status_code == 204
    assert api.request("GET", url).status_code == 404
    assert api.request("GET", "/profiles").get_json() == {"profiles": []}


def test_a_locked_profile_is_renamed_but_its_rules_stay(keeper, client):
    """A match started from it locks it: PUT with other rules is 409 and changes nothing; PATCH and a PUT with
    the same rules rename it; DELETE leaves the match its rules."""
    api = ApiClient(client)
    profile = api.request("POST", "/profiles", CASA).get_json()
    url = f"/profiles/{profile['id']}"
    match_id = start(keeper)
    with keeper.app.app_context():
        db.session.get_one(Match, match_id).profile_id = profile["id"]
        db.session.commit()
    locked = api.request("GET", url).get_json()
    assert locked["locked"] is True and locked["matches"] == 1
    refused = api.request("PUT", url, CASA | {"options": {"target": 15}})
    assert refused.status_code == 409 and refused.get_json()["errors"][0]["field"] == ""
    assert api.request("GET", url).get_json() == locked
    assert api.request("PUT", url, CASA | {"name": "Casa 2"}).get_json()["name"] == "Casa 2"
    assert api.request("PATCH", url, {"name": "Casa 3"}).get_json() == locked | {"name": "Casa 3"}
    assert api.request("DELETE", url).status_code == 204
    with keeper.app.app_context():
        match = db.session.get_one(Match, match_id)
        assert match.profile_id is None and match.ruleset.preset == "escova-rs"


def test_a_name_another_profile_has_is_refused_naming_the_field(keeper, client):
    """Saving, renaming or changing to a name taken (in any case) is 422 naming `name`, in the page's words."""
    api = ApiClient(client)
    api.request("POST", "/profiles", CASA)
    other = api.request("POST", "/profiles", CASA | {"name": "Otra"}).get_json()
    message = "Other house rules already have the name “CASA”: give these another."
    for method, url, body in [("POST", "/profiles", CASA | {"name": "CASA"}),
                              ("PATCH", f"/profiles/{other['id']}", {"name": "CASA"}),
                              ("PUT", f"/profiles/{other['id']}", CASA | {"name": "CASA"})]:
        refused = api.request(method, url, body)
        assert refused.status_code == 422
        assert refused.get_json() == {"errors": [{"field": "name", "message": message}]}
    assert [p["name"] for p in api.request("GET", "/profiles").get_json()["profiles"]] == ["Casa", "Otra"]


@pytest.mark.parametrize(("body", "fields"), [
    ({}, {"name", "ruleset"}),
    ([], {""}),
    ({"name": "Casa"}, {"ruleset"}),
    ({"name": 7, "ruleset": "escoba-es"}, {"name"}),
    ({"name": "Casa", "ruleset": "escoba-es", "options": {"target": "21"}}, {"options.target"}),
    ({"name": "Casa", "ruleset": "escoba-es", "options": []}, {"options"}),
    ({"name": "Casa", "ruleset": "escoba-es", "options": {"velo": 1}}, {"options.velo"}),
    ({"name": "Casa", "ruleset": "escoba-es", "deck_style": 3, "opening_sweep": True},
     {"deck_style", "opening_sweep"}),
    ({"name": "Casa", "ruleset": "escoba-es", "colour": "red"}, {"colour"}),
])
def test_a_body_the_form_could_not_send_is_refused_naming_each_field(keeper, client, body, fields):
    """Wrong types, unknown keys and options: 422 naming each field; nothing saved."""
    refused = ApiClient(client).request("POST", "/profiles", body)
    assert refused.status_code == 422
    assert {error["field"] for error in refused.get_json()["errors"]} == fields
    with keeper.app.app_context():
        assert db.session.query(RulesProfile).count() == 0


def test_a_body_that_is_no_json_is_400_naming_the_body(keeper, client):
    """As every API route that reads one."""
    api = ApiClient(client)
    refused = api.request("POST", "/profiles", data="{", content_type="application/json")
    assert refused.status_code == 400 and refused.get_json()["errors"][0]["field"] == "body"


def test_another_account_s_profile_is_not_found_and_no_token_is_401(keeper, scorekeeper, client):
    """Bea's token gets 404 for Ana's profile, as for an id never used, whatever the method; without a token 401."""
    profile = ApiClient(client).request("POST", "/profiles", CASA).get_json()
    scorekeeper("bea")
    bea = ApiClient(client, "bea")
    for profile_id in (profile["id"], profile["id"] + 1):
        for method, body in [("GET", None), ("PATCH", {"name": "Mía"}), ("PUT", CASA), ("DELETE", None)]:
            assert bea.request(method, f"/profiles/{profile_id}", body).status_code == 404, method
    assert bea.request("GET", "/profiles").get_json() == {"profiles": []}
    assert client.get("/api/v1/profiles").status_code == 401
    with keeper.app.app_context():
        assert get_profile(user_of(keeper), profile["id"]).name == "Casa"


# -- the same validation as the form -------------------------------------------------------------------------

NAMES = st.text(st.characters(codec="utf-8", categories=["L", "N", "Zs", "P", "Cc"]), max_size=44)
MAYBE = st.none()  # a key left out


@st.composite
def bodies(draw: st.DrawFn) -> dict[str, Any]:
    """A body as the form's fields could say it: each option left out, in its range or beside it, or a choice
    of the form's or one it has not."""
    body: dict[str, Any] = {"name": draw(NAMES), "ruleset": draw(st.sampled_from([*PRESETS, "escoba", ""]))}
    options: dict[str, Any] = {}
    for name, values in [("target", st.integers(-2, 103)), *[(bonus, st.integers(-1, 3)) for bonus in
                                                             ("all_oros", "all_sevens", "over30")],
                         ("penalty", st.sampled_from(["forfeit", "void", "flag", "lose"])),
                         ("deal_passes", st.sampled_from(["right", "left", "up"])),
                         ("sevens", st.sampled_from(["most", "setenta", "most_tiebreak", "primiera"])),
                         ("ties", st.sampled_from(["nobody", "shared", "all"]))]:
        value = draw(st.one_of(MAYBE, values))
        if value is not None:
            options[name] = value
    body["options"] = options
    for key, values in [("deck_style", st.sampled_from([*(s.value for s in DeckStyle), "tarot"])),
                        ("opening_sweep", st.sampled_from(["dealer", "first", "nobody"]))]:
        value = draw(st.one_of(MAYBE, values))
        if value is not None:
            body[key] = value
    return body


def form_data(body: dict[str, Any]) -> MultiDict[str, str]:
    """What the House rules page sends for the same choices: a left-out option is the page's "as the preset"
    (a select without that choice shows the preset's value)."""
    preset = PRESETS.get(body["ruleset"], PRESETS["escova-rs"])
    fields = {"name": body["name"], "preset": body["ruleset"], "deck_style": body.get("deck_style", ""),
              "opening_sweep": body.get("opening_sweep", "dealer")}
    for name, default in preset.options().items():
        value = body["options"].get(name)
        fields[name] = str(value) if value is not None else (str(default) if name in SELECTS else "")
    return MultiDict(fields)


FORM_FIELD = {"ruleset": "preset"}


@pytest.fixture
def api(keeper, client) -> ApiClient:
    """Ana's token, one for all the examples of a test."""
    return ApiClient(client)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies())
# Spaces around a name count against no limit, and a control character among them goes with them (the form
# stripped the name only after checking it, and refused both; it strips first now, as the API reads names).
@example(body={"name": "   " + "x" * 40, "ruleset": "escoba-es", "options": {}})
@example(body={"name": "\x0cCasa\n", "ruleset": "escoba-es", "options": {}})
@example(body={"name": "x" * 41, "ruleset": "escoba-es", "options": {}})
@example(body={"name": "Ca\x00sa", "ruleset": "escoba-es", "options": {}})
def test_the_api_accepts_what_the_form_accepts_and_refuses_the_same_fields(keeper, api, body):
    """The same choices sent to the API and to the House rules form: both save the same rules under the same
    name, or both refuse, naming the same fields."""
    with keeper.app.test_request_context(method="POST"):
        form = ProfileForm(formdata=form_data(body), meta={"csrf": False})
        form_ok = form.validate()
        expected = (str(form.name.data).strip(), form.house_rules()) if form_ok else None
        form_fields = set(form.errors)
    answer = api.request("POST", "/profiles", body)
    if expected is None:
        assert answer.status_code == 422, (body, form.errors)
        refused = {FORM_FIELD.get(e["field"], e["field"].rpartition(".")[2]) for e in answer.get_json()["errors"]}
        assert refused == form_fields, (body, form.errors, answer.get_json())
        return
    assert answer.status_code == 201, (body, answer.get_json())
    with keeper.app.app_context():
        saved = get_profile(user_of(keeper), answer.get_json()["id"])
        assert (saved.name, saved.rules) == expected
    assert api.request("DELETE", f"/profiles/{saved.id}").status_code == 204
