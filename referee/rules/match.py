"""The match (RULES.md §5): totals, winner or play on, dealer rotation, draw for dealer.

Seats are numbered from 0 in the order of play; with two partnerships seats
0 and 2 are side 0 and seats 1 and 3 are side 1 (partners alternate).

>>> standing(15, [16, 12]).winner
0
>>> standing(15, [16, 16]).play_on
True
>>> next_dealer(3, 4, DealPasses.RIGHT), first_player(3, 4)
(0, 0)
>>> draw_for_dealer({0: Card.parse("7o"), 1: Card.parse("10c"), 2: Card.parse("10e")}).redraw
(1, 2)
>>> drawing_next(3, [Draw(None, (1, 2))])
(1, 2)
>>> import random
>>> rounds = draw_at_random((0, 1, 2), (), random.Random(7).sample)
>>> draw_for_dealer(rounds[-1]).dealer is not None and all(draw_for_dealer(r).redraw for r in rounds[:-1])
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import DECK, Card
from .rulesets import DealPasses

# Draws k distinct cards from those given, as random.Random.sample does (the app's is secrets.SystemRandom's).
Sample = Callable[[Sequence[Card], int], Sequence[Card]]


@dataclass(frozen=True)
class Standing:
    """Where a match stands after its hands."""

    totals: tuple[int, ...]
    target: int
    winner: int | None
    play_on: bool  # two or more sides share the top at or above the target

    @property
    def finished(self) -> bool:
        """True once one side has won."""
        return self.winner is not None

    @property
    def needed(self) -> tuple[int, ...]:
        """Points each side still needs to reach the target."""
        return tuple(max(0, self.target - total) for total in self.totals)


@dataclass(frozen=True)
class Draw:
    """The outcome of one round of the draw for dealer."""

    dealer: int | None
    redraw: tuple[int, ...]  # seats tied for the highest card, who draw again


def totals(points_per_hand: Iterable[Sequence[int]], n_sides: int) -> tuple[int, ...]:
    """Each side's total over the hands played."""
    result = [0] * n_sides
    for hand in points_per_hand:
        for side, points in enumerate(hand):
            result[side] += points
    return tuple(result)


def standing(target: int, side_totals: Sequence[int]) -> Standing:
    """The winner when one side alone holds the top at or above the target; else play on."""
    top = max(side_totals)
    leaders = [i for i, total in enumerate(side_totals) if total == top]
    reached = top >= target
    winner = leaders[0] if reached and len(leaders) == 1 else None
    return Standing(tuple(side_totals), target, winner, play_on=reached and len(leaders) > 1)


def side_of_seat(seat: int, n_seats: int, n_sides: int) -> int:
    """The side a seat plays for: itself, or its partnership when four seats make two sides."""
    return seat % n_sides if n_seats != n_sides else seat


def first_player(dealer: int, n_seats: int) -> int:
    """The seat that plays first: always the one after the dealer in the order of play."""
    return (dealer + 1) % n_seats


def next_dealer(dealer: int, n_seats: int, passes: DealPasses) -> int:
    """Who deals the next hand: the next seat in the order of play (right) or the one before (left)."""
    step = 1 if passes is DealPasses.RIGHT else -1
    return (dealer + step) % n_seats


def draw_for_dealer(draws: Mapping[int, Card]) -> Draw:
    """Highest counting value deals; seats tied for it draw again."""
    top = max(card.value for card in draws.values())
    tied = tuple(sorted(seat for seat, card in draws.items() if card.value == top))
    return Draw(tied[0], ()) if len(tied) == 1 else Draw(None, tied)


def drawing_next(n_seats: int, rounds: Sequence[Draw]) -> tuple[int, ...]:
    """The seats that draw in the next round of the draw for dealer: every seat at first, then only those tied
    for the highest card in the round before (RULES.md §5); none once a round named the dealer."""
    if not rounds:
        return tuple(range(n_seats))
    return rounds[-1].redraw


def draw_at_random(drawing: Sequence[int], drawn_before: Iterable[Card], sample: Sample) -> tuple[dict[int, Card], ...]:
    """The rounds the app draws for the seats `drawing`, until one names the dealer (RULES.md §5): each seat a
    card of the deck, only the seats tied for the highest card drawing again.

    As at the table, a drawn card stays out of the deck: each round draws from the cards no round drew before
    (`drawn_before` are those of the rounds already kept); a deck left too short for the seats drawing is
    gathered again. None when nobody draws."""
    out = set(drawn_before)
    rounds: list[dict[int, Card]] = []
    seats = tuple(drawing)
    while seats:
        deck = [card for card in DECK if card not in out]
        if len(deck) < len(seats):
            deck, out = list(DECK), set()
        cards = dict(zip(seats, sample(deck, len(seats)), strict=True))
        rounds.append(cards)
        out.update(cards.values())
        seats = draw_for_dealer(cards).redraw
    return tuple(rounds)
