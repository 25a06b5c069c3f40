"""Error answers: JSON for the API, a page for people."""

from __future__ import annotations

from flask import Flask, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.exceptions import HTTPException, TooManyRequests

from ..extensions import db


def wants_json() -> bool:
    """True for API requests."""
    return request.path.startswith("/api/")


def http_error(error: HTTPException) -> ResponseReturnValue:
    """A 4xx/5xx in the reader's language, shaped for who asked."""
    messages = {404: _("Not found."), 405: _("This method is not allowed here."),
                400: _("Bad request."), 413: _("The request is too large.")}
    code = error.code or 500
    message = messages.get(code, error.description or _("Something went wrong."))
    # The exception's own headers (a 405's Allow, which RFC 9110 requires), less the content type of its page.
    headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    if wants_json():
        # Too large is the body's fault: name it, as the API's other body errors do.
        field = "body" if code == 413 else ""
        return {"errors": [{"field": field, "message": message}]}, code, headers
    return render_template("error.html", code=code, message=message), code, headers


def too_many_requests(_error: TooManyRequests) -> ResponseReturnValue:
    """Over a limit (referee/throttling.py): 429, how long to wait in words and in Retry-After."""
    from ..throttling import retry_after

    seconds = retry_after()
    message = ngettext("Too many requests. Please wait %(num)d second and try again.",
                       "Too many requests. Please wait %(num)d seconds and try again.", seconds)
    headers = {"Retry-After": str(seconds)}
    if wants_json():
        return {"errors": [{"field": "", "message": message}]}, 429, headers
    return render_template("error.html", code=429, message=message), 429, headers


def server_error(error: Exception) -> ResponseReturnValue:
    """Roll back the session so the next request starts clean."""
    db.session.rollback()
    message = _("Something went wrong on our side. Please try again.")
    if wants_json():
        return {"errors": [{"field": "", "message": message}]}, 500
    return render_template("error.html", code=500, message=message), 500


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(TooManyRequests, too_many_requests)
    app.register_error_handler(500, server_error)
