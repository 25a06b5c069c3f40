"""The clubs piece of the OpenAPI document: the caller's clubs, starting one, a club (referee/views/api/clubs.py)."""

from __future__ import annotations

from typing import Any

from ..models import NAME_LENGTH
from ..services.roles import ClubRole
from .common import GUARDED, TOKEN, WITH_BODY, error_response, json_content, parameter_ref, ref, response_ref

ROLE = {"enum": [role.value for role in ClubRole], "description": "The caller's role (or a member's)."}
SUMMARY = {
    "id": {"type": "integer", "minimum": 1}, "name": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH},
    "role": ROLE, "members": {"type": "integer", "minimum": 1, "description": "How many members it has."},
}
CLUB_ID = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
           "description": "The club's id (`GET /api/v1/clubs`).", "example": 1}
CASA = {"id": 1, "name": "Casa de Ana", "role": "organiser", "members": 2}
BEAS = {"id": 2, "name": "Casa de Bea", "role": "organiser", "members": 2}

SCHEMAS: dict[str, Any] = {
    "ClubSummary": {"type": "object", "additionalProperties": False, "required": list(SUMMARY),
                    "properties": SUMMARY},
    "Clubs": {"type": "object", "additionalProperties": False, "required": ["clubs"],
              "properties": {"clubs": {"type": "array", "items": ref("ClubSummary")}}},
    "NewClub": {"type": "object", "additionalProperties": False, "required": ["name"],
                "properties": {"name": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH,
                                        "description": "Surrounding spaces are dropped; no control characters."}}},
    "Club": {
        "type": "object", "additionalProperties": False,
        "required": [*SUMMARY, "member_list", "matches", "leaderboard"],
        "properties": {
            **SUMMARY,
            "member_list": {"type": "array", "description": "Organisers first, then by when they joined.",
                            "items": {"type": "object", "additionalProperties": False,
                                      "required": ["id", "username", "role"],
                                      "properties": {"id": {"type": "integer", "minimum": 1},
                                                     "username": {"type": ["string", "null"],
                                                                  "description": "None for a guest."},
                                                     "role": ROLE}}},
            "matches": {"type": "array", "description": "Newest first (`GET /api/v1/matches/{id}` for a match the "
                                                        "caller owns or scores).",
                        "items": {"type": "object", "additionalProperties": False, "required": ["id", "finished"],
                                  "properties": {"id": {"type": "integer", "minimum": 1},
                                                 "finished": {"type": "boolean"}}}},
            "leaderboard": {
                "type": "array", "description": "Per name seated at the club's matches, over its finished ones "
                                                "(docs/clubs.md): most wins, then points difference, then name.",
                "items": {"type": "object", "additionalProperties": False,
                          "required": ["name", "accounts", "played", "won", "difference", "rating"],
                          "properties": {
                              "name": {"type": "string"},
                              "accounts": {"type": "array", "items": {"type": "string"},
                                           "description": "Members who claimed a seat under this name."},
                              "played": {"type": "integer", "minimum": 0}, "won": {"type": "integer", "minimum": 0},
                              "difference": {"type": "integer",
                                             "description": "Per match, the side's total less the best other's."},
                              "rating": {"type": ["integer", "null"],
                                         "description": "Only for a member who opted in."}}}},
        },
    },
}

PIECE: dict[str, Any] = {
    "tags": [{"name": "clubs", "description": "Clubs: members, matches filed under a club, its leaderboard. A club "
                                              "the caller is no member of is 404."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/clubs": {
            "get": {
                "operationId": "listClubs", "tags": ["clubs"], "summary": "The caller's clubs, by name",
                "security": TOKEN, "parameters": [parameter_ref("AcceptLanguage")],
                "responses": {"200": {"description": "Each with the caller's role.",
                                      **json_content(ref("Clubs"), {"one": {"clubs": [CASA, BEAS]}})},
                              **GUARDED},
            },
            "post": {
                "operationId": "startClub", "tags": ["clubs"], "summary": "Start a club; the caller organises it",
                "security": TOKEN, "parameters": [parameter_ref("AcceptLanguage")],
                "requestBody": {"required": True, **json_content(ref("NewClub"), {
                    "started": {"name": "Casa de Ana"}, "unnamed": {"name": " "}})},
                "responses": {
                    "201": {"description": "The club; Location is its address.",
                            **json_content(ref("ClubSummary"), {"started": {**CASA, "members": 1}})},
                    **WITH_BODY,
                    "422": error_response("No name, or one too long or with control characters.", {
                        "unnamed": {"errors": [{"field": "name", "message": "must be 1 to 40 characters long"}]}}),
                },
            },
        },
        "/api/v1/clubs/{club_id}": {"get": {
            "operationId": "readClub", "tags": ["clubs"],
            "summary": "A club: its members, matches and leaderboard; a member's",
            "security": TOKEN, "parameters": [CLUB_ID, parameter_ref("AcceptLanguage")],
            "responses": {
                "200": {"description": "The club as its members see it.", **json_content(ref("Club"), {"read": {
                    **CASA, "member_list": [{"id": 1, "username": "ana", "role": "organiser"},
                                            {"id": 2, "username": "bea", "role": "member"}],
                    "matches": [{"id": 3, "finished": True}],
                    "leaderboard": [{"name": "Ana", "accounts": [], "played": 1, "won": 1, "difference": 9,
                                     "rating": None},
                                    {"name": "Bea", "accounts": [], "played": 1, "won": 0, "difference": -9,
                                     "rating": None}]}})},
                **GUARDED, "404": response_ref("NotFound"),
            },
        }},
    },
}
