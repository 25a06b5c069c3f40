"""The front page, the page for developers, and the language switch."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user

from ..services.history import match_rows, recent_matches
from ..web.headers import cookie_security
from ..web.i18n import LANGUAGE_COOKIE, LANGUAGES
from .redirect_targets import safe_next

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    """What the app does; for a logged-in player, a new match and their latest matches."""
    recent = recent_matches(current_user) if current_user.is_authenticated else []
    return render_template("main/index.html", recent=recent, rows=match_rows(recent, current_user))


@bp.get("/api")
def api() -> ResponseReturnValue:
    """The referee API's endpoints, for developers (docs/api.md has the details)."""
    return render_template("main/api.html")


@bp.get("/language/<code>")
def language(code: str) -> ResponseReturnValue:
    """Switch language and remember it on this phone for a year."""
    if code not in LANGUAGES:
        abort(404)
    response = redirect(safe_next(request.args.get("next")) or url_for("main.index"))
    response.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 24 * 3600, **cookie_security())
    return response
