"""Quick entry: every side's counts but one, the last side's following from the deck.

A referee at a real table counts the leftover first; when it is right, the counts of
all sides but one are enough, since the piles together hold the whole deck: 40 cards,
10 oros, 4 sevens and one velo. The side left out is a ``Rest``: its tally is what the
deck leaves once the other sides' tallies are taken away. Counts include the leftover
for the side that took it, as in every tally (what a player counts is the pile as it
lies at the end of the hand).

>>> ana = SideTally(cards=20, oros=10, sevens=2, velo=True, escobas=1)
>>> rest = complete_tallies([ana, Rest(escobas=0)])[1]
>>> rest.cards, rest.oros, rest.sevens, rest.velo, rest.escobas, rest.pile_sum
(20, 0, 2, False, 0, None)

When nobody counted holds the velo, the side left out does:

>>> rest = complete_tallies([SideTally(12, 3, 1, False), SideTally(10, 2, 1, False), Rest()])[2]
>>> rest.cards, rest.oros, rest.sevens, rest.velo
(18, 5, 2, True)

The sixes, aces and fives of the side left out follow too, when every other side gave them; its setenta
never does (it is the best card of each suit, not a count), so a Rest gives its own:

>>> complete_tallies([SideTally(20, 5, 2, True, sixes=3), Rest(setenta=70)])[1].sixes
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import DECK, Card, Suit
from .entries import SideTally
from .problems import InvalidEntry, Problem
from .scoring import ALL_OROS, ALL_SEVENS
from .sevens import TIEBREAK
from .tally import fit_problems, side_bounds
from .tally_variants import EACH, variant_bounds

DECK_COUNTS = {"cards": len(DECK), "oros": ALL_OROS, "sevens": ALL_SEVENS}


@dataclass(frozen=True)
class Rest:
    """A side whose counts are not given: they are what the deck leaves after the other sides'.

    ``setenta`` is its setenta sum, or ``setenta_cards`` its best cards (``setenta_untold`` the suits it did not
    tell), when the match plays the setenta (the others' counts cannot give it).
    """

    escobas: int = 0
    setenta: int | None = None
    setenta_cards: tuple[Card, ...] | None = None
    setenta_untold: tuple[Suit, ...] = ()


def complete_tallies(sides: Sequence[SideTally | Rest]) -> tuple[SideTally, ...]:
    """Every side's tally, the one Rest side's worked out; InvalidEntry when no tally can be worked out.

    The problems name the field of the side left out that the others make impossible: more
    cards, oros or sevens than the deck has, a remainder whose oros and sevens do not fit in
    its cards, or the velo held twice (or left to a side with no oro or no seven).

    >>> complete_tallies([SideTally(30, 4, 2, False), SideTally(15, 4, 2, True), Rest()])
    Traceback (most recent call last):
    ...
    referee.rules.problems.InvalidEntry: rest_cards at ('sides', 2, 'tally', 'cards')
    """
    rests = [i for i, side in enumerate(sides) if isinstance(side, Rest)]
    if not rests:
        return tuple(side for side in sides if isinstance(side, SideTally))
    if len(rests) > 1:
        raise InvalidEntry([Problem(("sides", i, "tally"), "rest_twice") for i in rests[1:]])
    rest = rests[0]
    counted = [(i, side) for i, side in enumerate(sides) if isinstance(side, SideTally)]
    # Counts out of their own bounds are those sides' problems, not the remainder's.
    problems = [problem for i, side in counted for problem in side_bounds(i, side) or variant_bounds(i, side)]
    if problems:
        raise InvalidEntry(problems)
    left_out = sides[rest]
    assert isinstance(left_out, Rest)
    tally = _remainder([side for _, side in counted], left_out)
    problems = _remainder_problems(rest, [side for _, side in counted], tally)
    if problems:
        raise InvalidEntry(problems)
    return tuple(tally if isinstance(side, Rest) else side for side in sides)


def _remainder(counted: Sequence[SideTally], rest: Rest) -> SideTally:
    """What the deck leaves after the counted sides (possibly impossible: negative, the velo twice).

    A tiebreak count (sixes, aces, fives) follows only when every counted side gave it.
    """
    left = {name: total - sum(getattr(side, name) for side in counted) for name, total in DECK_COUNTS.items()}
    breakers: dict[str, int | None] = {}
    for name, _ in TIEBREAK:
        given = [getattr(side, name) for side in counted]
        breakers[name] = None if None in given else EACH - sum(given)
    return SideTally(left["cards"], left["oros"], left["sevens"], not any(side.velo for side in counted),
                     rest.escobas, setenta=rest.setenta, setenta_cards=rest.setenta_cards,
                     setenta_untold=rest.setenta_untold, **breakers)


def _remainder_problems(rest: int, counted: Sequence[SideTally], tally: SideTally) -> list[Problem]:
    """Why the remainder cannot be a side's pile, each problem at the field of the side left out."""
    where = ("sides", rest, "tally")
    problems = []
    for name, expected in DECK_COUNTS.items():
        if getattr(tally, name) < 0:
            problems.append(Problem((*where, name), f"rest_{name}",
                                    {"total": expected - getattr(tally, name), "expected": expected}))
    velos = sum(side.velo for side in counted)
    if velos > 1:
        problems.append(Problem((*where, "velo"), "total_velo", {"total": velos}))
    if problems:
        return problems
    return fit_problems(where, tally, "rest_velo_without_oro_or_seven", "rest_counts_exceed_cards")
