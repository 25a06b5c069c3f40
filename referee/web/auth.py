"""Logins: passwords hashed with werkzeug, and Flask-Login bound to per-device tokens.

Flask-Login keeps whatever User.get_id answers in the session and in the remember
cookie; here that is the device's token (referee/services/sessions.py), and the
user_loader looks it up by its hash. So logout, "log out everywhere" and a password
change end sessions on the server, and a copied cookie stops working with them.

Each login and each logout gives the session a new CSRF token: a form token handed out before
(to whoever had the page, or planted by another site before the login) is refused after it.
"""

from __future__ import annotations

from flask import Flask, current_app, g, request, session
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user, logout_user
from flask_wtf.csrf import generate_csrf

from ..database_faults import known_unavailable, skipped_when_unavailable
from ..extensions import login_manager
from ..models import User
from ..services import sessions

__all__ = ["forget_login", "init_app", "log_in", "log_out", "log_out_everywhere", "signed_in", "this_device"]

_NOT_A_DEVICES_USE = frozenset({"api", "health"})  # blueprints whose requests do not keep a login alive


def lifetimes() -> sessions.Lifetimes:
    """The app's login lifetimes (referee/config.py)."""
    config = current_app.config
    return sessions.Lifetimes(remember=config["REMEMBER_COOKIE_DURATION"], session=config["LOGIN_SESSION_LIFETIME"],
                              touch=config["LOGIN_TOKEN_TOUCH_INTERVAL"])


def this_device(remember: bool) -> sessions.Device:
    """The device this request comes from, for a service that logs it in; with `remember`, a cookie keeps the login
    after the browser closes."""
    return sessions.Device(remember, request.headers.get("User-Agent", ""), lifetimes())


def log_in(user: User, remember: bool) -> None:
    """Log the user in on this device with a new token (its own use case)."""
    device = this_device(remember)
    signed_in(sessions.start_session(user, device), device)


def signed_in(user: User, device: sessions.Device) -> None:
    """Let this browser in as the account a service just started the device's login for (sessions.start_session
    attached the token), with a new CSRF token."""
    login_user(user, remember=device.remember)
    _new_csrf_token()


def log_out() -> None:
    """End this device's login on the server, then forget it in the browser."""
    token = getattr(current_user, "login_token", None)
    if token is not None:
        sessions.end_session(token)
    forget_login()


def log_out_everywhere(user: User) -> None:
    """End every login of the account, this device's too."""
    sessions.end_sessions(user)
    forget_login()


def forget_login() -> None:
    """Forget the login in this browser (ended on the server already, or about to be), with a new CSRF token."""
    logout_user()
    _new_csrf_token()


def _new_csrf_token() -> None:
    """Give the session a new CSRF token: the old one is refused from now on.

    Flask-WTF keeps the token in the session, and the one signed for this request in g, both under the name
    WTF_CSRF_FIELD_NAME (generate_csrf's documented places); without them generate_csrf makes a new one. Made
    now, it goes out with this answer's session cookie, rather than changing the cookie on the next page.
    """
    name = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    session.pop(name, None)
    g.pop(name, None)
    generate_csrf()


def _load_login(secret: str) -> User | None:
    """The account a device's login names; none looked up once the database failed this request (its 503 page,
    rendered with Flask-Login's current_user, must not ask the database again)."""
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
        forget_login()  # logged out from another device a moment ago
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
