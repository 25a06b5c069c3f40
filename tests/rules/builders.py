"""Concrete hands for the tests: the deck cut into named fifteens, and entries built from them.

The 40 cards make twelve pairs (5+10, 6+9, 7+8 in each suit), two small fifteens of
1–4s and a leftover of 10, so a hand is written as which side took which fifteens.

>>> sum(sum(c.value for c in cards(group)) for group in FIFTEENS.values()) + sum(c.value for c in cards(LEFTOVER))
220
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules import Card, CardEntry, Ruleset, SidePile, make_ruleset
from referee.rules.cards import parse_cards

PAIRS = {f"{low}{suit}": f"{low}{suit} {15 - low}{suit}" for suit in "oceb" for low in (5, 6, 7)}
FIFTEENS = {
    **PAIRS,  # '5o' -> '5o 10o', '6o' -> '6o 9o', '7o' -> '7o 8o', ...
    "small_a": "4o 3o 3e 3b 2o",
    "small_b": "4c 4e 4b 3c",
}
LEFTOVER = "2c 2e 2b 1o 1c 1e 1b"  # sums 10
SUIT_PAIRS = {suit: [f"{low}{suit}" for low in (5, 6, 7)] for suit in "oceb"}


def cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated codes."""
    return parse_cards(text.split())


def pile(*names: str) -> tuple[Card, ...]:
    """The cards of some named fifteens (keys of FIFTEENS), or of plain codes."""
    return tuple(card for name in names for card in cards(FIFTEENS.get(name, name)))


def entry(
    piles: Sequence[Sequence[str] | tuple[Card, ...]],
    leftover: str | tuple[Card, ...] = LEFTOVER,
    last: int = 0,
    escobas: Sequence[int] | None = None,
    ruleset: Ruleset | None = None,
) -> CardEntry:
    """A card entry: each pile as named fifteens (or as cards), the leftover, the last-capture side."""
    built = [p if p and isinstance(p[0], Card) else pile(*p) for p in piles]
    lefts = cards(leftover) if isinstance(leftover, str) else leftover
    escobas = escobas or [0] * len(piles)
    sides = tuple(SidePile(tuple(p), n) for p, n in zip(built, escobas))  # type: ignore[arg-type]
    return CardEntry(ruleset or make_ruleset("escoba-es"), sides, lefts, last)


def without(cards_: tuple[Card, ...], *codes: str) -> tuple[Card, ...]:
    """Some cards less the given codes."""
    drop = set(cards(" ".join(codes)))
    return tuple(c for c in cards_ if c not in drop)
