"""What the referee says of a hand: checks, findings and points per side."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .fifteens import PileSplit
from .scoring import Counts, Earned

LEFTOVER_MODULUS = 15
LEFTOVER_RESIDUE = 10  # the deck's 220 is 14 fifteens and 10


def leftover_ok(total: int) -> bool:
    """True when a leftover sum is one a correct hand can leave: 10, 25, 40, 55, …"""
    return total % LEFTOVER_MODULUS == LEFTOVER_RESIDUE


@dataclass(frozen=True)
class Finding:
    """One thing the referee says, as a stable code and its values.

    A ``side`` value is the side's index (from 0) and ``cards`` a tuple of card
    codes; the reader's words for the side, the cards (their names in the match's
    deck) and the code are the web layer's business.
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class SideReport:
    """One side's part of the report.

    ``erred`` is None when a tally cannot tell (no pile sums); ``points`` is then
    None too, unless the match flags errors instead of penalising them.
    """

    erred: bool | None
    points: int | None
    counts: Counts
    earned: Earned
    pile_sum: int | None = None
    split: PileSplit | None = None


@dataclass(frozen=True)
class HandReport:
    """The referee's verdict on a hand."""

    leftover_sum: int
    sides: tuple[SideReport, ...]
    findings: tuple[Finding, ...]

    @property
    def leftover_ok(self) -> bool:
        """True when the leftover sum passes check 2."""
        return leftover_ok(self.leftover_sum)

    @property
    def needs_pile_sums(self) -> bool:
        """True when the leftover is wrong and nothing yet shows which side erred."""
        return any(side.erred is None for side in self.sides)

    @property
    def valid(self) -> bool:
        """True when every check passes."""
        return self.leftover_ok and all(side.erred is False for side in self.sides)

    @property
    def points(self) -> tuple[int | None, ...]:
        """Each side's points after the penalty."""
        return tuple(side.points for side in self.sides)
