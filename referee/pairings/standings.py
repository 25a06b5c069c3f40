"""The standings table: match points, then point difference, then the opponents' match points (Buchholz), then
head to head; entrants still tied share the place. docs/tournaments.md states the rules for organisers."""

from __future__ import annotations

import enum
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from referee.pairings.pairing import seed_order
from referee.pairings.results import InvalidResults, Outcome, Result, check_told_by_both

E = TypeVar("E", bound=Hashable)


class Tiebreak(enum.Enum):
    """What puts one entrant above the next, in the order they are asked."""

    MATCH_POINTS = "match_points"
    POINT_DIFFERENCE = "point_difference"
    BUCHHOLZ = "buchholz"
    HEAD_TO_HEAD = "head_to_head"


@dataclass(frozen=True)
class StandingRow(Generic[E]):
    """One entrant's line of the table.

    `buchholz` is the sum of the match points of every opponent it played (once per meeting; a bye adds nothing).
    `head_to_head` is the match points it took in its matches against the entrants level with it on the first
    three counts, None when nobody was level. `separated_by` names the first tiebreak that put it below the row
    above; None on the first row and on a row that shares the place of the row above.
    """

    place: int
    entrant: E
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int
    points_for: int
    points_against: int
    buchholz: int
    head_to_head: int | None
    separated_by: Tiebreak | None

    @property
    def difference(self) -> int:
        """Points scored less points conceded."""
        return self.points_for - self.points_against

    def counts(self) -> tuple[int, int, int, int]:
        """The four counts in tiebreak order, higher is better."""
        return self.match_points, self.difference, self.buchholz, self.head_to_head or 0


def standings(entrants: Iterable[E], results: Iterable[Result[E]]) -> list[StandingRow[E]]:
    """The table of the entrants (in seed order, which orders entrants sharing a place) from finished results.

    >>> from referee.pairings.results import played
    >>> table = standings(["Ana", "Bea"], played("Bea", "Ana", 21, 12))
    >>> [(row.place, row.entrant, row.match_points, row.difference, row.separated_by) for row in table]
    [(1, 'Bea', 2, 9, None), (2, 'Ana', 0, -9, <Tiebreak.MATCH_POINTS: 'match_points'>)]
    """
    seeds = seed_order(entrants)
    rows = list(results)
    strangers = {name for row in rows for name in (row.entrant, row.opponent) if name is not None} - set(seeds)
    if strangers:
        raise InvalidResults(f"results of {sorted(map(repr, strangers))}, who are not entrants")
    check_told_by_both(rows)
    by_entrant: defaultdict[E, list[Result[E]]] = defaultdict(list)
    for row in rows:
        by_entrant[row.entrant].append(row)
    points = {entrant: sum(row.match_points for row in by_entrant[entrant]) for entrant in seeds}
    lines = [line(entrant, by_entrant[entrant], points) for entrant in seeds]
    lines = with_head_to_head(lines, by_entrant)
    rank = {entrant: place for place, entrant in enumerate(seeds)}
    lines.sort(key=lambda row: (tuple(-key for key in row.counts()), rank[row.entrant]))
    return placed(lines)


def line(entrant: E, rows: list[Result[E]], points: dict[E, int]) -> StandingRow[E]:
    """An entrant's counts from its own rows, before the places and head to head."""
    outcomes = Counter(row.outcome for row in rows)
    return StandingRow(
        place=0, entrant=entrant, played=len(rows) - outcomes[Outcome.BYE], won=outcomes[Outcome.WIN],
        drawn=outcomes[Outcome.DRAW], lost=outcomes[Outcome.LOSS], byes=outcomes[Outcome.BYE],
        match_points=points[entrant], points_for=sum(row.points_for for row in rows),
        points_against=sum(row.points_against for row in rows),
        buchholz=sum(points[row.opponent] for row in rows if row.opponent is not None),
        head_to_head=None, separated_by=None,
    )


def with_head_to_head(lines: list[StandingRow[E]], by_entrant: dict[E, list[Result[E]]]) -> list[StandingRow[E]]:
    """Each line level with others on the first three counts gets its match points in the matches among them."""
    level: defaultdict[tuple[int, int, int], set[E]] = defaultdict(set)
    for row in lines:
        level[row.counts()[:3]].add(row.entrant)
    done = []
    for row in lines:
        group = level[row.counts()[:3]]
        if len(group) > 1:
            among = sum(result.match_points for result in by_entrant[row.entrant] if result.opponent in group)
            row = replace(row, head_to_head=among)
        done.append(row)
    return done


def placed(lines: list[StandingRow[E]]) -> list[StandingRow[E]]:
    """The sorted lines with their places (level lines share one, the next place skipping as many) and what
    separated each from the line above."""
    table: list[StandingRow[E]] = []
    for index, row in enumerate(lines):
        above = table[-1] if table else None
        if above is None:
            table.append(replace(row, place=1))
            continue
        pairs = zip(Tiebreak, row.counts(), above.counts())
        differing = [tiebreak for tiebreak, mine, theirs in pairs if mine != theirs]
        if differing:
            table.append(replace(row, place=index + 1, separated_by=differing[0]))
        else:
            table.append(replace(row, place=above.place))
    return table
