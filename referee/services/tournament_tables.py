"""A tournament's rounds and tables as plain objects, read in a few queries, and their results as the pairings core
counts them.

A table's result is the result the organiser recorded by hand when there is one (it wins), else its match's final
scores once the match has a winner; a bye is a table-less result (a win 0–0, docs/tournaments.md). A round is
complete when every table has a result.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Hand, HandSide, Match, TournamentRound, TournamentTable
from ..pairings import Result, bye, played
from .tournaments import Entrant, TournamentInfo
from .waiting import confirms_each_hand


class TableState(enum.StrEnum):
    """Where a table is."""

    BYE = "bye"  # no table: the entrant sits the round out
    PLAYING = "playing"  # its match has no winner yet (or was deleted, and no result was recorded)
    FINISHED = "finished"  # its match has a winner: the result is its final scores
    BY_HAND = "by_hand"  # the organiser recorded the result


@dataclass(frozen=True)
class Table:
    """One pairing of a round. `score` is the match's running total per side (home first; None for a bye or a
    deleted match); `result` the table's result (home points, away points), None while it has none."""

    id: int
    number: int | None
    home: Entrant
    away: Entrant | None
    match_id: int | None
    spectator_token: str | None
    state: TableState
    score: tuple[int, int] | None
    result: tuple[int, int] | None
    calls: bool = False  # a side called the organiser to decide a hand the sides dispute (services/confirmations.py)

    @property
    def is_bye(self) -> bool:
        """The home entrant sits the round out."""
        return self.away is None

    @property
    def winner(self) -> Entrant | None:
        """Who won (a bye's entrant too); None while there is no result, and for a draw."""
        if self.away is None:
            return self.home
        if self.result is None or self.result[0] == self.result[1]:
            return None
        return self.home if self.result[0] > self.result[1] else self.away

    def rows(self) -> tuple[Result[int], ...]:
        """The table's result as the pairings core counts it (by entrant id); none while it has no result."""
        if self.away is None:
            return (bye(self.home.id),)
        if self.result is None:
            return ()
        return played(self.home.id, self.away.id, *self.result)


@dataclass(frozen=True)
class Round:
    """A round of a tournament and its tables (by table number, the bye last)."""

    id: int
    number: int
    started_at: datetime
    closed_at: datetime | None
    tables: tuple[Table, ...]

    @property
    def closed(self) -> bool:
        """The organiser (or starting the next round) closed it."""
        return self.closed_at is not None

    @property
    def complete(self) -> bool:
        """Every table has a result (a round with no table, which only a start interrupted before starts were
        whole could leave, is not: services/tournament_rounds.py starts it again)."""
        return bool(self.tables) and all(table.state != TableState.PLAYING for table in self.tables)

    @property
    def unfinished(self) -> tuple[int, ...]:
        """The numbers of the tables still without a result."""
        return tuple(table.number or 0 for table in self.tables if table.state == TableState.PLAYING)


def round_rows(tournament_id: int) -> list[TournamentRound]:
    """The tournament's rounds with their tables and matches, in three queries."""
    return list(db.session.scalars(
        select(TournamentRound).where(TournamentRound.tournament_id == tournament_id)
        .order_by(TournamentRound.number)
        .options(selectinload(TournamentRound.tables).selectinload(TournamentTable.match))))


def match_totals(match_ids: list[int]) -> dict[int, list[int]]:
    """Each match's total per side so far, from its hands' sides (a sum in SQL)."""
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    if match_ids:
        for match_id, side, points in db.session.execute(
                select(HandSide.match_id, HandSide.side, func.sum(HandSide.points))
                .where(HandSide.match_id.in_(match_ids)).group_by(HandSide.match_id, HandSide.side)):
            if side < 2:
                totals[match_id][side] = int(points)
    return totals


def calling(match_ids: list[int]) -> set[int]:
    """The matches with a hand waiting whose sides called the organiser to decide it (one query)."""
    if not match_ids:
        return set()
    return set(db.session.scalars(select(Hand.match_id).distinct().where(
        Hand.match_id.in_(match_ids), Hand.waiting.is_(True), Hand.called_at.is_not(None))))


def rounds_of_tournament(info: TournamentInfo) -> list[Round]:
    """The tournament's rounds as plain objects, oldest first."""
    rows = round_rows(info.id)
    ids = [table.match_id for row in rows for table in row.tables if table.match_id is not None]
    # Only a table whose match confirms each hand can call: asked only then (its match is loaded with the table).
    confirming = [table.match.id for row in rows for table in row.tables
                  if table.match is not None and confirms_each_hand(table.match)]
    totals, calls = match_totals(ids), calling(confirming)
    return [Round(row.id, row.number, row.started_at, row.closed_at,
                  tuple(table_of(info, table, totals, calls) for table in row.tables)) for row in rows]


def table_of(info: TournamentInfo, row: TournamentTable, totals: dict[int, list[int]],
             calls: set[int] | frozenset[int] = frozenset()) -> Table:
    """The plain object of a table, its state and result settled."""
    home = info.entrant(row.home_id)
    if row.away_id is None:
        return Table(row.id, None, home, None, None, None, TableState.BYE, None, None)
    match: Match | None = row.match
    score = tuple(totals[match.id]) if match is not None else None
    if row.home_points is not None and row.away_points is not None:
        state, result = TableState.BY_HAND, (row.home_points, row.away_points)
    elif match is not None and match.finished and match.winner is not None and score is not None:
        state, result = TableState.FINISHED, (score[0], score[1])
    else:
        state, result = TableState.PLAYING, None
    return Table(row.id, row.number, home, info.entrant(row.away_id), row.match_id,
                 match.spectator_token if match is not None else None, state,
                 (score[0], score[1]) if score is not None else None, result,
                 match is not None and match.id in calls)


def results_of(rounds: list[Round]) -> list[Result[int]]:
    """Every result so far, as the pairings core counts them (tables without a result left out)."""
    return [result for one in rounds for table in one.tables for result in table.rows()]


def results_of_tournament(tournament_id: int) -> list[Result[int]]:
    """Every result so far, as results_of(rounds_of_tournament(…)) reads them, in two queries of plain columns: the
    standings need no table or match objects (at 64 entrants over 7 rounds, loading 224 of each was most of the
    standings page's time)."""
    rows = db.session.execute(
        select(TournamentTable.home_id, TournamentTable.away_id, TournamentTable.home_points,
               TournamentTable.away_points, TournamentTable.match_id, Match.finished, Match.winner)
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .outerjoin(Match, Match.id == TournamentTable.match_id)
        .where(TournamentRound.tournament_id == tournament_id)
        .order_by(TournamentRound.number, TournamentTable.position)).all()
    finished = {row.match_id for row in rows
                if row.home_points is None and row.finished and row.winner is not None}
    totals = match_totals(sorted(finished))
    results: list[Result[int]] = []
    for row in rows:
        if row.away_id is None:
            results.append(bye(row.home_id))
        elif row.home_points is not None and row.away_points is not None:
            results.extend(played(row.home_id, row.away_id, row.home_points, row.away_points))
        elif row.match_id in finished:
            home, away = totals[row.match_id]
            results.extend(played(row.home_id, row.away_id, home, away))
    return results

