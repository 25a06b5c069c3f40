"""Each side's result in a hand (referee.models.HandSide), kept beside the hand so statistics are SQL sums."""

from __future__ import annotations

from typing import Any

from ..models import Hand, HandSide, Match
from ..rules import HandReport


def result_values(report: HandReport, points: list[int]) -> list[dict[str, Any]]:
    """Each side's HandSide columns (but its ids) from the referee's report and the points stored."""
    values = []
    for i, (side, scored) in enumerate(zip(report.sides, points, strict=True)):
        earned = side.earned
        values.append({"side": i, "points": scored, "escobas": earned.escobas, "erred": bool(side.erred),
                       "cards": earned.cards, "oros": earned.oros, "sevens": earned.sevens, "velo": earned.velo,
                       "all_oros": earned.all_oros, "all_sevens": earned.all_sevens, "over30": earned.over30})
    return values


def keep_results(match: Match, hand: Hand, report: HandReport) -> None:
    """Give the hand one HandSide per side from the referee's report and the points stored (no commit).

    A hand saved again keeps its rows and changes them in place: replacing them would insert the new rows
    before deleting the old, against the one row per side and hand.
    """
    rows = list(hand.results)
    if len(rows) != len(report.sides):
        hand.results = rows = [HandSide(match_id=match.id, side=i) for i in range(len(report.sides))]
    for row, values in zip(rows, result_values(report, hand.points), strict=True):
        for column, value in values.items():
            setattr(row, column, value)
