"""Who an API request is: a personal access token in ``Authorization: Bearer``, never a cookie.

The session cookie is ignored here: a request to the API that carries only a cookie is not
authenticated, so no page another site opens can make the API write (and the API needs no CSRF
token). A missing, malformed, revoked or unknown token is 401 with ``WWW-Authenticate: Bearer``.
Making a token takes the account's username and password instead, as HTTP Basic authentication.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar, cast

from flask import g, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..models import ApiToken, User
from ..services import api_tokens

P = ParamSpec("P")
R = TypeVar("R")

REALM = 'realm="referee"'


def unauthorized(message: str, scheme: str = "Bearer") -> ResponseReturnValue:
    """401 in the API's errors shape, naming the scheme the client must use."""
    return {"errors": [{"field": "Authorization", "message": message}]}, 401, {
        "WWW-Authenticate": f"{scheme} {REALM}"}


def bearer_secret() -> str | None:
    """The token a request sends as ``Authorization: Bearer <token>``, or None when it sends none."""
    header = request.headers.get("Authorization", "")
    scheme, _space, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        return None
    return secret.strip()


def token_required(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
    """Run the view only for a live token; ``api_user()`` and ``api_token()`` then name its account."""

    @wraps(view)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        """401 unless the request carries a live token."""
        secret = bearer_secret()
        if secret is None:
            return unauthorized(_("Send a personal access token as 'Authorization: Bearer <token>'."))
        token = api_tokens.token_of(secret)
        if token is None:
            return unauthorized(_("This token is not valid: it was revoked, or never made."))
        g.api_token = token
        return view(*args, **kwargs)

    return guarded


def api_token() -> ApiToken:
    """The token this request is authenticated with (inside a view under token_required)."""
    return cast(ApiToken, g.api_token)


def api_user() -> User:
    """The account this request acts for (inside a view under token_required)."""
    return api_token().user


def basic_credentials() -> tuple[str, str] | None:
    """The username and password of ``Authorization: Basic``, or None when the request sends none."""
    auth = request.authorization
    if auth is None or auth.type != "basic" or auth.username is None or auth.password is None:
        return None
    return auth.username, auth.password
