"""Rows that two phones may insert at the same moment (the same account joining from two phones, a player's name
typed on both): the second insert finds the first's row and does nothing, instead of failing the transaction.

Inside one use case (services/unit_of_work.py) a failed INSERT cannot be caught and tried again without losing the
rest of the transaction, so these go through the database's own INSERT … ON CONFLICT DO NOTHING (SQLite's and
PostgreSQL's dialects both offer it), which waits for the other phone's transaction and then skips the row.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import CursorResult
from sqlalchemy.dialects import postgresql, sqlite

from ..extensions import db


def insert_once(model: Any, **values: Any) -> bool:
    """Insert the row unless a row with the same unique key is there already; True when this one went in."""
    dialect = db.session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    result = db.session.execute(insert(model).values(**values).on_conflict_do_nothing())
    return bool(cast("CursorResult[Any]", result).rowcount)  # an INSERT's result is a CursorResult
