"""The database: the engine's options (SQLite's lock wait, PostgreSQL's connections checked before use), SQLite
pragmas, migrations, and applying them at start, one process at a time."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from filelock import FileLock
from flask import Flask, current_app
from flask_migrate import upgrade
from sqlalchemy import event, make_url, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from .database_faults import describe, fault_of
from .extensions import db, migrate

MIGRATIONS = str(Path(__file__).resolve().parent.parent / "migrations")
# Any fixed 64-bit number, the same in every process that serves this app: PostgreSQL's advisory locks are
# named by numbers. (It reads "escoba" in ASCII.)
ADVISORY_LOCK = 0x6573636F6261
LOCK_SUFFIX = ".migrate-lock"


def engine_options(config: dict[str, Any]) -> dict[str, Any]:
    """SQLALCHEMY_ENGINE_OPTIONS for the configured database, the settings' own options winning.

    SQLite: a write waits for the write lock at most DATABASE_LOCK_WAIT seconds (sqlite3's `timeout`, SQLite's
    busy handler), then fails as "database is locked", which the app answers 503 (referee/database_faults.py).
    PostgreSQL: each connection is checked as it is taken from the pool (`pool_pre_ping`), so one the server
    dropped (a restart, pg_terminate_backend, a proxy's idle timeout) is replaced before a request uses it.
    """
    options = dict(config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    backend = make_url(config["SQLALCHEMY_DATABASE_URI"]).get_backend_name()
    if backend == "sqlite":
        options["connect_args"] = {"timeout": float(config["DATABASE_LOCK_WAIT"]), **options.get("connect_args", {})}
    elif backend == "postgresql":
        options.setdefault("pool_pre_ping", True)
    return options


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets the scoreboard read while a hand is saved; SQLite enforces foreign keys only when asked."""
    if type(connection).__module__.startswith("sqlite3"):
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


@contextmanager
def migration_lock(engine: Engine) -> Iterator[None]:
    """Hold the database's migration lock: one process at a time, whichever server or machine it runs on.

    PostgreSQL: a session-level advisory lock, which the server releases by itself if the process dies.
    SQLite: a lock file beside the database (one machine only, as SQLite is); an in-memory database
    belongs to one process and needs none.
    """
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_LOCK})
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_LOCK})
    elif engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        with FileLock(str(engine.url.database) + LOCK_SUFFIX):
            yield
    else:
        yield


def close_session(_error: BaseException | None) -> None:
    """Close the request's session once it is answered, before Flask-SQLAlchemy removes it. A connection the server
    dropped after the answer was made (a restart) cannot roll back what it read: it is invalidated instead, so the
    pool replaces it and the answer stands, where the failed rollback would have turned it into a 500."""
    try:
        db.session.close()
    except DBAPIError as error:
        if fault_of(error) is None:
            raise
        current_app.logger.warning("Closing the session: the database is unavailable: %s", describe(error))
        db.session().invalidate()  # the request's own Session (the scoped proxy does not offer it)


def upgrade_schema(app: Flask) -> None:
    """Apply pending migrations. migrations/env.py holds the migration lock meanwhile: the first process
    migrates, the others wait for it and then find nothing to do."""
    app.config["MIGRATING_AT_START"] = True  # migrations/env.py then leaves logging alone
    try:
        with app.app_context():
            upgrade(directory=MIGRATIONS)
    finally:
        app.config["MIGRATING_AT_START"] = False


def init_app(app: Flask) -> None:
    """Bind the database and migrations; bring the schema up to date unless told not to."""
    from . import models  # noqa: F401  (the models must be known to migrations)

    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = engine_options(app.config)
    db.init_app(app)
    app.teardown_appcontext(close_session)  # after Flask-SQLAlchemy's: teardowns run last registered first
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)
    # Off for `flask db migrate` and friends, which must see the schema as it is.
    if app.config.get("AUTO_MIGRATE", True) and not os.environ.get("REFEREE_NO_AUTO_MIGRATE"):
        upgrade_schema(app)
