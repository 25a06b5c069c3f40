"""Who is entering: the entry page says which hand it is entering (and when it leaves), and the scoreboard and
the entry pages ask who else is, in JSON (static/js/entering.js; the service: services/presence.py).

Both answer in JSON, their refusals too ({"errors": [...]} naming the field, as the API's): a script reads them,
never a person. Each is one small query past the login and the match's access check; neither touches the match,
so no ETag changes while someone types a hand.
"""

from __future__ import annotations

from flask import Blueprint, abort
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, TooManyRequests

from ..forms.presence import EnteringForm
from ..services import NotFound, get_match
from ..services.errors import Withdrawn
from ..services.presence import note_entering, note_leaving, others_entering
from ..web.throttling import retry_after, throttle_presence
from .entering_words import entering_words, this_login
from .refusal_words import conflict_words

bp = Blueprint("presence", __name__, url_prefix="/matches/<int:match_id>/entering")
HEADERS = {"Cache-Control": "private, no-store"}  # always asked anew: a copy of who was entering says nothing


@bp.get("")
@login_required
def who(match_id: int) -> ResponseReturnValue:
    """The other phones entering the match's next hand now, each in the reader's words."""
    try:
        seen = others_entering(current_user, this_login(), match_id)
    except NotFound:
        abort(404)
    return {"entering": [{"hand": s.hand, "words": words} for s, words in zip(seen, entering_words(seen),
                                                                               strict=True)]}, 200, HEADERS


@bp.post("")
@login_required
@throttle_presence
def say(match_id: int) -> ResponseReturnValue:
    """This phone is entering a hand, or left it: 204, or the form's refusal (422); a match the account has no
    role in is a 404 whatever it is sent."""
    try:
        get_match(current_user, match_id)
    except NotFound:
        abort(404)
    form = EnteringForm()
    if not form.validate():
        return {"errors": [{"field": name, "message": message}
                           for name, messages in form.errors.items() for message in messages]}, 422, HEADERS
    login = this_login()
    try:
        if login is None:  # not a device's login: nothing to say of a phone
            raise NotFound(match_id)
        if form.leaving.data:
            note_leaving(current_user, login, match_id, form.hand_number())
        else:
            note_entering(current_user, login, match_id, form.hand_number())
    except NotFound:
        abort(404)
    return "", 204, HEADERS


@bp.errorhandler(CSRFError)
def stale_page(_error: CSRFError) -> ResponseReturnValue:
    """A missing or wrong CSRF token (a page from before a login or logout): 400, naming the token."""
    return {"errors": [{"field": "csrf_token",
                        "message": _("This page is out of date: reload it.")}]}, 400, HEADERS


@bp.errorhandler(Withdrawn)
def no_longer_scorer(refused: Withdrawn) -> ResponseReturnValue:
    """A removed scorer's phone asking: 403, the refusal's words in JSON (the scoreboard's own page says them)."""
    return {"errors": [{"field": "", "message": conflict_words(refused)}]}, 403, HEADERS


@bp.errorhandler(TooManyRequests)
def too_many(_error: TooManyRequests) -> ResponseReturnValue:
    """Over PRESENCE_LIMIT: 429, how long to wait in words and in Retry-After."""
    seconds = retry_after()
    message = ngettext("Too many requests. Please wait %(num)d second and try again.",
                       "Too many requests. Please wait %(num)d seconds and try again.", seconds)
    return {"errors": [{"field": "", "message": message}]}, 429, {"Retry-After": str(seconds), **HEADERS}


@bp.errorhandler(HTTPException)
def refused(error: HTTPException) -> ResponseReturnValue:
    """Any other refusal (a match not the reader's: 404), in JSON."""
    messages = {404: _("Not found."), 400: _("Bad request."), 405: _("This method is not allowed here."),
                413: _("The request is too large.")}
    code = error.code or 400
    return {"errors": [{"field": "", "message": messages.get(code, error.description or _("Bad request."))}]}, \
        code, HEADERS
