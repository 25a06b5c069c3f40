"""Each side's result in a hand (referee.models.HandSide), kept beside the hand so statistics are SQL sums."""

from __future__ import annotations

from ..models import Hand, HandSide, Match
from ..rules import HandReport


def keep_results(match: Match, hand: Hand, report: HandReport) -> None:
    """Give the hand one HandSide per side from the referee's report and the points stored (no commit).

    A hand saved again keeps its rows and changes them in place: replacing them would insert the new rows
    before deleting the old, against the one row per side and hand.
    """
    rows = list(hand.results)
    if len(rows) != len(report.sides):
        hand.results = rows = [HandSide(match_id=match.id, side=i) for i in range(len(report.sides))]
    for row, side, points in zip(rows, report.sides, hand.points, strict=True):
        earned = side.earned
        row.points, row.escobas, row.erred = points, earned.escobas, bool(side.erred)
        row.cards, row.oros, row.sevens, row.velo = earned.cards, earned.oros, earned.sevens, earned.velo
        row.all_oros, row.all_sevens, row.over30 = earned.all_oros, earned.all_sevens, earned.over30
