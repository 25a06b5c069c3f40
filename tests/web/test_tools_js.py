"""The referee tools' JavaScript (static/js/fifteens.js) answers as the rules core does.

The tools answer in the browser when JavaScript runs, offline too, so the maths is
written twice. Node.js runs the JavaScript on many random inputs made here, and each
answer is compared with the Python's: the same captures, the same number of suspects
and a valid split, the same leftover verdict and draw.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from node_driver import run_driver

from referee.rules import DECK, Card, draw_for_dealer, find_captures, split_pile
from referee.rules.checks import leftover_finding
from referee.rules.sevens import count_setenta, leaders

DRIVER = Path(__file__).resolve().parent / "tools_driver.mjs"
SEED = 20260515
CODES = [str(card) for card in DECK]


def run_js(cases: list[dict[str, Any]]) -> list[Any]:
    """Each case's answer from static/js/fifteens.js, through Node.js; a clear failure without Node."""
    return run_driver(DRIVER, cases, "the tools' JavaScript")


def cards(codes: list[str]) -> list[Card]:
    """Cards from their codes."""
    return [Card.parse(code) for code in codes]


def value_sum(codes: list[str]) -> int:
    """The counting values of some codes, added up."""
    return sum(Card.parse(code).value for code in codes)


# -- inputs ------------------------------------------------------------------

def random_tables(rng: random.Random, count: int) -> list[tuple[str, list[str]]]:
    """A played card and a table of 0 to 12 other cards."""
    cases = []
    for _ in range(count):
        drawn = rng.sample(CODES, rng.randint(1, 13))
        cases.append((drawn[0], drawn[1:]))
    return cases


def fifteens_pile(rng: random.Random, deck: list[str]) -> list[str]:
    """Cards making several fifteens, taken from what is left of a deck."""
    pile: list[str] = []
    for _ in range(rng.randint(1, 5)):
        group: list[str] = []
        need = 15
        candidates = [c for c in deck if c not in pile]
        rng.shuffle(candidates)
        for code in candidates:
            value = Card.parse(code).value
            if value <= need:
                group.append(code)
                need -= value
            if need == 0:
                break
        if need == 0:
            pile += group
    return pile


def random_piles(rng: random.Random, count: int) -> list[list[str]]:
    """Piles of up to 24 cards: any cards, fifteens with strays, and suspect-heavy high cards."""
    high = [code for code in CODES if Card.parse(code).value >= 8]
    piles: list[list[str]] = []
    for i in range(count):
        kind = i % 4
        if kind == 0:  # any cards at all
            pile = rng.sample(CODES, rng.randint(0, 24))
        elif kind == 1:  # a correct pile and a stray card or two
            pile = fifteens_pile(rng, CODES)
            pile += rng.sample([c for c in CODES if c not in pile], rng.randint(0, 2))
        elif kind == 2:  # suspect-heavy: mostly 8s, 9s and 10s
            pile = rng.sample(high, rng.randint(3, 12))
            pile += rng.sample([c for c in CODES if c not in pile], rng.randint(0, 12))
        else:  # long piles, where the search is the hardest
            pile = rng.sample(CODES, rng.randint(18, 24))
        rng.shuffle(pile)
        piles.append(pile[:24])
    return piles


FIXED_PILES = [
    [],
    ["10o", "10c", "10e"],
    ["10o", "10c", "10e", "5b"],
    ["7o", "8c", "10e", "5b"],
    ["8o", "8c", "8e", "8b", "9o", "9c", "9e", "9b", "10o", "10c", "10e", "10b"],
    CODES,  # the whole deck: 220, fourteen fifteens and one card out
    [c for c in CODES if Card.parse(c).value >= 6],
]


# -- the comparisons -----------------------------------------------------------

def test_captures_are_the_same_in_javascript_and_in_the_rules_core():
    """The same sets of table cards make 15, each once, with the same escobas."""
    rng = random.Random(SEED)
    tables = [*random_tables(rng, 1000), ("5o", ["10o"]), ("1o", ["2o", "3o", "4o", "5o"]), ("7o", [])]
    answers = run_js([{"op": "captures", "card": card, "table": table} for card, table in tables])
    for (card, table), js in zip(tables, answers):
        python = find_captures(Card.parse(card), cards(table))
        expected = Counter((frozenset(str(c) for c in cap.cards), cap.escoba) for cap in python)
        assert Counter((frozenset(cap["cards"]), cap["escoba"]) for cap in js) == expected, (card, table)


def test_a_pile_splits_with_as_few_suspects_in_javascript_as_in_the_rules_core():
    """Random piles up to 24 cards, suspect-heavy ones too: the same number of suspects and a valid split."""
    rng = random.Random(SEED + 1)
    piles = [*FIXED_PILES, *random_piles(rng, 1000)]
    answers = run_js([{"op": "split", "pile": pile} for pile in piles])
    for pile, js in zip(piles, answers):
        python = split_pile(cards(pile))
        assert len(js["suspects"]) == len(python.suspects), pile
        assert all(value_sum(group) == 15 for group in js["fifteens"]), (pile, js)
        placed = [code for group in js["fifteens"] for code in group] + js["suspects"]
        assert Counter(placed) == Counter(pile), (pile, js)
        assert (js["total"], js["ok"], js["multipleOf15"]) == (python.total, python.ok, python.multiple_of_15)


def test_the_javascript_shows_the_very_split_the_server_shows():
    """A faithful port: the same fifteens in the same order and the same suspects, so a page
    answered in the browser and the same page answered by the server agree card for card."""
    rng = random.Random(SEED + 3)
    piles = [*FIXED_PILES, *random_piles(rng, 400)]
    answers = run_js([{"op": "split", "pile": pile} for pile in piles])
    for pile, js in zip(piles, answers):
        python = split_pile(cards(pile))
        assert js["fifteens"] == [[str(c) for c in group] for group in python.fifteens], pile
        assert js["suspects"] == [str(c) for c in python.suspects], pile


def test_the_leftover_verdict_is_the_same_for_every_sum():
    """Empty, right or wrong for every sum from 0 to the whole deck's 220."""
    answers = run_js([{"op": "leftover", "sum": total} for total in range(221)])
    assert answers == [leftover_finding(total).code for total in range(221)]


def test_the_draw_for_dealer_is_the_same():
    """Two to four players' cards: the same dealer, or the same players drawing again."""
    rng = random.Random(SEED + 2)
    draws = [dict(enumerate(rng.sample(CODES, rng.randint(2, 4)))) for _ in range(300)]
    answers = run_js([{"op": "draw", "draws": {str(seat): code for seat, code in d.items()}} for d in draws])
    for drawn, js in zip(draws, answers):
        python = draw_for_dealer({seat: Card.parse(code) for seat, code in drawn.items()})
        assert (js["dealer"], tuple(js["redraw"])) == (python.dealer, python.redraw), drawn


def test_a_setenta_is_counted_the_same():
    """Any cards, a few or many, a suit or more missing: the same best card of each suit, lacking suits and sum."""
    rng = random.Random(SEED + 4)
    hands = [[], ["8b", "9b", "10b"], CODES, *(rng.sample(CODES, rng.randint(1, 24)) for _ in range(600))]
    answers = run_js([{"op": "setenta", "cards": hand} for hand in hands])
    for hand, js in zip(hands, answers):
        python = count_setenta(cards(hand))
        assert js == {"best": [str(c) for c in python.best], "lacking": [s.value for s in python.lacking],
                      "total": python.total}, hand


def test_the_leaders_are_the_same():
    """Sums or missing ones for two to four sides: the same sides leading, in the same order."""
    rng = random.Random(SEED + 5)
    rows = [[rng.choice([None, *range(40, 85, 11)]) for _ in range(rng.randint(2, 4))] for _ in range(300)]
    answers = run_js([{"op": "leaders", "values": row} for row in rows])
    assert answers == [leaders(row) for row in rows]
