"""Rows to insert in bulk, encoded before the write transaction: each value as the column's type hands it to the
database's driver (a JSON column's as text, a moment as SQLite writes it), the INSERT compiled for the dialect. The
transaction then only gives the driver the rows, once the ids they refer to are known: with SQLite's one writer,
every other save waits for as long as it lasts (the encoding was half of it for the largest backup).
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, insert

from ..extensions import db


class EncodedRows:
    """Rows of one table, their values encoded; the columns that refer to other rows' ids are filled in later
    (whole numbers: no type encodes them)."""

    def __init__(self, model: Any, rows: list[dict[str, Any]], later: tuple[str, ...] = ()) -> None:
        table = cast(Table, model.__table__)
        dialect = db.engine.dialect
        self.keys = [*rows[0], *later] if rows else []
        statement = insert(table).compile(dialect=dialect, column_keys=self.keys)
        self.sql = str(statement)
        self.order = list(statement.positiontup or []) if statement.positional else None
        encoders = {key: table.c[key].type.dialect_impl(dialect).bind_processor(dialect) for key in rows[0]} \
            if rows else {}
        self.rows = [{key: encode(value) if (encode := encoders[key]) else value for key, value in row.items()}
                     for row in rows]

    def insert(self) -> None:
        """Insert the rows (their later columns filled in by now): one statement the driver runs for each."""
        if not self.rows:
            return
        params: list[Any] = self.rows if self.order is None else [tuple(row[key] for key in self.order)
                                                                   for row in self.rows]
        db.session.connection().exec_driver_sql(self.sql, params)
