"""Which database errors mean "try again": the database is busy, full, read-only, or out of reach just now.

Such a fault is the server's state, not the request's nor the code's: the request is answered 503 with Retry-After
(referee/views/errors.py), its transaction rolled back, and it can be sent again as it was. Every other database
error is a bug and stays a 500 with its traceback in the log. The error is read only through documented
attributes: SQLAlchemy's DBAPIError (`orig`, `connection_invalidated`), sqlite3's `sqlite_errorcode` and
psycopg's `sqlstate`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum

from flask import current_app, g, has_app_context
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session


class Fault(Enum):
    """What kept the database from answering, and how many seconds a client might wait before trying again."""

    LOCKED = ("locked", 5)  # another connection holds the write lock, or a deadlock was broken
    FULL = ("full", 60)  # no room left on the disk or in the database
    READ_ONLY = ("read-only", 60)  # a read-only file, open or file system, or a read-only server
    CONNECTION = ("connection", 5)  # the server cannot be reached, or the connection was lost
    STORAGE = ("storage", 60)  # the disk failed a read or a write, or the file cannot be opened

    def __init__(self, word: str, retry_after: int) -> None:
        self.word = word
        self.retry_after = retry_after


# SQLite's primary result codes (an extended code keeps its primary one in the low byte).
_SQLITE = {
    sqlite3.SQLITE_BUSY: Fault.LOCKED,
    sqlite3.SQLITE_LOCKED: Fault.LOCKED,
    sqlite3.SQLITE_PROTOCOL: Fault.LOCKED,  # a race on the write-ahead log's locks, which SQLite says to retry
    sqlite3.SQLITE_FULL: Fault.FULL,
    sqlite3.SQLITE_READONLY: Fault.READ_ONLY,
    sqlite3.SQLITE_IOERR: Fault.STORAGE,
    sqlite3.SQLITE_CANTOPEN: Fault.STORAGE,
}

# PostgreSQL's SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html), whole or by class.
_POSTGRES = {
    "08": Fault.CONNECTION,  # connection exception
    "57P01": Fault.CONNECTION,  # admin_shutdown: the server is stopping, or pg_terminate_backend
    "57P02": Fault.CONNECTION,  # crash_shutdown
    "57P03": Fault.CONNECTION,  # cannot_connect_now: the server is starting
    "53100": Fault.FULL,  # disk_full
    "53200": Fault.LOCKED,  # out_of_memory
    "53300": Fault.LOCKED,  # too_many_connections
    "58030": Fault.STORAGE,  # io_error
    "25006": Fault.READ_ONLY,  # read_only_sql_transaction: a standby, or default_transaction_read_only
    "40001": Fault.LOCKED,  # serialization_failure
    "40P01": Fault.LOCKED,  # deadlock_detected
    "55P03": Fault.LOCKED,  # lock_not_available
}


def fault_of(error: BaseException) -> Fault | None:
    """The fault a database error means, or None when it is not one to try again (a bug: a 500)."""
    if not isinstance(error, DBAPIError):
        return None
    if error.connection_invalidated:  # SQLAlchemy saw the connection drop
        return Fault.CONNECTION
    orig = error.orig
    if isinstance(orig, sqlite3.Error):
        code = getattr(orig, "sqlite_errorcode", None)  # set by SQLite itself, absent on errors of the module's own
        return None if code is None else _SQLITE.get(code & 0xFF)
    if not hasattr(orig, "sqlstate"):  # a driver this app does not use
        return None
    state = getattr(orig, "sqlstate", None)
    if state is None:
        # psycopg's errors without a server's SQLSTATE come from libpq: no connection could be made, or it broke.
        return Fault.CONNECTION if isinstance(error, OperationalError) else None
    return _POSTGRES.get(state) or _POSTGRES.get(state[:2])


class Outcome(Enum):
    """What became of a request's changes when the database failed it."""

    # The values are the log's words.
    NOTHING = "nothing changed"  # rolled back, or never begun
    SAVED = "the change was saved"  # committed before the fault, which came as the answer was being made
    IN_DOUBT = "the change may have been saved"  # the connection was lost during the commit: kept or not


@event.listens_for(Session, "before_commit")
def _commit_begins(_session: Session) -> None:
    """Note, for the request, that a commit was asked for."""
    if has_app_context():
        g.database_commit_asked = True


@event.listens_for(Session, "after_commit")
def _commit_done(_session: Session) -> None:
    """Note, for the request, that a commit went through."""
    if has_app_context():
        g.database_committed = True


def outcome(error: DBAPIError, fault: Fault, method: str) -> Outcome:
    """What a request that met `fault` changed. A change is saved once committed (the fault came after, as the
    answer was being made). One whose connection broke on the commit itself (the error comes from no statement: it
    was raised by the driver's commit) is in doubt: the server may have committed before the connection went. Else
    nothing was: a failed statement, a failed flush, a refused commit all leave the transaction rolled back."""
    if g.get("database_committed") and method not in ("GET", "HEAD"):
        return Outcome.SAVED
    if g.get("database_commit_asked") and fault is Fault.CONNECTION and error.statement is None:
        return Outcome.IN_DOUBT
    return Outcome.NOTHING


def note_unavailable() -> None:
    """Remember, for the rest of the request, that the database failed it: the answer saying so reads nothing more
    from it (not even the login: referee/web/auth.py)."""
    g.database_unavailable = True


def known_unavailable() -> bool:
    """True once this request met a fault of the database."""
    return bool(g.get("database_unavailable"))


def describe(error: BaseException) -> str:
    """The database's own message, first line only: enough for the log without the statement's parameters."""
    orig = getattr(error, "orig", None) or error
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0][:200]


@contextmanager
def skipped_when_unavailable(what: str) -> Iterator[None]:
    """Run a write the request can do without (noting when a login was last used): under a fault it is skipped,
    with a warning in the log, so that a page that only reads still answers; any other error goes on up."""
    try:
        yield
    except DBAPIError as error:
        fault = fault_of(error)
        if fault is None:
            raise
        current_app.logger.warning("Skipped %s: the database is unavailable (%s): %s", what, fault.word,
                                   describe(error))
