"""What a tally must hold for the regional options, and how far it can go (RULES.md §4, Regional options).

A counts-only entry cannot see cards: under ``sevens`` = ``setenta`` it needs each side's setenta sum (0 for a
side that lacks a suit), under ``most_tiebreak`` the sixes, then aces, then fives of the sides still tied in
sevens. A missing count is a problem naming the side and the field; the referee never guesses it.

>>> from .rulesets import make_ruleset
>>> uruguay = make_ruleset("escoba-es", sevens="most_tiebreak")
>>> sides = (SideTally(20, 5, 2, True, sixes=2), SideTally(20, 5, 2, False))
>>> [(p.location, p.code) for p in missing_counts(uruguay, sides)]
[(('sides', 1, 'tally', 'sixes'), 'sixes_needed')]
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUITS, Card
from .entries import SideTally
from .problems import Problem
from .rulesets import Ruleset, Sevens
from .scoring import ALL_SEVENS
from .setenta_cards import LACKS_A_SUIT, chosen_problems, given_setenta, inferred, setenta_bounds, setenta_open
from .sevens import TIEBREAK, leaders, setenta_range

EACH = ALL_SEVENS  # the deck holds four of every counting value


def variant_bounds(i: int, side: SideTally) -> list[Problem]:
    """The setenta (typed, or its best cards chosen) and the tiebreak counts of one side within what its pile can
    hold."""
    where = ("sides", i, "tally")
    problems = []
    for name, _ in TIEBREAK:
        value = getattr(side, name)
        if value is not None and not 0 <= value <= min(EACH, side.cards):
            problems.append(Problem((*where, name), "count_range", {"value": value, "min": 0,
                                                                   "max": min(EACH, side.cards)}))
    counted = side.sevens + sum(getattr(side, name) or 0 for name, _ in TIEBREAK)
    if not problems and counted > side.cards:
        problems.append(Problem((*where, "cards"), "tiebreak_exceeds_cards", {"cards": side.cards,
                                                                             "count": counted}))
    if side.setenta not in (None, LACKS_A_SUIT):
        low, high = setenta_range(side.sevens)
        if side.cards < len(SUITS) or side.oros == 0:
            problems.append(Problem((*where, "setenta"), "setenta_lacks_suit", {"value": side.setenta}))
        elif not low <= side.setenta <= high:
            problems.append(Problem((*where, "setenta"), "setenta_range",
                                    {"value": side.setenta, "min": low, "max": high, "sevens": side.sevens}))
    return problems or chosen_problems(i, side)


def variant_totals(sides: Sequence[SideTally]) -> list[Problem]:
    """Sixes, aces and fives, when every side gave them, add up to the deck's four."""
    problems = []
    for name, _ in TIEBREAK:
        values = [getattr(side, name) for side in sides]
        if None not in values and sum(values) != EACH:
            problems.append(Problem(("sides",), f"total_{name}", {"total": sum(values), "expected": EACH}))
    return problems


def missing_counts(ruleset: Ruleset, sides: Sequence[SideTally], leftover: Sequence[Card] | None = None,
                   last_capture: int = 0) -> list[Problem]:
    """What the match's ``sevens`` option needs and a tally left out: each problem names its side and field. Best
    cards left untold are asked for only when they can change who takes the setenta."""
    if ruleset.sevens is Sevens.SETENTA:
        needed = [Problem(("sides", i, "tally", "setenta"), "setenta_needed", {"side": i})
                  for i, side in enumerate(sides) if given_setenta(side) is None and not side.setenta_untold]
        return needed or [
            Problem(("sides", i, "tally", "setenta_cards"), "setenta_untold_needed",
                    {"side": i, "suits": [suit.value for suit in inferred(sides[i]).setenta_untold]})
            for i in setenta_open(setenta_bounds(sides, leftover, last_capture))]
    if ruleset.sevens is not Sevens.MOST_TIEBREAK:
        return []
    tied = leaders([side.sevens for side in sides])
    for name, _ in TIEBREAK:
        if len(tied) < 2:
            break
        values = [getattr(side, name) for side in sides]
        missing = [i for i in tied if values[i] is None]
        if missing:
            return [Problem(("sides", i, "tally", name), f"{name}_needed", {"side": i, "sevens": sides[i].sevens})
                    for i in missing]
        tied = leaders(values, tied)
    return []
