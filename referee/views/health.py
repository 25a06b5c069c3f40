"""GET /healthz, for a load balancer, a container's health check or a monitor: can the database write now?

The probe proves a write would be taken without making one that lasts: it opens a write transaction, writes in
it, and rolls it back, so nothing reaches the disk and no commit is waited for (docs/deploy.md, "Watching it").

- SQLite: `BEGIN IMMEDIATE` takes the write lock, waiting at most DATABASE_LOCK_WAIT as a save would (a lock held
  longer: 503); a row of 8 KB put in Alembic's table needs write access (a read-only file, open or file system:
  503) and new pages (a database at its size limit: 503); then the free space of the database's file system, since
  a full disk shows only when a commit writes to it (less than MIN_FREE_BYTES: 503).
- PostgreSQL: an UPDATE of Alembic's one row, waiting at most DATABASE_LOCK_WAIT for its lock: the connection is
  alive (checked by the pool first), the server takes writes (not a standby, not read-only).

It cannot see what only a commit meets: PostgreSQL's own disk filling, an fsync failing, a disk that fills
between two probes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from flask import Blueprint, current_app
from flask.typing import ResponseReturnValue
from sqlalchemy import Connection, text
from sqlalchemy.exc import SQLAlchemyError

from ..database_faults import Fault, describe, fault_of
from ..extensions import db

bp = Blueprint("health", __name__)

NO_STORE = {"Cache-Control": "no-store"}
# Below this much free space a few saves more would fill the disk (a save appends some 20 pages of 4 KB to
# SQLite's write-ahead log, which a checkpoint then copies into the database file).
MIN_FREE_BYTES = 1024 * 1024


class DiskFull(Exception):
    """The database's file system has less than MIN_FREE_BYTES left."""


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """200 {"status": "ok"} when the database would take a write now, else 503 with Retry-After; touches no
    session and no login."""
    try:
        with db.engine.connect() as connection:
            probe_writes(connection)
        room_left()
    except (SQLAlchemyError, DiskFull) as error:
        fault = Fault.FULL if isinstance(error, DiskFull) else fault_of(error)
        current_app.logger.warning("Health check: the database does not answer a write now (%s): %s",
                                   fault.word if fault else "error", describe(error))
        retry = fault.retry_after if fault else Fault.CONNECTION.retry_after
        return {"status": "unavailable"}, 503, NO_STORE | {"Retry-After": str(retry)}
    return {"status": "ok"}, 200, NO_STORE


def probe_writes(connection: Connection) -> None:
    """Write in a transaction and roll it back; a database that cannot write raises, as a save would."""
    wait = float(current_app.config["DATABASE_LOCK_WAIT"])
    try:
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # explicit, to wait for the lock as a save would
            # A row larger than a page (4 KB by default) takes new pages. A rolled-back row, not a rolled-back table:
            # a schema change, even undone, makes the connection read the schema and prepare its statements again.
            connection.exec_driver_sql("INSERT INTO alembic_version (version_num) VALUES (zeroblob(8192))")
        else:
            # SET LOCAL, as a function: a statement's parameters cannot be bound in SET.
            connection.execute(text("SELECT set_config('lock_timeout', :ms, true)"), {"ms": f"{round(wait * 1000)}ms"})
            connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
    finally:
        connection.rollback()


def room_left() -> None:
    """DiskFull when the SQLite database's file system is nearly full (a commit would fail on it)."""
    if db.engine.dialect.name != "sqlite" or not db.engine.url.database:
        return
    name = db.engine.url.database.removeprefix("file:").split("?")[0]  # a plain path, or a file: URI's
    if name in ("", ":memory:"):
        return
    free = shutil.disk_usage(Path(name).parent).free
    if free < MIN_FREE_BYTES:
        raise DiskFull(f"{free} bytes free on the database's file system")
