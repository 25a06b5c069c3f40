"""Configuration: defaults for a single machine, overridden by the environment (see docs/deploy.md)."""

from __future__ import annotations

import os
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

SECRET_FILE = "secret_key"
# A whole hand is under 2 KB; a larger body is refused with 413 before it is read.
MAX_CONTENT_LENGTH = 64 * 1024
# A backup file uploaded to restore (referee/views/imports.py, docs/backup.md): the one larger body taken.
IMPORT_MAX_BYTES = 8 * 1024 * 1024
# Imports the whole server runs at once (referee/services/import_slots.py): each holds a worker for seconds.
IMPORTS_AT_ONCE = 1


def secret_key(instance_path: str) -> str:
    """SECRET_KEY from the environment, else one generated once into instance/."""
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = Path(instance_path) / SECRET_FILE
    if not path.exists():
        _write_once(path, secrets.token_hex(32))
    return path.read_text().strip()


def _write_once(path: Path, content: str) -> None:
    """Create a file whole, unless another process got there first (several workers start at once): the
    content goes to a private temporary file, which a hard link then names; the link fails if the name exists."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # mode 0600
    try:
        with os.fdopen(fd, "w") as file:
            file.write(content)
        os.link(temporary, path)
    except FileExistsError:
        pass  # the other process's file is whole: it was complete before it had this name
    finally:
        os.unlink(temporary)


def database_url(instance_path: str) -> str:
    """DATABASE_URL from the environment (PostgreSQL), else SQLite in instance/."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        return "sqlite:///" + str(Path(instance_path) / "referee.sqlite")
    return sqlalchemy_url(url)


def sqlalchemy_url(url: str) -> str:
    """A DATABASE_URL as SQLAlchemy takes it: PostgreSQL through psycopg 3.

    >>> sqlalchemy_url("postgres://u@host/db")
    'postgresql+psycopg://u@host/db'
    """
    # Hosting platforms still hand out the old 'postgres://' scheme.
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def flag(name: str) -> bool:
    """A yes/no setting from the environment (1/0, true/false, yes/no, on/off); unset is no."""
    value = os.environ.get(name, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{name} must be 1 or 0 (true/false, yes/no, on/off), not {value[:20]!r}")


def count(name: str) -> int:
    """A whole number of at least 0 from the environment; unset is 0."""
    value = os.environ.get(name, "").strip() or "0"
    if not value.isdigit() or int(value) > 10:
        raise ValueError(f"{name} must be a whole number from 0 to 10, not {value[:20]!r}")
    return int(value)


def seconds(name: str, default: float, most: float = 60.0) -> float:
    """A time in seconds from the environment (a decimal number from 0 to `most`); unset is `default`."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number <= most:  # NaN too
        raise ValueError(f"{name} must be a number of seconds from 0 to {most:g}, not {value[:20]!r}")
    return number


def names(name: str) -> list[str] | None:
    """A comma-separated list from the environment; unset (or empty) is None."""
    listed = [part.strip() for part in os.environ.get(name, "").split(",") if part.strip()]
    return listed or None


def defaults(instance_path: str) -> dict[str, Any]:
    """The settings the app starts from."""
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        # How long a write waits for SQLite's write lock, held by another connection, before the request is
        # answered 503 "try again" (referee/database.py; docs/deploy.md).
        "DATABASE_LOCK_WAIT": seconds("REFEREE_DATABASE_LOCK_WAIT", 5.0),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "BABEL_DEFAULT_LOCALE": "en",
        "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
        "IMPORT_MAX_BYTES": IMPORT_MAX_BYTES,
        "IMPORTS_AT_ONCE": IMPORTS_AT_ONCE,
        # Served over HTTPS (by a TLS proxy): HSTS and Secure cookies. Off by default, for a LAN over plain HTTP.
        "HTTPS": flag("REFEREE_HTTPS"),
        # How many proxies in front set X-Forwarded-For and -Proto; 0 believes no such header.
        "PROXY_COUNT": count("REFEREE_PROXIES"),
        # The host names the app answers to (".example.org" takes its subdomains); None answers to any.
        "TRUSTED_HOSTS": names("REFEREE_TRUSTED_HOSTS"),
        # One line per request on stdout; None: on, except in the tests.
        "REQUEST_LOG": flag("REFEREE_REQUEST_LOG") if os.environ.get("REFEREE_REQUEST_LOG") else None,
    } | session_settings() | throttling_settings()


def session_settings() -> dict[str, Any]:
    """How long a device stays logged in (referee/web/auth.py): both lifetimes slide while the device is used."""
    return {
        "REMEMBER_COOKIE_DURATION": timedelta(days=90),  # "Stay logged in on this phone"
        "LOGIN_SESSION_LIFETIME": timedelta(hours=12),  # without it: idle this long, the login ends
        "LOGIN_TOKEN_TOUCH_INTERVAL": timedelta(minutes=5),  # last use is written at most this often
        # A form's CSRF token is good for as long as its session's token is (a new one at each login and logout,
        # referee/web/auth.py), not for an hour: a page cached by the browser and answered 304 never carries a stale
        # form, so the scoreboard's ETag needs no time in it (referee/views/board_etag.py).
        "WTF_CSRF_TIME_LIMIT": None,
    }


def throttling_settings() -> dict[str, Any]:
    """Flask-Limiter's settings and the app's limits (referee/web/throttling.py), in its limit syntax.

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
        "GUEST_LIMIT": "30 per hour",  # guest accounts started from one address (a club's phones share one)
        "API_LIMIT": "120 per minute",  # every request to /api/ from one address, whatever it is answered
        "API_TOKEN_LIMIT": "120 per minute",  # requests made with one personal access token, from anywhere
        "TOKEN_CREATION_LIMIT": "10 per hour",  # tokens made by one account, on the account page and the API
        "JOIN_LIMIT": "10 per 10 minutes",  # join codes refused, per account and per address (page and API)
        # Join codes refused on the whole server, from every address at once: a guesser with many addresses
        "JOIN_LIMIT_PER_SERVER": "300 per 10 minutes",
        "IMPORT_LIMIT": "10 per hour",  # backups sent to restore into one account (referee/views/imports.py)
        "PRESENCE_LIMIT": "30 per minute",  # who-is-entering pings and leaves from one device login
    }
