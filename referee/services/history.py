"""The account's matches, newest first, filtered and paginated without loading them all."""

from __future__ import annotations

from flask_sqlalchemy.pagination import Pagination
from sqlalchemy import select
from sqlalchemy.orm import defer, selectinload

from ..extensions import db
from ..models import KEY_LENGTH, Hand, Match, Seat, User
from ..search_keys import search_key

PER_PAGE = 20
# What a row of the list needs of a match: its seats, and its hands' points (not every hand's whole entry, a
# JSON document decoded for nothing).
ROW = (selectinload(Match.seats), selectinload(Match.hands).options(defer(Hand.entry)))


def match_history(user: User, page: int = 1, player: str = "", status: str = "",
                  per_page: int = PER_PAGE) -> Pagination:
    """One page of the user's matches, the page clamped to those there are; `player` is part of a name at the
    table, whatever its case and accents ('luc' finds 'Lucía'), `status` 'finished' or 'playing'."""
    query = select(Match).where(Match.user_id == user.id)
    if status in ("finished", "playing"):
        query = query.where(Match.finished.is_(status == "finished"))
    key = search_key(player)[:KEY_LENGTH]  # as the seats keep it
    if key:
        # The stored keys compared as plain text: the same on SQLite and PostgreSQL, no function per row
        # (benchmarks/README.md); autoescape makes a typed % or _ mean itself. EXISTS per match, not IN: only
        # this account's seats are read, and a page stops at its 20th match.
        query = query.where(Match.seats.any(Seat.name_key.contains(key, autoescape=True)))
    query = query.order_by(Match.created_at.desc(), Match.id.desc()).options(*ROW)
    result = db.paginate(query, page=max(1, page), per_page=per_page, error_out=False)
    if result.pages and result.page > result.pages:  # past the end: the last page there is
        result = db.paginate(query, page=result.pages, per_page=per_page, error_out=False)
    return result


def recent_matches(user: User, limit: int = 3) -> list[Match]:
    """The user's newest few matches, for the home page, with what their scoreboards need."""
    query = (select(Match).where(Match.user_id == user.id).order_by(Match.created_at.desc(), Match.id.desc())
             .limit(limit).options(*ROW))
    return list(db.session.scalars(query))
