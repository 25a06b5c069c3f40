"""A throwaway database for a benchmark: SQLite in a temporary folder, or a new database on a PostgreSQL server,
dropped afterwards."""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text

from referee.config import sqlalchemy_url


@contextmanager
def throwaway_database(postgres: str | None, prefix: str) -> Iterator[str]:
    """A fresh database's SQLAlchemy URL; `postgres` is a server URL (postgresql://user@host:port/db) whose user
    may create databases, or None for SQLite."""
    if postgres is None:
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        return
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    # Checked before use: the server may have restarted meanwhile (bench_faults.py restarts it).
    admin = create_engine(sqlalchemy_url(postgres), isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield sqlalchemy_url(postgres.rsplit("/", 1)[0] + "/" + name)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()
