"""Logins: who the current user is, and passwords hashed with werkzeug."""

from __future__ import annotations

from flask import Flask
from flask_babel import lazy_gettext as _l
from werkzeug.security import check_password_hash, generate_password_hash

from .extensions import db, login_manager
from .models import User


def hash_password(password: str) -> str:
    """A salted hash of a password (scrypt, werkzeug's default)."""
    return generate_password_hash(password)


def password_matches(user: User, password: str) -> bool:
    """True when the password is the user's."""
    return check_password_hash(user.password_hash, password)


def _load_user(user_id: str) -> User | None:
    """The logged-in user from the session's id."""
    return db.session.get(User, int(user_id)) if user_id.isdigit() else None


def init_app(app: Flask) -> None:
    """Bind Flask-Login: unknown visitors go to the login page."""
    login_manager.init_app(app)
    login_manager.user_loader(_load_user)
    login_manager.login_view = "accounts.login"
    login_manager.login_message = _l("Please log in to keep score.")
    login_manager.login_message_category = "info"
