"""What the live pages' conditional GETs compare, each read in one small query that loads nothing the page shows.

A page that follows a match or an event (the scoreboard, the entry page's notice, a tournament's page and its round
sheet, a club's page) asks again every few seconds with its ETag; nearly every answer is a bare 304, decided here
from version counters and counts, never from the rows the page draws:

- the scoreboard: the device's live login and its account, and of the match its version (every change of what the
  scoreboard shows bumps it), the account's role in it, its club membership and whether its tournament round is
  closed (a settled table offers no buttons; closing a round bumps no match);
- a tournament: each round's number and closing, each table's result by hand and its match's version (and whether
  the reader scores it: the table's link), the entrants and the results changed by hand, counted;
- a club: its members (who, their roles, their choice to be rated), its matches' versions summed and counted, its
  tournaments' tables and results by hand.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import BindParameter, Connection, bindparam, case, exists, func, literal, select

from ..extensions import db
from ..models import (
    ClubMember,
    LoginToken,
    Match,
    Scorer,
    Tournament,
    TournamentEntrant,
    TournamentResultChange,
    TournamentRound,
    TournamentTable,
    User,
    now,
)
from .roles import belongs, match_role


@dataclass(frozen=True)
class ScoreboardVersion:
    """A device's login and what its scoreboard of a match depends on: the account, the match's version, the
    account's role in it (None: none), whether its first dealer is chosen, its club membership (None: a match of no
    club) and its tournament table's state (its round closed, a result by hand: "" for a match of no tournament)."""

    user_id: int
    username: str
    login_id: int
    last_used_at: datetime
    version: int
    role: str | None
    drawn: bool
    member: bool | None
    table: str

    @property
    def page(self) -> tuple[str, ...]:
        """What the scoreboard shows of the database, as its ETag holds it."""
        return (str(self.version), self.role or "", "" if self.member is None else str(self.member), self.table)


# The login's account as roles.py's conditions take an account: a column here, where they are written for an id
# or a parameter (SQL takes either alike).
_ACCOUNT = cast("BindParameter[int]", LoginToken.user_id)
# Built once: the polls of every phone at every table run it (their compiled SQL found by the statement's key).
_SCOREBOARD = (
    select(User.id, User.username, LoginToken.id, LoginToken.last_used_at, Match.version, match_role(_ACCOUNT),
           Match.first_dealer.is_not(None),
           case((Match.club_id.is_(None), literal(None)), else_=belongs(_ACCOUNT, Match.club_id)),
           TournamentTable.id, TournamentRound.closed_at.is_not(None), TournamentTable.home_points,
           TournamentTable.away_points)
    .join(User, User.id == LoginToken.user_id)
    .join(Match, Match.id == bindparam("match_id"))
    .outerjoin(TournamentTable, TournamentTable.match_id == Match.id)
    .outerjoin(TournamentRound, TournamentRound.id == TournamentTable.round_id)
    .where(LoginToken.secret_hash == bindparam("digest"), LoginToken.expires_at > bindparam("moment")))


def login_digest(secret: str) -> str:
    """What is stored of a device's login secret (services/sessions.py keeps it so)."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def scoreboard_version_on(connection: Connection, secret: str, match_id: int, moment: datetime
                          ) -> ScoreboardVersion | None:
    """What a device's scoreboard of a match depends on, read in one query on `connection` (the request's, or one
    of its own for the polls answered before any request handling); None for a login that is not live or a match
    that does not exist."""
    if not secret.isascii() or len(secret) > 128:  # only what a login's secret can be is looked up
        return None
    row = connection.execute(_SCOREBOARD, {"digest": login_digest(secret), "match_id": match_id,
                                           "moment": moment}).first()
    if row is None:
        return None
    table = "" if row[8] is None else f"{bool(row[9])} {row[10]} {row[11]}"
    return ScoreboardVersion(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6]),
                             None if row[7] is None else bool(row[7]), table)


def scoreboard_version(secret: str, match_id: int) -> ScoreboardVersion | None:
    """scoreboard_version_on, in the request's database session, now."""
    return scoreboard_version_on(db.session.connection(), secret, match_id, now())


_TOURNAMENT_TABLES = (
    select(TournamentRound.number, TournamentRound.closed_at, TournamentTable.id, TournamentTable.home_points,
           TournamentTable.away_points, Match.version,
           exists().where(Scorer.match_id == Match.id, Scorer.user_id == bindparam("reader")))
    .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
    .outerjoin(Match, Match.id == TournamentTable.match_id)
    .where(TournamentRound.tournament_id == bindparam("tournament"))
    .order_by(TournamentRound.number, TournamentTable.id))
_IN_TOURNAMENT = TournamentRound.tournament_id == bindparam("tournament")
_CHANGES = (select(TournamentResultChange.id)
            .join(TournamentTable, TournamentTable.id == TournamentResultChange.table_id)
            .join(TournamentRound, TournamentRound.id == TournamentTable.round_id).where(_IN_TOURNAMENT))
# One row of scalar subqueries: each a count or a sum over its own table.
_TOURNAMENT_COUNTS = select(
    select(func.count()).where(TournamentEntrant.tournament_id == bindparam("tournament")).scalar_subquery(),
    select(func.max(TournamentEntrant.id)).where(TournamentEntrant.tournament_id == bindparam("tournament"))
    .scalar_subquery(),
    select(func.count()).select_from(_CHANGES.subquery()).scalar_subquery(),
    select(func.max(TournamentResultChange.id)).where(TournamentResultChange.id.in_(_CHANGES)).scalar_subquery())


def tournament_version(tournament_id: int, reader: User) -> str:
    """A digest of everything a tournament's page and its round sheets show that can change while it runs, as
    `reader` sees it: two small queries, whatever the number of rounds."""
    params = {"tournament": tournament_id, "reader": reader.id}
    digest = hashlib.sha256(repr(tuple(db.session.execute(_TOURNAMENT_COUNTS, params).one())).encode())
    for row in db.session.execute(_TOURNAMENT_TABLES, params):
        digest.update(f"\n{tuple(row)!r}".encode())
    return digest.hexdigest()[:24]


_OF_CLUB = ClubMember.club_id == bindparam("club")
_CLUB_MATCH = Match.club_id == bindparam("club")
_CLUB_TABLES = (select(TournamentTable.home_points, TournamentTable.away_points)
                .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
                .join(Tournament, Tournament.id == TournamentRound.tournament_id)
                .where(Tournament.club_id == bindparam("club")).subquery())
# One row of scalar subqueries: each a count or a sum over its own table.
_CLUB = select(
    select(func.count()).where(_OF_CLUB).scalar_subquery(),
    select(func.sum(ClubMember.id)).where(_OF_CLUB).scalar_subquery(),
    select(func.sum(case((ClubMember.role == "organiser", ClubMember.id), else_=0))).where(_OF_CLUB)
    .scalar_subquery(),
    select(func.sum(case((ClubMember.rated, ClubMember.id), else_=0))).where(_OF_CLUB).scalar_subquery(),
    select(func.count()).where(_CLUB_MATCH).scalar_subquery(),
    select(func.sum(Match.version)).where(_CLUB_MATCH).scalar_subquery(),
    select(func.max(Match.id)).where(_CLUB_MATCH).scalar_subquery(),
    select(func.count()).select_from(_CLUB_TABLES).scalar_subquery(),
    select(func.sum(_CLUB_TABLES.c.home_points)).scalar_subquery(),
    select(func.sum(_CLUB_TABLES.c.away_points)).scalar_subquery(),
    select(func.count()).where(Scorer.user_id == bindparam("reader"),
                               Scorer.match_id.in_(select(Match.id).where(_CLUB_MATCH))).scalar_subquery())


def club_version(club_id: int, reader: User) -> str:
    """A digest of what a club's page shows that can change, as `reader` sees it, in one query: its members (ids,
    roles, choices to be rated, summed), its matches (counted, their versions summed: a version only grows), its
    tournaments' tables and results by hand, and the matches the reader scores (which link a scoreboard)."""
    row = db.session.execute(_CLUB, {"club": club_id, "reader": reader.id}).one()
    return hashlib.sha256(repr(tuple(row)).encode()).hexdigest()[:24]
