"""Finished results as the standings and the Swiss pairing read them: one row per entrant and match.

A match between two entrants is two rows, one from each side (`played` makes both); a bye is one row (`bye`).
Match points: a win 2, a draw 1, a loss 0, a bye 2, as a win scored 0–0 (docs/tournaments.md says why).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

E = TypeVar("E", bound=Hashable)


class InvalidResults(ValueError):
    """Results that cannot be counted: a negative score, a bye with an opponent, a match told by one side only."""


class Outcome(enum.Enum):
    """How a match ended for the entrant of a row."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    BYE = "bye"

    @property
    def match_points(self) -> int:
        """Win 2, draw 1, loss 0; a bye counts as a win."""
        return MATCH_POINTS[self]

    @property
    def mirror(self) -> Outcome:
        """The same match's outcome for the opponent."""
        return MIRROR[self]


MATCH_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0, Outcome.BYE: 2}
MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW, Outcome.BYE: Outcome.BYE}


@dataclass(frozen=True)
class Result(Generic[E]):
    """One entrant's side of a finished match: whom it met, the points each side scored, and the outcome.

    The outcome is the result as recorded, not worked out from the points: an organiser may record a match
    won by a walk-over, or a draw when time ran out.
    """

    entrant: E
    opponent: E | None
    points_for: int
    points_against: int
    outcome: Outcome

    def __post_init__(self) -> None:
        """Refuse a row no match could leave (a bye scores 0–0 against nobody; points are never negative)."""
        if self.points_for < 0 or self.points_against < 0:
            raise InvalidResults(f"{self.entrant!r}: points cannot be negative")
        if (self.outcome is Outcome.BYE) != (self.opponent is None):
            raise InvalidResults(f"{self.entrant!r}: a bye, and only a bye, has no opponent")
        if self.outcome is Outcome.BYE and (self.points_for, self.points_against) != BYE_SCORE:
            raise InvalidResults(f"{self.entrant!r}: a bye scores {BYE_SCORE[0]}–{BYE_SCORE[1]}")
        if self.opponent == self.entrant:
            raise InvalidResults(f"{self.entrant!r} cannot play itself")

    @property
    def match_points(self) -> int:
        """What this row adds to the entrant's match points."""
        return self.outcome.match_points

    @property
    def mirror(self) -> Result[E]:
        """The opponent's row of the same match (a bye's is itself)."""
        if self.opponent is None:
            return self
        return Result(self.opponent, self.entrant, self.points_against, self.points_for, self.outcome.mirror)


# A bye is a win scored 0–0: it gives the match points of a win and leaves the point difference as it was.
BYE_SCORE = (0, 0)


def played(home: E, away: E, home_points: int, away_points: int) -> tuple[Result[E], Result[E]]:
    """Both rows of a match played to its end: the higher score wins (a match never ends tied), equal is a draw.

    >>> [(row.entrant, row.outcome.value, row.match_points) for row in played(1, 2, 21, 14)]
    [(1, 'win', 2), (2, 'loss', 0)]
    """
    outcome = Outcome.DRAW if home_points == away_points else Outcome.WIN if home_points > away_points else Outcome.LOSS
    row = Result(home, away, home_points, away_points, outcome)
    return row, row.mirror


def bye(entrant: E) -> Result[E]:
    """The row of an entrant's bye: a win, 0–0."""
    return Result(entrant, None, *BYE_SCORE, Outcome.BYE)


def check_told_by_both(results: Iterable[Result[E]]) -> None:
    """Refuse results where a match is told by one side only, or the two sides tell it differently."""
    rows = Counter(row for row in results if row.opponent is not None)
    for row, count in rows.items():
        if rows[row.mirror] != count:
            raise InvalidResults(
                f"the match {row.entrant!r} v {row.opponent!r} ({row.points_for}–{row.points_against}, "
                f"{row.outcome.value}) is not told the same way by {row.opponent!r}"
            )
