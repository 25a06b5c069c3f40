"""Static files: fingerprinted URLs cached for a year, and responses compressed where the browser allows."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, current_app, request
from flask.wrappers import Response
from flask_compress import Compress
from werkzeug.security import safe_join

compress = Compress()

LONG = "public, max-age=31536000, immutable"
SHORT = "no-cache"  # revalidated each time (an ETag makes that a 304)


def fingerprint(filename: str) -> str | None:
    """The first 8 hex digits of a static file's SHA-256, computed once per file; None if there is no such file."""
    known: dict[str, str | None] = current_app.extensions["fingerprints"]
    if filename not in known or current_app.debug:  # while developing, files change under a running server
        path = safe_join(current_app.static_folder or "", filename)
        try:
            known[filename] = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:8] if path else None
        except OSError:
            known[filename] = None
    return known[filename]


def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    """url_for('static', filename=…) gets ?v=<hash8>, so a changed file gets a new URL."""
    if endpoint == "static" and "filename" in values and "v" not in values:
        version = fingerprint(values["filename"])
        if version:
            values["v"] = version


def cache_static(response: Response) -> Response:
    """A fingerprinted file that matches its fingerprint is cached for a year; anything else is checked each time."""
    if request.endpoint == "static":
        filename = (request.view_args or {}).get("filename", "")
        version = request.args.get("v")
        found = response.status_code in (200, 206, 304)
        response.headers["Cache-Control"] = LONG if found and version and version == fingerprint(filename) else SHORT
    return response


def close_streamed_file(response: Response) -> Response:
    """A file sent as a stream is closed with its answer, compressed or not: Flask-Compress wraps the file in a
    compressing generator whose close does not reach the file, which then waited for the garbage collector."""
    close = getattr(response.response, "close", None) if response.direct_passthrough else None
    if callable(close):
        response.call_on_close(close)
    return response


def init_app(app: Flask) -> None:
    """Fingerprint static URLs, set their cache headers, and compress answers (Flask-Compress)."""
    app.extensions["fingerprints"] = {}
    app.url_defaults(add_fingerprint)
    app.after_request(cache_static)
    # Static files are sent as streams; gzip too, for browsers that offer nothing better.
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["zstd", "br", "gzip", "deflate"])
    compress.init_app(app)
    # Registered after Flask-Compress, so it runs before it (after_request runs last registered first): it sees
    # the file before the compressor takes its place.
    app.after_request(close_streamed_file)
