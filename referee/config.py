"""Configuration: defaults for a single machine, overridden by the environment."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

SECRET_FILE = "secret_key"


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
    }
