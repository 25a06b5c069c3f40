"""Points for a hand: categories, bonuses, ties and the penalty modes (RULES.md §4).

>>> from referee.rules.rulesets import make_ruleset
>>> rs = make_ruleset("escova-rs")
>>> a, b = Counts(24, 6, 3, True), Counts(16, 4, 1, False)
>>> [e.total for e in earn(rs, [a, b], [2, 0])]
[6, 0]
>>> apply_penalty(rs, earn(rs, [a, b], [2, 1]), [True, False])
[0, 7]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rulesets import Penalty, Ruleset

ALL_OROS = 10
ALL_SEVENS = 4
OVER30 = 30


@dataclass(frozen=True)
class Counts:
    """What a side holds at the end of a hand, the leftover included if it took it."""

    cards: int
    oros: int
    sevens: int
    velo: bool


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


def _sole_leader(values: Sequence[int]) -> int | None:
    """The index holding the highest value alone, or None on a tie (nobody scores)."""
    top = max(values)
    leaders = [i for i, value in enumerate(values) if value == top]
    return leaders[0] if len(leaders) == 1 else None


def earn(ruleset: Ruleset, counts: Sequence[Counts], escobas: Sequence[int]) -> list[Earned]:
    """What each side earns from its counts and escobas, ties scoring nothing."""
    most_cards = _sole_leader([c.cards for c in counts])
    most_oros = _sole_leader([c.oros for c in counts])
    most_sevens = _sole_leader([c.sevens for c in counts])
    return [
        Earned(
            cards=int(i == most_cards),
            oros=int(i == most_oros),
            sevens=int(i == most_sevens),
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
