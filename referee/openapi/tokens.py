"""The personal access tokens' piece of the OpenAPI document (referee/views/api/tokens.py)."""

from __future__ import annotations

from typing import Any

from ..bodies.match_payloads import DEFAULT_TOKEN_NAME
from ..services.api_tokens import MOST_TOKENS
from .common import GUARDED, NAME, TOKEN, error_response, json_content, ref, response_ref
from .match_examples import EXAMPLES as ex

# The answer once the account holds all the tokens it may (tests/web/test_api_tokens.py compares it with the API's).
TOO_MANY_TOKENS = {"errors": [{"field": "tokens", "message": f"This account already has {MOST_TOKENS} tokens, the most "
                                                              f"it may have: revoke one to make another."}]}

SCHEMAS: dict[str, Any] = {
    "TokenRequest": {
        "type": "object", "additionalProperties": False,
        "properties": {"name": {**NAME, "description": f"What the token is for; `{DEFAULT_TOKEN_NAME}` when left "
                                                       f"out. {NAME['description']}"}},
    },
    "Token": {
        "type": "object", "additionalProperties": False, "required": ["token", "name", "id"],
        "properties": {
            "token": {"type": "string", "minLength": 20,
                      "description": "The secret, shown this once (only its SHA-256 is kept)."},
            "name": {"type": "string"},
            "id": {"type": "integer", "minimum": 1, "description": "To revoke it: `DELETE /api/v1/tokens/{id}`."},
        },
    },
}

PIECE: dict[str, Any] = {
    "tags": [{"name": "tokens", "description": "Personal access tokens: the match API's credentials."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/tokens": {"post": {
            "operationId": "makeToken",
            "tags": ["tokens"],
            "summary": "Make a personal access token with the account's username and password",
            "description": "Wrong passwords count as failed logins, as on the login page. The body may be left out. "
                           f"An account holds at most {MOST_TOKENS} tokens (422 naming `tokens` beyond), and makes at "
                           "most `TOKEN_CREATION_LIMIT` a while (10 an hour by default; 429 beyond).",
            "security": [{"basicAuth": []}],
            "parameters": [{"$ref": "#/components/parameters/AcceptLanguage"}],
            "requestBody": {"required": False, **json_content(ref("TokenRequest"), {
                "named": ex["TOKEN_REQUEST"], "refused": ex["TOKEN_REFUSED"]})},
            "responses": {
                "201": {"description": "The token, shown this once.",
                        "headers": {"Cache-Control": {"schema": {"const": "no-store"}, "required": True}},
                        **json_content(ref("Token"), {"named": ex["TOKEN_ANSWER"]})},
                "400": response_ref("BadBody"),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "413": response_ref("TooLarge"),
                "422": error_response("A bad name, or the account already holds all the tokens it may.",
                                      {"refused": ex["TOKEN_REFUSED_ANSWER"], "too_many": TOO_MANY_TOKENS}),
                "429": response_ref("TooManyRequests"),
            },
        }},
        "/api/v1/tokens/{token_id}": {"delete": {
            "operationId": "revokeToken",
            "tags": ["tokens"],
            "summary": "Revoke one of the account's tokens (the one used, too)",
            "security": TOKEN,
            "parameters": [{"name": "token_id", "in": "path", "required": True,
                            "schema": {"type": "integer", "minimum": 1}, "example": 1}],
            "responses": {
                "204": {"description": "Revoked: it authorises nothing any more."},
                **GUARDED,
                "404": response_ref("NotFound"),
            },
        }},
    },
}
