"""A match's place in a tournament: the table of which round of which tournament it is, whether that round is
closed, and whether a reader may open the tournament — read in one query, and none for a match of no club.

A table whose round is closed is *settled*: the next round was paired from its result (a knockout's winners), or
the standings count it as final (a Swiss or round-robin round), so its hands no longer change; only the
organiser changes its result, by hand and with a reason (services/tournament_rounds.py: record_result). A table
whose result the organiser recorded by hand is settled too, from that moment: its match is decided
(services/decisions.py), and a hand saved after it would change nothing it counts for. This is the one place
that says so: saving, correcting, taking back or restoring a hand asks it (services/hands.py), and
so does the scoreboard, which then offers none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, select

from ..extensions import db
from ..models import Match, Tournament, TournamentRound, TournamentTable, User
from .decisions import Decision
from .errors import Conflict
from .refusals import MatchRefusal
from .roles import belongs


@dataclass(frozen=True)
class TablePlace:
    """A tournament's table: its tournament and round, whether the round is closed, whether the reader asked about
    is a member of the tournament's club (who may open the tournament), and the result the organiser recorded by
    hand (None when none was)."""

    tournament_id: int
    round_number: int
    closed: bool
    reader_is_member: bool
    decided: Decision | None = None

    @property
    def settled(self) -> bool:
        """Its hands no longer change: its round is closed, or its result was recorded by hand."""
        return self.closed or self.decided is not None

    def refusal(self) -> Conflict:
        """Why a settled table's hands no longer change, as the services refuse a change and the scoreboard says
        it: the result recorded by hand (with its points, home first), else the round closed."""
        if self.decided is not None:
            return Conflict(MatchRefusal.DECIDED, home=self.decided.home, away=self.decided.away)
        return Conflict(MatchRefusal.SETTLED, number=self.round_number)


# Built once: every hand saved in a club's match asks it.
_PLACE = (select(TournamentRound.tournament_id, TournamentRound.number, TournamentRound.closed_at.is_not(None),
                 belongs(bindparam("reader"), Tournament.club_id), TournamentTable.home_points,
                 TournamentTable.away_points)
          .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
          .join(Tournament, Tournament.id == TournamentRound.tournament_id)
          .where(TournamentTable.match_id == bindparam("match")))


def table_place(match: Match, reader: User | None = None) -> TablePlace | None:
    """The tournament table the match is, or None for a match of its own (only a club's match can be a table:
    any other costs no query). `reader`: whose membership of the club to tell (none: False)."""
    if match.club_id is None:
        return None
    row = db.session.execute(_PLACE, {"match": match.id, "reader": reader.id if reader is not None else 0}).first()
    if row is None:
        return None
    decided = Decision(row[4], row[5]) if row[4] is not None and row[5] is not None else None
    return TablePlace(row[0], row[1], bool(row[2]), bool(row[3]), decided)



def is_decided(match: Match) -> bool:
    """Whether the match is a table whose result the organiser recorded by hand (no query for a match of no club):
    such a table has no dealer to draw before its board shows the result."""
    place = table_place(match)
    return place is not None and place.decided is not None
