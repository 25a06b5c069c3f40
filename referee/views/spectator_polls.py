"""The spectator page's polls answered before Flask's request handling: a 304 from one query, nothing else.

Every phone following a match asks again every few seconds (static/js/live.js), and nearly every answer is a
bare 304. Through Flask each one would open the session, run the login, throttling and request-size hooks,
negotiate the language, and then close a database session: a few times the cost of the one query that decides
the answer. So a WSGI middleware in front of the app looks at a conditional GET or HEAD of the spectator page
first: it routes the address with the app's own URL map (so the host is checked against TRUSTED_HOSTS as Flask
checks it), reads the match's version on a connection of the app's engine, and when the page's ETag is among the
If-None-Match tags it answers 304 with the headers the full route gives (the view's, the security headers, the
request id) and writes the request's log line. Anything else (another address, an ETag that is stale, a link
replaced or never made, a database that fails) goes on to the app, which answers as it always has.

Nothing is skipped that such a poll needs: the page shows nothing of its reader (no session, no login), no limit
counts a page's GET (referee/web/throttling.py), a GET has no body to bound, and the ETag hashes the request's
language and theme inputs as they come (the `lang` and `theme` cookies, Accept-Language), not the language
negotiated from them: each negotiated page has its own inputs, so no ETag answers for another page.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_cookie, parse_etags, quote_etag
from werkzeug.routing import MapAdapter
from werkzeug.wsgi import get_host

from ..extensions import db
from ..services.matches import spectator_version_on
from ..web import headers, request_log
from ..web.i18n import LANGUAGE_COOKIE
from .spectator import HEADERS, page_etag
from .themes import THEME_COOKIE

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

ENDPOINT = "spectator.watch"
_READS = frozenset({"GET", "HEAD"})


class SpectatorPolls:
    """The middleware: a spectator page's conditional GET answered 304 when it may be, else the app."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self._engine: Engine | None = None

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """The 304, or whatever the app answers."""
        started = time.perf_counter()
        answer = self.not_modified(environ)
        if answer is None:
            return self.wsgi_app(environ, start_response)
        start_response("304 NOT MODIFIED", answer)
        took = f"{(time.perf_counter() - started) * 1000:.1f}ms"
        request_log.log_line(environ["REQUEST_METHOD"], environ.get("PATH_INFO", ""), 304, took,
                             dict(answer)[request_log.HEADER])
        return []

    def engine(self) -> Engine:
        """The app's database engine (Flask-SQLAlchemy's, its pool shared with the app's requests)."""
        if self._engine is None:
            with self.app.app_context():
                self._engine = db.engine
        return self._engine

    def not_modified(self, environ: WSGIEnvironment) -> list[tuple[str, str]] | None:
        """The 304's headers, or None when the app must answer."""
        wanted = environ.get("HTTP_IF_NONE_MATCH")
        if not wanted or environ.get("REQUEST_METHOD") not in _READS:
            return None
        token = self.watched_token(environ)
        if token is None:
            return None
        try:
            with self.engine().connect() as connection:
                seen = spectator_version_on(connection, token)
        except SQLAlchemyError:  # the app answers, with its page for a database that is down
            return None
        if seen is None:  # replaced or never made: the app's 410 or 404
            return None
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        etag = page_etag(token, seen, cookies.get(LANGUAGE_COOKIE, ""), environ.get("HTTP_ACCEPT_LANGUAGE", ""),
                       cookies.get(THEME_COOKIE, ""))
        if not parse_etags(wanted).contains(etag):
            return None
        # Vary as the whole page's (a 304 stands for it), which Flask-Compress encodes by Accept-Encoding.
        answer = HEADERS | {"Vary": HEADERS["Vary"] + ", Accept-Encoding", "ETag": quote_etag(etag)}
        for name, value in headers.security_headers(environ.get("wsgi.url_scheme") == "https", self.app.config).items():
            answer.setdefault(name, value)
        answer[request_log.HEADER] = request_log.incoming_or_new(environ.get("HTTP_X_REQUEST_ID", ""))
        return list(answer.items())

    def watched_token(self, environ: WSGIEnvironment) -> str | None:
        """The spectator token the address names, routed by the app's URL map (None for any other address, or a
        host the app refuses)."""
        try:
            trusted = self.app.config["TRUSTED_HOSTS"]
            if trusted is not None:
                get_host(environ, trusted_hosts=trusted)  # SecurityError for another host, as Flask checks it
            adapter: MapAdapter = self.app.url_map.bind_to_environ(
                environ, server_name=self.app.config.get("SERVER_NAME"))
            endpoint, arguments = adapter.match()
        except (HTTPException, ValueError):  # no such address, a redirect, a host refused or not encodable
            return None
        return str(arguments["token"]) if endpoint == ENDPOINT else None


def init_app(app: Flask) -> None:
    """Put the middleware in front of the app, inside the proxy fix and the body limit (installed after it), so
    that it sees the client's scheme and address as the app does."""
    app.wsgi_app = SpectatorPolls(app, app.wsgi_app)  # type: ignore[method-assign]  # WSGI middleware, as Flask's docs wrap it
