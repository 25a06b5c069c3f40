"""Configuration: defaults for a single machine, overridden by the environment."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

SECRET_FILE = "secret_key"
# A whole hand is under 2 KB; a larger body is refused with 413 before it is read.
MAX_CONTENT_LENGTH = 64 * 1024


def secret_key(instance_path: str) -> str:
    """SECRET_KEY from the environment, else one generated once into instance/."""
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = Path(instance_path) / SECRET_FILE
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def database_url(instance_path: str) -> str:
    """DATABASE_URL from the environment (PostgreSQL), else SQLite in instance/."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        return "sqlite:///" + str(Path(instance_path) / "referee.sqlite")
    # Hosting platforms still hand out the old 'postgres://' scheme.
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def defaults(instance_path: str) -> dict[str, Any]:
    """The settings the app starts from."""
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "BABEL_DEFAULT_LOCALE": "en",
        "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
    } | session_settings() | throttling_settings()


def session_settings() -> dict[str, Any]:
    """How long a device stays logged in (referee/auth.py): both lifetimes slide while the device is used."""
    return {
        "REMEMBER_COOKIE_DURATION": timedelta(days=90),  # "Stay logged in on this phone"
        "LOGIN_SESSION_LIFETIME": timedelta(hours=12),  # without it: idle this long, the login ends
        "LOGIN_TOKEN_TOUCH_INTERVAL": timedelta(minutes=5),  # last use is written at most this often
    }


def throttling_settings() -> dict[str, Any]:
    """Flask-Limiter's settings and the app's limits (referee/throttling.py), in its limit syntax.

    RATELIMIT_STORAGE_URI comes from the environment: memory:// (each process counts on its
    own) unless it names a shared store such as redis://host:6379/0 for several processes.
    """
    return {
        "RATELIMIT_ENABLED": True,
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI") or "memory://",
        "RATELIMIT_STRATEGY": "moving-window",
        "RATELIMIT_KEY_PREFIX": "referee",
        # A store that stops answering must not turn logins into 500s: count in memory meanwhile.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        "LOGIN_LIMIT_PER_ACCOUNT": "10 per minute",  # failed logins to one username, from anywhere
        "LOGIN_LIMIT_PER_ADDRESS": "10 per minute",  # failed logins from one address, to any username
        "REGISTER_LIMIT": "10 per hour",  # registration attempts from one address
        "API_LIMIT": "120 per minute",  # requests to /api/ from one address, all endpoints together
    }
