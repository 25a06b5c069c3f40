"""La setenta from the best cards a side tapped (docs/rules.md, Regional options): one card for each suit it holds,
none for a suit it lacks. The sum is the rules core's to work out; what the cards say of the side's other counts
(its sevens, the velo, its oros, its number of cards) must hold, and no card can be two sides' best.

A figure (Sota, Caballo, Rey; J, Q, K) counts 10 whichever it is: a figure tapped is kept as the suit's first,
``FIGURE``, and two sides may each hold one of the same suit.

A tally may leave suits untold (``SideTally.setenta_untold``): the referee needs a side's best cards only where they
can change who takes the point. What is known bounds each side's setenta (``setenta_bounds``): a seven is its
suit's best, a card told by another side or left on the table for another is not this side's, a side holding oros
or the leftover's cards holds those suits. The point is settled when every side that can still reach the highest
sum known for certain is known exactly (``setenta_open`` names the others).

>>> from .cards import parse_cards
>>> chosen_sum(parse_cards(["7o", "6c", "1e", "8b"]))
65
>>> chosen_sum(parse_cards(["7o", "7c", "7e"]))  # no bastos: it cannot take the point
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .cards import SUITS, VELO, Card, Suit
from .entries import SideTally
from .problems import Problem
from .sevens import PRIMIERA, SETENTA_MOST, primiera

LACKS_A_SUIT = 0  # the setenta a tally gives for a side that holds no card of some suit
FIGURE = 8  # the counting value a figure tapped as a suit's best card is kept as (any figure counts 10)
# A suit's cards by their worth, best first, down to the figures (any of them: the least, 10).
BY_WORTH = tuple(sorted((value for value in PRIMIERA if value < FIGURE), key=lambda value: -PRIMIERA[value]))


def chosen_sum(cards: Sequence[Card]) -> int:
    """The setenta of a side's best cards, one a suit: their worths added, or 0 when a suit is missing."""
    if {card.suit for card in cards} != set(SUITS):
        return LACKS_A_SUIT
    return sum(primiera(card) for card in cards)


def inferred(side: SideTally) -> SideTally:
    """A side with its oros untold but the velo: the velo is its best oro."""
    if not side.velo or Suit.OROS not in side.setenta_untold or side.setenta_cards is None:
        return side
    return replace(side, setenta_cards=(VELO, *side.setenta_cards),
                   setenta_untold=tuple(suit for suit in side.setenta_untold if suit is not Suit.OROS))


def given_setenta(side: SideTally) -> int | None:
    """A side's setenta as given: the sum typed, else the one its chosen cards make; None when neither was, or
    when some suits were left untold (0 all the same for a side whose told suits show it lacks one)."""
    side = inferred(side)
    if side.setenta is not None:
        return side.setenta
    if side.setenta_cards is None:
        return None
    if side.setenta_untold:
        return LACKS_A_SUIT if _lacks_told(side) else None
    return chosen_sum(side.setenta_cards)


def _lacks_told(side: SideTally) -> bool:
    """True when the side holds no card of some suit: told so ("none" tapped), or its counts say it (no oros,
    fewer than four cards)."""
    told = {card.suit for card in side.setenta_cards or ()} | set(side.setenta_untold)
    return told != set(SUITS) or side.oros == 0 or side.cards < len(SUITS)


def setenta_bounds(sides: Sequence[SideTally], leftover: Sequence[Card] | None,
                   last_capture: int) -> list[tuple[int, int]]:
    """Each side's least and most setenta by what is known; one number twice when it is known exactly.

    Ana told her two sevens; Bea her four best cards, and she took the table's 6 of espadas: Ana's espadas are
    worth 16 at most, her bastos 18 (the 7 is Bea's), and 76 cannot reach Bea's 78.

    >>> from .cards import parse_cards
    >>> ana = SideTally(20, 4, 2, True, setenta_cards=parse_cards(["7o", "7c"]), setenta_untold=(Suit.ESPADAS,
    ...                 Suit.BASTOS))
    >>> bea = SideTally(20, 6, 2, False, setenta_cards=parse_cards(["6o", "6c", "7e", "7b"]))
    >>> setenta_bounds([ana, bea], parse_cards(["6e", "4c"]), 1)
    [(0, 76), (78, 78)]
    """
    sides = [inferred(side) for side in sides]
    elsewhere = [_placed_elsewhere(sides, leftover, last_capture, i) for i in range(len(sides))]
    return [_bounds(side, elsewhere[i], _held_suits(side, (leftover or ()) if i == last_capture else ()))
            for i, side in enumerate(sides)]


def setenta_open(bounds: Sequence[tuple[int, int]]) -> list[int]:
    """The sides whose untold best cards can change who takes the setenta: those not known exactly that can still
    reach the highest sum known for certain. None left: the point is settled.

    >>> setenta_open([(0, 74), (78, 78)]), setenta_open([(0, 84), (70, 70), (0, 0)])
    ([], [0])
    """
    top = max(low for low, _high in bounds)
    return [i for i, (low, high) in enumerate(bounds) if low != high and high >= top]


def _placed_elsewhere(sides: Sequence[SideTally], leftover: Sequence[Card] | None, last_capture: int,
                      i: int) -> set[Card]:
    """The cards side i cannot hold: another side's told best cards (figures aside), and the table's cards when
    another side took them."""
    cards = {card for j, side in enumerate(sides) if j != i for card in side.setenta_cards or ()
             if card.value < FIGURE}
    return cards | (set() if i == last_capture else set(leftover or ()))


def _held_suits(side: SideTally, taken: Sequence[Card]) -> set[Suit]:
    """The suits a side surely holds: oros when it counted some, and those of the table's cards it took."""
    return {card.suit for card in taken} | ({Suit.OROS} if side.oros else set())


def _bounds(side: SideTally, elsewhere: set[Card], held: set[Suit]) -> tuple[int, int]:
    """One side's least and most setenta: its told cards, and for each untold suit its best card not elsewhere."""
    exact = given_setenta(side)
    if exact is not None:
        return exact, exact
    if side.setenta_cards is None:  # nothing told at all: only its sum or cards can settle it
        return LACKS_A_SUIT, SETENTA_MOST
    told = sum(primiera(card) for card in side.setenta_cards)
    sevens_left = side.sevens - sum(card.value == 7 for card in side.setenta_cards)
    most = least = told
    for suit in side.setenta_untold:
        free = [value for value in BY_WORTH if Card(value, suit) not in elsewhere
                and (value != 7 or (sevens_left > 0 and (suit is not Suit.OROS or side.velo)))]
        most += PRIMIERA[free[0]] if free else PRIMIERA[FIGURE]
        least += PRIMIERA[FIGURE]
    return (least if set(side.setenta_untold) <= held else LACKS_A_SUIT), most


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
    untold = set(side.setenta_untold)
    if side.setenta is not None and not untold and side.setenta != chosen_sum(cards):
        return [Problem(("sides", i, "tally", "setenta"), "setenta_disagrees",
                        {"value": side.setenta, "sum": chosen_sum(cards)})]
    sevens = sum(card.value == 7 for card in cards)
    if sevens > side.sevens or (sevens != side.sevens and not untold):  # an untold suit may hide a seven
        return [Problem(where, "setenta_cards_sevens", {"chosen": sevens, "sevens": side.sevens})]
    if Suit.OROS not in untold and (VELO in cards) != side.velo:
        return [Problem(where, "setenta_cards_velo" if side.velo else "setenta_cards_not_velo")]
    if Suit.OROS not in untold and any(card.suit is Suit.OROS for card in cards) != (side.oros > 0):
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

