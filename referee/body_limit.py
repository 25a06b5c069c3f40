"""MAX_CONTENT_LENGTH for bodies sent without Content-Length (chunked) too.

Werkzeug refuses a declared Content-Length over the limit with 413, but a chunked
body over it is silently cut at the limit: a JSON body then reads as malformed
(400) and a form as missing its fields. So a body without Content-Length is read
here first, up to one byte past the limit, and handed on with the Content-Length
it turned out to have: Werkzeug's own check then answers 413 through the app's
error handlers (JSON under /api, a page elsewhere), and a small body reads as usual.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from flask import Flask

_CHUNK = 16 * 1024


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

    def __init__(self, app: Flask, wsgi_app: Any) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        """Buffer a terminated body of unknown length, then call the app."""
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        chunked = environ.get("HTTP_TRANSFER_ENCODING", "").lower() == "chunked"
        unknown_length = chunked or not environ.get("CONTENT_LENGTH")
        # Only a server that terminates the stream (gunicorn, Werkzeug's for chunked) may be read to its end.
        if limit is not None and unknown_length and environ.get("wsgi.input_terminated"):
            body = _read_up_to(environ["wsgi.input"], limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            # Werkzeug takes a chunked request's length as unknown, whatever CONTENT_LENGTH says.
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.wsgi_app(environ, start_response)  # type: ignore[no-any-return]


def init_app(app: Flask) -> None:
    """Wrap the app's WSGI callable."""
    app.wsgi_app = BodyLimit(app, app.wsgi_app)  # type: ignore[method-assign]
