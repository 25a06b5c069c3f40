"""The database: SQLite pragmas, migrations, and applying them at start."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .extensions import db, migrate

MIGRATIONS = str(Path(__file__).resolve().parent.parent / "migrations")


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets the scoreboard read while a hand is saved; SQLite enforces foreign keys only when asked."""
    if type(connection).__module__.startswith("sqlite3"):
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


def init_app(app: Flask) -> None:
    """Bind the database and migrations; bring the schema up to date unless told not to."""
    from . import models  # noqa: F401  (the models must be known to migrations)

    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)
    # Off for `flask db migrate` and friends, which must see the schema as it is.
    if app.config.get("AUTO_MIGRATE", True) and not os.environ.get("REFEREE_NO_AUTO_MIGRATE"):
        app.config["MIGRATING_AT_START"] = True  # migrations/env.py then leaves logging alone
        with app.app_context():
            upgrade(directory=MIGRATIONS)
        app.config["MIGRATING_AT_START"] = False
