"""HandEntry -> HandReport: the referee's checks on a finished hand and its points.

RULES.md §3 (checks) and §4 (points). Entry errors raise InvalidEntry and score
nothing; game errors (a renuncio) are findings, and the penalty applies.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK, Card, Suit
from .checks import escoba_limit, leftover_finding, penalty_findings, side_problems
from .entries import CardEntry, HandEntry, SidePile, TallyEntry
from .fifteens import PileSplit, split_pile
from .problems import InvalidEntry, Problem
from .report import Finding, HandReport, SideReport
from .scoring import Counts, apply_penalty, earn
from .sevens import TIEBREAK, best_per_suit, setenta_of
from .tally import check_tally


def check_hand(entry: HandEntry) -> HandReport:
    """Check a hand entered by cards or by tallies; raise InvalidEntry for bad input."""
    if isinstance(entry, TallyEntry):
        return check_tally(entry)
    return _check_cards(entry)


def count_cards(cards: Sequence[Card]) -> Counts:
    """Cards, oros, sevens and the velo among some cards; and what the regional options count (the
    setenta, the sixes, aces and fives), whatever the match plays: a card entry knows them all."""
    return Counts(
        cards=len(cards),
        oros=sum(1 for c in cards if c.suit is Suit.OROS),
        sevens=sum(1 for c in cards if c.value == 7),
        velo=any(c.is_velo for c in cards),
        **{name: sum(1 for c in cards if c.value == value) for name, value in TIEBREAK},
        setenta=setenta_of(cards),
        setenta_cards=best_per_suit(cards),
    )


def _completeness(entry: CardEntry) -> list[Problem]:
    """Every card of the deck in exactly one place (RULES.md §3.1)."""
    problems = []
    seen: set[Card] = set()
    places = [(("sides", i, "cards"), side.cards) for i, side in enumerate(entry.sides)]
    for location, cards in [*places, (("leftover",), entry.leftover)]:
        for j, card in enumerate(cards):
            if card in seen:
                problems.append(Problem((*location, j), "duplicate_card", {"card": str(card)}))
            seen.add(card)
    missing = tuple(str(card) for card in DECK if card not in seen)
    if missing:
        problems.append(Problem(("sides",), "missing_cards", {"cards": missing}))
    return problems


def _pile_problems(entry: CardEntry, splits: Sequence[PileSplit]) -> list[Problem]:
    """Escobas a pile cannot hold, and a last capture by a side that took nothing."""
    problems = []
    for i, (side, split) in enumerate(zip(entry.sides, splits)):
        most = escoba_limit(split.total, len(side.cards), split.ok)
        if side.escobas > most:
            problems.append(Problem(("sides", i, "escobas"), "escobas_too_many",
                                    {"escobas": side.escobas, "most": most}))
    if not entry.sides[entry.last_capture].cards:
        problems.append(Problem(("last_capture",), "last_capture_empty", {"side": entry.last_capture}))
    return problems


def _split_findings(splits: Sequence[PileSplit]) -> list[Finding]:
    """Per pile: its fifteens, or why it is wrong and which cards are suspect."""
    findings = []
    for i, split in enumerate(splits):
        if split.ok:
            findings.append(Finding("pile_ok", {"side": i, "sum": split.total,
                                                "fifteens": len(split.fifteens)}))
            continue
        code = "pile_unsplittable" if split.multiple_of_15 else "pile_not_multiple"
        findings.append(Finding(code, {"side": i, "sum": split.total}))
        findings.append(Finding("suspects", {"side": i, "cards": tuple(map(str, split.suspects))}))
    return findings


def _check_cards(entry: CardEntry) -> HandReport:
    """Check a hand entered card by card."""
    problems = side_problems(len(entry.sides), entry.last_capture, [s.escobas for s in entry.sides])
    problems += _completeness(entry)
    if problems:
        raise InvalidEntry(problems)
    splits = [split_pile(side.cards) for side in entry.sides]
    problems = _pile_problems(entry, splits)
    if problems:
        raise InvalidEntry(problems)
    counts = [count_cards(_with_leftover(entry, i, side)) for i, side in enumerate(entry.sides)]
    erred = [not split.ok for split in splits]
    earned = earn(entry.ruleset, counts, [side.escobas for side in entry.sides])
    points = apply_penalty(entry.ruleset, earned, erred)
    total = sum(card.value for card in entry.leftover)
    findings = [leftover_finding(total), *_split_findings(splits),
                *penalty_findings(entry.ruleset, erred)]
    sides = tuple(
        SideReport(erred[i], points[i], counts[i], earned[i], splits[i].total, splits[i])
        for i in range(len(entry.sides))
    )
    return HandReport(total, sides, tuple(findings))


def _with_leftover(entry: CardEntry, index: int, side: SidePile) -> tuple[Card, ...]:
    """A side's pile, with the leftover if it made the last capture."""
    return side.cards + entry.leftover if index == entry.last_capture else side.cards
