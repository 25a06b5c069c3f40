"""Which requests are throttled, by what, and how long the refused must wait (Flask-Limiter).

Throttled, each limit a setting (referee/config.py):
- refused password attempts on one account, from anywhere (LOGIN_LIMIT_PER_ACCOUNT): logins
  by the typed username's key, so 'Ana' and 'ANA' count together, and the account pages
  that ask for the current password (change it, delete the account), by the account's;
- failed logins from one address, to any account (LOGIN_LIMIT_PER_ADDRESS);
- registration attempts from one address (REGISTER_LIMIT), and turning a guest into a named account ("Keep my
  matches") with it;
- guest accounts started from one address (GUEST_LIMIT): every POST that would start one counts, so one
  address cannot fill the database with empty accounts;
- every request to the API (any address under /api/) from one address, all together, whatever its answer:
  with a token or without, a 401, 404, 405, 413 or 422 as much as a 200 (API_LIMIT). It is the limiter's
  application-wide limit, spared for every request outside the API, and checked before the view: so before
  a token is looked up, and for an address that routes to no view too (those get an identity of their own);
- every request made with one personal access token, from anywhere (API_TOKEN_LIMIT), besides its address's;
- making a token with a username and password (HTTP Basic): refused attempts count with the
  account's logins (LOGIN_LIMIT_PER_ACCOUNT) and per address (LOGIN_LIMIT_PER_ADDRESS), as logins;
- tokens made by one account, on the account page and with POST /api/v1/tokens together
  (TOKEN_CREATION_LIMIT): only a token made counts;
- join codes refused (wrong, expired or revoked: answered 422), on the join page and with POST /api/v1/join
  together, per address and per account (the API's by its token) (JOIN_LIMIT), and on the whole server
  (JOIN_LIMIT_PER_SERVER), so codes cannot be guessed, not even from many addresses at once;
- backups sent to restore, per account (IMPORT_LIMIT): the limit is the import view's own
  (referee/views/imports.py);
- an entry page saying it is entering a hand or left it, per device login (PRESENCE_LIMIT; referee/views/presence.py):
  a page says so every 15 seconds while shown, and a leave each time it is hidden. Asking who is entering is a
  GET, so a page's read like any other.
Nothing else is: pages, static files and a health check are never refused. A page's limits count its POSTs
only, so the limiter skips every GET and HEAD outside the API (a request filter: its check was a tenth of a
small page's time); a limit on a page's GET would need that filter changed. A refused attempt is one
answered 422 (a wrong name or password, a field missing), or 401 when a token is asked for; a successful
one costs nothing. A request answered 429 is not counted: the wait is what Retry-After says.

The address is request.remote_addr: behind a proxy, ProxyFix makes it the client's.
Everything here is Flask-Limiter's documented API (its settings, limit and shared_limit, current_limit):
tests/web/test_throttling.py fails if a private name of it comes back into the package.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from flask import Flask, Response, current_app, request
from flask_login import current_user

from ..credentials import username_key
from ..extensions import limiter
from ..services.api_tokens import digest
from .api_auth import bearer_secret
from .api_requests import to_the_api

P = ParamSpec("P")
R = TypeVar("R")

# A username longer than this is not a username: it is cut before it is normalised.
_TYPED_NAME_BOUND = 200
# What the limiter calls a request to the API that routes to no view (it checks nothing for a request without
# an endpoint, and an unknown address must cost as much as a known one).
UNROUTED_API = "api-unrouted"
_READS = frozenset({"GET", "HEAD"})


def _setting(name: str) -> Callable[[], str]:
    """A limit read from the app's settings when a request comes, so tests and deployments can change it."""
    return lambda: str(current_app.config[name])


def _outside_the_api() -> bool:
    """The API's per-address limit spares every other request."""
    return not to_the_api()


@limiter.request_filter
def page_read() -> bool:
    """A GET or HEAD outside the API: no limit counts it, so the limiter need not look."""
    return request.method in _READS and not to_the_api()


def _request_identity() -> str:
    """The request's endpoint, as the limiter's default, or UNROUTED_API for an address under /api/ without one."""
    if request.endpoint:
        return request.endpoint
    return UNROUTED_API if to_the_api() else ""


def _refused(response: Response) -> bool:
    """Only refused attempts count against an account or an address."""
    return response.status_code == 422


def _made(response: Response) -> bool:
    """A token was made: only those count against the account's tokens."""
    return response.status_code == 201


def _visitor() -> bool:
    """Nobody logged in: no account to count against (every visitor would otherwise share one)."""
    return not current_user.is_authenticated


def _logged_in() -> bool:
    """Someone logged in: no guest account is made for them."""
    return bool(current_user.is_authenticated)


def _joined(response: Response) -> bool:
    """A code let the phone in (to the match's scoreboard)."""
    return response.status_code == 302


def _account_key() -> str:
    """The account a password attempt is aimed at: the logged-in one, or the typed username's key (never empty)."""
    if request.endpoint != "accounts.login" and current_user.is_authenticated:
        return "account:" + str(current_user.username_key)
    typed = request.form.get("username", "")[:_TYPED_NAME_BOUND]
    return "account:" + username_key(typed)


def _device_key() -> str:
    """This phone: its device login (every phone of an account counts alone), or its address without one."""
    login = getattr(current_user, "login_token", None)
    return f"login:{login.id}" if login is not None else "address:" + str(request.remote_addr)


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
    secret = bearer_secret()
    if secret is None:
        return "address:" + str(request.remote_addr)
    return "token:" + digest(secret[:_TYPED_NAME_BOUND])


_password_per_account = limiter.shared_limit(_setting("LOGIN_LIMIT_PER_ACCOUNT"), scope="password", methods=["POST"],
                                             key_func=_account_key, deduct_when=_refused)
_login_per_address = limiter.limit(_setting("LOGIN_LIMIT_PER_ADDRESS"), methods=["POST"], deduct_when=_refused)
_register_per_address = limiter.limit(_setting("REGISTER_LIMIT"), methods=["POST"])
_guests_per_address = limiter.shared_limit(_setting("GUEST_LIMIT"), scope="guests", methods=["POST"])
_api_per_token = limiter.shared_limit(_setting("API_TOKEN_LIMIT"), scope="api-token", key_func=_token_key)
_basic_per_account = limiter.shared_limit(_setting("LOGIN_LIMIT_PER_ACCOUNT"), scope="password", methods=["POST"],
                                          key_func=_basic_account_key, deduct_when=_refused_credentials)
_basic_per_address = limiter.limit(_setting("LOGIN_LIMIT_PER_ADDRESS"), methods=["POST"],
                                   deduct_when=_refused_credentials)
# One count per account for both ways of making a token: the page knows the account by its login, the API by
# the Basic credentials (a wrong password makes nothing, so it never uses up the owner's count).
_tokens_made_on_the_page = limiter.shared_limit(_setting("TOKEN_CREATION_LIMIT"), scope="token-creation",
                                                methods=["POST"], key_func=_account_key, deduct_when=_made)
_tokens_made_with_basic = limiter.shared_limit(_setting("TOKEN_CREATION_LIMIT"), scope="token-creation",
                                               methods=["POST"], key_func=_basic_account_key, deduct_when=_made)
_presence_per_device = limiter.limit(_setting("PRESENCE_LIMIT"), methods=["POST"], key_func=_device_key)

# A join code refused, on the page or through the API: per address (one count for both) and per account.
_joins_per_address = limiter.shared_limit(_setting("JOIN_LIMIT"), scope="join-address", methods=["POST"],
                                          deduct_when=_refused)
_joins_per_account = limiter.shared_limit(_setting("JOIN_LIMIT"), scope="join-account", methods=["POST"],
                                          key_func=_account_key, deduct_when=_refused, exempt_when=_visitor)
# A visitor who joins with a good code gets a guest account: counted with every other guest from its address.
_guests_joining = limiter.shared_limit(_setting("GUEST_LIMIT"), scope="guests", methods=["POST"],
                                       exempt_when=_logged_in, deduct_when=_joined)
_joins_per_token = limiter.shared_limit(_setting("JOIN_LIMIT"), scope="join-token", methods=["POST"],
                                        key_func=_token_key, deduct_when=_refused)
# …and on the whole server: many addresses guessing together meet one count (a right code costs nothing).
_joins_per_server = limiter.shared_limit(_setting("JOIN_LIMIT_PER_SERVER"), scope="join-server", methods=["POST"],
                                         key_func=lambda: "server", deduct_when=_refused)


def throttle_join(view: Callable[P, R]) -> Callable[P, R]:
    """The join page: refused codes per address and per account (a visitor has none: its address counts); a
    visitor let in, as a guest made (GUEST_LIMIT)."""
    return _joins_per_server(_joins_per_address(_joins_per_account(_guests_joining(view))))


def throttle_api_join(view: Callable[P, R]) -> Callable[P, R]:
    """Joining through the API: refused codes per address (counted with the page's) and per token."""
    return _joins_per_server(_joins_per_address(_joins_per_token(view)))


def throttle_login(view: Callable[P, R]) -> Callable[P, R]:
    """The login's limits: refused attempts per account and per address."""
    return _password_per_account(_login_per_address(view))


def throttle_password_check(view: Callable[P, R]) -> Callable[P, R]:
    """A page that asks for the current password: refused attempts count with the account's logins."""
    return _password_per_account(view)


def throttle_token_request(view: Callable[P, R]) -> Callable[P, R]:
    """Making a token under HTTP Basic: refused attempts count as refused logins, per account and address; a
    token made counts with the account's tokens made."""
    return _basic_per_account(_basic_per_address(_tokens_made_with_basic(view)))


def throttle_token_page(view: Callable[P, R]) -> Callable[P, R]:
    """Making a token on the account page: a token made counts with the account's tokens made."""
    return _tokens_made_on_the_page(view)


def throttle_per_token(view: Callable[P, R]) -> Callable[P, R]:
    """An endpoint that takes a token: every request counts against its token, wherever it comes from."""
    return _api_per_token(view)


def throttle_presence(view: Callable[P, R]) -> Callable[P, R]:
    """Who is entering: what one phone's entry pages say, counted per device login."""
    return _presence_per_device(view)


def throttle_register(view: Callable[P, R]) -> Callable[P, R]:
    """The registration's limit: attempts per address."""
    return _register_per_address(view)


def throttle_guests(view: Callable[P, R]) -> Callable[P, R]:
    """A view that starts a guest account: its POSTs count per address, together with every other such view's."""
    return _guests_per_address(view)


def retry_after() -> int:
    """Whole seconds until the limit this request broke lets it through again (at least 1)."""
    broken = limiter.current_limit
    if broken is None:
        return 60
    return max(1, math.ceil(broken.reset_at - time.time()))


def init_app(app: Flask) -> None:
    """Bind the limiter: storage and limits from the settings, the API's per-address limit as its
    application-wide one (Flask-Limiter's RATELIMIT_APPLICATION settings), spared outside the API."""
    app.config.setdefault("RATELIMIT_APPLICATION", _setting("API_LIMIT"))
    app.config.setdefault("RATELIMIT_APPLICATION_EXEMPT_WHEN", _outside_the_api)
    app.config.setdefault("RATELIMIT_REQUEST_IDENTIFIER", _request_identity)
    limiter.init_app(app)
