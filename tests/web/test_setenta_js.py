"""The setenta of the best cards tapped, in the browser (static/js/setenta-sum.js, which static/js/setenta-cards.js
shows as the chips are tapped), adds up as the rules core does (chosen_sum in referee/rules/setenta_cards.py).

The page shows each side's sum at once; the server works it out again on Check, so the arithmetic is written twice.
Node.js runs the JavaScript on every choice a side's chips can make — for each suit one of its eight chips (a figure
sent as its first, 8) or none — and each sum is compared with the Python's, the figures' other values (9, 10) too.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path

from node_driver import run_driver

from referee.forms.variant_counts import BEST_VALUES
from referee.rules.cards import SUITS, Card
from referee.rules.setenta_cards import chosen_sum

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
