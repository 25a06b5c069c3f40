"""Tally entry: a hand given as per-side counts instead of cards (RULES.md §3 by counts).

Tallies count each side's whole pile, the leftover included for the side that
took it; a side's own captures are its pile sum less the leftover. The piles of
a hand always total the deck's 220, so when one side's pile sum is missing it
follows from the others.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK, DECK_SUM, Suit
from .checks import escoba_limit, leftover_finding, penalty_findings, side_problems
from .entries import SideTally, TallyEntry
from .fifteens import FIFTEEN
from .problems import InvalidEntry, Problem
from .report import Finding, HandReport, SideReport
from .rulesets import Penalty
from .scoring import ALL_OROS, ALL_SEVENS, Counts, apply_penalty, earn
from .setenta_cards import LACKS_A_SUIT, claimed_twice, given_setenta, setenta_bounds
from .tally_variants import missing_counts, variant_bounds, variant_totals

_VALUES = sorted(card.value for card in DECK)


def sum_range(cards: int) -> tuple[int, int]:
    """The least and the most that `cards` cards of the deck can sum to."""
    return sum(_VALUES[:cards]), sum(_VALUES[len(_VALUES) - cards:])


def _range(location: tuple[str | int, ...], value: int, low: int, high: int) -> list[Problem]:
    """A problem when value is outside [low, high]."""
    if low <= value <= high:
        return []
    return [Problem(location, "count_range", {"value": value, "min": low, "max": high})]


def fit_problems(where: tuple[str | int, ...], side: SideTally, velo_code: str, fit_code: str) -> list[Problem]:
    """A velo without an oro or a seven (`velo_code`), or more oros and sevens than the cards hold
    (`fit_code`): the codes say whose counts they are, typed or worked out (rules/quick.py)."""
    if side.velo and not (side.oros and side.sevens):
        return [Problem((*where, "velo"), velo_code)]
    if side.oros + side.sevens - side.velo > side.cards:
        return [Problem((*where, "cards"), fit_code, {"cards": side.cards, "oros": side.oros, "sevens": side.sevens})]
    return []


def side_bounds(i: int, side: SideTally) -> list[Problem]:
    """Every count of one side within what a pile can hold."""
    where = ("sides", i, "tally")
    problems = _range((*where, "cards"), side.cards, 0, len(DECK))
    problems += _range((*where, "oros"), side.oros, 0, min(ALL_OROS, max(side.cards, 0)))
    problems += _range((*where, "sevens"), side.sevens, 0, min(ALL_SEVENS, max(side.cards, 0)))
    if problems:
        return problems
    problems += fit_problems(where, side, "velo_needs_oro_and_seven", "counts_exceed_cards")
    if side.pile_sum is not None:
        problems += _range((*where, "pile_sum"), side.pile_sum, *sum_range(side.cards))
    return problems


def _totals(entry: TallyEntry) -> list[Problem]:
    """The tallies together hold the whole deck: 40 cards, 10 oros, 4 sevens, one velo."""
    problems = []
    for name, expected in (("cards", len(DECK)), ("oros", ALL_OROS), ("sevens", ALL_SEVENS)):
        total = sum(getattr(side, name) for side in entry.sides)
        if total != expected:
            problems.append(Problem(("sides",), f"total_{name}", {"total": total, "expected": expected}))
    velos = sum(side.velo for side in entry.sides)
    if velos != 1:
        problems.append(Problem(("sides",), "total_velo", {"total": velos}))
    sums = [side.pile_sum for side in entry.sides]
    if None not in sums and sum(s or 0 for s in sums) != DECK_SUM:
        problems.append(Problem(("sides",), "total_pile_sum", {"total": sum(s or 0 for s in sums)}))
    if entry.sides[entry.last_capture].cards == 0:
        problems.append(Problem(("last_capture",), "last_capture_empty", {"side": entry.last_capture}))
    return problems


def _taker_holds_leftover(entry: TallyEntry) -> list[Problem]:
    """The leftover's cards, when given, are in the counts of the side that made the last capture.

    >>> from .cards import Card
    >>> from .rulesets import PRESETS
    >>> table = tuple(Card.parse(c) for c in ("1o", "2o", "3o", "4o"))
    >>> sides = (SideTally(20, 3, 2, False), SideTally(20, 7, 2, True))
    >>> [p.code for p in _taker_holds_leftover(TallyEntry(PRESETS["escova-rs"], sides, 10, 0, table))]
    ['leftover_not_in_pile']
    """
    if entry.leftover is None:
        return []
    taker = entry.sides[entry.last_capture]
    where = ("sides", entry.last_capture, "tally")
    held = {"cards": len(entry.leftover), "oros": sum(c.suit is Suit.OROS for c in entry.leftover),
            "sevens": sum(c.value == 7 for c in entry.leftover)}
    problems = [Problem((*where, name), "leftover_not_in_pile", {"side": entry.last_capture, "least": least})
                for name, least in held.items() if getattr(taker, name) < least]
    if any(card.is_velo for card in entry.leftover) and not taker.velo:
        problems.append(Problem((*where, "velo"), "leftover_velo_not_in_pile", {"side": entry.last_capture}))
    return problems


def _whole_pile_sums(entry: TallyEntry) -> tuple[list[int | None], int | None]:
    """The pile sums given, with a lone missing one worked out; and which was worked out."""
    sums = [side.pile_sum for side in entry.sides]
    missing = [i for i, s in enumerate(sums) if s is None]
    if len(missing) != 1:
        return sums, None
    derived = missing[0]
    value = DECK_SUM - sum(s or 0 for s in sums)
    low, high = sum_range(entry.sides[derived].cards)
    if not low <= value <= high:
        raise InvalidEntry([Problem(("sides", derived, "tally", "pile_sum"), "derived_pile_sum_range",
                                    {"sum": value, "min": low, "max": high})])
    sums[derived] = value
    return sums, derived


def _erred(entry: TallyEntry, own: Sequence[int | None]) -> list[bool | None]:
    """Which sides erred, None where the counts cannot tell."""
    erred: list[bool | None] = [None if s is None else s % FIFTEEN != 0 for s in own]
    unknown_total = DECK_SUM - entry.leftover_sum - sum(s for s in own if s is not None)
    if unknown_total % FIFTEEN == 0:
        # The uncounted piles together make fifteens: nothing points at them.
        erred = [False if e is None else e for e in erred]
    return erred


def _escoba_problems(entry: TallyEntry, own: Sequence[int | None]) -> list[Problem]:
    """Escobas beyond what each pile can hold."""
    problems = []
    for i, (side, total) in enumerate(zip(entry.sides, own)):
        most = side.cards // 2
        if total is not None and total % FIFTEEN == 0:
            most = min(most, escoba_limit(total, side.cards, True))
        if side.escobas > most:
            problems.append(Problem(("sides", i, "escobas"), "escobas_too_many",
                                    {"escobas": side.escobas, "most": most}))
    return problems


def _pile_findings(entry: TallyEntry, own: Sequence[int | None], whole: Sequence[int | None],
                   derived: int | None) -> list[Finding]:
    """Per counted pile: fifteens or not (less the leftover, for the side that took it)."""
    findings = []
    for i, total in enumerate(own):
        if total is None:
            continue
        if i == derived:
            findings.append(Finding("pile_sum_derived", {"side": i, "sum": whole[i]}))
        params: dict[str, object] = {"side": i, "sum": total, "fifteens": total // FIFTEEN}
        code = "pile_ok" if total % FIFTEEN == 0 else "pile_not_multiple"
        if i == entry.last_capture and entry.leftover_sum:
            params.update(whole=whole[i], leftover=entry.leftover_sum)
            code += "_less_leftover"
        findings.append(Finding(code, params))
    return findings


def check_tally(entry: TallyEntry) -> HandReport:
    """Check a hand entered as tallies; raise InvalidEntry for bad input."""
    problems = side_problems(len(entry.sides), entry.last_capture, [s.escobas for s in entry.sides])
    problems += _range(("leftover_sum",), entry.leftover_sum, 0, DECK_SUM)
    for i, side in enumerate(entry.sides):
        problems += side_bounds(i, side) or variant_bounds(i, side)
    if (problems or (problems := _totals(entry) + variant_totals(entry.sides))
            or (problems := _taker_holds_leftover(entry))
            or (problems := claimed_twice(entry.sides, entry.leftover, entry.last_capture))
            or (problems := missing_counts(entry.ruleset, entry.sides, entry.leftover, entry.last_capture))):
        raise InvalidEntry(problems)
    whole, derived = _whole_pile_sums(entry)
    taker = whole[entry.last_capture]
    if taker is not None and entry.leftover_sum > taker:
        # Checked after a missing sum is worked out: a derived sum must hold the leftover too.
        raise InvalidEntry([Problem(("leftover_sum",), "leftover_exceeds_pile",
                                    {"sum": entry.leftover_sum, "pile_sum": taker})])
    own = [None if s is None else s - (entry.leftover_sum if i == entry.last_capture else 0)
           for i, s in enumerate(whole)]
    if problems := _escoba_problems(entry, own):
        raise InvalidEntry(problems)
    erred = _erred(entry, own)
    setentas = [given_setenta(s) for s in entry.sides]
    # A side whose best cards were not all needed: the most it could make (0 lacking a suit), for the review.
    bounds = (setenta_bounds(entry.sides, entry.leftover, entry.last_capture)
              if any(s.setenta_untold for s in entry.sides) else [(0, 0)] * len(entry.sides))
    most = [high if setenta in (None, LACKS_A_SUIT) and s.setenta_untold else None
            for s, setenta, (_low, high) in zip(entry.sides, setentas, bounds, strict=True)]
    counts = [Counts(s.cards, s.oros, s.sevens, s.velo, s.sixes, s.aces, s.fives,
                     None if setenta == LACKS_A_SUIT else setenta, s.setenta_cards or (), most_of)
              for s, setenta, most_of in zip(entry.sides, setentas, most, strict=True)]
    earned = earn(entry.ruleset, counts, [s.escobas for s in entry.sides])
    findings = [leftover_finding(entry.leftover_sum), *_pile_findings(entry, own, whole, derived)]
    if None in erred:
        findings.append(Finding("needs_pile_sums"))
        flagged = entry.ruleset.penalty is Penalty.FLAG
        points: list[int | None] = [e.total if flagged else None for e in earned]
    else:
        known = [bool(e) for e in erred]
        points = list(apply_penalty(entry.ruleset, earned, known))
        findings += penalty_findings(entry.ruleset, known)
    sides = tuple(SideReport(erred[i], points[i], counts[i], earned[i], own[i]) for i in range(len(entry.sides)))
    return HandReport(entry.leftover_sum, sides, tuple(findings))
