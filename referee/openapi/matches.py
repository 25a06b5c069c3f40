"""The matches' piece of the OpenAPI document: start, list and read matches, the draw for dealer, the trail and
the rematch (referee/views/api/matches.py, hands.py; the answers are referee/bodies/match_json.py's)."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from ..bodies.match_payloads import MAX_PAGE, MAX_PER_PAGE, STATUSES
from ..models import NAME_LENGTH
from ..rules.rulesets import MAX_SIDES
from ..services.roles import Role
from .common import GUARDED, NAME, SEAT, SIDE, TOKEN, WHOLE, WITH_BODY, error_response, json_content, parameter_ref, ref
from .match_examples import EXAMPLES as ex
from .referee_api import SCHEMAS as REFEREE_SCHEMAS

MOMENT = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$",
          "description": "UTC, ISO 8601, to the second."}
# The trail's kinds of change, as the backup file names them (referee/schemas/backup.schema.json).
EVENT_KINDS = json.loads(files("referee").joinpath("schemas/backup.schema.json").read_text(encoding="utf-8"))[
    "$defs"]["event"]["properties"]["kind"]["enum"]
ETAG = {"ETag": {"description": "The match's version, quoted: send it back as If-Match to change a hand.",
                 "required": True, "schema": {"type": "string", "pattern": '^"[0-9]+"$'}}}
_OPTION_NAMES = list(REFEREE_SCHEMAS["Options"]["properties"])


def _object(properties: dict[str, Any], *required: str, **more: Any) -> dict[str, Any]:
    """A JSON object with only these properties."""
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False,
            **more}


def _seats(**more: Any) -> dict[str, Any]:
    """A list of seats."""
    return {"type": "array", "items": SEAT, "maxItems": MAX_SIDES, **more}


SCHEMAS: dict[str, Any] = {
    "NewMatch": _object({
        "ruleset": ref("RulesetName"),
        "options": ref("Options"),
        "players": {"type": "array", "items": NAME, "minItems": 2, "maxItems": MAX_SIDES, "uniqueItems": True,
                    "description": "The names in the order of play; a name new to the account makes a player."},
        "partnerships": {"type": "boolean", "default": False,
                         "description": "Four players as two partnerships: seats 0 & 2 against 1 & 3."},
        "first_dealer": {"oneOf": [SEAT, {"type": "null"}], "default": None,
                         "description": "A seat; null or left out: drawn (`POST .../draw`)."},
        "deck_style": {**ref("DeckStyle"), "description": "The preset's when left out."},
    }, "ruleset", "players"),
    "HandSummary": _object({
        "number": {"type": "integer", "minimum": 1},
        "dealer": SEAT,
        "points": {"type": "array", "items": {"type": "integer"}, "description": "Per side, after the penalty."},
        "valid": {"type": "boolean"},
        "erred": {"type": "array", "items": SIDE, "description": "The sides that erred."},
        "waiting": {"type": "boolean",
                    "description": "Only in a match whose `confirm_hands` is `other_sides`: true while the hand waits "
                                   "for the other sides (its points, those of version A, are in no total yet)."},
        "called": {"type": "boolean", "description": "Only while it waits: a side called the organiser (the "
                                                     "match's owner) to decide it."},
        "versions": {"type": "array", "items": ref("VersionSummary"), "minItems": 1,
                     "description": "Only while it waits: its versions, A (the hand's own entry: `points`, `valid` "
                                    "and `erred` above are its) first; `GET .../hands/{number}/versions` says more."},
    }, "number", "dealer", "points", "valid", "erred"),
    "Match": _object({
        "id": {"type": "integer", "minimum": 1},
        "ruleset": ref("RulesetName"),
        "options": {**REFEREE_SCHEMAS["Options"], "required": _OPTION_NAMES, "description": "Every option in force."},
        "deck_style": ref("DeckStyle"),
        "players": {"type": "array", "minItems": 2, "maxItems": MAX_SIDES, "items": _object({
            "seat": SEAT, "name": {"type": "string", "maxLength": NAME_LENGTH}}, "seat", "name")},
        "sides": {"type": "array", "minItems": 2, "maxItems": MAX_SIDES, "items": _object({
            "name": {"type": "string"}, "seats": _seats(minItems=1)}, "name", "seats")},
        "hands": {"type": "array", "items": ref("HandSummary")},
        "totals": {"type": "array", "items": {"type": "integer"}, "description": "Per side."},
        "winner": {"oneOf": [SIDE, {"type": "null"}]},
        "finished": {"type": "boolean"},
        "play_on": {"type": "boolean", "description": "Two or more sides share the top at or above the target."},
        "next_dealer": {"oneOf": [SEAT, {"type": "null"}], "description": "null until the first dealer is known."},
        "first_player": {"oneOf": [SEAT, {"type": "null"}]},
        "version": {"type": "integer", "minimum": 1, "description": "Its ETag: one more at every change."},
        "created_at": MOMENT,
        "updated_at": MOMENT,
        "role": {"enum": [role.value for role in Role],
                 "description": "In `GET /api/v1/matches` only: the caller's role, `owner` (it made the match) or "
                                "`scorer` (it joined with a join code: `POST /api/v1/join`)."},
    }, "id", "ruleset", "options", "deck_style", "players", "sides", "hands", "totals", "winner", "finished",
        "play_on", "next_dealer", "first_player", "version", "created_at", "updated_at"),
    "MatchPage": _object({
        "matches": {"type": "array", "items": ref("Match"), "maxItems": MAX_PER_PAGE},
        "page": {"type": "integer", "minimum": 1},
        "per_page": {"type": "integer", "minimum": 1, "maximum": MAX_PER_PAGE},
        "total": WHOLE,
        "pages": WHOLE,
    }, "matches", "page", "per_page", "total", "pages"),
    "DrawRound": _object({
        "cards": {"type": "object", "minProperties": 1, "maxProperties": MAX_SIDES,
                  "propertyNames": {"enum": [str(seat) for seat in range(MAX_SIDES)]},
                  "additionalProperties": ref("CardCode"),
                  "description": "One card for each seat drawing this round, seat numbers as keys."},
    }, "cards"),
    "Drawn": _object({
        "dealer": {"oneOf": [SEAT, {"type": "null"}], "description": "null on a tie."},
        "redraw": {**_seats(), "description": "The seats that tied for the highest card and draw again."},
        "match": ref("Match"),
    }, "dealer", "redraw", "match"),
    "DrawnByApp": _object({
        "dealer": {**SEAT, "description": "The seat the last round named."},
        "rounds": {"type": "array", "minItems": 1, "items": _object({
            "drawn": {"type": "object", "minProperties": 2, "maxProperties": MAX_SIDES,
                      "propertyNames": {"enum": [str(seat) for seat in range(MAX_SIDES)]},
                      "additionalProperties": ref("CardCode"), "description": "Each drawing seat's card."},
            "redraw": {**_seats(), "description": "The seats that tied for the highest card and draw again; "
                                                  "empty in the last round."},
        }, "drawn", "redraw"), "description": "Every round the app drew, in order: the seats drawing in each are "
                                              "those that tied in the one before."},
        "match": ref("Match"),
    }, "dealer", "rounds", "match"),
    "Events": _object({"events": {"type": "array", "items": _object({
        "id": {"type": "integer", "minimum": 1},
        "at": MOMENT,
        "kind": {"enum": EVENT_KINDS},
        "hand_number": {"type": ["integer", "null"], "minimum": 1},
        "before": {"type": ["object", "null"], "description": "What the change replaced (a hand's facts)."},
        "after": {"type": ["object", "null"], "description": "What it made."},
    }, "id", "at", "kind", "hand_number", "before", "after")}}, "events"),
}

PARAMETERS: dict[str, Any] = {
    "MatchId": {"name": "match_id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
                "example": 1},
}


def match_get(operation_id: str, summary: str, schema: str, examples: dict[str, Any], *,
         headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """A GET of one match's resource: 200, or 404 for a match the account has no role in."""
    return {"operationId": operation_id, "tags": ["matches"], "summary": summary, "security": TOKEN,
            "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
            "responses": {"200": {"description": "The answer.", "headers": headers or {},
                                  **json_content(ref(schema), examples)},
                          **GUARDED, "404": {"$ref": "#/components/responses/NotFound"}}}


def _query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An optional query-string parameter."""
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


PIECE: dict[str, Any] = {
    "tags": [{"name": "matches", "description": "The account's matches, as the pages keep them (a token needed)."}],
    "components": {"schemas": SCHEMAS, "parameters": PARAMETERS},
    "paths": {
        "/api/v1/matches": {
            "post": {
                "operationId": "startMatch", "tags": ["matches"], "summary": "Start a match",
                "security": TOKEN, "parameters": [parameter_ref("AcceptLanguage")],
                "requestBody": {"required": True, **json_content(ref("NewMatch"), {
                    "two_players": ex["NEW_MATCH"], "refused": ex["NEW_MATCH_REFUSED"]})},
                "responses": {
                    "201": {"description": "The match.", "headers": {**ETAG, "Location": {
                        "description": "Where it lives.", "required": True, "schema": {"type": "string"}}},
                            **json_content(ref("Match"), {"two_players": ex["NEW_MATCH_ANSWER"]})},
                    **WITH_BODY,
                    "422": error_response("Every problem of the body, naming its field.", {
                        "refused": ex["NEW_MATCH_REFUSED_ANSWER"]}),
                },
            },
            "get": {
                "operationId": "listMatches", "tags": ["matches"],
                "summary": "The matches the account owns or scores, newest first, each with its role",
                "security": TOKEN,
                "parameters": [
                    _query("page", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": 1},
                           "The page, from 1."),
                    _query("per_page", {"type": "integer", "minimum": 1, "maximum": MAX_PER_PAGE, "default": 20},
                           "Matches a page."),
                    _query("player", {"type": "string", "maxLength": NAME_LENGTH},
                           "Only matches with a player whose name holds this (any case or accents)."),
                    _query("status", {"enum": list(STATUSES)}, "Only finished matches, or only those being played."),
                    parameter_ref("AcceptLanguage"),
                ],
                "responses": {
                    "200": {"description": "One page.", **json_content(ref("MatchPage"), {"newest_first": ex["PAGE"]})},
                    **GUARDED,
                    "422": error_response("A bad query string (an unknown key too).", {"refused": ex["PAGE_REFUSED"]}),
                },
            },
        },
        "/api/v1/matches/{match_id}": {"get": match_get("readMatch", "One match", "Match", {"match": ex["MATCH"]},
                                                   headers=ETAG)},
        "/api/v1/matches/{match_id}/events": {"get": match_get(
            "matchEvents", "The match's trail: every change, oldest first", "Events", {"trail": ex["EVENTS"]})},
        "/api/v1/matches/{match_id}/draw": {"post": {
            "operationId": "drawForDealer", "tags": ["matches"],
            "summary": "One round of the draw for the first dealer: the highest card deals",
            "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
            "requestBody": {"required": True, **json_content(ref("DrawRound"), {
                "tie": ex["DRAW"], "refused": ex["DRAW_REFUSED"]})},
            "responses": {
                "200": {"description": "The dealer, or the seats that tied and draw again.",
                        **json_content(ref("Drawn"), {"tie": ex["DRAW_ANSWER"]})},
                **WITH_BODY,
                "404": {"$ref": "#/components/responses/NotFound"},
                "409": error_response("The first dealer is known already.", {"known": ex["DRAW_KNOWN"]}),
                "422": error_response("A bad card, or not one card for each seat drawing.", {
                    "refused": ex["DRAW_REFUSED_ANSWER"]}),
            },
        }},
        "/api/v1/matches/{match_id}/draw/app": {"post": {
            "operationId": "drawForDealerByApp", "tags": ["matches"],
            "summary": "The app draws for the first dealer at random, again among the tied, until one deals",
            "description": "The cards come from the server's cryptographic source; every round is kept in the "
                           "trail as a round with real cards is (`GET .../events`), marked `\"by\": \"app\"`. "
                           "It continues a draw with real cards that ended in a tie: only the tied seats draw, "
                           "from the cards no round drew.",
            "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
            "responses": {
                "200": {"description": "Who deals, and every round the app drew.",
                        **json_content(ref("DrawnByApp"), {"dealer": ex["DRAW_BY_APP_ANSWER"]})},
                **GUARDED,
                "404": {"$ref": "#/components/responses/NotFound"},
                "409": error_response("The first dealer is known already (or the match changed meanwhile).",
                                      {"known": ex["DRAW_KNOWN"]}),
            },
        }},
        "/api/v1/matches/{match_id}/rematch": {"post": {
            "operationId": "rematch", "tags": ["matches"],
            "summary": "A new match with the same players, seating and rules; the deal goes on round the table",
            "security": TOKEN, "parameters": [parameter_ref("MatchId"), parameter_ref("AcceptLanguage")],
            "responses": {
                "201": {"description": "The new match.", "headers": ETAG,
                        **json_content(ref("Match"), {"rematch": ex["REMATCH"]})},
                **GUARDED,
                "404": {"$ref": "#/components/responses/NotFound"},
                "409": error_response("A tournament's match: its tournament pairs the next round."),
            },
        }},
    },
}
