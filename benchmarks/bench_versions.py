"""Two versions of a hand compared (referee/rules/versions.py), in process: the issue's goal is an answer within
50 ms. The floor, measured in the same run, is what the referee does for the two versions anyway: check_hand on
each (an entry error caught). The comparison's own work is the ratio's excess over 1.

Run from the repository root, with the project's virtualenv:

    .venv/bin/python benchmarks/bench_versions.py            # 300 hands of each seating
    .venv/bin/python benchmarks/bench_versions.py --hands 30  # a quick look

Hands are played with random legal moves (load_deal.play). The second version is the first with a card moved
from one pile to another, the hardest kind for the referee: two piles that no longer split into fifteens, whose
suspect cards are searched for; by cards against by cards, and by cards against the same hand's counts.
Milliseconds per comparison: median, 95th percentile, max; garbage collector off while timing, as timeit does.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime

from load_deal import play

from referee.rules import CardEntry, SidePile, SideTally, Suit, TallyEntry, make_ruleset
from referee.rules.cards import Card
from referee.rules.versions import compare, verdict

SEED = 20261207
GOAL_MS = 50.0
SEATINGS = {"2 players": (2, 2), "3 players": (3, 3), "4 players": (4, 4), "2 partnerships": (4, 2)}
RULESET = make_ruleset("escoba-es")


def versions(players: int, sides: int, rng: random.Random) -> tuple[CardEntry, CardEntry, TallyEntry]:
    """A hand by cards, the same with a card moved between piles, and the true hand by counts."""
    piles, leftover, escobas, last = play(players, sides, rng)
    truth = CardEntry(RULESET, tuple(SidePile(tuple(p), e) for p, e in zip(piles, escobas)), tuple(leftover), last)
    moved = [list(p) for p in piles]
    source = rng.choice([i for i, p in enumerate(moved) if p])
    target = rng.choice([i for i in range(sides) if i != source])
    moved[target].append(moved[source].pop(rng.randrange(len(moved[source]))))
    wrong = CardEntry(RULESET, tuple(SidePile(tuple(p), e) for p, e in zip(moved, escobas)), tuple(leftover), last)

    def tally(cards: list[Card], n: int) -> SideTally:
        return SideTally(len(cards), sum(c.suit is Suit.OROS for c in cards), sum(c.value == 7 for c in cards),
                         Card.parse("7o") in cards, n, sum(c.value for c in cards))

    whole = [p + (leftover if i == last else []) for i, p in enumerate(piles)]
    counts = TallyEntry(RULESET, tuple(tally(p, e) for p, e in zip(whole, escobas)),
                        sum(c.value for c in leftover), last)
    return truth, wrong, counts


def timed(call: Callable[..., object], *args: object) -> float:
    """Milliseconds of one call."""
    started = time.perf_counter()
    call(*args)
    return (time.perf_counter() - started) * 1000


def both_checked(first: CardEntry, second: CardEntry) -> None:
    """The floor: the referee's checks of both versions (check_hand, an entry error caught: versions.verdict)."""
    verdict(first)
    verdict(second)


def figures(values: list[float]) -> str:
    """Median, 95th percentile and max."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered):6.2f}  p95 {p95:6.2f}  max {ordered[-1]:6.2f} ms"


def main(argv: list[str] | None = None) -> int:
    """Time the comparisons and their floor; 1 when the slowest comparison misses the goal."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300, help="hands of each seating (default 300)")
    args = parser.parse_args(argv)
    rng = random.Random(SEED)
    print(f"{platform.platform()}, CPython {sys.version.split()[0]}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; "
          f"{args.hands} hands of each seating")
    slowest = 0.0
    for name, (players, sides) in SEATINGS.items():
        cards, counts, floor = [], [], []
        for _ in range(args.hands):
            truth, wrong, tally = versions(players, sides, rng)
            assert not compare(truth, wrong).agree and verdict(truth).passes
            gc.disable()
            try:
                floor.append(timed(both_checked, truth, wrong))
                cards.append(timed(compare, truth, wrong))
                counts.append(timed(compare, wrong, tally))
            finally:
                gc.enable()
        slowest = max(slowest, *cards, *counts)
        ratio = statistics.median(cards) / statistics.median(floor)
        print(f"{name:15} by cards, a card moved   {figures(cards)}")
        print(f"{'':15} by cards against counts {figures(counts)}")
        print(f"{'':15} floor: check_hand twice {figures(floor)}   comparison × floor (medians) {ratio:.2f}")
    verdict_word = "PASS" if slowest <= GOAL_MS else "MISS"
    print(f"{verdict_word}  the slowest comparison {slowest:.2f} ms (goal ≤ {GOAL_MS:g} ms)")
    return 0 if slowest <= GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
