"""The front page and the language switch."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user

from ..headers import cookie_security
from ..i18n import LANGUAGE_COOKIE, LANGUAGES
from .safety import safe_next

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    """A logged-in scorekeeper goes to the matches; anyone else sees what the app is."""
    if current_user.is_authenticated:
        return redirect(url_for("matches.index"))
    return render_template("main/index.html")


@bp.get("/language/<code>")
def language(code: str) -> ResponseReturnValue:
    """Switch language and remember it on this phone for a year."""
    if code not in LANGUAGES:
        abort(404)
    response = redirect(safe_next(request.args.get("next")) or url_for("main.index"))
    response.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 24 * 3600, **cookie_security())
    return response
