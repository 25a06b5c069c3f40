"""Throwaway PostgreSQL databases, for the tests that must hold on PostgreSQL too.

.ci/run starts a PostgreSQL server and names it in REFEREE_TEST_POSTGRES (a user allowed to
create databases); without it those tests are skipped, saying so. Each test or module gets a
database of its own, dropped afterwards with any connection left open to it.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, text

from referee.config import sqlalchemy_url

SERVER = os.environ.get("REFEREE_TEST_POSTGRES")
NO_SERVER = "set REFEREE_TEST_POSTGRES (.ci/run does) to test on PostgreSQL"


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh, empty database of this kind, as a SQLAlchemy URL: SQLite in the folder, or PostgreSQL when
    REFEREE_TEST_POSTGRES names a server (a database of its own, dropped afterwards; the test skipped without
    one)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'fresh.sqlite'}"
        return
    if not SERVER:
        pytest.skip(NO_SERVER)
    with postgres_database() as url:
        yield sqlalchemy_url(url)


@contextmanager
def postgres_database(prefix: str = "referee_test") -> Iterator[str]:
    """A new, empty database on the test server, as a DATABASE_URL (postgresql://…)."""
    assert SERVER is not None, NO_SERVER
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(sqlalchemy_url(SERVER), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield SERVER.rsplit("/", 1)[0] + "/" + name
        finally:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@contextmanager
def postgres_app(config: dict[str, Any], prefix: str = "referee_test") -> Iterator[Flask]:
    """The app on a new, empty database of the test server, chosen through DATABASE_URL as a deployment
    would, migrated; its connections closed and the database dropped afterwards."""
    from referee import create_app
    from referee.database import upgrade_schema
    from referee.extensions import db

    with postgres_database(prefix) as url, pytest.MonkeyPatch.context() as patch:
        patch.setenv("DATABASE_URL", url)
        app = create_app(config)
        upgrade_schema(app)
        try:
            yield app
        finally:
            with app.app_context():
                db.engine.dispose()
