"""Who may import a backup right now: one import at a time per account, and at most IMPORTS_AT_ONCE on the
whole server (an import is the one request that works for seconds; with every worker on one, no one else would be
served). A request that finds no slot free is refused at once (ImportBusy), never kept waiting.

The slots are held by the database's own means, so that every worker and machine sees them, and are let go by
themselves when a process dies: PostgreSQL's session-level advisory locks, on a connection held for the import;
for SQLite (one machine, as SQLite is) lock files beside the database, taken with flock; an in-memory database
belongs to one process, whose own locks do.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from filelock import FileLock, Timeout
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from .errors import Conflict
from .refusals import ImportRefusal

# PostgreSQL names an advisory lock by two 32-bit numbers: these say "an account's import" and "a server slot".
ACCOUNT_LOCKS = 0x65736331  # "esc1"
SERVER_LOCKS = 0x65736332  # "esc2"
_in_process: dict[str, threading.Lock] = {}
_in_process_guard = threading.Lock()


class ImportBusy(Conflict):
    """No slot for this import: the account's own is taken (ACCOUNT_BUSY), or every server slot is (SERVER_BUSY)."""


@contextmanager
def import_slot(engine: Engine, user_id: int, at_once: int) -> Iterator[None]:
    """Hold the account's import slot and one of the server's `at_once` slots while the block runs; ImportBusy
    at once when either is taken."""
    if engine.dialect.name == "postgresql":
        with (engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection,
              _advisory(connection, ACCOUNT_LOCKS, [user_id], ImportRefusal.ACCOUNT_BUSY),
              _advisory(connection, SERVER_LOCKS, list(range(at_once)), ImportRefusal.SERVER_BUSY)):
            yield
        return
    folder = engine.url.database
    with ExitStack() as held:
        if folder in (None, "", ":memory:"):
            held.enter_context(_process_lock([f"account-{user_id}"], ImportRefusal.ACCOUNT_BUSY))
            held.enter_context(_process_lock([f"server-{k}" for k in range(at_once)], ImportRefusal.SERVER_BUSY))
        else:
            place = Path(f"{folder}-imports")
            place.mkdir(exist_ok=True)
            held.enter_context(_file_lock([place / f"account-{user_id}.lock"], ImportRefusal.ACCOUNT_BUSY))
            held.enter_context(_file_lock([place / f"server-{k}.lock" for k in range(at_once)],
                                          ImportRefusal.SERVER_BUSY))
        yield


@contextmanager
def _advisory(connection: Connection, space: int, keys: list[int], reason: ImportRefusal) -> Iterator[None]:
    """The first free of these advisory locks, held on the connection for the block."""
    for key in keys:
        if connection.scalar(text("SELECT pg_try_advisory_lock(:space, :key)"), {"space": space, "key": key}):
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:space, :key)"), {"space": space, "key": key})
            return
    raise ImportBusy(reason)


@contextmanager
def _file_lock(paths: list[Path], reason: ImportRefusal) -> Iterator[None]:
    """The first free of these lock files, held for the block (the files stay: removing one while another
    process opens it could let two hold it)."""
    for path in paths:
        lock = FileLock(path, blocking=False, preserve_lock_file=True)
        try:
            lock.acquire()
        except Timeout:
            continue
        try:
            yield
        finally:
            lock.release()
        return
    raise ImportBusy(reason)


@contextmanager
def _process_lock(names: list[str], reason: ImportRefusal) -> Iterator[None]:
    """The first free of these locks of this process, held for the block."""
    for name in names:
        with _in_process_guard:
            lock = _in_process.setdefault(name, threading.Lock())
        if lock.acquire(blocking=False):
            try:
                yield
            finally:
                lock.release()
            return
    raise ImportBusy(reason)
