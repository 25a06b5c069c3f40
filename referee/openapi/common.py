"""What every piece of the OpenAPI document shares: its header, the errors shape, cards, security schemes."""

from __future__ import annotations

from typing import Any

from ..models import NAME_LENGTH
from ..rules import DeckStyle
from ..rules.rulesets import MAX_SIDES

OPENAPI_VERSION = "3.1.0"


def ref(name: str) -> dict[str, str]:
    """A reference to a schema of components.schemas."""
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict[str, Any], examples: dict[str, Any] | None = None) -> dict[str, Any]:
    """An application/json body with its schema and, when given, named examples ({name: value})."""
    media: dict[str, Any] = {"schema": schema}
    if examples:
        media["examples"] = {name: {"value": value} for name, value in examples.items()}
    return {"content": {"application/json": media}}


def error_response(description: str, examples: dict[str, Any] | None = None) -> dict[str, Any]:
    """A 4xx answer in the errors shape."""
    return {"description": description, **json_content(ref("Errors"), examples)}


def response_ref(name: str) -> dict[str, str]:
    """A reference to components.responses."""
    return {"$ref": f"#/components/responses/{name}"}


def parameter_ref(name: str) -> dict[str, str]:
    """A reference to components.parameters."""
    return {"$ref": f"#/components/parameters/{name}"}


# The errors every JSON endpoint may answer, besides its own 422s.
LIMITS = {"413": response_ref("TooLarge"), "429": response_ref("TooManyRequests")}
# What every endpoint of the match API takes, and may answer whatever it is asked.
TOKEN: list[dict[str, list[str]]] = [{"bearerAuth": []}]
GUARDED = {"401": response_ref("Unauthorized"), "429": response_ref("TooManyRequests")}
WITH_BODY = {"400": response_ref("BadBody"), **GUARDED, "413": response_ref("TooLarge")}
SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SIDES - 1,
        "description": "A seat, from 0 in the order of play."}
SIDE = {"type": "integer", "minimum": 0, "maximum": MAX_SIDES - 1, "description": "A side's index, from 0."}
WHOLE = {"type": "integer", "minimum": 0}
# A name as the API reads it: surrounding spaces dropped, then 1 to NAME_LENGTH characters (no control characters,
# which the pattern does not spell out). The pattern allows the spaces, so that it is exactly as strict as the API.
NAME = {"type": "string", "pattern": rf"^\s*\S(?:.{{0,{NAME_LENGTH - 2}}}\S)?\s*$",
        "description": f"1 to {NAME_LENGTH} characters once surrounding spaces are dropped; no control characters.",
        "examples": ["Ana"]}

BASE: dict[str, Any] = {
    "openapi": OPENAPI_VERSION,
    "info": {
        "title": "Escoba Referee API",
        "version": "1",
        "summary": "Check a hand of Escoba / Escova and count its points, the way an honest referee would.",
        "description": (
            "JSON in, JSON out (UTF-8). Cards are canonical codes: counting value and suit letter, `1o` … `10b` "
            "(`o` oros/ouros, `c` copas, `e` espadas, `b` bastos/paus). Sides are numbered from 0 in the order "
            "of play. Messages follow `Accept-Language` (`en`, `es`, `pt-BR`). Every error answer is "
            "`{\"errors\": [{\"field\", \"message\"}]}`. The walk-through with curl is docs/api.md; the rules "
            "are docs/rules.md."
        ),
    },
    "tags": [],
    "paths": {},
    "components": {
        "schemas": {
            "Errors": {
                "type": "object",
                "description": "Every error answer: each problem found, naming its field.",
                "required": ["errors"],
                "additionalProperties": False,
                "properties": {
                    "errors": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 40,
                        "items": {
                            "type": "object",
                            "required": ["field", "message"],
                            "additionalProperties": False,
                            "properties": {
                                "field": {
                                    "type": "string",
                                    "description": "A path such as `sides[1].cards[3]`, `body` for the body as a "
                                                   "whole, `\"\"` for the request as a whole.",
                                },
                                "message": {"type": "string", "description": "In the request's language."},
                            },
                        },
                    },
                },
                "examples": [{"errors": [{"field": "sides[0].cards[0]", "message": "unknown card '11o'"}]}],
            },
            "CardCode": {
                "type": "string",
                "description": "A card's canonical code: its counting value (1–10; Sota/Q 8, Caballo/J 9, Rey/K 10) "
                               "and its suit's letter.",
                "pattern": "^(?:[1-9]|10)[oceb]$",
                "examples": ["7o", "10c"],
            },
            "DeckStyle": {
                "type": "string",
                "description": "How messages name the cards: a Spanish deck, or a French one (Q = 8, J = 9, or "
                               "`french-jq`: J = 8, Q = 9).",
                "enum": [style.value for style in DeckStyle],
            },
        },
        "parameters": {
            "AcceptLanguage": {
                "name": "Accept-Language",
                "in": "header",
                "required": False,
                "description": ("The language of the messages: `en`, `es` or `pt-BR` (`pt`); anything else "
                                "gets English."),
                "schema": {"type": "string"},
                "example": "es",
            },
        },
        "responses": {
            "BadBody": error_response("The body is not JSON, or is nested more than 400 levels deep.", {
                "malformed": {"errors": [{"field": "body", "message": "the request body is not valid JSON"}]},
            }),
            "TooLarge": error_response("The body is over 64 KB.", {
                "too_large": {"errors": [{"field": "body", "message": "The request is too large."}]},
            }),
            "Unauthorized": {
                **error_response("No token, or one revoked or never made (under HTTP Basic: a wrong username or "
                                 "password).", {"no_token": {"errors": [{
                                     "field": "Authorization",
                                     "message": "Send a personal access token as 'Authorization: Bearer <token>'."}]}}),
                "headers": {"WWW-Authenticate": {"description": "The scheme to use: `Bearer realm=\"referee\"` (or "
                                                               "`Basic realm=\"referee\"` when making a token).",
                                                "required": True, "schema": {"type": "string"}}},
            },
            "NotFound": error_response("No such thing in the account (another account's is not found either).", {
                "not_found": {"errors": [{"field": "", "message": "Not found."}]}}),
            "TooManyRequests": {
                **error_response("Over the requests allowed from one address (120 a minute by default)."),
                "headers": {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
            },
        },
        "securitySchemes": {
            "bearerAuth": {
                "type": "http",
                "scheme": "bearer",
                "description": "A personal access token: `Authorization: Bearer <token>`. No cookie ever "
                               "authorises an API request. Make one with `POST /api/v1/tokens` or on the account "
                               "page.",
            },
            "basicAuth": {
                "type": "http",
                "scheme": "basic",
                "description": "The account's username and password, only to make a token (`POST /api/v1/tokens`).",
            },
        },
    },
}
