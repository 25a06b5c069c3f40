"""A database that fails the k-th write of a request as a locked one does, and the whole of a database to compare
before and after: for the tests that a use case is one transaction (tests/web/test_unit_of_work.py).

The fault is raised where the driver would raise it (SQLAlchemy's before_cursor_execute, inside the statement's
own error handling), as the driver's own error with the code a locked database gives: SQLite's SQLITE_BUSY,
PostgreSQL's serialization_failure (40001). The app then meets it exactly as it meets a real lock.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from flask import Flask
from sqlalchemy import event, select, text

from referee.extensions import db

WRITES = ("INSERT", "UPDATE", "DELETE")


def locked_error(dialect: str) -> Exception:
    """The driver's error for a database locked by another writer."""
    if dialect == "postgresql":
        return psycopg.errors.SerializationFailure("injected: could not serialize access")
    error = sqlite3.OperationalError("injected: database is locked")
    error.sqlite_errorcode = sqlite3.SQLITE_BUSY  # type: ignore[attr-defined]
    error.sqlite_errorname = "SQLITE_BUSY"  # type: ignore[attr-defined]
    return error


class WriteCounter:
    """Counts the write statements the app's engine runs, and fails the `fail_at`-th one (none when 0)."""

    def __init__(self, app: Flask) -> None:
        with app.app_context():
            self.engine = db.engine
        self.count = 0
        self.fail_at = 0
        self.statements: list[str] = []

    def __call__(self, connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        """Before each statement: count a write, and fail the chosen one."""
        if statement.lstrip().upper().startswith(WRITES):
            self.count += 1
            self.statements.append(statement.split("\n")[0][:80])
            if self.count == self.fail_at:
                raise locked_error(connection.dialect.name)

    @contextmanager
    def failing(self, fail_at: int = 0) -> Iterator[WriteCounter]:
        """Count (and fail the `fail_at`-th write) meanwhile."""
        self.count, self.fail_at, self.statements = 0, fail_at, []
        event.listen(self.engine, "before_cursor_execute", self)
        try:
            yield self
        finally:
            event.remove(self.engine, "before_cursor_execute", self)


class Committed:
    """Whether anything was committed to the app's SQLite database since the last look: SQLite's data_version,
    read on a connection of its own, moves when another connection commits a change, and only then."""

    def __init__(self, app: Flask) -> None:
        with app.app_context():
            path = str(db.engine.url.database)
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.seen = self.version()

    def version(self) -> int:
        """The database's data_version now."""
        return int(self.connection.execute("PRAGMA data_version").fetchone()[0])

    def since(self) -> bool:
        """True when a change was committed since the last look."""
        now = self.version()
        moved, self.seen = now != self.seen, now
        return moved

    def close(self) -> None:
        """Close its connection."""
        self.connection.close()


def fingerprint(app: Flask) -> tuple[Any, ...]:
    """Every row of every table of the app's PostgreSQL database, as one digest a table, read in one query (what
    everything() reads in one a table): two fingerprints are equal when no row of any table changed."""
    with app.app_context(), db.engine.connect() as connection:
        columns = ", ".join(
            f'(SELECT md5(coalesce(string_agg(t::text, \',\' ORDER BY t::text), \'\')) FROM "{table.name}" t)'
            for table in db.metadata.sorted_tables)
        return tuple(connection.execute(text(f"SELECT {columns}")).one())


def everything(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the app's database, sorted: what "nothing was written" compares."""
    with app.app_context(), db.engine.connect() as connection:
        return {table.name: sorted((tuple(row) for row in connection.execute(select(table))), key=repr)
                for table in db.metadata.sorted_tables}
