"""The comparison benchmark's pieces (benchmarks/bench_versions.py): its versions of a hand are what it says (the
second differs from the first by a card moved between piles; the counts agree with the first), and a short run
prints every seating's figures. No timing is asserted: the figures are the benchmark's to report."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_versions

from referee.rules.versions import compare


@pytest.mark.parametrize(("players", "sides"), list(bench_versions.SEATINGS.values()))
def test_the_versions_differ_by_one_card_moved_and_the_counts_agree_with_the_truth(players: int, sides: int) -> None:
    """The moved card is the only card named in the piles' differences; the counts say what the cards say."""
    rng = random.Random(players * 10 + sides)
    for _ in range(20):
        truth, wrong, counts = bench_versions.versions(players, sides, rng)
        piles = [d for d in compare(truth, wrong).differences if d.category == "pile"]
        assert len(piles) == 2 and {len(d.first) + len(d.second) for d in piles} == {1}
        assert compare(truth, counts).agree


def test_a_short_run_prints_each_seating(capsys: pytest.CaptureFixture[str]) -> None:
    """Each seating's three lines and the verdict line."""
    bench_versions.main(["--hands", "2"])
    out = capsys.readouterr().out
    assert all(name in out for name in bench_versions.SEATINGS)
    assert out.count("floor: check_hand twice") == 4 and "the slowest comparison" in out
