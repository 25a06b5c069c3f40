"""La setenta from the best cards a side tapped (docs/rules.md, Regional options): one card for each suit it holds,
none for a suit it lacks. The sum is the rules core's to work out; what the cards say of the side's other counts
(its sevens, the velo, its oros, its number of cards) must hold, and no card can be two sides' best.

A figure (Sota, Caballo, Rey; J, Q, K) counts 10 whichever it is: a figure tapped is kept as the suit's first,
``FIGURE``, and two sides may each hold one of the same suit.

>>> from .cards import parse_cards
>>> chosen_sum(parse_cards(["7o", "6c", "1e", "8b"]))
65
>>> chosen_sum(parse_cards(["7o", "7c", "7e"]))  # no bastos: it cannot take the point
0
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUITS, VELO, Card, Suit
from .entries import SideTally
from .problems import Problem
from .sevens import primiera

LACKS_A_SUIT = 0  # the setenta a tally gives for a side that holds no card of some suit
FIGURE = 8  # the counting value a figure tapped as a suit's best card is kept as (any figure counts 10)


def chosen_sum(cards: Sequence[Card]) -> int:
    """The setenta of a side's best cards, one a suit: their worths added, or 0 when a suit is missing."""
    if {card.suit for card in cards} != set(SUITS):
        return LACKS_A_SUIT
    return sum(primiera(card) for card in cards)


def given_setenta(side: SideTally) -> int | None:
    """A side's setenta as given: the sum typed, else the one its chosen cards make; None when neither was."""
    if side.setenta is not None:
        return side.setenta
    return None if side.setenta_cards is None else chosen_sum(side.setenta_cards)


def kept(card: Card) -> Card:
    """A card tapped as a suit's best, as kept: a figure as the suit's first figure."""
    return Card(FIGURE, card.suit) if card.value >= FIGURE else card


def chosen_problems(i: int, side: SideTally) -> list[Problem]:
    """What side i's chosen cards contradict: two of one suit, the sum typed beside them, or its counts (each
    held seven is its suit's best, the velo is the best of oros, a side with oros has a best one)."""
    cards = side.setenta_cards
    if cards is None:
        return []
    where = ("sides", i, "tally", "setenta_cards")
    twice = [suit for suit in SUITS if sum(card.suit is suit for card in cards) > 1]
    if twice:
        return [Problem(where, "setenta_suit_twice", {"cards": [str(c) for c in cards if c.suit is twice[0]]})]
    if side.setenta is not None and side.setenta != chosen_sum(cards):
        return [Problem(("sides", i, "tally", "setenta"), "setenta_disagrees",
                        {"value": side.setenta, "sum": chosen_sum(cards)})]
    sevens = sum(card.value == 7 for card in cards)
    if sevens != side.sevens:
        return [Problem(where, "setenta_cards_sevens", {"chosen": sevens, "sevens": side.sevens})]
    if (VELO in cards) != side.velo:
        return [Problem(where, "setenta_cards_velo" if side.velo else "setenta_cards_not_velo")]
    if any(card.suit is Suit.OROS for card in cards) != (side.oros > 0):
        return [Problem(where, "setenta_cards_oros", {"oros": side.oros})]
    if len(cards) > side.cards:
        return [Problem(where, "setenta_cards_exceed", {"chosen": len(cards), "cards": side.cards})]
    return []


def claimed_twice(sides: Sequence[SideTally], leftover: Sequence[Card] | None, last_capture: int) -> list[Problem]:
    """Cards chosen as a side's best that are in another pile: another side's best too, or left on the table when
    another side made the last capture (figures aside: several sides may hold one of a suit)."""
    owner: dict[Card, int] = {card: last_capture for card in leftover or () if card.value < FIGURE}
    problems = []
    for i, side in enumerate(sides):
        for card in side.setenta_cards or ():
            if card.value >= FIGURE:
                continue
            held = owner.setdefault(card, i)
            if held != i:
                problems.append(Problem(("sides", i, "tally", "setenta_cards"), "setenta_card_claimed",
                                        {"card": str(card), "owner": held}))
    return problems

