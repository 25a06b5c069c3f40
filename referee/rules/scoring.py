"""Points for a hand: categories, bonuses, ties and the penalty modes (RULES.md §4).

>>> from referee.rules.rulesets import make_ruleset
>>> rs = make_ruleset("escova-rs")
>>> a, b = Counts(24, 6, 3, True), Counts(16, 4, 1, False)
>>> [e.total for e in earn(rs, [a, b], [2, 0])]
[6, 0]
>>> apply_penalty(rs, earn(rs, [a, b], [2, 1]), [True, False])
[0, 7]

Under shared ties every tied leader scores the category (here the cards, 20 each):

>>> shared = make_ruleset("escova-rs", ties="shared")
>>> [e.cards for e in earn(shared, [Counts(20, 6, 3, True), Counts(20, 4, 1, False)], [0, 0])]
[1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .rulesets import Penalty, Ruleset, Sevens
from .sevens import TIEBREAK, settle, takers, tiebreak_leaders

ALL_OROS = 10
ALL_SEVENS = 4
OVER30 = 30


@dataclass(frozen=True)
class Counts:
    """What a side holds at the end of a hand, the leftover included if it took it.

    The regional options need more: ``setenta`` is the side's setenta sum (None when it lacks a suit, or
    when nobody counted it), ``setenta_cards`` its best card in each suit it holds (a card entry only, or those a
    tally tapped), ``setenta_most`` the most its setenta can be when some of its best cards were not needed, and
    ``sixes``, ``aces``, ``fives`` what breaks a tie in sevens (None when not counted).
    """

    cards: int
    oros: int
    sevens: int
    velo: bool
    sixes: int | None = None
    aces: int | None = None
    fives: int | None = None
    setenta: int | None = None
    setenta_cards: tuple[Card, ...] = ()
    setenta_most: int | None = None


@dataclass(frozen=True)
class Earned:
    """A side's points by category, before any penalty."""

    cards: int = 0
    oros: int = 0
    sevens: int = 0
    velo: int = 0
    all_oros: int = 0
    all_sevens: int = 0
    over30: int = 0
    escobas: int = 0

    @property
    def deck_points(self) -> int:
        """Every point but the escobas."""
        return self.total - self.escobas

    @property
    def total(self) -> int:
        """All the side's points for the hand."""
        return (self.cards + self.oros + self.sevens + self.velo
                + self.all_oros + self.all_sevens + self.over30 + self.escobas)


def sevens_takers(ruleset: Ruleset, counts: Sequence[Counts]) -> frozenset[int]:
    """Who takes the sevens point under the match's ``sevens`` option (rules/sevens.py)."""
    if ruleset.sevens is Sevens.SETENTA:
        return takers([c.setenta for c in counts], ruleset.ties)
    if ruleset.sevens is Sevens.MOST_TIEBREAK:
        breakers = [[getattr(c, name) for c in counts] for name, _ in TIEBREAK]
        return settle(tiebreak_leaders([c.sevens for c in counts], breakers), ruleset.ties)
    return takers([c.sevens for c in counts], ruleset.ties)


def earn(ruleset: Ruleset, counts: Sequence[Counts], escobas: Sequence[int]) -> list[Earned]:
    """What each side earns from its counts and escobas; a tie scores nothing unless ties are shared."""
    most_cards = takers([c.cards for c in counts], ruleset.ties)
    most_oros = takers([c.oros for c in counts], ruleset.ties)
    most_sevens = sevens_takers(ruleset, counts)
    return [
        Earned(
            cards=int(i in most_cards),
            oros=int(i in most_oros),
            sevens=int(i in most_sevens),
            velo=int(c.velo),
            all_oros=ruleset.all_oros if c.oros == ALL_OROS else 0,
            all_sevens=ruleset.all_sevens if c.sevens == ALL_SEVENS else 0,
            over30=ruleset.over30 if c.cards > OVER30 else 0,
            escobas=escobas[i],
        )
        for i, c in enumerate(counts)
    ]


def apply_penalty(ruleset: Ruleset, earned: Sequence[Earned], erred: Sequence[bool]) -> list[int]:
    """Each side's points after the match's penalty for the sides that erred."""
    if ruleset.penalty is Penalty.FLAG or not any(erred):
        return [e.total for e in earned]
    clean = [i for i, bad in enumerate(erred) if not bad]
    if ruleset.penalty is Penalty.FORFEIT and len(clean) == 1:
        # Every opponent erred: the clean side takes the whole deck plus its escobas.
        winner = clean[0]
        return [ruleset.max_deck_points + e.escobas if i == winner else 0 for i, e in enumerate(earned)]
    # A category an erring side would have won already went to nobody in `earned`.
    return [0 if bad else e.total for e, bad in zip(earned, erred)]
