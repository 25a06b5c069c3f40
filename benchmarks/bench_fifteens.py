"""Benchmarks for the fifteens search (referee/rules/fifteens.py).

Run from the repository root, with the project's virtualenv:

    .venv/bin/python benchmarks/bench_fifteens.py          # full run, a few minutes
    .venv/bin/python benchmarks/bench_fifteens.py --quick  # smaller searches, well under a minute

Only the standard library and the project are used. Every figure is in milliseconds,
over many timed calls (time.perf_counter, garbage collector off while timing, as timeit
does): median, 95th percentile and max. split_pile memoises only within one call, so
repeated calls are honest measurements.

Cases:
1. real hands: piles of hands played out by a simple random but legal simulation
   (2 players, 4 players, 2 partnerships); every side's pile checked with split_pile.
   Goal: median under 1 ms per hand.
2. 36-card piles: the search only sees counting values, so every 36-card pile is one of
   715 value multisets (the deck minus 4 values). All of them are screened, correct piles
   (the 4 removed cards sum to 10 or 25) and wrong ones; the slowest are timed at length.
   Goal: the slowest 36-card pile under 20 ms median. Also screened: every pile of 32–40 cards.
3. captures: find_captures with a 16-card table for each played value 1–10; the table is
   the 16 lowest other cards, and a seeded local search looks for a table with more captures.
4. medium wrong piles (12–24 cards, many suspects): the suspects search deepens over the
   number of removed cards, so hand-made families (all even cards plus a few odd ones, which
   can only make one fifteen per odd card; all 8s, 9s and 10s plus a few small cards) and a
   seeded annealing search over value counts look for the slowest pile. The full run also
   screens the same families with 25–31 cards, between the medium and the large piles.

Any case over 20 ms median is printed as PATHOLOGICAL with its card codes.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from load_deal import play

from referee.rules.cards import DECK, Card, parse_cards
from referee.rules.fifteens import find_captures, split_pile

SEED = 20261129
REAL_HAND_GOAL_MS = 1.0
WORST_PILE_GOAL_MS = 20.0
PATHOLOGICAL_MS = 20.0

Counts = tuple[int, ...]  # Counts[v - 1] = how many cards of value v


# ---------------------------------------------------------------------------------------
# Timing


@dataclass(frozen=True)
class Stats:
    """Median, 95th percentile and max of some timings, in milliseconds."""

    n: int
    median: float
    p95: float
    max: float

    def __str__(self) -> str:
        return f"median {self.median:8.3f}  p95 {self.p95:8.3f}  max {self.max:8.3f} ms  (n={self.n})"


def stats(samples_ms: Sequence[float]) -> Stats:
    """Summarise timings (ms)."""
    ordered = sorted(samples_ms)
    p95 = statistics.quantiles(ordered, n=20, method="inclusive")[18] if len(ordered) > 1 else ordered[0]
    return Stats(len(ordered), statistics.median(ordered), p95, ordered[-1])


def timings(call: Callable[[], object], reps: int, warmup: int = 2) -> list[float]:
    """Time `reps` calls one by one, in ms, with the garbage collector off."""
    for _ in range(warmup):
        call()
    samples = []
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(reps):
            start = time.perf_counter()
            call()
            samples.append((time.perf_counter() - start) * 1000)
    finally:
        if was_enabled:
            gc.enable()
    return samples


def quick_time(call: Callable[[], object], reps: int = 1) -> float:
    """Best of a few calls, in ms: for screening many candidates."""
    best = math.inf
    for _ in range(reps):
        start = time.perf_counter()
        call()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def reps_for(screen_ms: float, budget_s: float, low: int = 15, high: int = 300) -> int:
    """Repetitions that fit a time budget, within bounds."""
    return max(low, min(high, int(budget_s * 1000 / max(screen_ms, 1e-3))))


# ---------------------------------------------------------------------------------------
# Piles as value counts


BY_VALUE: dict[int, tuple[Card, ...]] = {v: tuple(c for c in DECK if c.value == v) for v in range(1, 11)}


def counts_of(cards: Iterable[Card]) -> Counts:
    """The value counts of some cards."""
    counts = [0] * 10
    for card in cards:
        counts[card.value - 1] += 1
    return tuple(counts)


def cards_of(counts: Counts, rng: random.Random | None = None) -> tuple[Card, ...]:
    """Cards with those value counts; suits in deck order, or drawn with `rng`."""
    cards: list[Card] = []
    for value, n in enumerate(counts, 1):
        suits = list(BY_VALUE[value])
        if rng is not None:
            rng.shuffle(suits)
        cards.extend(suits[:n])
    if rng is not None:
        rng.shuffle(cards)
    return tuple(cards)


def codes(cards: Iterable[Card]) -> str:
    """Card codes, sorted by value then suit, space-separated."""
    return " ".join(str(c) for c in sorted(cards, key=lambda c: (c.value, DECK.index(c))))


def describe(counts: Counts) -> str:
    """A short value-count description: '1x4 2x3 ...'."""
    return " ".join(f"{v}x{n}" for v, n in enumerate(counts, 1) if n)


# ---------------------------------------------------------------------------------------
# 1. Real hands


def play_hand(players: int, partnerships: bool, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Play one hand with random legal moves; return each side's pile (without leftover) and the leftover."""
    piles, table, _escobas, _last = play(players, 2 if partnerships else players, rng)
    return piles, table


def bench_real_hands(hands_per_config: int, reps: int, rng: random.Random) -> dict[str, Stats]:
    """Time checking every side's pile of simulated hands."""
    print("\n== 1. Real hands: split_pile on every side's pile ==")
    results: dict[str, Stats] = {}
    configs = [("2 players", 2, False), ("4 players", 4, False), ("2 partnerships", 4, True)]
    all_samples: list[float] = []
    for label, players, partnerships in configs:
        samples: list[float] = []
        per_hand: list[tuple[float, list[list[Card]]]] = []
        for _ in range(hands_per_config):
            piles, leftover = play_hand(players, partnerships, rng)
            assert sum(c.value for c in leftover) % 15 == 10
            assert all(split_pile(p).ok for p in piles), "a simulated pile does not split"

            def check(piles: list[list[Card]] = piles) -> None:
                for pile in piles:
                    split_pile(pile)

            hand_samples = timings(check, reps, warmup=1)
            samples.extend(hand_samples)
            per_hand.append((statistics.median(hand_samples), piles))
        all_samples.extend(samples)
        results[label] = stats(samples)
        worst_ms, worst_piles = max(per_hand, key=lambda x: x[0])
        sizes = "/".join(str(len(p)) for p in worst_piles)
        print(f"  {label:15s} {results[label]}")
        print(f"  {'':15s} slowest hand: median {worst_ms:.3f} ms, pile sizes {sizes}")
    results["all"] = stats(all_samples)
    verdict = "OK" if results["all"].median < REAL_HAND_GOAL_MS else "MISSED"
    print(f"  {'all hands':15s} {results['all']}")
    print(f"  goal: median < {REAL_HAND_GOAL_MS} ms per hand -> {verdict}")
    return results


# ---------------------------------------------------------------------------------------
# 2. 36-card piles (and every pile of 32–40 cards)


def piles_by_complement(removed_count: int) -> Iterable[tuple[Counts, Counts]]:
    """Every value multiset of the deck minus `removed_count` cards: (pile, removed)."""
    for removed_values in itertools.combinations_with_replacement(range(1, 11), removed_count):
        removed = counts_of(BY_VALUE[v][0] for v in removed_values)
        if max(removed) > 4:
            continue
        yield tuple(4 - r for r in removed), removed


@dataclass
class Found:
    """A timed pile."""

    label: str
    counts: Counts
    cards: tuple[Card, ...]
    screen_ms: float
    stats: Stats | None = None
    suspects: int = 0


def measure_found(found: Found, budget_s: float) -> Found:
    """Time a screened pile at length."""
    cards = found.cards
    reps = reps_for(found.screen_ms, budget_s)
    found.stats = stats(timings(lambda: split_pile(cards), reps))
    found.suspects = len(split_pile(cards).suspects)
    return found


def report_found(found: Found) -> None:
    """Print a timed pile, its suspects and card codes."""
    assert found.stats is not None
    flag = "  <-- PATHOLOGICAL" if found.stats.median > PATHOLOGICAL_MS else ""
    total = sum(v * n for v, n in enumerate(found.counts, 1))
    print(f"  {found.label}: {len(found.cards)} cards, sum {total}, {found.suspects} suspects{flag}")
    print(f"      {found.stats}")
    print(f"      values: {describe(found.counts)}")
    print(f"      cards:  {codes(found.cards)}")


def bench_36(rng: random.Random, top: int, budget_s: float, large: bool) -> Found:
    """Screen every 36-card pile by values; time the slowest correct and wrong ones at length."""
    print("\n== 2. 36-card piles: all 715 value multisets (deck minus 4 cards), screened ==")
    screened: list[Found] = []
    for pile, removed in piles_by_complement(4):
        cards = cards_of(pile, rng)
        removed_sum = sum(v * n for v, n in enumerate(removed, 1))
        kind = "correct" if removed_sum in (10, 25) else "wrong"
        ms = quick_time(lambda cards=cards: split_pile(cards), reps=3)
        screened.append(Found(f"{kind}, minus {describe(removed)}", pile, cards, ms))
    n_correct = sum(1 for f in screened if f.label.startswith("correct"))
    print(f"  screened {len(screened)} piles ({n_correct} correct, {len(screened) - n_correct} wrong)")
    for kind in ("correct", "wrong"):
        candidates = sorted((f for f in screened if f.label.startswith(kind)), key=lambda f: -f.screen_ms)[:top]
        timed = [measure_found(f, budget_s) for f in candidates]
        worst = max(timed, key=lambda f: f.stats.median if f.stats else 0)
        print(f"  slowest {kind} 36-card pile (of the {top} slowest screened, timed at length):")
        report_found(worst)
        if kind == "correct":
            worst_correct = worst
        else:
            worst_wrong = worst
    worst_36 = max((worst_correct, worst_wrong), key=lambda f: f.stats.median if f.stats else 0)
    assert worst_36.stats is not None
    verdict = "OK" if worst_36.stats.median < WORST_PILE_GOAL_MS else "MISSED"
    print(f"  goal: slowest 36-card pile median < {WORST_PILE_GOAL_MS} ms -> {verdict}")

    if large:
        print("\n   -- every pile of 32–40 cards (deck minus 0–8 cards), screened; slowest per size --")
        for removed_count in range(9):
            best: Found | None = None
            n = 0
            for pile, _removed in piles_by_complement(removed_count):
                n += 1
                cards = cards_of(pile)
                ms = quick_time(lambda cards=cards: split_pile(cards))
                if best is None or ms > best.screen_ms:
                    best = Found(f"slowest of {n} {40 - removed_count}-card piles", pile, cards, ms)
            assert best is not None
            best.label = f"slowest of {n} {40 - removed_count}-card piles"
            measure_found(best, budget_s / 2)
            assert best.stats is not None
            print(f"  {40 - removed_count} cards ({n:5d} piles): {best.stats}  [{describe(best.counts)}]")
    return worst_36


# ---------------------------------------------------------------------------------------
# 3. Captures on a 16-card table


def capture_count(card: Card, table: Sequence[Card]) -> int:
    """How many captures `card` has on `table`."""
    return len(find_captures(card, table))


def worst_table(card: Card, rng: random.Random, steps: int) -> tuple[Card, ...]:
    """A 16-card table with many captures for `card`: the lowest cards, then a seeded local search."""
    others = [c for c in DECK if c != card]
    lowest = sorted(others, key=lambda c: (c.value, DECK.index(c)))[:16]
    table = list(lowest)
    best = capture_count(card, table)
    for _ in range(steps):
        outside = [c for c in others if c not in table]
        trial = list(table)
        trial[rng.randrange(16)] = rng.choice(outside)
        count = capture_count(card, trial)
        if count >= best:
            table, best = trial, count
    return tuple(table)


def bench_captures(rng: random.Random, steps: int, reps: int) -> dict[int, Stats]:
    """Time find_captures on a crowded 16-card table for each played value."""
    print("\n== 3. Captures: find_captures, 16-card table, each played value ==")
    results: dict[int, Stats] = {}
    for value in range(1, 11):
        card = BY_VALUE[value][0]
        table = worst_table(card, rng, steps)
        found = len(find_captures(card, table))
        results[value] = stats(timings(lambda card=card, table=table: find_captures(card, table), reps))
        print(f"  played {card!s:3s} {found:5d} captures  {results[value]}")
        print(f"      table: {codes(table)}")
    return results


# ---------------------------------------------------------------------------------------
# 4. Medium wrong piles


def medium_families(max_odd: int = 4) -> Iterable[tuple[str, Counts]]:
    """Hand-made wrong piles with many suspects."""
    evens = [0, 4, 0, 4, 0, 4, 0, 4, 0, 4]
    # Every fifteen needs an odd card: with all 20 even cards and k odd cards, at most k fifteens.
    for k in range(1, max_odd + 1):
        for odd_values in itertools.combinations_with_replacement((1, 3, 5, 7, 9), k):
            counts = list(evens)
            for v in odd_values:
                counts[v - 1] += 1
            if max(counts) <= 4:
                yield f"all evens + odd {'/'.join(map(str, odd_values))}", tuple(counts)
    # All twelve 8s, 9s and 10s need small partners: with few small cards most are suspects.
    for small in range(1, 13):
        spread = [0] * 7
        for i in range(small):  # one of each small value, then again
            spread[i % 7] += 1
        yield f"8s, 9s, 10s + {small} small, spread", (*spread, 4, 4, 4)
        lowest = [0] * 7
        for i in range(small):  # the lowest small cards: 1s first
            lowest[i // 4] += 1
        yield f"8s, 9s, 10s + {small} lowest", (*lowest, 4, 4, 4)
        mixed = [0] * 7
        for i in range(small):  # 4, 3, 2, 1, 1, 1 ... of 1, 2, 3, 4, 5, 6
            mixed[[0, 1, 2, 3, 0, 1, 4, 0, 2, 5, 1, 6][i]] += 1
        yield f"8s, 9s, 10s + {small} small, low-heavy", (*mixed, 4, 4, 4)
    yield "odd cards only (1, 3, 5, 7, 9) x 4", (4, 0, 4, 0, 4, 0, 4, 0, 4, 0)
    yield "small cards 1-4 + 10s", (4, 4, 4, 4, 0, 0, 0, 0, 0, 4)


def anneal(rng: random.Random, start: Counts, steps: int, lo: int, hi: int) -> tuple[float, Counts]:
    """Seeded simulated annealing over value counts, maximising split_pile time."""
    cache: dict[Counts, float] = {}

    def cost(counts: Counts) -> float:
        if counts not in cache:
            cards = cards_of(counts)
            cache[counts] = quick_time(lambda: split_pile(cards))
        return cache[counts]

    current, current_ms = start, cost(start)
    best, best_ms = current, current_ms
    temperature = 0.3
    for _ in range(steps):
        trial = list(current)
        for _ in range(rng.choice((1, 1, 2))):
            a, b = rng.randrange(10), rng.randrange(10)
            move = rng.random()
            if move < 0.6 and trial[a] > 0 and trial[b] < 4:
                trial[a] -= 1
                trial[b] += 1
            elif 0.6 <= move < 0.8 and trial[a] < 4 and sum(trial) < hi:
                trial[a] += 1
            elif move >= 0.8 and trial[a] > 0 and sum(trial) > lo:
                trial[a] -= 1
        candidate = tuple(trial)
        ms = cost(candidate)
        uphill = (math.log(ms + 1e-3) - math.log(current_ms + 1e-3)) / temperature
        if ms >= current_ms or rng.random() < math.exp(uphill):
            current, current_ms = candidate, ms
            if ms > best_ms:
                best, best_ms = candidate, ms
        temperature = max(0.02, temperature * 0.99)
    return best_ms, best


def random_counts(rng: random.Random, size: int) -> Counts:
    """Value counts of `size` random cards."""
    return counts_of(rng.sample(DECK, size))


def bench_medium(rng: random.Random, seed: int, restarts: int, steps: int, top: int, budget_s: float) -> list[Found]:
    """Look for the slowest wrong piles of 12–24 cards; time the slowest at length."""
    print("\n== 4. Medium wrong piles (12–24 cards, many suspects) ==")
    screened: list[Found] = []
    for label, counts in medium_families():
        if not 12 <= sum(counts) <= 24:
            continue
        cards = cards_of(counts)
        screened.append(Found(label, counts, cards, quick_time(lambda cards=cards: split_pile(cards))))
    print(f"  hand-made families: {len(screened)} piles screened")
    starts = [random_counts(rng, rng.randint(12, 24)) for _ in range(restarts)]
    starts += [f.counts for f in sorted(screened, key=lambda f: -f.screen_ms)[:2]]
    for i, start in enumerate(starts):
        ms, counts = anneal(rng, start, steps, 12, 24)
        screened.append(Found(f"annealing run {i + 1}", counts, cards_of(counts), ms))
    print(f"  annealing: {len(starts)} runs x {steps} steps (seed {seed}; screening by time, so runs may differ)")
    unique: dict[Counts, Found] = {}
    for f in sorted(screened, key=lambda f: -f.screen_ms):
        unique.setdefault(f.counts, f)
    slowest = list(unique.values())[:top]
    timed = sorted((measure_found(f, budget_s) for f in slowest), key=lambda f: -(f.stats.median if f.stats else 0))
    print(f"  the {len(timed)} slowest, timed at length:")
    for f in timed:
        report_found(f)
    return timed


def bench_beyond_medium(budget_s: float) -> list[Found]:
    """The same families with 25–31 cards (between the medium and the large piles): slowest per size."""
    print("\n   -- the same families with 25–31 cards (all evens + 5–7 odd cards, ...): slowest per size --")
    by_size: dict[int, list[Found]] = {}
    for label, counts in medium_families(max_odd=7):
        size = sum(counts)
        if not 25 <= size <= 31:
            continue
        cards = cards_of(counts)
        ms = quick_time(lambda cards=cards: split_pile(cards))
        by_size.setdefault(size, []).append(Found(label, counts, cards, ms))
    timed = []
    for size in sorted(by_size):  # screening is noisy: time the 3 slowest of each size at length
        candidates = sorted(by_size[size], key=lambda f: -f.screen_ms)[:3]
        measured = [measure_found(f, budget_s) for f in candidates]
        timed.append(max(measured, key=lambda f: f.stats.median if f.stats else 0))
    for f in timed:
        report_found(f)
    return sorted(timed, key=lambda f: -(f.stats.median if f.stats else 0))


# ---------------------------------------------------------------------------------------


def machine() -> str:
    """Platform and Python version."""
    return (
        f"{platform.platform()} ({platform.machine()}, {platform.processor() or 'cpu unknown'}), "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def main(argv: list[str] | None = None) -> int:
    """Run every case and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smaller searches and fewer repetitions")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    args = parser.parse_args(argv)
    quick = args.quick

    print("Escoba Referee — fifteens benchmarks")
    print(f"date:    {time.strftime('%Y-%m-%d %H:%M:%S')}")
    print(f"machine: {machine()}")
    print(f"seed:    {args.seed}{'  (quick run)' if quick else ''}")
    assert split_pile(parse_cards(["7o", "8c"])).ok  # the project is importable and sane

    hands = bench_real_hands(40 if quick else 200, 10 if quick else 30, random.Random(args.seed))
    worst_36 = bench_36(
        random.Random(args.seed + 1), top=3 if quick else 8, budget_s=0.5 if quick else 2.0, large=not quick
    )
    bench_captures(random.Random(args.seed + 2), steps=100 if quick else 600, reps=30 if quick else 200)
    medium = bench_medium(
        random.Random(args.seed + 3),
        args.seed + 3,
        restarts=2 if quick else 6,
        steps=60 if quick else 250,
        top=3 if quick else 6,
        budget_s=1.0 if quick else 4.0,
    )
    beyond = [] if quick else bench_beyond_medium(budget_s=1.5)

    print("\n== Summary ==")
    print(f"  real hand (all configs): median {hands['all'].median:.3f} ms (goal < {REAL_HAND_GOAL_MS} ms)")
    assert worst_36.stats is not None
    print(f"  worst 36-card pile:      median {worst_36.stats.median:.3f} ms (goal < {WORST_PILE_GOAL_MS} ms)")
    worst_medium = medium[0]
    assert worst_medium.stats is not None
    print(f"  worst medium wrong pile: median {worst_medium.stats.median:.3f} ms ({len(worst_medium.cards)} cards)")
    if beyond and beyond[0].stats is not None:
        print(f"  worst 25–31-card pile:   median {beyond[0].stats.median:.3f} ms ({len(beyond[0].cards)} cards)")
    slow = [f for f in medium if f.stats and f.stats.median > PATHOLOGICAL_MS]
    slow += [f for f in beyond if f.stats and f.stats.median > PATHOLOGICAL_MS]
    slow.sort(key=lambda f: -(f.stats.median if f.stats else 0))
    missed = hands["all"].median >= REAL_HAND_GOAL_MS or worst_36.stats.median >= WORST_PILE_GOAL_MS
    print(f"  goals: {'MISSED' if missed else 'met'}")
    if slow:
        print(f"  PATHOLOGICAL inputs over {PATHOLOGICAL_MS} ms median: {len(slow)}; the slowest:")
        print(f"      {codes(slow[0].cards)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
