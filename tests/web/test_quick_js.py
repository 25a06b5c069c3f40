"""The quick entry's worked-out side in the browser (static/js/rest-counts.js, which static/js/quick.js paints)
answers as the rules core does (complete_tallies in referee/rules/quick.py).

The page shows the last side's counts as the others' are typed, and marks a count the others leave below 0;
the server works them out again, so the arithmetic is written twice. Node.js runs the JavaScript on thousands of
entries made here from dealt hands — as dealt, pushed so that the last side has exactly none or a few too few of
something, or any counts a side can hold — and each answer is compared with the Python's: the same count wherever
the rules core works it out, and a count marked exactly where the rules core refuses the last side's for holding
more than the deck.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

from node_driver import run_driver

from referee.rules import DECK, InvalidEntry, Rest, SideTally, complete_tallies
from referee.rules.cards import Card, Suit
from referee.rules.tally_variants import variant_bounds

DRIVER = Path(__file__).resolve().parent / "quick_driver.mjs"
SEED = 20260601
KEYS = ("cards", "oros", "sevens")  # every quick entry's
BREAKERS = {"sixes": 6, "aces": 1, "fives": 5}  # the sevens tiebreak's, by the value they count
UNKNOWN = "unknown"  # what the rules core does not say of a refused remainder


def run_js(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each case's answer from static/js/rest-counts.js, through Node.js; a clear failure without Node."""
    return run_driver(DRIVER, cases, "the quick entry's JavaScript")


# -- entries -----------------------------------------------------------------------------------------------

Counts = dict[str, Any]  # one side's counts, as the page's fields hold them (a tiebreak count may be None)


def counts_of(pile: list[Card]) -> Counts:
    """A pile's counts, as a player counts them."""
    return {"cards": len(pile), "oros": sum(card.suit is Suit.OROS for card in pile),
            "sevens": sum(card.value == 7 for card in pile), "velo": any(card.is_velo for card in pile),
            **{name: sum(card.value == value for card in pile) for name, value in BREAKERS.items()}}


def deal(rng: random.Random, sides: int) -> list[Counts]:
    """A hand as dealt: the deck cut into `sides` piles of any size, an empty one too."""
    deck = list(DECK)
    rng.shuffle(deck)
    cuts = sorted(rng.randint(0, len(deck)) for _ in range(sides - 1))
    return [counts_of(deck[start:end]) for start, end in pairwise([0, *cuts, len(deck)])]


def room(side: Counts, key: str) -> int:
    """How much more of `key` one counted side can hold and stay a pile the rules core takes (its own bounds:
    oros and sevens within its cards when it holds them, the tiebreak counts within what its sevens leave)."""
    if key == "cards":
        return 40 - side["cards"]
    if key == "oros":
        return 10 - side["oros"]
    if key == "sevens":
        return 4 - side["sevens"]
    taken = side["sevens"] + sum(side[name] or 0 for name in BREAKERS)
    return min(4 - side[key], side["cards"] - taken) if side[key] is not None else 0


def push(rng: random.Random, counted: list[Counts], key: str, amount: int) -> None:
    """Add `amount` to the counted sides' `key`, one at a time on a side with room for it, as far as they hold."""
    for _ in range(amount):
        open_sides = [side for side in counted if room(side, key) > 0]
        if not open_sides:
            return
        rng.choice(open_sides)[key] += 1


def fit(side: Counts) -> None:
    """Enough cards for the side's oros and sevens, and for its sevens and tiebreak counts."""
    side["cards"] = max(side["cards"], side["oros"] + side["sevens"],
                        side["sevens"] + sum(side[name] or 0 for name in BREAKERS))


def near_zero(rng: random.Random) -> int:
    """What to leave the last side of a count: none, or one, two or several too few."""
    return rng.choice([0, 0, -1, -1, -2, rng.randint(-12, -3)])


def pushed(rng: random.Random, sides: int) -> list[Counts]:
    """A dealt hand whose counted sides took more cards, oros or sevens than they did, so that the last side's
    count is 0 or below."""
    *counted, last = deal(rng, sides)
    for key in KEYS:
        if rng.random() < 0.6:
            push(rng, counted, key, last[key] - near_zero(rng))
            for side in counted:
                fit(side)
    return counted


def tiebreak_pushed(rng: random.Random, sides: int) -> list[Counts]:
    """A dealt hand whose counted sides say more sixes, aces or fives than they took (as far as their cards
    hold), some not typed yet; cards, oros and sevens as dealt."""
    *counted, last = deal(rng, sides)
    for name in BREAKERS:
        if rng.random() < 0.8:
            push(rng, counted, name, last[name] - near_zero(rng))
        for side in counted:
            if rng.random() < 0.15:
                side[name] = None
    return counted


def anything(rng: random.Random, sides: int) -> list[Counts]:
    """Any counts each side can hold on its own, together often more than the deck."""
    counted = []
    for _ in range(sides - 1):
        cards = rng.randint(0, 40)
        oros = rng.randint(0, min(10, cards))
        sevens = rng.randint(0, min(4, cards - oros))
        side = {"cards": cards, "oros": oros, "sevens": sevens, "velo": False}
        left = cards - sevens
        for name in BREAKERS:
            side[name] = None if rng.random() < 0.1 else rng.randint(0, min(4, left))
            left -= side[name] or 0
        counted.append(side)
    holders = [side for side in counted if side["oros"] and side["sevens"]]
    if holders and rng.random() < 0.7:
        rng.choice(holders)["velo"] = True
    return counted


def entries(count: int) -> list[list[Counts]]:
    """The counted sides (all but the last) of `count` entries of two to four sides, of every kind above."""
    rng = random.Random(SEED)
    kinds = [lambda r, n: deal(r, n)[:-1], pushed, tiebreak_pushed, anything]
    return [kinds[i % len(kinds)](rng, rng.randint(2, 4)) for i in range(count)]


# -- the rules core's answer -------------------------------------------------------------------------------

def rules_core(counted: list[Counts]) -> dict[str, tuple[Any, Any]]:
    """Per count, the last side's as the rules core works it out and whether it refuses it for holding more than
    the deck (a count below 0), UNKNOWN for what a refusal does not say."""
    last = len(counted)
    tallies = [SideTally(**side) for side in counted]
    try:
        rest = complete_tallies([*tallies, Rest()])[last]
    except InvalidEntry as refused:
        problems = refused.problems
        assert all(p.location[:3] == ("sides", last, "tally") for p in problems), problems  # the counted are valid
        exceeding = next((p.params for p in problems if p.code == "rest_counts_exceed_cards"), {})
        answer: dict[str, tuple[Any, Any]] = {}
        for key in KEYS:
            over = next((p.params for p in problems if p.code == f"rest_{key}"), None)
            # Every count below 0 is named before anything else about the remainder is looked at.
            left = over["expected"] - over["total"] if over else exceeding.get(key, UNKNOWN)
            answer[key] = (left, over is not None)
        return answer | {name: (UNKNOWN, UNKNOWN) for name in BREAKERS}
    below = {p.location[-1] for p in variant_bounds(last, rest)
             if p.code == "count_range" and p.params["value"] < p.params["min"]}
    return {key: (getattr(rest, key), key in below) for key in (*KEYS, *BREAKERS)}


# -- the comparison ----------------------------------------------------------------------------------------

def test_the_worked_out_side_is_the_rules_core_s():
    """4 000 entries: the JavaScript's count of the last side is the rules core's wherever the rules core works it
    out, and it marks a count exactly when the rules core refuses it as more than the deck holds. Entries where
    the last side has exactly none, or one too few, of each count are among them, for every count."""
    made = entries(4000)
    cases = [{"key": key, "values": [side[key] for side in counted]} for counted in made for key in (*KEYS, *BREAKERS)]
    answers = iter(run_js(cases))
    compared: Counter[tuple[str, Any]] = Counter()
    for counted in made:
        for key, (left, over) in rules_core(counted).items():
            js = next(answers)
            if left is not UNKNOWN:
                assert js["left"] == left, (key, counted, js)
                compared[key, left if left in (0, -1, None) else "other"] += 1
            if over is not UNKNOWN:
                assert js["over"] == over, (key, counted, js)
    for key in (*KEYS, *BREAKERS):  # the edges the comparison must reach to mean something
        assert compared[key, 0] >= 100 and compared[key, -1] >= 100, (key, compared)
    for name in BREAKERS:
        assert compared[name, None] >= 100, (name, compared)


def test_a_count_not_typed_yet_leaves_the_last_side_s_unknown():
    """While any other side's count of something is blank, the last side's is unknown ("—" on the page) and not
    marked; the other counts still follow."""
    answers = run_js([{"key": "oros", "values": [3, None]}, {"key": "cards", "values": [None]},
                      {"key": "sevens", "values": [2, 1, 1]}, {"key": "fives", "values": [None, None, 9]}])
    assert answers == [{"left": None, "over": False}, {"left": None, "over": False},
                       {"left": 0, "over": False}, {"left": None, "over": False}]
