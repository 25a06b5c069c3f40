"""Two versions of one hand, compared: where they differ, side by side and category by category, and what the
referee says of each (issue 36: a hand counts when the other side confirms it, and the referee says where two
counts differ).

Either version may be entered by cards or by counts. What both can say is compared: each side's counts (its whole
pile, the leftover in the pile of the side that took it), its escobas and whatever else both versions give (the pile's
sum, la setenta, the tiebreak counts), the leftover's sum and who made the last capture; and when both give cards,
the cards of each pile and of the leftover. A category only one version gives is not a difference.

Of each version the referee says whether it can be right at all (no entry error: the deck's 40 cards, 10 oros, 4
sevens and one velo, each card in one place) and whether it passes every check (the leftover's sum, the piles'
fifteens: no side erred). A version that cannot be right cannot be taken; one whose checks fail describes a hand in
which a side erred, and may be what happened.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import Card
from .entries import CardEntry, HandEntry, TallyEntry
from .hand import check_hand, count_cards
from .problems import InvalidEntry, Problem
from .report import HandReport

# What a side's counts can hold, in the order the referee names them: each compared when both versions give it.
SIDE_COUNTS = ("cards", "oros", "sevens", "velo", "escobas", "pile_sum", "setenta", "sixes", "aces", "fives")
HAND_FACTS = ("leftover_sum", "last_capture")


@dataclass(frozen=True)
class Difference:
    """One place two versions disagree: the category, the side (None for the hand's own: the leftover, the last
    capture) and each version's value (a pile's or the leftover's difference: the cards only that version has
    there, as card codes)."""

    category: str
    side: int | None
    first: object
    second: object


@dataclass(frozen=True)
class Verdict:
    """What the referee says of one version: its report, or the entry errors that make it impossible."""

    report: HandReport | None
    problems: tuple[Problem, ...] = ()

    @property
    def possible(self) -> bool:
        """True when the version can be right: no entry error."""
        return self.report is not None

    @property
    def passes(self) -> bool:
        """True when the version passes every check: no side erred."""
        return self.report is not None and self.report.valid


@dataclass(frozen=True)
class Comparison:
    """Two versions of a hand: every difference, in the order the referee names them, and each one's verdict."""

    differences: tuple[Difference, ...]
    first: Verdict
    second: Verdict

    @property
    def agree(self) -> bool:
        """True when the versions say the same wherever both say something."""
        return not self.differences


def verdict(entry: HandEntry) -> Verdict:
    """The referee's word on one version."""
    try:
        return Verdict(check_hand(entry))
    except InvalidEntry as invalid:
        return Verdict(None, invalid.problems)


def compare(first: HandEntry, second: HandEntry) -> Comparison:
    """Every difference between two versions of the same hand, and the referee's verdict on each."""
    differences: list[Difference] = []
    ours, theirs = _side_counts(first), _side_counts(second)
    for side in range(max(len(ours), len(theirs))):
        mine = ours[side] if side < len(ours) else {}
        other = theirs[side] if side < len(theirs) else {}
        differences += [Difference(name, side, mine[name], other[name]) for name in SIDE_COUNTS
                        if name in mine and name in other and mine[name] != other[name]]
        if isinstance(first, CardEntry) and isinstance(second, CardEntry):
            differences += _cards_apart("pile", side, _pile(first, side), _pile(second, side))
    facts = {name: (_fact(first, name), _fact(second, name)) for name in HAND_FACTS}
    differences += [Difference(name, None, a, b) for name, (a, b) in facts.items() if a != b]
    if first.leftover is not None and second.leftover is not None:  # a tally gives its leftover's cards or not
        differences += _cards_apart("leftover", None, first.leftover, second.leftover)
    return Comparison(tuple(differences), verdict(first), verdict(second))


def _side_counts(entry: HandEntry) -> list[dict[str, object]]:
    """Each side's counts as the version gives them (None values left out: not given, or for cards a setenta of a
    pile lacking a suit, whose cards the piles' difference names)."""
    if isinstance(entry, TallyEntry):
        return [{name: value for name in SIDE_COUNTS if (value := getattr(side, name, None)) is not None}
                for side in entry.sides]
    found = []
    for index, side in enumerate(entry.sides):
        whole = side.cards + (entry.leftover if index == entry.last_capture else ())
        counts = count_cards(whole)
        given = {name: value for name in SIDE_COUNTS if (value := getattr(counts, name, None)) is not None}
        found.append(given | {"escobas": side.escobas, "pile_sum": sum(card.value for card in whole)})
    return found


def _fact(entry: HandEntry, name: str) -> int:
    """The leftover's sum or the last capture's side."""
    if name == "last_capture":
        return entry.last_capture
    if isinstance(entry, TallyEntry):
        return entry.leftover_sum
    return sum(card.value for card in entry.leftover)


def _pile(entry: CardEntry, side: int) -> tuple[Card, ...]:
    """A side's captured cards, without the leftover (none for a side the version does not have)."""
    return entry.sides[side].cards if side < len(entry.sides) else ()


def _cards_apart(category: str, side: int | None, first: tuple[Card, ...],
                 second: tuple[Card, ...]) -> list[Difference]:
    """The cards only one version has in a place, as one difference (none when both hold the same cards)."""
    mine, other = Counter(first), Counter(second)
    if mine == other:
        return []
    return [Difference(category, side, tuple(str(card) for card in sorted((mine - other).elements())),
                       tuple(str(card) for card in sorted((other - mine).elements())))]
