"""The live pages' polls answered before Flask's request handling: a 304 from one query, nothing else.

Every phone at a table follows its match: the spectators' pages and the scorers' scoreboards (and the entry page's
notice, which asks the scoreboard) ask again every few seconds (static/js/live.js), and nearly every answer is a
bare 304. Through Flask each one would open the session, run the login, throttling and request-size hooks, negotiate
the language, look the match and the role up and then close a database session: several times the cost of the one
query that decides the answer. So a WSGI middleware in front of the app looks at a conditional GET or HEAD of the
spectator page or of the scoreboard first: it routes the address with the app's own URL map (so the host is checked
against TRUSTED_HOSTS as Flask checks it), reads what the page's ETag rests on in one query on a connection of the
app's engine, and when the ETag is among the If-None-Match tags it answers 304 with the headers the full route gives
(the view's, the security headers, the request id) and writes the request's log line. Anything else (another
address, an ETag that is stale, a link replaced or never made, a database that fails) goes on to the app, which
answers as it always has.

Nothing is skipped that such a poll needs. The spectator page shows nothing of its reader (no session, no login).
The scoreboard is answered here only to static/js/live.js's polls (they say so: the X-Live-Poll header), never to
a navigation that revalidates the browser's copy (a reload, the page a form's redirect leads to): a poll swaps the
page's live regions and shows no message, so a message waiting to be shown (a flash) has no bearing on its answer
and stays for the next page drawn, whereas a navigation must show it, and the app looks for it. The poll's session
is read from the signed cookie by Flask's session interface (open_session, never saved: nothing is written), for
the device's login and the CSRF token, without a request context of the app's (pushing one, with its URL matched
again and its teardowns, cost a third of the poll); and the one query checks that login as the user loader does
(live, not expired) along with the match's version, the account's role, its club membership and its tournament
table (services/live_versions.py). The app answers instead whenever it would do more than a 304: the login is not
live, the role opens no scoreboard, the first dealer is not chosen, or the login's use is due to be noted
(services/sessions.py: touch_session, every few minutes), so a phone that only polls stays logged in and the poll
itself writes nothing. No limit counts a page's GET (referee/web/throttling.py), a GET has no body to bound, and
both ETags hash the request's language and theme inputs as they come (the `lang` and `theme` cookies, Accept-
Language), not the language negotiated from them: each negotiated page has its own inputs, so no ETag answers for
another page.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from flask import Flask
from sqlalchemy import Connection
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_cookie, parse_etags, quote_etag
from werkzeug.routing import MapAdapter
from werkzeug.wsgi import get_host

from ..extensions import db
from ..models import now
from ..services.live_versions import scoreboard_version_on
from ..services.matches import spectator_version_on
from ..services.roles import Role
from ..web import headers, request_log
from ..web.i18n import LANGUAGE_COOKIE
from .board_etag import CSRF_KEY, code_digest, tag
from .board_etag import HEADERS as BOARD_HEADERS
from .spectator import HEADERS, page_etag
from .themes import THEME_COOKIE

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

ENDPOINT = "spectator.watch"
SCOREBOARD = "matches.show"
_READS = frozenset({"GET", "HEAD"})
_ANSWERED = frozenset({ENDPOINT, SCOREBOARD})
# Where Flask-Login keeps the logged-in id in the session: the device's login secret (web/auth.py).
LOGIN_KEY = "_user_id"
# What static/js/live.js's polls carry: the scoreboard's 304 is answered here only to them.
POLL_HEADER = "HTTP_X_LIVE_POLL"
_OPENS = frozenset({Role.OWNER.value, Role.SCORER.value})  # Role.opens: whose scoreboard the page is


class SpectatorPolls:
    """The middleware: a spectator page's or a scoreboard's conditional GET answered 304 when it may be, else the
    app."""

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
        routed = self.routed(environ)
        if routed is None:
            return None
        endpoint, arguments = routed
        try:
            with self.engine().connect() as connection:
                found = (self.spectator_etag(connection, environ, str(arguments["token"])) if endpoint == ENDPOINT
                         else self.scoreboard_etag(connection, environ, int(arguments["match_id"])))
        except SQLAlchemyError:  # the app answers, with its page for a database that is down
            return None
        if found is None:
            return None
        etag, view_headers = found
        if not parse_etags(wanted).contains(etag):
            return None
        # Vary as the whole page's (a 304 stands for it), which Flask-Compress encodes by Accept-Encoding.
        answer = view_headers | {"Vary": view_headers["Vary"] + ", Accept-Encoding", "ETag": quote_etag(etag)}
        for name, value in headers.security_headers(environ.get("wsgi.url_scheme") == "https", self.app.config).items():
            answer.setdefault(name, value)
        answer[request_log.HEADER] = request_log.incoming_or_new(environ.get("HTTP_X_REQUEST_ID", ""))
        return list(answer.items())

    def spectator_etag(self, connection: Connection, environ: WSGIEnvironment,
                       token: str) -> tuple[str, dict[str, str]] | None:
        """The spectator page's ETag now, or None for a link that shows no match (the app's 410 or 404)."""
        seen = spectator_version_on(connection, token)
        if seen is None:
            return None
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        return page_etag(token, seen, cookies.get(LANGUAGE_COOKIE, ""), environ.get("HTTP_ACCEPT_LANGUAGE", ""),
                         cookies.get(THEME_COOKIE, "")), HEADERS

    def scoreboard_etag(self, connection: Connection, environ: WSGIEnvironment,
                        match_id: int) -> tuple[str, dict[str, str]] | None:
        """The scoreboard's ETag for this browser now (board_etag.py's, from the same parts), or None when the app
        must answer: not a live poll, no session or login in it, a login not live or due to be noted, a role that
        opens no scoreboard, a match whose first dealer is not chosen. The session is opened by the app's session
        interface from the request's cookie, and never saved: nothing is written."""
        if not environ.get(POLL_HEADER):
            return None
        request = self.app.request_class(environ)
        session = self.app.session_interface.open_session(self.app, request)
        secret = session.get(LOGIN_KEY) if session is not None else None
        if session is None or not isinstance(secret, str):
            return None
        moment = now()
        seen = scoreboard_version_on(connection, secret, match_id, moment)
        if seen is None or seen.role not in _OPENS or not seen.drawn:
            return None
        if moment - seen.last_used_at >= self.app.config["LOGIN_TOKEN_TOUCH_INTERVAL"]:
            return None
        browser = {CSRF_KEY: str(session.get(CSRF_KEY, "")), LANGUAGE_COOKIE: request.cookies.get(LANGUAGE_COOKIE, ""),
                   "accept_language": request.headers.get("Accept-Language", ""),
                   THEME_COOKIE: request.cookies.get(THEME_COOKIE, "")}
        address = (request.scheme, request.host, request.script_root, request.full_path)
        etag = tag((str(seen.user_id), seen.username, str(seen.login_id)), browser, address,
                   code_digest(self.app), ("scoreboard", str(match_id), *seen.page))
        return etag, BOARD_HEADERS

    def routed(self, environ: WSGIEnvironment) -> tuple[str, Mapping[str, Any]] | None:
        """The endpoint and arguments of a spectator page or a scoreboard the address names, routed by the app's
        URL map (None for any other address, or a host the app refuses)."""
        try:
            trusted = self.app.config["TRUSTED_HOSTS"]
            if trusted is not None:
                get_host(environ, trusted_hosts=trusted)  # SecurityError for another host, as Flask checks it
            adapter: MapAdapter = self.app.url_map.bind_to_environ(
                environ, server_name=self.app.config.get("SERVER_NAME"))
            endpoint, arguments = adapter.match()
        except (HTTPException, ValueError):  # no such address, a redirect, a host refused or not encodable
            return None
        return (str(endpoint), arguments) if endpoint in _ANSWERED else None


def init_app(app: Flask) -> None:
    """Put the middleware in front of the app, inside the proxy fix and the body limit (installed after it), so
    that it sees the client's scheme and address as the app does."""
    app.wsgi_app = SpectatorPolls(app, app.wsgi_app)  # type: ignore[method-assign]  # WSGI middleware, as Flask's docs wrap it
