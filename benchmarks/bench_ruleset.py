"""Times reading a stored match's rules in force, which a scoreboard does several times per page: against a floor
of reading one option straight from the options column.

Run from the repository root: .venv/bin/python benchmarks/bench_ruleset.py [--runs N]
No database: a Match made in memory (its columns set as a stored one's are). Each figure is the median of `runs`
timeit repeats of 10 000 reads, in microseconds per read, with its ratio to the floor.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import timeit
from collections.abc import Callable

from referee.models import Match
from referee.rules import make_ruleset, stored_ruleset

NUMBER = 10_000


def micros(read: Callable[[], object], runs: int) -> float:
    """Median microseconds per call of `read`."""
    return statistics.median(timeit.repeat(read, number=NUMBER, repeat=runs)) / NUMBER * 1e6


def main() -> None:
    """Print each way of reading the rules, its time per read and its ratio to the floor."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    match = Match(ruleset=make_ruleset("escova-rs", sevens="setenta"))
    options = dict(match.options)
    ways: dict[str, Callable[[], object]] = {
        "floor: one option from the column": lambda: match.options["target"],
        "make_ruleset of 8 values (as ruleset_of read them)": lambda: make_ruleset(
            "escova-rs", target=15, all_oros=1, all_sevens=1, over30=0, penalty="forfeit", deal_passes="right",
            sevens="setenta", ties="nobody"),
        "stored_ruleset from the column, each time": lambda: stored_ruleset("escova-rs", options),
        "Match.ruleset (read once per distinct rules)": lambda: match.ruleset,
    }
    print(f"{platform.platform()}, Python {sys.version.split()[0]}, median of {runs} × {NUMBER} reads")
    took = {name: micros(read, runs) for name, read in ways.items()}
    floor = took["floor: one option from the column"]
    for name, micro in took.items():
        print(f"  {name:<50} {micro:7.2f} µs   ×{micro / floor:5.1f} the floor")


if __name__ == "__main__":
    main()
