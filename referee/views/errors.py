"""Error answers: JSON for the API, a page for people."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from werkzeug.exceptions import HTTPException, TooManyRequests

from ..database_faults import Outcome, describe, fault_of, note_unavailable, outcome
from ..extensions import db
from ..web.api_requests import to_the_api
from ..web.throttling import retry_after

# The accounts forms' PasswordFields (referee/forms/accounts.py): a password is never written into a page, so a
# form holding one is not offered to be sent again (tests/web/test_faults.py checks the list against the forms).
PASSWORD_FIELDS = frozenset({"password", "confirm", "current"})


def http_error(error: HTTPException) -> ResponseReturnValue:
    """A 4xx/5xx in the reader's language, shaped for who asked."""
    messages = {404: _("Not found."), 403: _("Only the match's owner can do this."),
                405: _("This method is not allowed here."), 400: _("Bad request."), 413: _("The request is too large.")}
    code = error.code or 500
    message = messages.get(code, error.description or _("Something went wrong."))
    # The exception's own headers (a 405's Allow, which RFC 9110 requires), less the content type of its page.
    headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    if to_the_api():
        # Too large is the body's fault: name it, as the API's other body errors do.
        field = "body" if code == 413 else ""
        return {"errors": [{"field": field, "message": message}]}, code, headers
    return render_template("error.html", code=code, message=message), code, headers


def too_many_requests(_error: TooManyRequests) -> ResponseReturnValue:
    """Over a limit (referee/web/throttling.py): 429, how long to wait in words and in Retry-After."""
    seconds = retry_after()
    message = ngettext("Too many requests. Please wait %(num)d second and try again.",
                       "Too many requests. Please wait %(num)d seconds and try again.", seconds)
    headers = {"Retry-After": str(seconds)}
    if to_the_api():
        return {"errors": [{"field": "", "message": message}]}, 429, headers
    return render_template("error.html", code=429, message=message), 429, headers


def server_error(error: Exception) -> ResponseReturnValue:
    """Roll back the session so the next request starts clean."""
    _roll_back()
    message = _("Something went wrong on our side. Please try again.")
    if to_the_api():
        return {"errors": [{"field": "", "message": message}]}, 500
    return render_template("error.html", code=500, message=message), 500


@dataclass(frozen=True)
class Resend:
    """A refused form, to be sent again from the 503 page as it was: its address and every field posted."""

    url: str
    fields: list[tuple[str, str]]


def resend() -> Resend | None:
    """The page form this request posted, when it can be sent again whole: no file, no password."""
    if request.method != "POST" or to_the_api():
        return None
    try:
        if request.files or not request.form:
            return None
    except HTTPException:  # a body the view never read (the fault came first) that cannot be read whole
        return None
    fields = list(request.form.items(multi=True))
    if any(name in PASSWORD_FIELDS for name, _value in fields):
        return None
    query = request.query_string.decode("latin-1")
    return Resend(request.path + (f"?{query}" if query else ""), fields)


def database_unavailable(error: DBAPIError) -> ResponseReturnValue:
    """A database that cannot write or be reached just now (referee/database_faults.py): the transaction rolled
    back, 503 with Retry-After, a page saying to try again (with the form, to send again) or the JSON errors shape;
    a change committed before the fault, or whose commit the lost connection left in doubt, is said to be so.
    Any other database error is a bug: raised on, it is logged with its traceback and answered 500."""
    fault = fault_of(error)
    if fault is None:
        raise error
    _roll_back()
    note_unavailable()
    result = outcome(error, fault, request.method)
    current_app.logger.warning("Answered 503: the database is unavailable (%s), %s: %s", fault.word, result.value,
                               describe(error))
    message = {
        Outcome.NOTHING: _("The server's database is unavailable just now, so nothing was changed. "
                           "Please try again in a moment."),
        Outcome.SAVED: _("What you sent was saved, but the server's database became unavailable before the answer "
                         "was ready. Please look again in a moment."),
        Outcome.IN_DOUBT: _("The server lost its database connection while saving, so what you sent may or may not "
                            "have been saved. Please look again in a moment before sending it again."),
    }[result]
    headers = {"Retry-After": str(fault.retry_after), "Cache-Control": "no-store"}
    if to_the_api():
        return {"errors": [{"field": "", "message": message}]}, 503, headers
    # The page reads nothing from the database, which may be out of reach: no login is looked up (referee/web/auth.py),
    # none is shown (same_for_everyone).
    nothing = result is Outcome.NOTHING
    return render_template("unavailable.html", message=message, nothing_changed=nothing,
                           resend=resend() if nothing else None, form_page=form_page() if nothing else None), \
        503, headers


def form_page() -> str | None:
    """For a form that cannot be sent again from the 503 page (a password, a file): the page it came from."""
    rule = request.url_rule
    if request.method != "POST" or rule is None or "GET" not in (rule.methods or ()):
        return None
    return request.path


def _roll_back() -> None:
    """End the failed transaction; a connection that broke is dropped by the pool instead."""
    try:
        db.session.rollback()
    except SQLAlchemyError as error:
        current_app.logger.warning("Rolling back the failed request's transaction failed too: %s", describe(error))


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(DBAPIError, database_unavailable)
    app.register_error_handler(TooManyRequests, too_many_requests)
    app.register_error_handler(500, server_error)
