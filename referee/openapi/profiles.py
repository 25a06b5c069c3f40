"""The house rules' piece of the OpenAPI document: the caller's rules profiles listed, saved, read, renamed, changed
and deleted (referee/views/api/profiles.py)."""

from __future__ import annotations

from typing import Any

from ..models import NAME_LENGTH
from ..rules import PRESETS
from ..services.profiles import OpeningSweep
from .common import GUARDED, NAME, TOKEN, WITH_BODY, error_response, json_content, parameter_ref, ref, response_ref
from .referee_api import SCHEMAS as REFEREE_SCHEMAS

SWEEP = {"enum": [way.value for way in OpeningSweep], "default": OpeningSweep.DEALER.value,
         "description": "Who takes the four cards dealt to the table when they make 15 (or 30): the `dealer` (the "
                        "usual rule) or the `first` player to notice, as one escoba (two for 30). The house's word "
                        "on the rules card: the app records the escobas of whichever side took them."}
DECK = {"oneOf": [ref("DeckStyle"), {"type": "null"}], "description": "null: the game's usual deck."}
PROFILE_ID = {"name": "profile_id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
              "description": "The profile's id (`GET /api/v1/profiles`).", "example": 1}

CASA = {"id": 1, "name": "Casa", "ruleset": "escoba-es",
        "options": PRESETS["escoba-es"].options() | {"target": 30, "ties": "shared"}, "deck_style": None,
        "opening_sweep": "dealer", "matches": 0, "locked": False,
        "card_url": "http://localhost/card/tY1mJ3oCw1m6kq1fIvvH5NYuJq2Zn8kQ0nP7cZ3cU5s"}
NEW = {"name": "Torneo de Ana", "ruleset": "escova-rs", "options": {"target": 21}, "opening_sweep": "first"}
SAVED = {**CASA, "id": 2, "name": "Torneo de Ana", "ruleset": "escova-rs", "opening_sweep": "first",
         "options": PRESETS["escova-rs"].options() | {"target": 21},
         "card_url": "http://localhost/card/Z6l0o3W4m0xWQm3P2mEJ1vYp0bLQm3oQkq8s9uYb5dA"}
REFUSED = {"name": " ", "ruleset": "escoba", "options": {"target": 0}}
REFUSED_ANSWER = {"errors": [
    {"field": "name", "message": f"must be 1 to {NAME_LENGTH} characters long"},
    {"field": "ruleset", "message": "unknown ruleset 'escoba'; known rulesets: " + ", ".join(PRESETS)},
    {"field": "options.target", "message": "must be from 1 to 100"}]}
TAKEN = {"name": "CASA", "ruleset": "escoba-es"}
TAKEN_ANSWER = {"errors": [{"field": "name",
                            "message": "Other house rules already have the name “CASA”: give these another."}]}
LOCKED = {"errors": [{"field": "", "message": "Matches were started from these house rules, so their rules stay as "
                                              "they are: save the changed rules as new house rules."}]}

_PROPERTIES = {
    "name": {**NAME, "description": f"The house rules' name, one of the account's alone (without regard to case or "
                                    f"accents). {NAME['description']}"},
    "ruleset": ref("RulesetName"),
    "options": ref("Options"),
    "deck_style": DECK,
    "opening_sweep": SWEEP,
}
SCHEMAS: dict[str, Any] = {
    "NewProfile": {"type": "object", "additionalProperties": False, "required": ["name", "ruleset"],
                   "properties": _PROPERTIES,
                   "description": "As the House rules page reads them: the ruleset and its options as a new match "
                                  "takes them (one left out: the preset's)."},
    "ProfileName": {"type": "object", "additionalProperties": False, "required": ["name"],
                    "properties": {"name": _PROPERTIES["name"]}},
    "Profile": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "name", "ruleset", "options", "deck_style", "opening_sweep", "matches", "locked",
                     "card_url"],
        "properties": {
            "id": {"type": "integer", "minimum": 1},
            "name": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH},
            "ruleset": ref("RulesetName"),
            "options": {**REFEREE_SCHEMAS["Options"], "required": list(REFEREE_SCHEMAS["Options"]["properties"]),
                        "description": "Every option of these rules."},
            "deck_style": DECK,
            "opening_sweep": {k: v for k, v in SWEEP.items() if k != "default"},
            "matches": {"type": "integer", "minimum": 0, "description": "How many matches were started from it."},
            "locked": {"type": "boolean", "description": "A match was started from it: its rules stay as they are "
                                                         "(a new name is still taken)."},
            "card_url": {"type": "string", "format": "uri",
                         "description": "Its rules card, public to anyone holding the address."},
        },
    },
    "Profiles": {"type": "object", "additionalProperties": False, "required": ["profiles"],
                 "properties": {"profiles": {"type": "array", "items": ref("Profile"),
                                             "description": "By name."}}},
}

_LANGUAGE = parameter_ref("AcceptLanguage")
_LOCATION = {"Location": {"description": "Where it lives.", "required": True, "schema": {"type": "string"}}}
_NAME_TAKEN = "A bad name or rules, naming each field; a name another of the account's house rules has."


def _one(operation_id: str, summary: str, **more: Any) -> dict[str, Any]:
    """An operation on one profile: 404 for another account's, as for one never made."""
    responses = more.pop("responses")
    return {"operationId": operation_id, "tags": ["profiles"], "summary": summary, "security": TOKEN,
            "parameters": [PROFILE_ID, _LANGUAGE], **more,
            "responses": {**responses, **GUARDED, "404": response_ref("NotFound")}}


def _answer(description: str, examples: dict[str, Any]) -> dict[str, Any]:
    """A 200 with the profile and its address."""
    return {"description": description, "headers": _LOCATION, **json_content(ref("Profile"), examples)}


PIECE: dict[str, Any] = {
    "tags": [{"name": "profiles", "description": "House rules: named rules an account keeps and starts matches "
                                                 "from (docs/house-rules.md). Another account's are 404."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/profiles": {
            "get": {
                "operationId": "listProfiles", "tags": ["profiles"], "summary": "The caller's house rules, by name",
                "security": TOKEN, "parameters": [_LANGUAGE],
                "responses": {"200": {"description": "Each with its rules.",
                                      **json_content(ref("Profiles"), {"one": {"profiles": [CASA]}})},
                              **GUARDED},
            },
            "post": {
                "operationId": "saveProfile", "tags": ["profiles"], "summary": "Save house rules",
                "security": TOKEN, "parameters": [_LANGUAGE],
                "requestBody": {"required": True, **json_content(ref("NewProfile"), {
                    "saved": NEW, "refused": REFUSED, "taken": TAKEN})},
                "responses": {
                    "201": {"description": "The house rules; Location is their address.", "headers": _LOCATION,
                            **json_content(ref("Profile"), {"saved": SAVED})},
                    **WITH_BODY,
                    "422": error_response(_NAME_TAKEN, {"refused": REFUSED_ANSWER, "taken": TAKEN_ANSWER}),
                },
            },
        },
        "/api/v1/profiles/{profile_id}": {
            "get": _one("readProfile", "One of the caller's house rules",
                        responses={"200": _answer("The house rules.", {"read": CASA})}),
            "put": _one(
                "changeProfile", "Change house rules: their name and rules",
                description="A profile a match was started from is locked: other rules are 409 (save them as new "
                            "house rules with `POST /api/v1/profiles`); the same rules under a new name are taken.",
                requestBody={"required": True, **json_content(ref("NewProfile"), {
                    "changed": {**NEW, "name": "Casa"}})},
                responses={"200": _answer("The house rules as changed.", {"changed": {
                    **SAVED, "id": 1, "name": "Casa", "card_url": CASA["card_url"]}}),
                    **WITH_BODY,
                    "409": error_response("Matches were started from them: their rules stay.", {"locked": LOCKED}),
                    "422": error_response(_NAME_TAKEN)}),
            "patch": _one(
                "renameProfile", "Rename house rules (locked ones too: their rules stay)",
                requestBody={"required": True,
                             **json_content(ref("ProfileName"), {"renamed": {"name": "Casa de Ana"}})},
                responses={"200": _answer("The house rules under their new name.", {"renamed": {
                    **CASA, "name": "Casa de Ana"}}),
                    **WITH_BODY, "422": error_response(_NAME_TAKEN)}),
            "delete": _one("deleteProfile", "Delete house rules: the matches started from them keep their rules",
                           responses={"204": {"description": "Deleted."}}),
        },
    },
}
