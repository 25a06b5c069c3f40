"""A legal-hand simulator: plays one whole hand of Escoba by RULES.md §2 with random, legal choices.

Kept in the tests on purpose: it decides by itself what a legal capture is (every
capture sums to 15), so the referee can be checked against it. Seats are numbered
in the order of play; with two partnerships seats 0 and 2 are side 0, seats 1 and 3 side 1.

>>> hand = play_hand(random.Random(7), TWO_PARTNERSHIPS)
>>> sorted(hand.all_cards()) == sorted(DECK)
True
>>> sum(card.value for card in hand.leftover) % 15
10
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from referee.rules import DECK, Card, CardEntry, Ruleset, SidePile, SideTally, Suit, TallyEntry

FIFTEEN = 15
HAND_SIZE = 3
TABLE_SIZE = 4


@dataclass(frozen=True)
class Seating:
    """How many seats play and how many sides they make (a side is a player or a partnership)."""

    seats: int
    sides: int

    @property
    def partnerships(self) -> bool:
        """True when four seats play as two partnerships."""
        return self.seats != self.sides

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: partners sit alternately."""
        return seat % self.sides

    def __str__(self) -> str:
        return "2 partnerships" if self.partnerships else f"{self.seats} players"


TWO_PLAYERS = Seating(2, 2)
THREE_PLAYERS = Seating(3, 3)
FOUR_PLAYERS = Seating(4, 4)
TWO_PARTNERSHIPS = Seating(4, 2)
SEATINGS = (TWO_PLAYERS, THREE_PLAYERS, FOUR_PLAYERS, TWO_PARTNERSHIPS)


@dataclass(frozen=True)
class Taken:
    """One capture: who took which cards, and whether it swept the table."""

    seat: int
    side: int
    cards: tuple[Card, ...]
    escoba: bool
    kind: str  # 'opening' (the dealer's sweep), 'play' (with a hand card) or 'missed' (a capture left behind)


@dataclass(frozen=True)
class SimulatedHand:
    """A finished hand as the scorekeeper would enter it, plus how it was played."""

    seating: Seating
    dealer: int
    piles: tuple[tuple[Card, ...], ...]  # per side, without the leftover
    escobas: tuple[int, ...]
    leftover: tuple[Card, ...]
    last_capture: int | None  # None only if nobody captured anything all hand
    captures: tuple[Taken, ...]
    missed: int  # captures a player deliberately left on the table

    @property
    def opening_escobas(self) -> int:
        """Escobas the dealer's side took from the initial table (0, 1 or 2)."""
        return sum(1 for taken in self.captures if taken.kind == "opening")

    @property
    def missed_taken(self) -> int:
        """Missed captures that the next player or an opponent took."""
        return sum(1 for taken in self.captures if taken.kind == "missed")

    def all_cards(self) -> list[Card]:
        """Every card of the hand: piles and leftover."""
        return [card for pile in self.piles for card in pile] + list(self.leftover)

    def whole_pile(self, side: int) -> tuple[Card, ...]:
        """A side's pile with the leftover if it made the last capture (what it counts)."""
        return self.piles[side] + (self.leftover if side == self.last_capture else ())

    def card_entry(self, ruleset: Ruleset) -> CardEntry:
        """The hand entered card by card."""
        assert self.last_capture is not None, "a hand without captures cannot be entered"
        sides = tuple(SidePile(pile, escobas) for pile, escobas in zip(self.piles, self.escobas))
        return CardEntry(ruleset, sides, self.leftover, self.last_capture)

    def tally_entry(self, ruleset: Ruleset, pile_sums: bool = True) -> TallyEntry:
        """The same hand entered as counts, the leftover in the last-capture side's counts."""
        assert self.last_capture is not None, "a hand without captures cannot be entered"
        return TallyEntry(
            ruleset,
            tuple(tally_of(self.whole_pile(side), self.escobas[side], pile_sums) for side in range(len(self.piles))),
            sum(card.value for card in self.leftover),
            self.last_capture,
        )


def tally_of(cards: Sequence[Card], escobas: int, pile_sum: bool = True) -> SideTally:
    """The counts a scorekeeper would write down for some cards."""
    return SideTally(
        cards=len(cards),
        oros=sum(1 for card in cards if card.suit is Suit.OROS),
        sevens=sum(1 for card in cards if card.value == 7),
        velo=Card.parse("7o") in cards,
        escobas=escobas,
        pile_sum=sum(card.value for card in cards) if pile_sum else None,
    )


def fifteens_with(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of table cards that makes exactly 15 with `card`, decided here, not by the referee."""
    found: list[tuple[Card, ...]] = []

    def walk(start: int, need: int, chosen: tuple[Card, ...]) -> None:
        if need == 0:
            found.append(chosen)
            return
        for i in range(start, len(table)):
            if table[i].value <= need:
                walk(i + 1, need - table[i].value, (*chosen, table[i]))

    walk(0, FIFTEEN - card.value, ())
    return found


def opening_fifteens(table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The initial table as one fifteen (sum 15) or two (sum 30 in two pairs of 15); else none."""
    total = sum(card.value for card in table)
    if total == FIFTEEN:
        return [tuple(table)]
    if total == 2 * FIFTEEN:
        for partner in table[1:]:
            if table[0].value + partner.value == FIFTEEN:
                pair = (table[0], partner)
                return [pair, tuple(card for card in table if card not in pair)]
    return []


@cache
def _sweeps(total: int) -> tuple[tuple[Card, ...], ...]:
    """Every four cards of the deck the dealer would sweep for a given total (15 or 30)."""
    return tuple(
        four for four in combinations(DECK, TABLE_SIZE)
        if sum(card.value for card in four) == total and opening_fifteens(four)
    )


def shuffled_deck(rng: random.Random, seating: Seating, opening: int | None = None) -> list[Card]:
    """A shuffled deck; with `opening` 15 or 30 the four table cards are stacked to make that sweep."""
    deck = list(DECK)
    rng.shuffle(deck)
    if opening is None:
        return deck
    table = list(rng.choice(_sweeps(opening)))
    rng.shuffle(table)
    rest = [card for card in deck if card not in table]
    dealt = HAND_SIZE * seating.seats
    return rest[:dealt] + table + rest[dealt:]


class _Game:
    """The table, the piles and who captured last, while a hand is played."""

    def __init__(self, seating: Seating, rng: random.Random) -> None:
        self.seating = seating
        self.rng = rng
        self.table: list[Card] = []
        self.piles: list[list[Card]] = [[] for _ in range(seating.sides)]
        self.escobas = [0] * seating.sides
        self.captures: list[Taken] = []
        self.last_capture: int | None = None
        self.missed = 0

    def capture(self, seat: int, played: Card | None, from_table: Sequence[Card], kind: str) -> None:
        """Take cards that sum to 15 (the played card, if any, and some table cards) into a pile."""
        cards = ((played,) if played is not None else ()) + tuple(from_table)
        assert sum(card.value for card in cards) == FIFTEEN, f"illegal capture {cards}"
        assert len(set(from_table)) == len(from_table) and all(c in self.table for c in from_table)
        for card in from_table:
            self.table.remove(card)
        side = self.seating.side_of(seat)
        escoba = not self.table or kind == "opening"  # an opening of 30 is two escobas
        self.piles[side].extend(cards)
        self.escobas[side] += escoba
        self.last_capture = side
        self.captures.append(Taken(seat, side, cards, escoba, kind))

    def turn(self, seat: int, hand: list[Card], miss_rate: float, take_missed_rate: float) -> None:
        """One turn: play a random card; capture a random fifteen with it, or sometimes miss it."""
        card = hand.pop(self.rng.randrange(len(hand)))
        options = fifteens_with(card, self.table)
        if options and self.rng.random() >= miss_rate:
            self.capture(seat, card, self.rng.choice(options), "play")
            return
        self.table.append(card)
        if not options:
            return
        self.missed += 1
        if self.rng.random() < take_missed_rate:
            # The next player (always an opponent) or another opponent who noticed takes it.
            opponents = [s for s in range(self.seating.seats)
                         if self.seating.side_of(s) != self.seating.side_of(seat)]
            nxt = (seat + 1) % self.seating.seats
            taker = nxt if self.rng.random() < 0.5 else self.rng.choice(opponents)
            self.capture(taker, None, (card, *self.rng.choice(options)), "missed")


def play_hand(
    rng: random.Random,
    seating: Seating,
    dealer: int = 0,
    deck: Sequence[Card] | None = None,
    miss_rate: float = 0.0,
    take_missed_rate: float = 0.5,
) -> SimulatedHand:
    """Deal and play one hand to the end of the deck; the leftover goes to the last-capture side."""
    order = list(deck) if deck is not None else shuffled_deck(rng, seating)
    assert sorted(order) == sorted(DECK), "the deck must hold the 40 cards once each"
    first = (dealer + 1) % seating.seats
    seats = [(first + k) % seating.seats for k in range(seating.seats)]
    game = _Game(seating, rng)
    hands: dict[int, list[Card]] = {}
    for seat in seats:
        hands[seat] = [order.pop(0) for _ in range(HAND_SIZE)]
    game.table = [order.pop(0) for _ in range(TABLE_SIZE)]
    for fifteen in opening_fifteens(game.table):
        game.capture(dealer, None, fifteen, "opening")
    while True:
        for _ in range(HAND_SIZE):
            for seat in seats:
                game.turn(seat, hands[seat], miss_rate, take_missed_rate)
        if not order:
            break
        for seat in seats:
            hands[seat] = [order.pop(0) for _ in range(HAND_SIZE)]
    return SimulatedHand(
        seating=seating,
        dealer=dealer,
        piles=tuple(tuple(pile) for pile in game.piles),
        escobas=tuple(game.escobas),
        leftover=tuple(game.table),
        last_capture=game.last_capture,
        captures=tuple(game.captures),
        missed=game.missed,
    )
