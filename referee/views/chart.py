"""The geometry of a match's chart: each side's running total hand by hand, and the target, as SVG coordinates.

Pure and typed (numbers in, coordinates out; no Flask): ``templates/matches/_chart.html`` draws what this
module computes as an inline SVG, so the chart needs no script and no library and works offline. The
drawing's box is fixed (``WIDTH`` × ``HEIGHT`` user units) and the page scales it to the screen's width.

>>> c = chart([(4, 0), (11, 2)], 21)
>>> [line.points_attr for line in c.lines]
['34,170 168,145.68 302,103.12', '34,170 168,170 302,157.84']
>>> c.target_y, [t.value for t in c.y_ticks], [t.value for t in c.x_ticks]
(42.32, [0, 5, 10, 15, 20, 25], [1, 2])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

WIDTH, HEIGHT = 320, 200  # the viewBox: a phone's width, and the text sized for it
LEFT, RIGHT, TOP, BOTTOM = 34, 302, 18, 170  # the plot's box inside it: room for the labels around
# A label every 1, 2, 5, 10, 20… hands (no more than MOST_X_LABELS) or points (no more than Y_STEPS steps up to
# the target or the highest total, and one step above it).
MOST_X_LABELS, Y_STEPS = 8, 5
MARKER_GAP = 14.0  # markers closer than this (60 hands and more) are thinned out: the line still shows each hand
MARKER_SIZE = 3.5  # half a marker's width
SHAPES = ("circle", "square", "triangle", "diamond")  # side 0, 1, 2, 3: each side's own mark besides its colour


@dataclass(frozen=True)
class Point:
    """Where one side stood after one hand (hand 0: the start, every side at 0)."""

    x: float
    y: float
    hand: int
    total: int


@dataclass(frozen=True)
class Tick:
    """A labelled value on an axis, and where it is drawn (an x for hands, a y for points)."""

    value: int
    at: float


@dataclass(frozen=True)
class Line:
    """One side's line: its points from the start to the last hand, and those that carry its marker."""

    side: int
    points: tuple[Point, ...]
    markers: tuple[Point, ...]

    @property
    def shape(self) -> str:
        """The side's marker: a circle, a square, a triangle or a diamond."""
        return SHAPES[self.side % len(SHAPES)]

    @property
    def points_attr(self) -> str:
        """The line as an SVG polyline's ``points``: 'x,y x,y …'."""
        return " ".join(f"{number(p.x)},{number(p.y)}" for p in self.points)

    @property
    def legend_marker(self) -> str:
        """The side's marker for the legend's sample line (a 28 × 12 drawing)."""
        return marker(self.shape, 14, 6)

    @property
    def marker_path(self) -> str:
        """Every marker of the line as one SVG path (one element per side, however many hands)."""
        return " ".join(marker(self.shape, p.x, p.y) for p in self.markers)


@dataclass(frozen=True)
class Chart:
    """Everything the template draws: the plot's box, the axes' ticks, the target's line, the sides' lines."""

    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    target: int
    target_y: float
    hands: int
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM

    @property
    def view_box(self) -> str:
        """The SVG's viewBox."""
        return f"0 0 {self.width} {self.height}"


def number(value: float) -> str:
    """A coordinate as SVG text: at most two decimals, no trailing zeros ('168', '157.84')."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def nice_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that labels `span` with no more than `most` steps.

    >>> nice_step(21, 6), nice_step(60, 8), nice_step(3, 8)
    (5, 10, 1)
    """
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            if math.ceil(span / step) <= most:
                return step
        scale *= 10


def marker(shape: str, x: float, y: float, size: float = MARKER_SIZE) -> str:
    """One marker centred on (x, y), as SVG path commands."""
    s, d, at = number(size), number(2 * size), f"M{number(x)},{number(y)}"
    if shape == "circle":
        return f"{at}m-{s},0a{s},{s} 0 1,0 {d},0a{s},{s} 0 1,0 -{d},0z"
    if shape == "square":
        return f"{at}m-{s},-{s}h{d}v{d}h-{d}z"
    if shape == "triangle":
        r = size * 1.25  # a triangle of the same width looks smaller than the square
        return f"{at}m0,{number(-r)}l{number(r)},{number(1.75 * r)}h{number(-2 * r)}z"
    r = size * 1.3  # the diamond: a square on its corner, a little larger for the same weight
    return f"{at}m0,{number(-r)}l{number(r)},{number(r)}l{number(-r)},{number(r)}l{number(-r)},{number(-r)}z"


def _y_scale(running: Sequence[Sequence[int]], target: int) -> tuple[int, int, int]:
    """The points axis: its lowest and highest value and its labels' step; the highest is above both the target
    and every total (a line that passes the target keeps room above it)."""
    totals = [t for row in running for t in row]
    low, high = min([0, *totals]), max([target, *totals])
    step = nice_step(max(high - low, 1), Y_STEPS)
    low = math.floor(low / step) * step
    return low, (high // step + 1) * step, step


def chart(running: Sequence[Sequence[int]], target: int) -> Chart:
    """The chart of a match from its running totals: one tuple per hand, each side's total after it.

    Hand 0 is the start (every side at 0); the x axis runs from it to the last hand, the y axis from 0 (or
    the lowest total) to past the target or the highest total, whichever is higher.
    """
    hands = len(running)
    sides = len(running[0]) if running else 0
    low, high, step = _y_scale(running, target)
    dx = (RIGHT - LEFT) / max(hands, 1)

    def y_of(value: int) -> float:
        """Where a total is drawn: higher totals higher up (a smaller y)."""
        return round(BOTTOM - (value - low) * (BOTTOM - TOP) / (high - low), 2)

    def x_of(hand: int) -> float:
        """Where a hand is drawn."""
        return round(LEFT + hand * dx, 2)

    every = max(1, math.ceil(MARKER_GAP / dx))  # one marker per so many hands, and always the last one
    lines = []
    for side in range(sides):
        points = (Point(x_of(0), y_of(0), 0, 0),
                  *(Point(x_of(n), y_of(row[side]), n, row[side]) for n, row in enumerate(running, start=1)))
        markers = tuple(p for p in points[1:] if p.hand % every == 0 or p.hand == hands)
        lines.append(Line(side, points, markers))
    x_step = nice_step(max(hands, 1), MOST_X_LABELS)
    x_ticks = tuple(Tick(n, x_of(n)) for n in range(x_step, hands + 1, x_step))
    y_ticks = tuple(Tick(v, y_of(v)) for v in range(low, high + 1, step))
    return Chart(tuple(lines), x_ticks, y_ticks, target, y_of(target), hands)


class Row(Protocol):
    """What the chart reads of a scoreboard's row (services.scoreboard.HandRow): the totals after the hand."""

    @property
    def running(self) -> tuple[int, ...]:
        """Each side's total after the hand."""


def board_chart(rows: Sequence[Row], target: int) -> Chart | None:
    """The chart of a scoreboard's hands; None before the first hand (the page says there are no hands yet)."""
    return chart([row.running for row in rows], target) if rows else None
