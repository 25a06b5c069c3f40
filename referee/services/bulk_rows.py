"""Rows to insert in bulk, made ready before the write transaction, which then only hands them to the database
once the ids they refer to are known.

On SQLite, whose one writer holds the whole database until it commits (every other save waits that long), each
value is encoded before the transaction, as the column's type hands it to the driver (a JSON column's as text, a
moment as SQLite writes it), and the INSERT compiled for the dialect: the encoding was half the transaction for
the largest backup. Elsewhere (PostgreSQL: a transaction holds only its own rows) SQLAlchemy's batched insert,
many rows a statement, is the faster.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, insert

from ..extensions import db


class EncodedRows:
    """Rows of one table; the columns that refer to other rows' ids (`later`) are set on each of `rows` later
    (whole numbers: no type encodes them)."""

    def __init__(self, model: Any, rows: list[dict[str, Any]], later: tuple[str, ...] = ()) -> None:
        self.table = cast(Table, model.__table__)
        dialect = db.engine.dialect
        self.encoded = dialect.name == "sqlite"
        self.rows = [dict(row) for row in rows]
        if not self.encoded or not rows:
            return
        keys = [*rows[0], *later]
        statement = insert(self.table).compile(dialect=dialect, column_keys=keys)
        self.sql = str(statement)
        self.order = list(statement.positiontup or []) if statement.positional else None
        encoders = {key: self.table.c[key].type.dialect_impl(dialect).bind_processor(dialect) for key in rows[0]}
        self.rows = [{key: encode(value) if (encode := encoders[key]) else value for key, value in row.items()}
                     for row in rows]

    def insert(self) -> None:
        """Insert the rows, their later columns set by now."""
        if not self.rows:
            return
        if not self.encoded:
            db.session.execute(insert(self.table), self.rows)
            return
        params: list[Any] = self.rows if self.order is None else [tuple(row[key] for key in self.order)
                                                                   for row in self.rows]
        db.session.connection().exec_driver_sql(self.sql, params)  # one statement the driver runs for each row
