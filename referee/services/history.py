"""The account's matches, newest first, filtered and paginated without loading them all; what a list shows of
each (its sides' names and totals, whether it is over and who won) read as columns. A tournament table whose result
the organiser recorded by hand is over, with the recorded points and winner (services/decisions.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from flask_sqlalchemy.pagination import Pagination
from sqlalchemy import exists, not_, select
from sqlalchemy.orm import defer, selectinload

from ..extensions import db
from ..models import KEY_LENGTH, Hand, Match, Seat, TournamentTable, User
from ..rules import totals
from ..search_keys import search_key
from .decisions import Decision, decided_table
from .roles import opens
from .scoreboard import names_of_sides

PER_PAGE = 20
# What a row of the list needs of a match: its seats, and its hands' points (not every hand's whole entry, a
# JSON document decoded for nothing).
ROW = (selectinload(Match.seats), selectinload(Match.hands).options(defer(Hand.entry)))


@dataclass(frozen=True)
class MatchRow:
    """What a list of matches shows of one beside its game and date: its sides' names and totals (a decided table's:
    the points recorded by hand), whether it is over and which side won (None: none yet, or a draw by hand)."""

    side_names: tuple[str, ...]
    totals: tuple[int, ...]
    owner: str | None = None  # whose match it is, when another account's the reader scores ("": a guest's)
    finished: bool = False
    winner: int | None = None
    by_hand: bool = False  # the organiser recorded its result as a tournament's table


def match_history(user: User, page: int = 1, player: str = "", status: str = "",
                  per_page: int = PER_PAGE, whole: bool = True) -> Pagination:
    """One page of the matches the user's role opens (services/roles.py), the page clamped to those there
    are; `player` is part of a name at the table, whatever its case and accents ('luc' finds 'Lucía'), `status`
    'finished' or 'playing'. With `whole` (the API's list) each match comes with its seats and hands loaded;
    without, the match rows alone, for `match_rows`."""
    query = select(Match).where(opens(user.id))
    if status in ("finished", "playing"):
        over = Match.finished.is_(True) | exists().where(decided_table(Match.id))
        query = query.where(over if status == "finished" else not_(over))
    key = search_key(player)[:KEY_LENGTH]  # as the seats keep it
    if key:
        # The stored keys compared as plain text: the same on SQLite and PostgreSQL, no function per row
        # (benchmarks/README.md); autoescape makes a typed % or _ mean itself. EXISTS per match, not IN: only
        # this account's seats are read, and a page stops at its 20th match.
        query = query.where(Match.seats.any(Seat.name_key.contains(key, autoescape=True)))
    query = query.order_by(Match.created_at.desc(), Match.id.desc()).options(*(ROW if whole else ()))
    result = db.paginate(query, page=max(1, page), per_page=per_page, error_out=False)
    if result.pages and result.page > result.pages:  # past the end: the last page there is
        result = db.paginate(query, page=result.pages, per_page=per_page, error_out=False)
    return result


def recent_matches(user: User, limit: int = 3) -> list[Match]:
    """The newest few matches the user's role opens, for the home page (their rows: `match_rows`)."""
    query = (select(Match).where(opens(user.id)).order_by(Match.created_at.desc(), Match.id.desc())
             .limit(limit))
    return list(db.session.scalars(query))


def match_rows(matches: Sequence[Match], reader: User | None = None) -> dict[int, MatchRow]:
    """Each listed match's row, by its id: two queries for the whole list, of the seats' names (with a decided
    table's result) and the hands' points as plain columns (no ORM object per seat or hand, no scoreboard worked
    out: a row shows totals); a third for the owners' names of the matches shared with the `reader`, when it
    scores any."""
    ids = [match.id for match in matches]
    if not ids:
        return {}
    others = {match.user_id for match in matches if reader is not None and match.user_id != reader.id}
    owners: dict[int, str] = {row.id: "" if row.guest else row.username for row in db.session.execute(
        select(User.id, User.username, User.guest).where(User.id.in_(others)))} \
        if others else {}
    names: dict[int, list[str]] = defaultdict(list)
    decided: dict[int, Decision] = {}
    # A decided table's result read with its seats (on each seat's row: no query more).
    for match_id, name, home, away in db.session.execute(
            select(Seat.match_id, Seat.name, TournamentTable.home_points, TournamentTable.away_points)
            .outerjoin(TournamentTable, decided_table(Seat.match_id))
            .where(Seat.match_id.in_(ids)).order_by(Seat.match_id, Seat.position)):
        names[match_id].append(name)
        if home is not None and away is not None:
            decided[match_id] = Decision(home, away)
    points: dict[int, list[list[int]]] = defaultdict(list)
    # A hand waiting for the other sides is in no total (services/waiting.py).
    counting = select(Hand.match_id, Hand.points).where(Hand.match_id.in_(ids), Hand.waiting.is_(False))
    for match_id, hand_points in db.session.execute(counting):
        points[match_id].append(hand_points)
    rows = {}
    for match in matches:
        seats = names[match.id]
        sides = 2 if match.partnerships else len(seats)  # Match.sides, without loading the seats again
        decision = decided.get(match.id)
        rows[match.id] = MatchRow(
            names_of_sides(seats, sides), totals(points[match.id], sides), owners.get(match.user_id),
            match.finished, match.winner) if decision is None else MatchRow(
            names_of_sides(seats, sides), decision.points, owners.get(match.user_id), True, decision.winner,
            by_hand=True)
    return rows
