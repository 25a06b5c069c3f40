"""Configuration: defaults for a single machine, overridden by the environment."""

from __future__ import annotations

import os
import secrets
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
    }
