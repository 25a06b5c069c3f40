"""What the scorekeeper enters for a finished hand: cards, or per-side tallies.

Sides are numbered from 0 in the order of play; a partnership is one side.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit
from .rulesets import Ruleset


@dataclass(frozen=True)
class SidePile:
    """A side's captured cards, without the leftover, and its escobas."""

    cards: tuple[Card, ...]
    escobas: int = 0


@dataclass(frozen=True)
class SideTally:
    """A side's counts at the end of a hand, the leftover included if it took it.

    ``pile_sum`` is the sum of the side's whole pile (leftover included), when counted. The regional
    options need more, when a match plays them (rules/tally_variants.py): ``setenta``, the side's setenta
    sum (0 when it lacks a suit), or ``setenta_cards``, its best card of each suit it holds as tapped (the rules
    core works the sum out: rules/setenta_cards.py), or both; and ``sixes``, ``aces``, ``fives`` to break a tie in
    sevens. ``setenta_untold`` are the suits whose best card was not tapped (neither a card nor "none"): the
    referee asks for them only where they can change who takes the point (setenta_cards.setenta_bounds).
    """

    cards: int
    oros: int
    sevens: int
    velo: bool
    escobas: int = 0
    pile_sum: int | None = None
    setenta: int | None = None
    sixes: int | None = None
    aces: int | None = None
    fives: int | None = None
    setenta_cards: tuple[Card, ...] | None = None
    setenta_untold: tuple[Suit, ...] = ()


@dataclass(frozen=True)
class CardEntry:
    """A hand entered card by card: every pile, the leftover and the last capture."""

    ruleset: Ruleset
    sides: tuple[SidePile, ...]
    leftover: tuple[Card, ...]
    last_capture: int


@dataclass(frozen=True)
class TallyEntry:
    """A hand entered as counts: per-side tallies, the leftover's sum, the last capture.

    ``leftover`` holds the leftover's cards when they were given (the quick entry): the side that made
    the last capture took them, so its counts must hold them.
    """

    ruleset: Ruleset
    sides: tuple[SideTally, ...]
    leftover_sum: int
    last_capture: int
    leftover: tuple[Card, ...] | None = None


HandEntry = CardEntry | TallyEntry
