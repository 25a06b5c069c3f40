"""Who takes the sevens point, and who scores a tied category (RULES.md §4, Regional options).

``most`` (every preset's default): most sevens. ``setenta`` (la setenta, the primiera of Italian Scopa):
each side's best card in each suit counts by the primiera table, and the highest sum takes the point; a
side missing a suit cannot take it. ``most_tiebreak`` (Uruguay's setenta): most sevens; tied, most sixes,
then most aces, then most fives. A tie at the end scores nothing, or, under ``ties`` = ``shared``, every
tied leader scores it.

>>> from .cards import parse_cards
>>> [primiera(card) for card in parse_cards(["7o", "6c", "1e", "10b"])]
[21, 18, 16, 10]
>>> setenta_of(parse_cards(["7o", "5o", "6c", "1e", "9b"]))
65
>>> setenta_of(parse_cards(["7o", "6c", "1e"])) is None
True
>>> sorted(takers([3, 3, 1], Ties.SHARED)), sorted(takers([3, 3, 1], Ties.NOBODY))
([0, 1], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import SUITS, Card, Suit
from .rulesets import Ties

# The primiera table (7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, Sota/Caballo/Rey = 10),
# by counting value.
PRIMIERA: dict[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
SETENTA_LEAST = 4 * min(PRIMIERA.values())  # four figures: 40
SETENTA_MOST = 4 * max(PRIMIERA.values())  # the four sevens: 84
SEVEN_POINTS = PRIMIERA[7]
BEST_NOT_SEVEN = PRIMIERA[6]
# The counts that break a tie in sevens under most_tiebreak, in order, by the counting value they count.
TIEBREAK: tuple[tuple[str, int], ...] = (("sixes", 6), ("aces", 1), ("fives", 5))


def primiera(card: Card) -> int:
    """A card's worth in the setenta."""
    return PRIMIERA[card.value]


def best_per_suit(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Each suit's best card by the primiera table, in suit order; a suit the cards lack is left out.

    Between cards of equal worth (the figures) the lowest counting value is shown: any one of them is right.
    """
    best = []
    for suit in SUITS:
        held = [card for card in cards if card.suit is suit]
        if held:
            best.append(max(held, key=lambda card: (primiera(card), -card.value)))
    return tuple(best)


def lacking_suits(cards: Sequence[Card]) -> tuple[Suit, ...]:
    """The suits none of the cards hold, in suit order: a side lacking any cannot take the setenta.

    >>> from .cards import parse_cards
    >>> [suit.value for suit in lacking_suits(parse_cards(["7o", "6c", "1c"]))]
    ['e', 'b']
    """
    held = {card.suit for card in cards}
    return tuple(suit for suit in SUITS if suit not in held)


def setenta_of(cards: Sequence[Card]) -> int | None:
    """The setenta sum of some cards; None when they lack a suit (such a side cannot take the point)."""
    best = best_per_suit(cards)
    return sum(map(primiera, best)) if len(best) == len(SUITS) else None


@dataclass(frozen=True)
class SetentaCount:
    """A side's setenta from cards it took: its best card in each suit it holds, the suits it lacks, and the sum
    (None when it lacks a suit: such a side cannot take the point)."""

    best: tuple[Card, ...]
    lacking: tuple[Suit, ...]
    total: int | None


def count_setenta(cards: Sequence[Card]) -> SetentaCount:
    """Count a side's setenta as a player does at the table: each suit's best card, then their worths added.

    >>> from .cards import parse_cards
    >>> count_setenta(parse_cards(["7o", "3o", "6c", "1e", "9b", "8b"])).total
    65
    >>> [suit.value for suit in count_setenta(parse_cards(["7o", "6c"])).lacking]
    ['e', 'b']
    """
    return SetentaCount(best_per_suit(cards), lacking_suits(cards), setenta_of(cards))


def setenta_range(sevens: int) -> tuple[int, int]:
    """The least and the most setenta sum of a side holding all four suits and `sevens` sevens.

    >>> setenta_range(0), setenta_range(4)
    ((40, 72), (84, 84))
    """
    others = len(SUITS) - sevens
    least = SEVEN_POINTS * sevens + min(PRIMIERA.values()) * others
    return least, SEVEN_POINTS * sevens + BEST_NOT_SEVEN * others


def leaders(values: Sequence[int | None], among: Sequence[int] | None = None) -> list[int]:
    """The indices (of `among`, all by default) holding the highest value; None competes with nothing."""
    among = range(len(values)) if among is None else among
    known = [i for i in among if values[i] is not None]
    if not known:
        return []
    top = max(values[i] or 0 for i in known)
    return [i for i in known if values[i] == top]


def takers(values: Sequence[int | None], ties: Ties, among: Sequence[int] | None = None) -> frozenset[int]:
    """Who scores a category: the sole leader; on a tie nobody, or every tied leader when ties are shared."""
    return settle(leaders(values, among), ties)


def settle(tied: Sequence[int], ties: Ties) -> frozenset[int]:
    """The sides that score among those left leading: one alone, or all of them when ties are shared."""
    if len(tied) == 1 or ties is Ties.SHARED:
        return frozenset(tied)
    return frozenset()


@dataclass(frozen=True)
class Tiebreak:
    """How most sevens, then each breaker in turn, settled the sevens point under ``most_tiebreak``.

    ``tied`` holds each count that stayed tied at the top, in the order read, with what every side still leading
    held of it; ``by`` is the count that left one side alone at the top (``sevens`` when no tie needed breaking),
    None when nothing did; ``leaders`` are the sides left at the top, who score it alone or by the ``ties`` option.
    """

    tied: tuple[tuple[str, int], ...]
    by: str | None
    leaders: tuple[int, ...]


def sevens_tiebreak(sevens: Sequence[int], breakers: Sequence[Sequence[int | None]]) -> Tiebreak:
    """Read most sevens, then each breaker (sixes, aces, fives) for the sides still tied, and say which settled it.

    A breaker is read only for the sides still tied; the caller makes sure those are known.

    >>> sevens_tiebreak([2, 2], [[2, 2], [1, 3], [1, 1]])
    Tiebreak(tied=(('sevens', 2), ('sixes', 2)), by='aces', leaders=(1,))
    >>> sevens_tiebreak([3, 1], [[None, None], [None, None], [None, None]])
    Tiebreak(tied=(), by='sevens', leaders=(0,))
    >>> sevens_tiebreak([2, 2], [[2, 2], [2, 2], [2, 2]]).by is None
    True
    """
    rounds = [("sevens", sevens), *zip((name for name, _ in TIEBREAK), breakers)]
    tied = list(range(len(sevens)))
    steps: list[tuple[str, int]] = []
    for name, counts in rounds:
        tied = leaders(counts, tied)
        if len(tied) < 2:
            return Tiebreak(tuple(steps), name if tied else None, tuple(tied))
        value = counts[tied[0]]
        assert value is not None  # leaders() keeps known counts only
        steps.append((name, value))
    return Tiebreak(tuple(steps), None, tuple(tied))


def tiebreak_leaders(sevens: Sequence[int], breakers: Sequence[Sequence[int | None]]) -> list[int]:
    """The sides still leading after most sevens, then each breaker in turn (sixes, aces, fives).

    >>> tiebreak_leaders([2, 2], [[1, 2], [2, 0], [0, 2]])
    [1]
    >>> tiebreak_leaders([2, 2], [[2, 2], [1, 1], [1, 1]])
    [0, 1]
    """
    return list(sevens_tiebreak(sevens, breakers).leaders)
