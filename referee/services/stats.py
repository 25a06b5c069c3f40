"""A player's statistics: their record, their hands, their partners and their opponents, as SQL aggregates.

Every figure comes from four queries over the player's seats (referee.models.Seat; or an account's claimed
seats, My record), their matches and the hands' side results (referee.models.HandSide): sums and counts in
SQL, no loop over hands in Python. Only the record reads one row per match (the winning streaks need the
finished ones in the order they finished).

Choices (docs/statistics.md): a match counts for the hands played in it as soon as one is saved, but for
"played" and "won" only once it is finished; the partners' and opponents' records count finished matches.
A tournament table whose result the organiser recorded by hand counts as finished, won as recorded
(services/decisions.py). One person in two seats of one match counts once, for the lowest side they sat on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import FromClause, Select, Subquery, and_, case, distinct, func, not_, select
from sqlalchemy.sql import ColumnElement

from ..extensions import db
from ..models import HandSide, Match, Player, Seat, SeatClaim, TournamentTable, now
from .decisions import counted_finished, counted_winner, decided_table

PERIODS = ("all", "year", "30d")
CATEGORIES = ("cards", "oros", "sevens", "velo")
BONUSES = ("all_oros", "all_sevens", "over30")
RECENT_DAYS = 30
# Which of a match's other seats (an alias of Seat) are the person's own: not their partners or opponents.
IsMe = Callable[[FromClause], ColumnElement[bool]]


@dataclass(frozen=True)
class StatsFilter:
    """Which matches count: one game (a preset) or every game, and a period (see PERIODS) by when they started."""

    game: str = ""
    period: str = "all"

    def since(self, today: datetime | None = None) -> datetime | None:
        """The first moment the period holds (UTC), or None for all time."""
        moment = today or now()
        if self.period == "year":
            return moment.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
        if self.period == "30d":
            return moment - timedelta(days=RECENT_DAYS)
        return None


@dataclass(frozen=True)
class Record:
    """A player's matches: started, finished, won, and the winning streaks over the finished ones."""

    started: int = 0
    finished: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0

    @property
    def in_progress(self) -> int:
        """Matches started and not finished (they count for the hands only)."""
        return self.started - self.finished

    @property
    def win_rate(self) -> float | None:
        """Matches won out of matches finished; None before any finished."""
        return self.won / self.finished if self.finished else None


@dataclass(frozen=True)
class HandFigures:
    """Sums over the hands the player's side played: points, escobas, each category and bonus taken, errors."""

    hands: int = 0
    points: int = 0
    escobas: int = 0
    erred: int = 0
    taken: dict[str, int] = field(default_factory=dict)  # category or bonus → hands the side took it

    def per_hand(self, total: int) -> float | None:
        """A sum divided by the hands played; None before any hand."""
        return total / self.hands if self.hands else None


@dataclass(frozen=True)
class Partner:
    """Another player on the player's side: finished matches together and the wins among them."""

    id: int
    name: str
    matches: int
    won: int


@dataclass(frozen=True)
class Opponent:
    """A player on another side: the head-to-head record over finished matches."""

    id: int
    name: str
    matches: int
    won: int  # the player's side won
    lost: int  # the opponent's side won (in a match of three or four sides, a third may have won)


@dataclass(frozen=True)
class PlayerStats:
    """Everything the player's page shows of their play under a filter."""

    record: Record
    hands: HandFigures
    partners: list[Partner]
    opponents: list[Opponent]

    @property
    def empty(self) -> bool:
        """True when the player has no hand and no finished match under the filter."""
        return self.hands.hands == 0 and self.record.finished == 0


def player_stats(player: Player, only: StatsFilter | None = None) -> PlayerStats:
    """The player's statistics over the matches of their account the filter keeps."""
    theirs = and_(Seat.player_id == player.id, Match.user_id == player.user_id)
    return _stats(theirs, lambda other: other.c.player_id == player.id, only or StatsFilter())


def account_stats(user_id: int, only: StatsFilter | None = None) -> PlayerStats:
    """An account's statistics (My record) over the seats it holds by a confirmed claim, whoever owns their
    matches (services/claims.py): the same figures as a player's, the partners and opponents being the players
    of those matches' owners."""
    claimed = select(SeatClaim.seat_id).where(SeatClaim.user_id == user_id, SeatClaim.confirmed_at.is_not(None))
    return _stats(Seat.id.in_(claimed), lambda other: other.c.id.in_(claimed), only or StatsFilter())


def _stats(seats: ColumnElement[bool], is_me: IsMe, only: StatsFilter) -> PlayerStats:
    """The figures over the seats the condition keeps, `is_me` telling those seats among a match's others."""
    mine = _their_matches(seats, only).subquery("mine")
    return PlayerStats(_record(mine), _hands(mine), _partners(is_me, mine), _opponents(is_me, mine))


def _their_matches(seats: ColumnElement[bool], only: StatsFilter) -> Select[int, int]:
    """One row per match with a seat the condition keeps (under the filter): the match and the side sat on."""
    query = (select(Seat.match_id.label("match_id"), func.min(Seat.side).label("side"))
             .join(Match, Match.id == Seat.match_id)
             .where(seats)
             .group_by(Seat.match_id))
    if only.game:
        query = query.where(Match.preset == only.game)
    since = only.since()
    if since is not None:
        query = query.where(Match.created_at >= since)
    return query


def _count_if(condition: ColumnElement[bool]) -> ColumnElement[int]:
    """SUM(1 when the condition holds), 0 over no rows."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def _record(mine: Subquery) -> Record:
    """Matches started, finished and won, and the streaks: one row per match (never per hand), the finished
    ones in the order they finished, as the streaks need."""
    rows = db.session.execute(
        select(counted_finished(), counted_winner() == mine.c.side).select_from(mine)
        .join(Match, Match.id == mine.c.match_id).outerjoin(TournamentTable, decided_table(mine.c.match_id))
        # A table decided by hand has no finished_at of its own: it counts from when its match began.
        .order_by(func.coalesce(Match.finished_at, Match.created_at), Match.id)).all()
    results = [bool(won) for finished, won in rows if finished]
    current, best = streaks(results)
    return Record(started=len(rows), finished=len(results), won=sum(results), current_streak=current,
                  best_streak=best)


def streaks(results: list[bool]) -> tuple[int, int]:
    """The current and the best run of wins in a list of results, oldest first.

    >>> streaks([True, True, False, True])
    (1, 2)
    >>> streaks([])
    (0, 0)
    """
    current = best = 0
    for won in results:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def _hands(mine: Subquery) -> HandFigures:
    """Sums over the player's side's results in every hand of their matches."""
    taken = [_count_if(getattr(HandSide, name) > 0) for name in (*CATEGORIES, *BONUSES)]
    row = db.session.execute(
        select(func.count(HandSide.id), func.coalesce(func.sum(HandSide.points), 0),
               func.coalesce(func.sum(HandSide.escobas), 0), _count_if(HandSide.erred.is_(True)), *taken)
        .select_from(mine)
        .join(HandSide, and_(HandSide.match_id == mine.c.match_id, HandSide.side == mine.c.side))).one()
    hands, points, escobas, erred, *counts = (int(value) for value in row)
    return HandFigures(hands=hands, points=points, escobas=escobas, erred=erred,
                       taken=dict(zip((*CATEGORIES, *BONUSES), counts, strict=True)))


def _others(is_me: IsMe, mine: Subquery, same_side: bool) -> tuple[Select[int, str, int, int], Any]:
    """The other players of the player's finished matches, on their side or another, grouped by player (with
    their seats' alias, for a count of the other side's wins)."""
    other = Seat.__table__.alias("other")
    side = other.c.side == mine.c.side if same_side else other.c.side != mine.c.side
    return (select(Player.id, Player.name,
                   func.count(distinct(mine.c.match_id)),
                   func.count(distinct(case((counted_winner() == mine.c.side, mine.c.match_id)))))
            .select_from(mine)
            .join(Match, Match.id == mine.c.match_id)
            .outerjoin(TournamentTable, decided_table(mine.c.match_id))
            .join(other, and_(other.c.match_id == mine.c.match_id, side, not_(is_me(other))))
            .where(counted_finished())
            .join(Player, Player.id == other.c.player_id)
            .group_by(Player.id, Player.name), other)


def _partners(is_me: IsMe, mine: Subquery) -> list[Partner]:
    """Each partner's finished matches with the player and their wins together, most played first."""
    query, _ = _others(is_me, mine, same_side=True)
    rows = db.session.execute(query).all()
    partners = [Partner(id=pid, name=name, matches=matches, won=won) for pid, name, matches, won in rows]
    return sorted(partners, key=lambda p: (-p.matches, -p.won, p.name.casefold()))


def _opponents(is_me: IsMe, mine: Subquery) -> list[Opponent]:
    """Each opponent's head-to-head record with the player, most played first."""
    query, other = _others(is_me, mine, same_side=False)
    theirs = func.count(distinct(case((counted_winner() == other.c.side, mine.c.match_id))))
    rows = db.session.execute(query.add_columns(theirs)).all()
    opponents = [Opponent(id=pid, name=name, matches=matches, won=won, lost=lost)
                 for pid, name, matches, won, lost in rows]
    return sorted(opponents, key=lambda o: (-o.matches, -o.won, o.name.casefold()))
