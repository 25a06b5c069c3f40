"""Which requests are throttled, by what, and how long the refused must wait (Flask-Limiter).

Throttled, each limit a setting (referee/config.py):
- refused password attempts on one account, from anywhere (LOGIN_LIMIT_PER_ACCOUNT): logins
  by the typed username's key, so 'Ana' and 'ANA' count together, and the account pages
  that ask for the current password (change it, delete the account), by the account's;
- failed logins from one address, to any account (LOGIN_LIMIT_PER_ADDRESS);
- registration attempts from one address (REGISTER_LIMIT);
- every request to the API from one address, all its endpoints together (API_LIMIT);
- every request made with one personal access token, from anywhere (API_TOKEN_LIMIT);
- making a token with a username and password (HTTP Basic): refused attempts count with the
  account's logins (LOGIN_LIMIT_PER_ACCOUNT) and per address (LOGIN_LIMIT_PER_ADDRESS), as logins;
- backups sent to restore, per account (IMPORT_LIMIT): the limit is the import view's own
  (referee/views/imports.py).
Nothing else is: no default or application-wide limit is set, so pages, static files and
a health check are never refused. A refused attempt is one answered 422 (a wrong name or
password, a field missing), or 401 when a token is asked for; a successful one costs nothing.

The address is request.remote_addr: behind a proxy, ProxyFix makes it the client's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from flask import Flask, Response, current_app, request
from flask_login import current_user

from .credentials import username_key
from .extensions import limiter

P = ParamSpec("P")
R = TypeVar("R")

# A username longer than this is not a username: it is cut before it is normalised.
_TYPED_NAME_BOUND = 200


def _setting(name: str) -> Callable[[], str]:
    """A limit read from the app's settings when a request comes, so tests and deployments can change it."""
    return lambda: str(current_app.config[name])


def _refused(response: Response) -> bool:
    """Only refused attempts count against an account or an address."""
    return response.status_code == 422


def _account_key() -> str:
    """The account a password attempt is aimed at: the logged-in one, or the typed username's key (never empty)."""
    if request.endpoint != "accounts.login" and current_user.is_authenticated:
        return "account:" + str(current_user.username_key)
    typed = request.form.get("username", "")[:_TYPED_NAME_BOUND]
    return "account:" + username_key(typed)


def _refused_credentials(response: Response) -> bool:
    """A token asked for with a wrong username or password (401), or a bad body (422)."""
    return response.status_code in (401, 422)


def _basic_account_key() -> str:
    """The account a token request's Basic credentials aim at, by the username's key (never empty)."""
    auth = request.authorization
    typed = (auth.username or "") if auth is not None else ""
    return "account:" + username_key(typed[:_TYPED_NAME_BOUND])


def _token_key() -> str:
    """A request's token, by its hash (the secret itself is never a key in the store); the address without one."""
    from .api_auth import bearer_secret
    from .services.api_tokens import digest

    secret = bearer_secret()
    if secret is None:
        return "address:" + str(request.remote_addr)
    return "token:" + digest(secret[:_TYPED_NAME_BOUND])


_password_per_account = limiter.shared_limit(_setting("LOGIN_LIMIT_PER_ACCOUNT"), scope="password", methods=["POST"],
                                             key_func=_account_key, deduct_when=_refused)
_login_per_address = limiter.limit(_setting("LOGIN_LIMIT_PER_ADDRESS"), methods=["POST"], deduct_when=_refused)
_register_per_address = limiter.limit(_setting("REGISTER_LIMIT"), methods=["POST"])
_api_per_address = limiter.shared_limit(_setting("API_LIMIT"), scope="api")
_api_per_token = limiter.shared_limit(_setting("API_TOKEN_LIMIT"), scope="api-token", key_func=_token_key)
_basic_per_account = limiter.shared_limit(_setting("LOGIN_LIMIT_PER_ACCOUNT"), scope="password", methods=["POST"],
                                          key_func=_basic_account_key, deduct_when=_refused_credentials)
_basic_per_address = limiter.limit(_setting("LOGIN_LIMIT_PER_ADDRESS"), methods=["POST"],
                                   deduct_when=_refused_credentials)


def throttle_login(view: Callable[P, R]) -> Callable[P, R]:
    """The login's limits: refused attempts per account and per address."""
    return _password_per_account(_login_per_address(view))


def throttle_password_check(view: Callable[P, R]) -> Callable[P, R]:
    """A page that asks for the current password: refused attempts count with the account's logins."""
    return _password_per_account(view)


def throttle_token_request(view: Callable[P, R]) -> Callable[P, R]:
    """Making a token under HTTP Basic: refused attempts count as refused logins, per account and address."""
    return _basic_per_account(_basic_per_address(view))


def throttle_per_token(view: Callable[P, R]) -> Callable[P, R]:
    """An endpoint that takes a token: every request counts against its token, wherever it comes from."""
    return _api_per_token(view)


def throttle_register(view: Callable[P, R]) -> Callable[P, R]:
    """The registration's limit: attempts per address."""
    return _register_per_address(view)


def retry_after() -> int:
    """Whole seconds until the limit this request broke lets it through again (at least 1)."""
    broken = limiter.current_limit
    if broken is None:
        return 60
    return max(1, math.ceil(broken.reset_at - time.time()))


def init_app(app: Flask) -> None:
    """Bind the limiter (storage and limits from the settings) and limit the whole API blueprint."""
    from .views import api

    # One limiter object serves every app a process makes (tests make many): a store that a
    # previous app found dead must not send this app's counts to the in-memory fallback.
    limiter._storage_dead = False
    limiter.init_app(app)
    # The same limit object every time: the limiter keeps a set, so a second app adds nothing.
    _api_per_address(api.bp)
    _check_only_the_api_before_views(app, api.bp.name)


def _check_only_the_api_before_views(app: Flask, api_blueprint: str) -> None:
    """Run the limiter's before-request check for the API's requests only.

    With no default or application-wide limit, that check has only the API blueprint's limits to apply; every
    limited view (throttle_* above) is checked again by its own decorator, which the limiter makes, so the page
    reads and static files spared the check lose nothing of it. It was about a tenth of a small page's time.
    """
    if app.config.get("RATELIMIT_DEFAULT") or app.config.get("RATELIMIT_APPLICATION"):
        return  # limits on everything: the limiter's own check, everywhere
    hooks = app.before_request_funcs.setdefault(None, [])
    check = limiter._check_request_limit
    if check not in hooks:
        return  # throttling is off (RATELIMIT_ENABLED): the limiter added no check

    def check_the_api() -> None:
        """The limiter's check, for a request to the API."""
        if request.blueprint == api_blueprint:
            check()

    hooks[hooks.index(check)] = check_the_api
