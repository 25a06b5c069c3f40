"""A download as the pages send it: a file with a name, never shown in place nor kept by a shared cache (a match's and
a tournament's exports)."""

from __future__ import annotations

from flask import Response


def attachment(body: str, mimetype: str, filename: str) -> Response:
    """A download: the body as a file of this name, never shown in place nor kept by a shared cache."""
    response = Response(body, mimetype=mimetype)
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    response.headers["Cache-Control"] = "private, no-store"
    return response
