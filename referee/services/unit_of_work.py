"""One use case, one transaction: the unit of work that every service writing to the database runs in.

A use case (save a hand, start a round, join a match, keep a guest's matches) is a service function marked
`@use_case`. Whichever such function is entered first owns the transaction: it commits once, when it returns, or
rolls back everything when anything inside it raises. A use case called from inside another only adds and flushes
its changes; it never commits, so a service composes others (a round's start makes matches and join codes) and a
failure at any step — a refusal, a database fault, a killed worker — leaves nothing half-made. No service calls
`db.session.commit()` or `rollback()` itself; a test fails where one does (tests/web/test_unit_of_work.py).

This is cosmicpython's `with uow: … uow.commit()` with the session Flask-SQLAlchemy already scopes to the
request; the nesting depth is kept in the session's own `info` dictionary, so it is per request and per thread.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from .errors import Conflict
from .refusals import MatchRefusal

_DEPTH = "referee.use_case_depth"

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def one_transaction() -> Iterator[None]:
    """The block's changes committed at its end when it is the outermost use case, else left to the one that is.

    Any exception rolls the whole transaction back at the outermost level and goes on up. A change that lost the
    race with another phone's (a match's version moved under an UPDATE: StaleDataError) is the refusal 'stale'.
    """
    session = db.session()
    depth = session.info.get(_DEPTH, 0)
    session.info[_DEPTH] = depth + 1
    try:
        yield
        if depth == 0:
            session.commit()
    except StaleDataError:
        if depth == 0:
            session.rollback()
        raise Conflict(MatchRefusal.STALE) from None
    except BaseException:
        if depth == 0:
            session.rollback()
        raise
    finally:
        session.info[_DEPTH] = depth


def use_case(verb: Callable[P, R]) -> Callable[P, R]:
    """Run the service function as one use case (see the module's docstring)."""

    @functools.wraps(verb)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with one_transaction():
            return verb(*args, **kwargs)

    return run


def inside_use_case() -> bool:
    """True while a use case is running in this request's session (what a flush-only helper may assert)."""
    return bool(db.session().info.get(_DEPTH, 0))
