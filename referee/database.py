"""The database: the engine's options (SQLite's lock wait, PostgreSQL's connections checked before use), SQLite
pragmas and migrations.

Building the app never migrates: the schema is brought up to date once, before anything serves — by
`flask db upgrade` (the README's development command), by gunicorn's master before it starts a worker
(gunicorn.conf.py), and by the tests' fixtures on their own databases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, current_app
from flask_migrate import upgrade
from sqlalchemy import event, make_url
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from . import models  # noqa: F401  (the models must be known to migrations)
from .database_faults import describe, fault_of
from .extensions import db, migrate

MIGRATIONS = str(Path(__file__).resolve().parent.parent / "migrations")

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
    """Apply pending migrations in this process (what `flask db upgrade` does), leaving logging as it is."""
    app.config["MIGRATING_AT_START"] = True  # migrations/env.py then leaves logging alone
    try:
        with app.app_context():
            upgrade(directory=MIGRATIONS)
    finally:
        app.config["MIGRATING_AT_START"] = False


def upgrade_before_serving(app: Flask) -> None:
    """Apply pending migrations in a server's master process, then close every connection the migrations opened,
    so that none is inherited by the workers it forks next."""
    upgrade_schema(app)
    with app.app_context():
        db.engine.dispose()


def init_app(app: Flask) -> None:
    """Bind the database and migrations (the schema is not touched: see the module's docstring)."""
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = engine_options(app.config)
    db.init_app(app)
    app.teardown_appcontext(close_session)  # after Flask-SQLAlchemy's: teardowns run last registered first
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)
