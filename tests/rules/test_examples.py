"""Every worked example of RULES.md §6, realised as concrete hands."""

from __future__ import annotations

import pytest
from builders import cards, pile
from simulator import tally_of

from referee.rules import (
    Capture,
    Card,
    CardEntry,
    Finding,
    SidePile,
    TallyEntry,
    check_hand,
    find_captures,
    make_ruleset,
)

# Example 2 of §6: Escova RS, two partnerships; leftover 4c 6e = 10 taken by side A (side 0).
PILE_A = pile("10e 5e", "9e 6o", "8e 7e", "10b 5b", "9b 6b", "8b 7b", "7o 4o 3o 1o", "2o 3e 1b 2b 3b 4b")
PILE_B = pile("10o 5o", "9o 6c", "8o 7c", "10c 3c 2c", "8c 4e 2e 1e", "9c 5c 1c")
LEFTOVER = cards("4c 6e")


def example_hand(escobas: tuple[int, int] = (0, 0), penalty: str = "forfeit") -> CardEntry:
    """Side A's 120, side B's 90 and the leftover 10 taken by A."""
    return CardEntry(make_ruleset("escova-rs", penalty=penalty),
                     (SidePile(PILE_A, escobas[0]), SidePile(PILE_B, escobas[1])), LEFTOVER, 0)


def test_table_7_and_5_with_a_3_in_hand_is_an_escoba() -> None:
    """7 + 5 + 3 = 15 and the table is empty: an escoba (seed 000)."""
    assert find_captures(Card.parse("3o"), cards("7c 5b")) == (Capture(cards("7c 5b"), escoba=True),)


def test_the_first_escova_rs_example_is_a_correct_hand_as_the_rules_describe_it() -> None:
    """Leftover 10; pile A 120 in 8 fifteens, pile B 90 in 6; A holds 24 cards, 6 oros, 3 sevens and 7o."""
    report = check_hand(example_hand())
    assert report.valid
    assert report.findings[:3] == (
        Finding("leftover_ok", {"sum": 10}),
        Finding("pile_ok", {"side": 0, "sum": 120, "fifteens": 8}),
        Finding("pile_ok", {"side": 1, "sum": 90, "fifteens": 6}),
    )
    a = report.sides[0].counts
    assert (a.cards, a.oros, a.sevens, a.velo) == (24, 6, 3, True)


@pytest.mark.parametrize(("escobas", "points"), [((0, 0), (4, 0)), ((2, 1), (6, 1)), ((8, 6), (12, 6))])
def test_in_the_first_escova_rs_example_side_a_scores_4_plus_its_escobas(
    escobas: tuple[int, int], points: tuple[int, int]
) -> None:
    """Cards, oros, sevens and velo go to A; no bonus (A lacks all oros and all sevens); escobas on top."""
    report = check_hand(example_hand(escobas))
    assert report.points == points
    earned = report.sides[0].earned
    assert (earned.cards, earned.oros, earned.sevens, earned.velo, earned.all_oros, earned.all_sevens) == (
        1, 1, 1, 1, 0, 0)


def test_the_first_escova_rs_example_scores_the_same_by_tallies() -> None:
    """The counts with the leftover in A's tally: same points."""
    tallies = (tally_of(PILE_A + LEFTOVER, 2), tally_of(PILE_B, 1))
    report = check_hand(TallyEntry(make_ruleset("escova-rs"), tallies, 10, 0))
    assert report.valid and report.points == (6, 1)


# Example 3 of §6: leftover 24; pile A 105 (7 fifteens), pile B 91. A keeps its last fifteen but one;
# of its cards 2o 3e 2b 3b 4b (14) went to the leftover and 1b (1) to B.
MOVED = cards("2o 3e 2b 3b 4b")
PILE_A_2 = tuple(c for c in PILE_A if c not in (*MOVED, *cards("1b")))
PILE_B_2 = (*PILE_B, *cards("1b"))
LEFTOVER_2 = (*LEFTOVER, *MOVED)


def second_hand(escobas: tuple[int, int], penalty: str = "forfeit") -> CardEntry:
    """Leftover 24, pile A 105 and pile B 91, A took the leftover."""
    return CardEntry(make_ruleset("escova-rs", penalty=penalty),
                     (SidePile(PILE_A_2, escobas[0]), SidePile(PILE_B_2, escobas[1])), LEFTOVER_2, 0)


def test_the_second_example_is_built_as_stated() -> None:
    """Leftover 24, A 105 in 7 fifteens, B 91."""
    assert sum(c.value for c in LEFTOVER_2) == 24
    assert (sum(c.value for c in PILE_A_2), sum(c.value for c in PILE_B_2)) == (105, 91)
    assert sorted((*PILE_A_2, *PILE_B_2, *LEFTOVER_2)) == sorted((*PILE_A, *PILE_B, *LEFTOVER))


@pytest.mark.parametrize(("escobas", "points"), [((0, 0), (6, 0)), ((3, 2), (9, 0))])
def test_in_the_second_example_b_erred_and_a_scores_6_plus_its_escobas(
    escobas: tuple[int, int], points: tuple[int, int]
) -> None:
    """Leftover 24 is not ≡ 10 (mod 15); B's 91 does not split: B scores 0, A six deck points and its escobas."""
    report = check_hand(second_hand(escobas))
    assert report.findings[0] == Finding("leftover_wrong", {"sum": 24})
    assert Finding("pile_ok", {"side": 0, "sum": 105, "fifteens": 7}) in report.findings
    assert Finding("pile_not_multiple", {"side": 1, "sum": 91}) in report.findings
    assert [s.erred for s in report.sides] == [False, True]
    assert [c.value for c in report.sides[1].split.suspects] == [1]  # type: ignore[union-attr]
    assert report.points == points
    assert Finding("takes_max_deck_points", {"side": 0, "points": 6}) in report.findings


def test_the_second_example_scores_the_same_by_tallies_with_pile_sums() -> None:
    """A's whole pile 129 less the leftover 24 is 105; B's 91: B erred, A scores 6 + 3."""
    tallies = (tally_of(PILE_A_2 + LEFTOVER_2, 3), tally_of(PILE_B_2, 2))
    report = check_hand(TallyEntry(make_ruleset("escova-rs"), tallies, 24, 0))
    assert [s.erred for s in report.sides] == [False, True]
    assert report.points == (9, 0)


def test_a_pile_of_10o_10c_10e_sums_30_but_that_side_erred() -> None:
    """Side B's pile is exactly 10o 10c 10e; the leftover is right, the pile cannot split: B erred."""
    b = cards("10o 10c 10e")
    a = tuple(c for c in PILE_A + PILE_B if c not in b)
    report = check_hand(CardEntry(make_ruleset("escova-rs"), (SidePile(a, 1), SidePile(b)), LEFTOVER, 0))
    assert report.leftover_ok
    assert [s.erred for s in report.sides] == [False, True]
    assert Finding("pile_unsplittable", {"side": 1, "sum": 30}) in report.findings
    assert Finding("suspects", {"side": 1, "cards": ("10o", "10c", "10e")}) in report.findings
    assert report.points == (6 + 1, 0)
