"""Rows to insert in bulk, made ready before the write transaction, which then only hands them to the database
once the ids they refer to are known.

Each value is encoded beforehand, as the column's type hands it to the driver (a JSON column's as text, a moment
as SQLite writes it): on SQLite, whose one writer holds the whole database until it commits (every other save
waits that long), the encoding was half the transaction for the largest backup. The rows then go to the driver
by its fastest way: on SQLite one INSERT it runs for every row, on PostgreSQL a COPY (psycopg's), where even
SQLAlchemy's batches of rows took five times as long.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, insert

from ..extensions import db


class EncodedRows:
    """Rows of one table, their values encoded; the columns that refer to other rows' ids (`later`) are set on
    each of `rows` later (whole numbers: no type encodes them)."""

    def __init__(self, model: Any, rows: list[dict[str, Any]], later: tuple[str, ...] = ()) -> None:
        self.table = cast(Table, model.__table__)
        dialect = db.engine.dialect
        self.keys = [*rows[0], *later] if rows else []
        encoders = {key: self.table.c[key].type.dialect_impl(dialect).bind_processor(dialect) for key in rows[0]} \
            if rows else {}
        self.rows = [{key: encode(value) if (encode := encoders[key]) else value for key, value in row.items()}
                     for row in rows]

    def insert(self) -> None:
        """Insert the rows, their later columns set by now."""
        if not self.rows:
            return
        connection = db.session.connection()
        dialect = connection.dialect
        if dialect.name == "postgresql":
            quote = dialect.identifier_preparer.quote
            columns = ", ".join(quote(key) for key in self.keys)
            driver = cast(Any, connection.connection.driver_connection)  # psycopg's connection
            with driver.cursor() as cursor, \
                    cursor.copy(f"COPY {quote(self.table.name)} ({columns}) FROM STDIN") as copy:
                for row in self.rows:
                    copy.write_row([row[key] for key in self.keys])
            return
        statement = insert(self.table).compile(dialect=dialect, column_keys=self.keys)
        order = list(statement.positiontup or []) if statement.positional else None
        params: list[Any] = self.rows if order is None else [tuple(row[key] for key in order) for row in self.rows]
        connection.exec_driver_sql(str(statement), params)
