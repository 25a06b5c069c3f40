"""Counting the SQL statements a request runs (SQLAlchemy's before_cursor_execute event)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from sqlalchemy import event

from referee.extensions import db


@contextmanager
def counted_queries(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run inside the block, in order."""
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def note(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        """Keep each statement."""
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", note)
