"""The setenta of the best cards tapped, in the browser (static/js/setenta-sum.js, which static/js/setenta-cards.js
shows as the chips are tapped), adds up as the rules core does (chosen_sum in referee/rules/setenta_cards.py).

The page shows each side's sum at once; the server works it out again on Check, so the arithmetic is written twice.
Node.js runs the JavaScript on every choice a side's chips can make — for each suit one of its eight chips (a figure
sent as its first, 8) or none — and each sum is compared with the Python's, the figures' other values (9, 10) too.
The quick entry asks only for the best cards that can change the point: what can is worked out twice too
(setentaBounds, setenta_bounds), and compared on random legal hands.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from itertools import product
from pathlib import Path

from node_driver import run_driver

from referee.forms.variant_counts import BEST_VALUES
from referee.rules import SideTally
from referee.rules.cards import SUITS, Card
from referee.rules.setenta_cards import chosen_sum, kept, setenta_bounds, setenta_open
from referee.rules.sevens import best_per_suit, setenta_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from simulator import SEATINGS, play_hand, tally_of

DRIVER = Path(__file__).resolve().parent / "setenta_driver.mjs"


def test_every_choice_of_best_cards_sums_in_javascript_as_in_the_rules_core() -> None:
    """9⁴ choices (8 chips or none, per suit), then the same with every figure a Caballo and a Rey."""
    choices: list[tuple[Card, ...]] = []
    for values in product(("", *BEST_VALUES), repeat=len(SUITS)):
        choices.append(tuple(Card(int(value), suit) for value, suit in zip(values, SUITS, strict=True) if value))
    choices += [tuple(Card(figure if card.value == 8 else card.value, card.suit) for card in cards)
                for figure in (9, 10) for cards in choices if any(card.value == 8 for card in cards)]
    cases = [[{"suit": card.suit.value, "value": card.value} for card in cards] for cards in choices]
    sums = run_driver(DRIVER, cases, "the setenta's JavaScript")
    assert sums == [chosen_sum(cards) for cards in choices]
    assert len(set(sums)) > 30 and 0 in sums and 84 in sums  # the whole range, lacking a suit included


BOUNDS_DRIVER = Path(__file__).resolve().parent / "setenta_bounds_driver.mjs"


def told_at_random(rng: random.Random, pile: tuple[Card, ...], escobas: int) -> SideTally:
    """A side as a quick entry may leave it: its sevens told (now and then one untold), each other suit told (its best
    card, or none) or not, at random; now and then its sum typed instead."""
    best = {card.suit: kept(card) for card in best_per_suit(pile)}
    told = [card for card in pile if card.value == 7 and rng.random() < 0.9]  # now and then the velo untold
    untold = []
    for suit in SUITS:
        if any(card.suit is suit for card in told):
            continue
        if rng.random() < 0.5:
            untold.append(suit)
        elif suit in best:
            told.append(best[suit])
    tally = replace(tally_of(pile, escobas), setenta_cards=tuple(told), setenta_untold=tuple(untold))
    if rng.random() < 0.1:
        return replace(tally, setenta=setenta_of(pile) or 0, setenta_cards=None, setenta_untold=())
    return tally


def test_what_can_change_the_point_is_worked_out_in_javascript_as_in_the_rules_core() -> None:
    """400 legal hands of 2, 3 and 4 sides, each side's suits told or not at random: every side's least and most
    setenta, and the sides still asked for, are the rules core's; the leftover's owner unknown, JavaScript asks for at
    least as many sides (the page asks before the last capture is tapped)."""
    rng = random.Random(35)
    cases, expected, unknown_owner = [], [], []
    for n in range(400):
        hand = play_hand(rng, SEATINGS[n % len(SEATINGS)])
        if hand.last_capture is None:
            continue
        sides = [told_at_random(rng, hand.whole_pile(i), e) for i, e in enumerate(hand.escobas)]
        bounds = setenta_bounds(sides, hand.leftover, hand.last_capture)
        shape = [{"cards": s.cards, "oros": s.oros, "sevens": s.sevens, "velo": s.velo, "setenta": s.setenta,
                  "told": None if s.setenta_cards is None else [{"suit": c.suit.value, "value": c.value}
                                                               for c in s.setenta_cards],
                  "untold": [suit.value for suit in s.setenta_untold]} for s in sides]
        leftover = [{"suit": c.suit.value, "value": c.value} for c in hand.leftover]
        cases += [{"sides": shape, "leftover": leftover, "last": hand.last_capture},
                  {"sides": shape, "leftover": leftover, "last": None}]
        expected.append([[list(b) for b in bounds], setenta_open(bounds)])
        unknown_owner.append(set(setenta_open(bounds)))
    answers = run_driver(BOUNDS_DRIVER, cases, "the setenta's JavaScript")
    assert answers[0::2] == expected
    assert all(asked <= set(js[1]) for asked, js in zip(unknown_owner, answers[1::2], strict=True))
    assert sum(bool(e[1]) for e in expected) > 50 and sum(not e[1] for e in expected) > 50  # both kinds of hand
