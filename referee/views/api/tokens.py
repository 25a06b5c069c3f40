"""The API's personal access tokens: made under HTTP Basic authentication, revoked with a token.

Routes of the API blueprint (referee/views/api/blueprint.py): its limits, its error shapes, no CSRF and no cookie.
"""

from __future__ import annotations

from flask import abort, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...bodies import json_body, match_payloads
from ...services import api_tokens, authenticate
from ...web.api_auth import api_user, basic_credentials, token_required, unauthorized
from ...web.throttling import throttle_per_token, throttle_token_request
from ..token_words import too_many_tokens
from .blueprint import bp


def _optional_body() -> object:
    """The request's JSON body, or NO_BODY when it has none (a JSON null is a body, and not an object)."""
    data = request.get_data(cache=False)
    return json_body.parse(data) if data.strip() else match_payloads.NO_BODY


@bp.post("/tokens")
@throttle_token_request
def make_token() -> ResponseReturnValue:
    """A new token for the account whose username and password come as HTTP Basic; shown this once."""
    credentials = basic_credentials()
    if credentials is None:
        return unauthorized(_("Send your username and password as HTTP Basic authentication."), scheme="Basic")
    user = authenticate(*credentials)
    if user is None:
        return unauthorized(_("Wrong username or password."), scheme="Basic")
    name = match_payloads.read_token_request(_optional_body())
    try:
        token, secret = api_tokens.create_token(user, name)
    except api_tokens.TooManyTokens:
        return {"errors": [{"field": "tokens", "message": too_many_tokens()}]}, 422
    return {"token": secret, "name": token.name, "id": token.id}, 201, {"Cache-Control": "no-store"}


@bp.delete("/tokens/<int:token_id>")
@throttle_per_token
@token_required
def revoke_token(token_id: int) -> ResponseReturnValue:
    """Revoke one of the account's tokens (this one too); another account's is 404, like a missing one."""
    if not api_tokens.revoke_token(api_user(), token_id):
        abort(404)
    return "", 204
