"""A player's rating, match by match: the figures a page shows and a small line chart's geometry, for an
SVG drawn on the server (templates/players/_rating.html). No drawing library, in the browser or here."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from ..skill import START

WIDTH, HEIGHT = 320, 150  # the viewBox; the drawing scales to the page's width
LEFT, RIGHT, TOP, BOTTOM = 48, 10, 10, 26  # room for the rating's labels on the left, the matches' below
STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)  # the gaps between ruled lines
MOST_LINES = 4


class Rated(Protocol):
    """A rating after one finished match, as stored (referee.models.RatingChange, or its columns read alone)."""

    @property
    def match_id(self) -> int:
        """The match that was rated."""

    @property
    def at(self) -> datetime:
        """When it finished."""

    @property
    def rating(self) -> float:
        """The rating shown after it."""


@dataclass(frozen=True)
class Step:
    """The rating after one finished match: which match (1 = the player's first), when, and the change."""

    number: int
    match_id: int
    at: datetime
    rating: int
    change: int


@dataclass(frozen=True)
class RatingChart:
    """The history's figures and the chart's geometry in viewBox units: the line's points, the ruled lines
    (rating, y), the first and last match's x, the last point."""

    steps: tuple[Step, ...]
    best: int
    lowest: int
    line: str
    rules: tuple[tuple[int, float], ...]
    last: tuple[float, float]
    left: float = LEFT
    right: float = WIDTH - RIGHT
    bottom: float = HEIGHT - BOTTOM
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def now(self) -> int:
        """The current rating."""
        return self.steps[-1].rating

    def recent(self, count: int = 10) -> list[Step]:
        """The last `count` matches, newest first (the table under the chart)."""
        return list(reversed(self.steps[-count:]))


def rating_chart(history: Sequence[Rated]) -> RatingChart | None:
    """The chart of a rating's history (oldest first), from the start every player has; None before any."""
    if not history:
        return None
    ratings = [round(START), *(round(change.rating) for change in history)]
    steps = tuple(Step(i, change.match_id, change.at, ratings[i], ratings[i] - ratings[i - 1])
                  for i, change in enumerate(history, start=1))
    low, high, rules = _scale(min(ratings), max(ratings))
    across, down = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def point(i: int, rating: int) -> tuple[float, float]:
        """Where the rating after the i-th match sits (0: the start)."""
        return (round(LEFT + across * i / (len(ratings) - 1), 1),
                round(TOP + down * (high - rating) / (high - low), 1))

    points = [point(i, rating) for i, rating in enumerate(ratings)]
    return RatingChart(steps=steps, best=max(ratings[1:]), lowest=min(ratings[1:]),
                       line=" ".join(f"{x},{y}" for x, y in points),
                       rules=tuple((value, point(0, value)[1]) for value in rules), last=points[-1])


def _scale(low: int, high: int) -> tuple[int, int, list[int]]:
    """The chart's bottom and top, and the ruled lines between: round numbers, at most MOST_LINES gaps."""
    for step in STEPS:
        bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
        if top == bottom:
            top += step
        if (top - bottom) // step <= MOST_LINES:
            return bottom, top, list(range(bottom, top + 1, step))
    step = STEPS[-1]
    bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step + step
    return bottom, top, [bottom, top]
