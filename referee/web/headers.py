"""Security headers on every answer, and what HTTPS behind a proxy changes: HSTS, Secure cookies, ProxyFix.

A small module rather than Flask-Talisman: Talisman (last released in 2023) overwrites headers a view chose
(the spectator page's stricter Referrer-Policy), keeps its settings on one extension object (wrong as soon
as two apps live in one process, as in the tests), and believes a client's own X-Forwarded-Proto. Here a
view's header wins, each app keeps its own settings, and only the proxies the operator counts are believed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, current_app, request
from flask.typing import ResponseReturnValue
from flask.wrappers import Response
from flask_babel import gettext as _
from werkzeug.exceptions import BadHost, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from .api_requests import to_the_api

# The pages load nothing from elsewhere and carry no inline script or style (tests/web/test_headers.py checks
# it; the browser tests fail on any violation). form-action: every form posts to this site.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
# Nothing here uses a camera, a microphone or the location; the scoreboard keeps the screen awake.
PERMISSIONS_POLICY = ", ".join([
    "accelerometer=()", "camera=()", "geolocation=()", "gyroscope=()", "magnetometer=()", "microphone=()",
    "payment=()", "usb=()", "screen-wake-lock=(self)",
])
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    # Full referrer within the site (Flask-WTF's CSRF check over HTTPS wants it), nothing to other sites.
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
}
HSTS = "max-age=31536000"  # a year; no includeSubDomains: the operator's other names are not ours to decide


def security_headers(over_https: bool, config: Mapping[str, Any]) -> dict[str, str]:
    """The headers every answer gets: HSTS too on an HTTPS request, when the app is told so (REFEREE_HTTPS)."""
    return HEADERS | {"Strict-Transport-Security": HSTS} if over_https and config["HTTPS"] else HEADERS


def add_security_headers(response: Response) -> Response:
    """Every answer gets the headers a view has not set itself (the spectator polls' 304s too, answered before
    Flask: referee/views/spectator_polls.py)."""
    for name, value in security_headers(request.is_secure, current_app.config).items():
        response.headers.setdefault(name, value)
    return response


def cookie_security() -> dict[str, Any]:
    """The attributes of the app's own cookies (language, theme): like the session's, Secure behind HTTPS."""
    return {"secure": current_app.config["SESSION_COOKIE_SECURE"], "httponly": True, "samesite": "Lax"}


def unusable_host(error: SecurityError | BadHost) -> ResponseReturnValue:
    """A Host the app cannot answer under: refused with a 400 and no page, because no link can be built for it.

    Either it is not among TRUSTED_HOSTS (SecurityError), or it is no DNS name at all (BadHost): Werkzeug
    encodes the host in IDNA when it binds the URL map, and a label that is empty (`ex..ample`) or longer than
    63 characters cannot be encoded. Both come while Flask builds the request's URL adapter, so the request has
    none, and the error page, whose links need one, would fail in turn: a 500, its traceback logged twice."""
    message = _("This server does not answer to that host name.")
    if to_the_api():
        return {"errors": [{"field": "", "message": message}]}, 400
    return message, 400, {"Content-Type": "text/plain; charset=utf-8"}


def init_app(app: Flask) -> None:
    """Believe the counted proxies, make cookies Secure behind HTTPS, and add the headers to every answer."""
    if app.config["HTTPS"]:
        app.config.update(SESSION_COOKIE_SECURE=True, REMEMBER_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")
    proxies = app.config["PROXY_COUNT"]
    if proxies:
        # The client's address (for throttling and the log) and the scheme; the Host stays the proxy's own
        # `Host`, checked against TRUSTED_HOSTS.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]  # WSGI middleware, as Flask's docs wrap it
    app.after_request(add_security_headers)
    app.register_error_handler(SecurityError, unusable_host)
    app.register_error_handler(BadHost, unusable_host)
