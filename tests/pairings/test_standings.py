"""The standings: match points, point difference, the opponents' match points (Buchholz), head to head; places
shared when all four are level; each row saying what separated it from the row above."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pairings import (
    InvalidResults,
    Outcome,
    Result,
    StandingRow,
    Tiebreak,
    bye,
    played,
    round_robin,
    standings,
    swiss_round,
)


def table(rows: list[StandingRow[str]]) -> list[tuple[int, str, Tiebreak | None]]:
    """Each row's place, entrant and what separated it from the row above."""
    return [(row.place, row.entrant, row.separated_by) for row in rows]


def test_match_points_come_first() -> None:
    """A win is worth 2 and a loss 0, whatever the margins: Bea won twice narrowly and lost heavily (−13 overall),
    and is above Ana, who won once by 30 (+29)."""
    results = [*played("Bea", "Ana", 21, 20), *played("Ana", "Caio", 30, 0), *played("Caio", "Bea", 21, 5),
               *played("Bea", "Dora", 21, 19)]
    rows = standings(["Ana", "Bea", "Caio", "Dora"], results)
    assert table(rows) == [(1, "Bea", None), (2, "Ana", Tiebreak.MATCH_POINTS), (3, "Caio", Tiebreak.POINT_DIFFERENCE),
                           (4, "Dora", Tiebreak.MATCH_POINTS)]
    assert [(row.match_points, row.difference) for row in rows] == [(4, -13), (2, 29), (2, -14), (0, -2)]


def test_point_difference_then_head_to_head() -> None:
    """A beat B 21–10, B beat C 21–15, C beat A 21–20: two points each. A's difference is +10, B's and C's −5;
    both met A (2) and each other (2): Buchholz 4 each; B beat C, so B is above C on head to head."""
    results = [*played("A", "B", 21, 10), *played("B", "C", 21, 15), *played("C", "A", 21, 20)]
    rows = standings(["A", "B", "C"], results)
    assert table(rows) == [(1, "A", None), (2, "B", Tiebreak.POINT_DIFFERENCE), (3, "C", Tiebreak.HEAD_TO_HEAD)]
    assert [(row.difference, row.buchholz, row.head_to_head) for row in rows] == [(10, 4, None), (-5, 4, 2), (-5, 4, 0)]


def test_buchholz_separates_equal_scores_and_differences() -> None:
    """A beat C 21–11 and B beat D 21–11; then C beat D 21–11. A and B both have 2 points and +10, but A's
    opponent (C) has 2 points and B's (D) none: A is above B on Buchholz. C (2 points, 0) is below on difference."""
    results = [*played("A", "C", 21, 11), *played("B", "D", 21, 11), *played("C", "D", 21, 11)]
    rows = standings(["A", "B", "C", "D"], results)
    assert table(rows) == [(1, "A", None), (2, "B", Tiebreak.BUCHHOLZ), (3, "C", Tiebreak.POINT_DIFFERENCE),
                           (4, "D", Tiebreak.MATCH_POINTS)]
    assert [row.buchholz for row in rows] == [2, 0, 2, 4]


def test_what_is_still_level_shares_the_place_and_a_bye_is_a_win_scored_nil_nil() -> None:
    """Caio had a bye: 2 points, a difference of 0, no opponent for Buchholz. Ana and Bea drew 15–15: level on all
    four counts, they share second place in seed order, and the next place would be fourth."""
    rows = standings(["Ana", "Bea", "Caio", "Dora"], [*played("Ana", "Bea", 15, 15), bye("Caio")])
    assert table(rows) == [(1, "Caio", None), (2, "Ana", Tiebreak.MATCH_POINTS), (2, "Bea", None),
                           (4, "Dora", Tiebreak.MATCH_POINTS)]
    caio = rows[0]
    assert (caio.played, caio.won, caio.byes, caio.points_for, caio.points_against, caio.buchholz) == (0, 0, 1, 0, 0, 0)
    assert (rows[1].drawn, rows[1].match_points, rows[1].head_to_head) == (1, 1, 1)
    assert rows[3].head_to_head is None and rows[3].played == 0


def random_event(rng: random.Random, size: int, swiss_rounds: int) -> list[Result[int]]:
    """Results of a random event: a round robin when swiss_rounds is 0, else that many Swiss rounds; few points
    and many draws, so that ties and shared places are common."""
    entrants = list(range(size))
    results: list[Result[int]] = []
    rounds = round_robin(entrants) if not swiss_rounds else None
    for number in range(len(rounds) if rounds is not None else swiss_rounds):
        pairings = rounds[number] if rounds is not None else swiss_round(entrants, results)
        for pairing in pairings:
            if pairing.away is None:
                results.append(bye(pairing.home))
            else:
                results.extend(played(pairing.home, pairing.away, rng.randint(0, 3), rng.randint(0, 3)))
    return results


@settings(max_examples=40, deadline=None)
@given(size=st.integers(1, 12), swiss_rounds=st.integers(0, 4), rng=st.randoms(use_true_random=False))
def test_the_order_of_the_results_changes_nothing(size: int, swiss_rounds: int, rng: random.Random) -> None:
    """The same results in any order give the same table; the entrants in another seed order give every entrant
    the same place and counts (only the order within a shared place follows the seeds)."""
    results = random_event(rng, size, swiss_rounds)
    entrants = list(range(size))
    expected = standings(entrants, results)
    shuffled = list(results)
    rng.shuffle(shuffled)
    assert standings(entrants, shuffled) == expected
    reseeded = list(entrants)
    rng.shuffle(reseeded)
    by_entrant = {row.entrant: row for row in expected}
    again = standings(reseeded, shuffled)
    assert {row.entrant: (row.place, row.match_points, row.buchholz, row.head_to_head) for row in again} == {
        entrant: (row.place, row.match_points, row.buchholz, row.head_to_head) for entrant, row in by_entrant.items()}


@settings(max_examples=40, deadline=None)
@given(size=st.integers(1, 12), swiss_rounds=st.integers(0, 4), rng=st.randoms(use_true_random=False))
def test_the_table_is_ordered_and_each_row_names_the_first_count_that_differs(
        size: int, swiss_rounds: int, rng: random.Random) -> None:
    """Rows run from the best counts down; a row with the same four counts as the row above shares its place and
    names nothing, any other names the first count that differs and has its position as its place; the match
    points are 2 a win or bye and 1 a draw, and Buchholz the sum of the opponents' match points."""
    results = random_event(rng, size, swiss_rounds)
    rows = standings(range(size), results)
    points = {row.entrant: row.match_points for row in rows}
    for row in rows:
        mine = [result for result in results if result.entrant == row.entrant]
        assert row.match_points == 2 * (row.won + row.byes) + row.drawn
        assert row.buchholz == sum(points[result.opponent] for result in mine if result.opponent is not None)
    assert rows[0].place == 1 and rows[0].separated_by is None
    counts = ["match_points", "difference", "buchholz", "head_to_head"]
    for position, (above, row) in enumerate(itertools.pairwise(rows), start=2):
        mine = [getattr(row, name) or 0 for name in counts]
        theirs = [getattr(above, name) or 0 for name in counts]
        assert mine <= theirs
        if mine == theirs:
            assert (row.place, row.separated_by) == (above.place, None)
        else:
            first = next(index for index in range(4) if mine[index] != theirs[index])
            assert (row.place, row.separated_by) == (position, list(Tiebreak)[first])


def test_results_that_cannot_be_counted_are_refused() -> None:
    """A stranger's result, a match told by one side only, negative points, a bye with points or an opponent."""
    with pytest.raises(InvalidResults, match="not entrants"):
        standings(["A", "B"], played("A", "Z", 21, 0))
    with pytest.raises(InvalidResults, match="not told the same way"):
        standings(["A", "B"], played("A", "B", 21, 0)[:1])
    with pytest.raises(InvalidResults, match="negative"):
        Result("A", "B", -1, 21, Outcome.LOSS)
    with pytest.raises(InvalidResults, match="scores 0–0"):
        Result("A", None, 21, 0, Outcome.BYE)
    with pytest.raises(InvalidResults, match="no opponent"):
        Result("A", "B", 0, 0, Outcome.BYE)
    with pytest.raises(InvalidResults, match="itself"):
        Result("A", "A", 21, 0, Outcome.WIN)


def test_a_walk_over_is_recorded_as_the_organiser_says() -> None:
    """The outcome is the row's, not its points': a win recorded 0–0 (the opponent did not come) is still a win."""
    walk_over = Result("A", "B", 0, 0, Outcome.WIN)
    assert walk_over.mirror == Result("B", "A", 0, 0, Outcome.LOSS)
    rows = standings(["A", "B"], [walk_over, walk_over.mirror])
    assert table(rows) == [(1, "A", None), (2, "B", Tiebreak.MATCH_POINTS)]


def test_a_bye_is_told_by_one_row_only() -> None:
    """A bye has no opponent to tell it: its row is its own mirror, so it needs no second row."""
    assert bye("A").mirror == bye("A")
    assert standings(["A"], [bye("A")])[0].match_points == 2
