"""Legal hands for the benchmarks: a seeded random but legal play of one hand.

The one simulation of a hand (bench_fifteens.py times its piles, bench_load.py records it): deal 4 to the
table, 3 cards each per round, a capture when one is found 90 % of the time, an escoba when one exists 80 % of
those. ``play_hand`` gives it as the API's entry by cards, with each side's escobas and who made the last
capture: ``{"sides": [{"cards", "escobas"}…], "leftover", "last_capture"}``. Every hand made here is one the
rules core accepts as valid.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from referee.rules.cards import DECK, Card
from referee.rules.fifteens import find_captures


def _makes_fifteens(cards: Sequence[Card]) -> bool:
    """True when the four cards of the first table split into fifteens (the dealer takes them)."""
    total = sum(c.value for c in cards)
    if total == 15:
        return True
    return total == 30 and any(sum(c.value for c in group) == 15
                               for r in range(1, len(cards)) for group in itertools.combinations(cards, r))


def play(players: int, sides: int, rng: random.Random) -> tuple[list[list[Card]], list[Card], list[int], int]:
    """One hand played with random legal moves by `players` seats forming `sides` sides: each side's pile
    (without the leftover), the leftover, each side's escobas and the side that made the last capture."""
    deck = list(DECK)
    rng.shuffle(deck)
    piles: list[list[Card]] = [[] for _ in range(sides)]
    escobas = [0] * sides
    table = [deck.pop() for _ in range(4)]
    last_capture = 0
    if _makes_fifteens(table):  # the dealer (the last seat) takes the first table
        piles[(players - 1) % sides].extend(table)
        table, last_capture = [], (players - 1) % sides
    while deck:
        hands = [[deck.pop() for _ in range(3)] for _ in range(players)]
        for _ in range(3):
            for seat in range(players):
                side, hand = seat % sides, hands[seat]
                options = [(card, cap) for card in hand for cap in find_captures(card, table)]
                if options and rng.random() < 0.9:
                    sweeps = [o for o in options if o[1].escoba]
                    card, cap = rng.choice(sweeps) if sweeps and rng.random() < 0.8 else rng.choice(options)
                    hand.remove(card)
                    taken = set(cap.cards)
                    table = [c for c in table if c not in taken]
                    piles[side].extend([card, *cap.cards])
                    escobas[side] += bool(cap.escoba)
                    last_capture = side
                else:
                    table.append(hand.pop(rng.randrange(len(hand))))
    return piles, table, escobas, last_capture


def play_hand(players: int, sides: int, rng: random.Random) -> dict[str, Any]:
    """One hand played with random legal moves by `players` seats forming `sides` sides; its entry by cards."""
    piles, table, escobas, last_capture = play(players, sides, rng)
    return {"sides": [{"cards": [str(c) for c in pile], "escobas": escobas[i]} for i, pile in enumerate(piles)],
            "leftover": [str(c) for c in table], "last_capture": last_capture}


def form_fields(entry: dict[str, Any]) -> dict[str, str]:
    """The entry as the hand entry page's fields by cards: each card's place ('0'…'3' or 'L'), the escobas,
    the last capture."""
    fields = {f"place-{code}": str(i) for i, side in enumerate(entry["sides"]) for code in side["cards"]}
    fields |= {f"place-{code}": "L" for code in entry["leftover"]}
    fields |= {f"escobas-{i}": str(side["escobas"]) for i, side in enumerate(entry["sides"])}
    return fields | {"last_capture": str(entry["last_capture"])}
