"""MAX_CONTENT_LENGTH for bodies sent without Content-Length (chunked) too.

Werkzeug refuses a declared Content-Length over the limit with 413, but a chunked
body over it is silently cut at the limit: a JSON body then reads as malformed
(400) and a form as missing its fields. So a body without Content-Length is read
here first, up to one byte past the limit, and handed on with the Content-Length
it turned out to have: Werkzeug's own check then answers 413 through the app's
error handlers (JSON under /api, a page elsewhere), and a small body reads as usual.

A view that takes a larger body (the backup upload) says so with @larger_body("SETTING"): its requests
are bounded by that setting instead, read before any other hook (CSRF's reads the form) and by the
middleware alike; every other address keeps MAX_CONTENT_LENGTH.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from flask import Flask, request
from werkzeug.exceptions import HTTPException

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

_CHUNK = 16 * 1024
_SETTING = "body_limit_setting"  # the attribute @larger_body gives a view
_NO_BODY = frozenset({"GET", "HEAD"})  # methods whose body no view reads
View = TypeVar("View", bound=Callable[..., Any])


def larger_body(setting: str) -> Callable[[View], View]:
    """Let a view's requests carry a body of up to app.config[setting] bytes, not MAX_CONTENT_LENGTH."""
    def mark(view: View) -> View:
        setattr(view, _SETTING, setting)
        return view
    return mark


def limit_of(app: Flask, endpoint: str | None) -> int | None:
    """The most bytes a request to this endpoint may send."""
    setting = getattr(app.view_functions.get(endpoint or ""), _SETTING, None)
    return app.config[setting] if setting else app.config.get("MAX_CONTENT_LENGTH")


def _endpoint_of(app: Flask, environ: dict[str, Any]) -> str | None:
    """The endpoint a request's address routes to, before Flask has routed it (None for none)."""
    try:
        endpoint, _args = app.url_map.bind_to_environ(environ, server_name=app.config.get("SERVER_NAME")).match()
    except HTTPException:  # no such address, another method, a redirect: the usual limit
        return None
    return str(endpoint)


def _read_up_to(stream: Any, most: int) -> bytes:
    """At most `most` bytes of a stream; a read may return less than asked (one chunk at a time)."""
    parts: list[bytes] = []
    left = most
    while left > 0:
        data = stream.read(min(left, _CHUNK))
        if not data:
            break
        parts.append(data)
        left -= len(data)
    return b"".join(parts)


class BodyLimit:
    """WSGI middleware: a body without Content-Length gets one, read up to the app's limit plus one byte."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """Buffer a terminated body of unknown length, then call the app."""
        if environ.get("REQUEST_METHOD") in _NO_BODY:
            # No view reads the body of a GET or a HEAD: nothing to buffer, and no routing twice (gunicorn says
            # every body stream ends, so each page read was routed here once more, for nothing).
            return self.wsgi_app(environ, start_response)
        chunked = environ.get("HTTP_TRANSFER_ENCODING", "").lower() == "chunked"
        unknown_length = chunked or not environ.get("CONTENT_LENGTH")
        # Only a server that terminates the stream (gunicorn, Werkzeug's for chunked) may be read to its end.
        terminated = unknown_length and environ.get("wsgi.input_terminated")
        limit = limit_of(self.app, _endpoint_of(self.app, environ)) if terminated else None
        if limit is not None:
            body = _read_up_to(environ["wsgi.input"], limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            # Werkzeug takes a chunked request's length as unknown, whatever CONTENT_LENGTH says.
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.wsgi_app(environ, start_response)


def init_app(app: Flask) -> None:
    """Wrap the app's WSGI callable, and give a view marked with @larger_body its own limit. The hook is
    registered before CSRF protection's (referee/__init__.py binds this first), which reads the form."""
    app.wsgi_app = BodyLimit(app, app.wsgi_app)  # type: ignore[method-assign]  # WSGI middleware, as Flask's docs wrap it

    @app.before_request
    def own_limit() -> None:
        """This request's limit, when its view has one of its own."""
        if getattr(app.view_functions.get(request.endpoint or ""), _SETTING, None):
            request.max_content_length = limit_of(app, request.endpoint)
