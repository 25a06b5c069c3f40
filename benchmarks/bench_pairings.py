"""Times the Swiss pairing of a 64-entrant event over 7 rounds, and its standings, against a floor measured in the
same run (issue 26: each round's pairing under 1 s).

Run from the repository root: .venv/bin/python benchmarks/bench_pairings.py [--entrants 64] [--rounds 7]
[--repeat 7] [--seed N]

One event is played out first with random results (a win to 21 against 0–20, now and then a draw, as an organiser
records when time runs out), keeping the results as they stood before each round. Then each round's pairing is
timed from its state, `repeat` times, by CPU time (time.process_time_ns; the machine is shared), and so is the
floor: the same round paired by the trivial adjacent pairing (match points summed from the same results, the field
sorted, 1st v 2nd, 3rd v 4th…, which avoids nothing). The standings after the last round are timed against a floor
of summing each entrant's match points and sorting. Figures are medians in milliseconds, with the ratio to the floor.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from referee.pairings import Pairing, Result, bye, played, standings, swiss_round

GOAL_MS = 1000.0


def cpu_ms(call: Callable[[], object], repeat: int) -> float:
    """Median CPU milliseconds of `repeat` calls (one warm-up call first)."""
    call()
    samples = []
    for _ in range(repeat):
        start = time.process_time_ns()
        call()
        samples.append((time.process_time_ns() - start) / 1e6)
    return statistics.median(samples)


def adjacent_round(entrants: Sequence[int], results: Sequence[Result[int]]) -> list[Pairing[int]]:
    """The floor: rank by match points then seed and pair neighbours, the last one left with the bye."""
    seed = {entrant: place for place, entrant in enumerate(entrants)}
    points: Counter[int] = Counter()
    for row in results:
        points[row.entrant] += row.match_points
    ranked = sorted(entrants, key=lambda entrant: (-points[entrant], seed[entrant]))
    pairings = [Pairing(ranked[index], ranked[index + 1]) for index in range(0, len(ranked) - 1, 2)]
    return pairings + ([Pairing(ranked[-1], None)] if len(ranked) % 2 else [])


def table_floor(entrants: Sequence[int], results: Sequence[Result[int]]) -> list[tuple[int, int]]:
    """The standings' floor: each entrant's match points, sorted."""
    points = Counter(dict.fromkeys(entrants, 0))
    for row in results:
        points[row.entrant] += row.match_points
    return sorted(((-score, entrant) for entrant, score in points.items()))


def play(pairings: list[Pairing[int]], rng: random.Random) -> list[Result[int]]:
    """Random results of a round."""
    rows: list[Result[int]] = []
    for pairing in pairings:
        if pairing.away is None:
            rows.append(bye(pairing.home))
            continue
        loser = rng.randint(0, 20)
        winner = loser if rng.random() < 0.05 else 21
        home, away = (winner, loser) if rng.random() < 0.5 else (loser, winner)
        rows.extend(played(pairing.home, pairing.away, home, away))
    return rows


def main() -> None:
    """Play the event out, then time each round's pairing and the final standings against their floors."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=20261203)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    entrants = list(range(1, options.entrants + 1))
    states: list[list[Result[int]]] = []
    results: list[Result[int]] = []
    rematches = 0
    met: set[frozenset[int]] = set()
    for _ in range(options.rounds):
        states.append(list(results))
        pairings = swiss_round(entrants, results)
        games = {frozenset(pairing.entrants) for pairing in pairings if not pairing.is_bye}
        rematches += len(games & met)
        met |= games
        results += play(pairings, rng)
    print(f"{platform.platform()}, Python {sys.version.split()[0]}; {options.entrants} entrants, {options.rounds} "
          f"Swiss rounds, seed {options.seed}, median CPU time of {options.repeat} calls; rematches: {rematches}")
    print(f"{'round':>5} {'swiss_round ms':>15} {'floor ms':>9} {'× floor':>8}")
    worst = 0.0
    for number, state in enumerate(states, start=1):
        took = cpu_ms(lambda state=state: swiss_round(entrants, state), options.repeat)
        floor = cpu_ms(lambda state=state: adjacent_round(entrants, state), options.repeat)
        worst = max(worst, took)
        print(f"{number:>5} {took:>15.1f} {floor:>9.3f} {took / floor:>7.0f}×")
    took = cpu_ms(lambda: standings(entrants, results), options.repeat)
    floor = cpu_ms(lambda: table_floor(entrants, results), options.repeat)
    print(f"standings after round {options.rounds}: {took:.2f} ms, floor {floor:.3f} ms, "
          f"{took / floor:.0f}× the floor")
    print(f"slowest round: {worst:.1f} ms ({'within' if worst < GOAL_MS else 'OVER'} the goal of {GOAL_MS:.0f} ms)")


if __name__ == "__main__":
    main()
