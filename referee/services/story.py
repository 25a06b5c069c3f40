"""How a finished match went: the winner and the margin, hands played, each side's escobas and errors, the best
hand.

Cheap enough for the scoreboard, a hot page: the totals and the best hand come from the hands the scoreboard
already loaded, the escobas and errors from one grouped query over the match's HandSide rows (never a query
per hand).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Integer, func, select

from ..extensions import db
from ..models import HandSide
from .scoreboard import Scoreboard


@dataclass(frozen=True)
class SideStory:
    """One side's figures over the match."""

    side: int
    name: str
    total: int
    escobas: int
    errors: int  # the hands in which the referee found this side in error


@dataclass(frozen=True)
class BestHand:
    """The most points one side made in one hand (the first such hand, the first such side, on a tie)."""

    number: int
    side: int
    name: str
    points: int


@dataclass(frozen=True)
class MatchStory:
    """The summary of a finished match."""

    winner: int
    winner_name: str
    margin: int  # the winner's total minus the next best side's
    hands: int
    sides: tuple[SideStory, ...]
    best: BestHand | None  # None when no side scored in any hand


def side_counts(match_id: int) -> dict[int, tuple[int, int]]:
    """Each side's escobas and hands in error over a match, by side, in one grouped query."""
    rows = db.session.execute(
        select(HandSide.side, func.sum(HandSide.escobas), func.sum(HandSide.erred.cast(Integer)))
        .where(HandSide.match_id == match_id).group_by(HandSide.side))
    return {side: (int(escobas or 0), int(errors or 0)) for side, escobas, errors in rows}


def best_hand(board: Scoreboard) -> BestHand | None:
    """The hand in which one side scored the most, from the scoreboard's rows."""
    best: BestHand | None = None
    for row in board.rows:
        for side, points in enumerate(row.points):
            if points > (best.points if best else 0):
                best = BestHand(row.number, side, board.side_names[side], points)
    return best


def match_story(board: Scoreboard) -> MatchStory | None:
    """The summary of the scoreboard's match once it has a winner; None while it is being played."""
    winner = board.standing.winner
    if winner is None:
        return None
    totals = board.standing.totals
    counts = side_counts(board.match.id)
    sides = tuple(SideStory(i, name, totals[i], *counts.get(i, (0, 0))) for i, name in enumerate(board.side_names))
    runner_up = max(t for i, t in enumerate(totals) if i != winner)
    return MatchStory(winner, board.side_names[winner], totals[winner] - runner_up, len(board.rows), sides,
                      best_hand(board))
