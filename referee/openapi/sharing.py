"""The scoring-together piece of the OpenAPI document: join codes, joining, scorers (referee/views/api/sharing.py)."""

from __future__ import annotations

from typing import Any

from ..services.roles import Role
from ..services.sharing import CODE_LENGTH, MAX_TYPED
from .common import GUARDED, NAME, TOKEN, WITH_BODY, error_response, json_content, parameter_ref, ref, response_ref
from .match_examples import EXAMPLES as ex

MOMENT = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$",
          "description": "UTC, ISO 8601, to the second."}
# The code of the join example: tests/web/test_openapi_match_api.py sends a code the scene's match has instead.
EXAMPLE_CODE = "K7QM-3XPD"
OWNER_ONLY = error_response("A scorer's token: only the match's owner may do this.", {
    "scorer": {"errors": [{"field": "", "message": "Only the match's owner can do this."}]}})
OWNER_STAYS = error_response("The owner's token: the owner cannot leave its own match.", {
    "owner": {"errors": [{"field": "", "message": "The owner cannot leave its own match."}]}})
NOT_FOUND = {"404": response_ref("NotFound")}

SCHEMAS: dict[str, Any] = {
    "JoinCode": {
        "type": "object", "additionalProperties": False, "required": ["code", "expires_at", "join_url"],
        "properties": {
            "code": {"type": "string", "pattern": f"^[A-Z0-9]{{{CODE_LENGTH // 2}}}-[A-Z0-9]{{{CODE_LENGTH // 2}}}$",
                     "description": "Shown this once (only a keyed hash is kept): to read aloud or type on the join "
                                    "page. Any case; spaces and dashes are ignored."},
            "expires_at": {**MOMENT, "description": "When it stops working: 12 hours after it was made."},
            "join_url": {"type": "string", "description": "The join page with the code: what its QR code opens."},
        },
    },
    "JoinRequest": {
        "type": "object", "additionalProperties": False, "required": ["code"],
        "properties": {"code": {"type": "string", "minLength": 1, "maxLength": MAX_TYPED,
                                "description": "The code the owner shows."},
                       "name": NAME | {"description": "Who holds the phone: the name its scorers and owner see it "
                                                      "by (Score together, who is entering, the trail). Without it "
                                                      "the phone goes by its account's name, or its seat's once "
                                                      "claimed. " + str(NAME["description"])}},
    },
    "Joined": {
        "type": "object", "additionalProperties": False, "required": ["match", "role"],
        "properties": {"match": ref("Match"),
                       "role": {"enum": [role.value for role in Role if role is not Role.REMOVED]}},
    },
    "Scorers": {
        "type": "object", "additionalProperties": False, "required": ["scorers"],
        "properties": {"scorers": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "username", "joined_at"],
            "properties": {"id": {"type": "integer", "minimum": 1, "description": "The account's id."},
                           "username": {"type": "string"},
                           "name": {"type": ["string", "null"], "maxLength": 40,
                                    "description": "Who holds the scorer's phone, as given on joining or "
                                                   "renamed, else the account's name; null for a guest's phone "
                                                   "not named yet."},
                           "joined_at": MOMENT}}}},
    },
}

SCORER_ID = {"name": "user_id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
             "description": "The scorer's account id (`GET .../scorers`).", "example": 2}
JOINED = {"match": ex["MATCH"], "role": "owner"}

PIECE: dict[str, Any] = {
    "tags": [{"name": "scorers", "description": "Scoring a match together: join codes and scorers. A scorer "
                                                "records, corrects and undoes hands as the owner does."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/matches/{match_id}/join-code": {
            "post": {
                "operationId": "makeJoinCode", "tags": ["scorers"],
                "summary": "A new join code for the match (the old one stops working); the owner's",
                "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
                "responses": {
                    "201": {"description": "The code, shown this once.",
                            "headers": {"Cache-Control": {"schema": {"const": "no-store"}, "required": True}},
                            **json_content(ref("JoinCode"), {"made": {
                                "code": EXAMPLE_CODE, "expires_at": "2026-12-03T18:00:00Z",
                                "join_url": "http://localhost/join/K7QM3XPD"}})},
                    **GUARDED, "403": OWNER_ONLY, **NOT_FOUND,
                },
            },
            "delete": {
                "operationId": "revokeJoinCode", "tags": ["scorers"],
                "summary": "The match's join code stops working (its scorers stay); the owner's",
                "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
                "responses": {"204": {"description": "No code of the match lets anyone join now."},
                              **GUARDED, "403": OWNER_ONLY, **NOT_FOUND},
            },
        },
        "/api/v1/join": {"post": {
            "operationId": "joinMatch", "tags": ["scorers"],
            "summary": "Become a scorer of the match whose join code is sent",
            "description": "Refused codes count against `JOIN_LIMIT` (10 in 10 minutes by default, per address "
                           "and per token; 429 beyond). The match's owner joining its own match stays its owner.",
            "security": TOKEN, "parameters": [parameter_ref("AcceptLanguage")],
            "requestBody": {"required": True, **json_content(ref("JoinRequest"), {
                "joined": {"code": EXAMPLE_CODE}, "refused": {"code": "ZZZZ-2222"}})},
            "responses": {
                "200": {"description": "The match and the caller's role in it.",
                        **json_content(ref("Joined"), {"joined": JOINED})},
                **WITH_BODY,
                "422": error_response("No such code, or one expired or withdrawn; or not a code at all.", {
                    "refused": {"errors": [{"field": "code",
                                            "message": "No match has this code: check it and try again."}]}}),
            },
        }},
        "/api/v1/matches/{match_id}/scorers": {"get": {
            "operationId": "listScorers", "tags": ["scorers"], "summary": "The match's scorers; the owner's",
            "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
            "responses": {
                "200": {"description": "First joined first.", **json_content(ref("Scorers"), {"one": {"scorers": [
                    {"id": 2, "username": "bea", "name": "Bea", "joined_at": "2026-12-03T06:00:00Z"}]}})},
                **GUARDED, "403": OWNER_ONLY, **NOT_FOUND,
            },
        }},
        "/api/v1/matches/{match_id}/scorers/me": {"delete": {
            "operationId": "leaveMatch", "tags": ["scorers"],
            "summary": "The caller stops scoring another's match: its next request for it is a 404; a scorer's",
            "description": "The owner cannot leave its own match (403): it may delete it, or remove its scorers.",
            "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
            "responses": {"204": {"description": "Left (also when the owner had removed the caller meanwhile)."},
                          **GUARDED, "403": OWNER_STAYS, **NOT_FOUND},
        }},
        "/api/v1/matches/{match_id}/scorers/{user_id}": {"delete": {
            "operationId": "removeScorer", "tags": ["scorers"],
            "summary": "The scorer stops scoring the match: its next request for it is a 404; the owner's",
            "security": TOKEN,
            "parameters": [parameter_ref("MatchId"), SCORER_ID, parameter_ref("AcceptLanguage")],
            "responses": {"204": {"description": "Removed."}, **GUARDED, "403": OWNER_ONLY, **NOT_FOUND},
        }},
    },
}
