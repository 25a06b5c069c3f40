"""Logins: passwords hashed with werkzeug, and Flask-Login bound to per-device tokens.

Flask-Login keeps whatever User.get_id answers in the session and in the remember
cookie; here that is the device's token (referee/services/sessions.py), and the
user_loader looks it up by its hash. So logout, "log out everywhere" and a password
change end sessions on the server, and a copied cookie stops working with them.
"""

from __future__ import annotations

from flask import Flask, current_app, request, session
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user, logout_user

from .database_faults import known_unavailable, skipped_when_unavailable
from .extensions import login_manager
from .models import User
from .services import sessions

__all__ = ["init_app", "log_in", "log_out", "log_out_everywhere"]

_NOT_A_DEVICES_USE = frozenset({"api", "health"})  # blueprints whose requests do not keep a login alive


def lifetimes() -> sessions.Lifetimes:
    """The app's login lifetimes (referee/config.py)."""
    config = current_app.config
    return sessions.Lifetimes(remember=config["REMEMBER_COOKIE_DURATION"], session=config["LOGIN_SESSION_LIFETIME"],
                              touch=config["LOGIN_TOKEN_TOUCH_INTERVAL"])


def log_in(user: User, remember: bool) -> None:
    """Log the user in on this device with a new token; with `remember`, a cookie keeps it after the browser closes."""
    sessions.start_session(user, remember, request.headers.get("User-Agent", ""), lifetimes())
    login_user(user, remember=remember)


def log_out() -> None:
    """End this device's login on the server, then forget it in the browser."""
    token = getattr(current_user, "login_token", None)
    if token is not None:
        sessions.end_session(token)
    logout_user()


def log_out_everywhere(user: User) -> None:
    """End every login of the account, this device's too."""
    sessions.end_sessions(user)
    logout_user()


def _load_login(secret: str) -> User | None:
    """The account a device's login names; none looked up once the database failed this request (its 503 page,
    drawn with Flask-Login's current_user, must not ask the database again)."""
    return None if known_unavailable() else sessions.load_session(secret)


def _keep_session_alive() -> None:
    """Note this device's use every few minutes, pushing its expiry back, and renew its remember cookie.

    Done before the view, while nothing else is pending in the database session; static
    files, the cookie-free API and the health check (a monitor's, logged in to nothing) skip it.
    """
    if request.endpoint in (None, "static") or request.blueprint in _NOT_A_DEVICES_USE:
        return
    token = getattr(current_user, "login_token", None)
    if token is None:
        return
    remember = token.remember
    touched = False
    try:
        # A page that only reads still answers while the database cannot write (the use is noted later).
        with skipped_when_unavailable("noting a login's use"):
            touched = sessions.touch_session(token, lifetimes())
    except sessions.SessionEnded:
        logout_user()  # logged out from another device a moment ago
        return
    if touched and remember:
        session["_remember"] = "set"  # Flask-Login sets the cookie again, for the full duration


def init_app(app: Flask) -> None:
    """Bind Flask-Login: unknown visitors go to the login page."""
    login_manager.init_app(app)
    login_manager.user_loader(_load_login)  # the device token in the session or the remember cookie
    login_manager.login_view = "accounts.login"
    login_manager.login_message = _l("Please log in to keep score.")
    login_manager.login_message_category = "info"
    app.before_request(_keep_session_alive)
