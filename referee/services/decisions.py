"""A tournament table's result recorded by hand decides its match: every reader of the match counts it so.

The organiser records a table's result by hand when its match cannot be played to its end (a walk-over, a lost
phone, a dispute settled on paper; services/tournament_rounds.py: record_result). The standings count that result
instead of the match's; so does everything else that reads the match, or a member's My record, the club's
leaderboard and its list of matches would say "in progress" of a table the standings count as played:

- the match counts as **finished**, won by the side the recorded result puts ahead (home is side 0, away side 1),
  a draw (equal points, a Swiss or round-robin table) won by no side;
- its **points** are the recorded ones wherever a match's final points count (the club's leaderboard's +/−, its
  ratings, a list's score), as the standings' point difference counts them;
- the hands played before it stay what they were: they count for the hand figures (hands, points, escobas) as any
  hand does, and the table's hands no longer change (services/table_place.py: a decided table is settled).

The facts stay where they are (the table's two columns; the match's own hands and winner): these helpers read the
two together, as SQL to join or as a small query over many matches.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, case, or_, select

from ..extensions import db
from ..models import Match, TournamentTable


@dataclass(frozen=True)
class Decision:
    """A result recorded by hand: each side's points, home (side 0) first."""

    home: int
    away: int

    @property
    def points(self) -> tuple[int, int]:
        """Each side's points, side 0 first."""
        return self.home, self.away

    @property
    def winner(self) -> int | None:
        """The side ahead, None for a draw."""
        return None if self.home == self.away else (0 if self.home > self.away else 1)


def decided_table(match_id: Any) -> ColumnElement[bool]:
    """The ON clause of an outer join of TournamentTable to a match (its id column): the match's table when the
    organiser recorded its result (no row otherwise)."""
    return and_(TournamentTable.match_id == match_id, TournamentTable.home_points.is_not(None),
                TournamentTable.away_points.is_not(None))


def counted_finished() -> ColumnElement[bool]:
    """Whether the match counts as finished, TournamentTable outer-joined on decided_table."""
    return or_(Match.finished.is_(True), TournamentTable.home_points.is_not(None))


def counted_winner() -> ColumnElement[int | None]:
    """The side that won as counted (NULL: none yet, or a draw by hand), TournamentTable outer-joined on
    decided_table."""
    return case((TournamentTable.home_points.is_(None), Match.winner),
                (TournamentTable.home_points > TournamentTable.away_points, 0),
                (TournamentTable.away_points > TournamentTable.home_points, 1),
                else_=None)


def decisions(match_ids: Iterable[int]) -> dict[int, Decision]:
    """The results recorded by hand of those matches that are decided tables, by match id (one query; none for no
    ids)."""
    ids = sorted(set(match_ids))
    if not ids:
        return {}
    rows = db.session.execute(
        select(TournamentTable.match_id, TournamentTable.home_points, TournamentTable.away_points)
        .where(TournamentTable.match_id.in_(ids), TournamentTable.home_points.is_not(None),
               TournamentTable.away_points.is_not(None)))
    return {match_id: Decision(home, away) for match_id, home, away in rows
            if match_id is not None and home is not None and away is not None}
