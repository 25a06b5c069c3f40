"""check_hand on hands entered as tallies: totals, count bounds, pile sums deciding who erred (RULES.md §3–§4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from builders import SUIT_PAIRS, entry
from simulator import tally_of

from referee.rules import Finding, InvalidEntry, Problem, SideTally, TallyEntry, check_hand, make_ruleset
from referee.rules.tally import sum_range

OROS, COPAS, ESPADAS, BASTOS = (SUIT_PAIRS[suit] for suit in "oceb")
# The base hand of test_hand as counts: side 0 took the leftover (10) and holds 24 cards, every oro, 2 sevens, 7o.
SIDE_0 = SideTally(cards=24, oros=10, sevens=2, velo=True, escobas=0, pile_sum=115)
SIDE_1 = SideTally(cards=16, oros=0, sevens=2, velo=False, escobas=0, pile_sum=105)


def tally(*sides: SideTally, leftover_sum: int = 10, last: int = 0, **options: object) -> TallyEntry:
    """A tally entry under escoba-es with some options."""
    return TallyEntry(make_ruleset("escoba-es", **options), sides, leftover_sum, last)


def problems_of(entry_: TallyEntry) -> tuple[Problem, ...]:
    """The problems check_hand raises; fails if it raises none."""
    with pytest.raises(InvalidEntry) as error:
        check_hand(entry_)
    return error.value.problems


def test_the_base_tallies_are_what_a_scorekeeper_counts_from_the_cards() -> None:
    """SIDE_0 and SIDE_1 are the counts of the base card hand, the leftover with side 0."""
    hand = entry([[*OROS, *COPAS, "small_a"], [*ESPADAS, *BASTOS, "small_b"]])
    assert tally_of(hand.sides[0].cards + hand.leftover, 0) == SIDE_0
    assert tally_of(hand.sides[1].cards, 0) == SIDE_1


def test_a_correct_tally_is_valid_and_scores_like_the_cards() -> None:
    """Side 0 scores cards, oros and velo; sevens are tied; each pile (leftover taken out) is seven fifteens."""
    report = check_hand(tally(SIDE_0, SIDE_1))
    assert report.valid
    assert report.points == (3, 0)
    assert report.findings == (
        Finding("leftover_ok", {"sum": 10}),
        Finding("pile_ok_less_leftover", {"side": 0, "sum": 105, "fifteens": 7, "whole": 115, "leftover": 10}),
        Finding("pile_ok", {"side": 1, "sum": 105, "fifteens": 7}),
    )
    assert [side.pile_sum for side in report.sides] == [105, 105]


# --- the tallies together hold the whole deck --------------------------------------------------


@pytest.mark.parametrize(
    ("side_1", "problems"),
    [
        (replace(SIDE_1, cards=17), [("total_cards", {"total": 41, "expected": 40})]),
        (replace(SIDE_1, cards=15), [("total_cards", {"total": 39, "expected": 40})]),
        (replace(SIDE_1, oros=1), [("total_oros", {"total": 11, "expected": 10})]),
        (replace(SIDE_1, sevens=3), [("total_sevens", {"total": 5, "expected": 4})]),
        (replace(SIDE_1, sevens=1), [("total_sevens", {"total": 3, "expected": 4})]),
        (replace(SIDE_1, oros=1, velo=True), [("total_oros", {"total": 11, "expected": 10}),
                                              ("total_velo", {"total": 2})]),
        (replace(SIDE_1, pile_sum=106), [("total_pile_sum", {"total": 221})]),
    ],
)
def test_the_tallies_must_add_up_to_40_cards_10_oros_4_sevens_one_velo_and_220(
    side_1: SideTally, problems: list[tuple[str, dict[str, object]]]
) -> None:
    """Each total that is off is named with what it came to."""
    assert problems_of(tally(SIDE_0, side_1)) == tuple(Problem(("sides",), code, params) for code, params in problems)


def test_a_hand_without_the_velo_is_named() -> None:
    """Nobody holding 7o is as wrong as two sides holding it."""
    assert problems_of(tally(replace(SIDE_0, velo=False), SIDE_1)) == (Problem(("sides",), "total_velo",
                                                                               {"total": 0}),)


@pytest.mark.parametrize(
    ("side_1", "field", "code", "params"),
    [
        (replace(SIDE_1, cards=-1), "cards", "count_range", {"value": -1, "min": 0, "max": 40}),
        (replace(SIDE_1, cards=41), "cards", "count_range", {"value": 41, "min": 0, "max": 40}),
        (replace(SIDE_1, oros=11), "oros", "count_range", {"value": 11, "min": 0, "max": 10}),
        (replace(SIDE_1, oros=-1), "oros", "count_range", {"value": -1, "min": 0, "max": 10}),
        (SideTally(3, 4, 0, False), "oros", "count_range", {"value": 4, "min": 0, "max": 3}),
        (replace(SIDE_1, sevens=5), "sevens", "count_range", {"value": 5, "min": 0, "max": 4}),
        (SideTally(1, 0, 2, False), "sevens", "count_range", {"value": 2, "min": 0, "max": 1}),
        (replace(SIDE_1, velo=True), "velo", "velo_needs_oro_and_seven", {}),
        (SideTally(3, 3, 2, False), "cards", "counts_exceed_cards", {"cards": 3, "oros": 3, "sevens": 2}),
        (SideTally(2, 0, 0, False, pile_sum=21), "pile_sum", "count_range", {"value": 21, "min": 2, "max": 20}),
        (SideTally(2, 0, 0, False, pile_sum=1), "pile_sum", "count_range", {"value": 1, "min": 2, "max": 20}),
    ],
)
def test_every_count_of_a_side_stays_within_what_a_pile_can_hold(
    side_1: SideTally, field: str, code: str, params: dict[str, object]
) -> None:
    """Cards 0–40, oros and sevens within the deck and the side's cards, velo needs an oro and a seven."""
    assert Problem(("sides", 1, "tally", field), code, params) in problems_of(tally(SIDE_0, side_1))


def test_a_velo_counts_as_both_an_oro_and_a_seven_among_the_cards() -> None:
    """Two cards can be 2 oros and 1 seven when one of them is 7o."""
    side = SideTally(2, 2, 1, True)
    rest = SideTally(38, 8, 3, False)
    assert check_hand(tally(rest, side, leftover_sum=10)).valid


@pytest.mark.parametrize("leftover_sum", [-1, 221])
def test_a_leftover_sum_is_between_0_and_220(leftover_sum: int) -> None:
    """The leftover is some of the deck's 220."""
    assert Problem(("leftover_sum",), "count_range", {"value": leftover_sum, "min": 0, "max": 220}) in problems_of(
        tally(SIDE_0, SIDE_1, leftover_sum=leftover_sum))


def test_the_last_capture_side_must_hold_cards() -> None:
    """Side 1 holding nothing cannot have made the last capture."""
    everything = SideTally(40, 10, 4, True)
    nothing = SideTally(0, 0, 0, False)
    assert problems_of(tally(everything, nothing, last=1)) == (Problem(("last_capture",), "last_capture_empty",
                                                                       {"side": 1}),)


def test_the_leftover_cannot_sum_more_than_the_pile_of_the_side_that_took_it() -> None:
    """A whole pile of 20 cannot contain a leftover of 25."""
    small = SideTally(4, 1, 1, False, pile_sum=20)
    big = SideTally(36, 9, 3, True, pile_sum=200)
    assert problems_of(tally(small, big, leftover_sum=25)) == (
        Problem(("leftover_sum",), "leftover_exceeds_pile", {"sum": 25, "pile_sum": 20}),)


@pytest.mark.parametrize(("given", "leftover_sum", "derived"), [(200, 25, 20), (210, 55, 10)])
def test_a_derived_pile_sum_smaller_than_the_leftover_it_contains_is_rejected_too(
    given: int, leftover_sum: int, derived: int
) -> None:
    """As above with the taker's sum left out: 220 less the other pile cannot contain the leftover either."""
    small = SideTally(4, 1, 1, False)
    big = SideTally(36, 9, 3, True, pile_sum=given)
    problems = problems_of(tally(small, big, leftover_sum=leftover_sum))
    assert [(p.code, dict(p.params)) for p in problems] == [
        ("leftover_exceeds_pile", {"sum": leftover_sum, "pile_sum": derived})]


# --- escobas -----------------------------------------------------------------------------------


def test_a_pile_of_fifteens_holds_at_most_its_fifteens_in_escobas() -> None:
    """Side 0's own 105 (leftover taken out) allows 7 escobas, not 8."""
    assert check_hand(tally(replace(SIDE_0, escobas=7), SIDE_1)).valid
    assert problems_of(tally(replace(SIDE_0, escobas=8), SIDE_1)) == (
        Problem(("sides", 0, "escobas"), "escobas_too_many", {"escobas": 8, "most": 7}),)


def test_without_a_pile_sum_a_side_holds_at_most_half_its_cards_in_escobas() -> None:
    """Side 1's 16 cards allow 8 escobas, not 9."""
    side_0 = replace(SIDE_0, pile_sum=None)
    assert check_hand(tally(side_0, replace(SIDE_1, pile_sum=None, escobas=8))).valid
    assert problems_of(tally(side_0, replace(SIDE_1, pile_sum=None, escobas=9))) == (
        Problem(("sides", 1, "escobas"), "escobas_too_many", {"escobas": 9, "most": 8}),)


def test_negative_escobas_in_a_tally_are_an_input_error() -> None:
    """-1 escobas is not a count."""
    assert Problem(("sides", 0, "escobas"), "escobas_negative", {"escobas": -1}) in problems_of(
        tally(replace(SIDE_0, escobas=-1), SIDE_1))


# --- pile sums decide who erred ----------------------------------------------------------------

# RULES.md §6: leftover 24; pile A (without it) 105, pile B 91. A holds 23 cards with the leftover.
A = SideTally(cards=23, oros=6, sevens=3, velo=True, escobas=2, pile_sum=129)
B_ = SideTally(cards=17, oros=4, sevens=1, velo=False, escobas=1, pile_sum=91)


@pytest.mark.parametrize(("penalty", "points"), [("forfeit", (8, 0)), ("void", (6, 0)), ("flag", (6, 1))])
def test_the_pile_sums_show_which_side_erred_when_the_leftover_is_wrong(
    penalty: str, points: tuple[int, int]
) -> None:
    """A's own 105 is seven fifteens, B's 91 is not: B erred and the penalty applies in each mode."""
    report = check_hand(TallyEntry(make_ruleset("escova-rs", penalty=penalty), (A, B_), 24, 0))
    assert not report.leftover_ok and not report.needs_pile_sums
    assert [s.erred for s in report.sides] == [False, True]
    assert [s.pile_sum for s in report.sides] == [105, 91]
    assert Finding("pile_not_multiple", {"side": 1, "sum": 91, "fifteens": 6}) in report.findings
    assert Finding("pile_ok_less_leftover", {"side": 0, "sum": 105, "fifteens": 7, "whole": 129, "leftover": 24}) in (
        report.findings)
    assert report.points == points


def test_compensating_errors_show_in_the_pile_sums_even_with_a_right_leftover() -> None:
    """Own sums 104 and 106 with leftover 10: both sides erred, all score 0."""
    report = check_hand(tally(replace(SIDE_0, pile_sum=114), replace(SIDE_1, pile_sum=106)))
    assert report.leftover_ok
    assert [s.erred for s in report.sides] == [True, True]
    assert report.points == (0, 0)
    assert Finding("all_erred") in report.findings


@pytest.mark.parametrize(("missing", "derived"), [(1, 91), (0, 129)])
def test_a_lone_missing_pile_sum_is_worked_out_from_220(missing: int, derived: int) -> None:
    """With one pile sum left out, 220 less the others gives it, and the check goes on."""
    sides = [A, B_]
    sides[missing] = replace(sides[missing], pile_sum=None)
    report = check_hand(TallyEntry(make_ruleset("escova-rs"), tuple(sides), 24, 0))
    assert Finding("pile_sum_derived", {"side": missing, "sum": derived}) in report.findings
    assert [s.erred for s in report.sides] == [False, True]
    assert report.points == (8, 0)


def test_a_worked_out_pile_sum_beyond_what_its_cards_can_sum_is_an_input_error() -> None:
    """Two sides of 10 cards at 92 each leave 36 for 20 cards, which sum to 60 at least."""
    assert sum_range(20) == (60, 160) and sum_range(10)[1] == 92
    sides = (SideTally(10, 3, 1, False, pile_sum=92), SideTally(10, 3, 1, False, pile_sum=92),
             SideTally(20, 4, 2, True))
    assert problems_of(tally(*sides, last=2)) == (
        Problem(("sides", 2, "tally", "pile_sum"), "derived_pile_sum_range", {"sum": 36, "min": 60, "max": 160}),)


THREE = (SideTally(14, 6, 2, True, pile_sum=105), SideTally(14, 0, 2, False, pile_sum=90),
         SideTally(12, 4, 0, False, pile_sum=25))


@pytest.mark.parametrize(
    ("given", "leftover_sum", "erred"),
    [
        ((), 24, [None, None, None]),
        ((0,), 24, [False, None, None]),
        ((1,), 24, [None, False, None]),
        ((0,), 10, [True, None, None]),
    ],
)
def test_a_wrong_leftover_without_enough_pile_sums_needs_them_before_scoring(
    given: tuple[int, ...], leftover_sum: int, erred: list[bool | None]
) -> None:
    """Two or more pile sums missing and nothing showing who erred: no points until they are counted."""
    sides = [s if i in given else replace(s, pile_sum=None) for i, s in enumerate(THREE)]
    if leftover_sum == 10:
        sides[0] = replace(sides[0], pile_sum=104)  # side 0 counted wrong: someone else erred too
    report = check_hand(tally(*sides, leftover_sum=leftover_sum, last=2))
    assert [s.erred for s in report.sides] == erred
    assert report.needs_pile_sums and not report.valid
    assert report.points == (None, None, None)
    assert Finding("needs_pile_sums") in report.findings


def test_a_wrong_leftover_with_no_pile_sums_between_two_sides_needs_them_too() -> None:
    """Two sides, leftover 24, no sums: either could have erred."""
    report = check_hand(TallyEntry(make_ruleset("escova-rs"), (replace(A, pile_sum=None), replace(B_, pile_sum=None)),
                                   24, 0))
    assert report.needs_pile_sums
    assert report.points == (None, None)


@pytest.mark.parametrize("penalty", ["forfeit", "void"])
def test_needing_pile_sums_leaves_points_unknown_whatever_the_penalty(penalty: str) -> None:
    """Forfeit and void cannot score before they know who erred."""
    sides = [replace(s, pile_sum=None) for s in THREE]
    assert check_hand(tally(*sides, leftover_sum=24, last=2, penalty=penalty)).points == (None, None, None)


def test_in_flag_mode_a_tally_needing_pile_sums_is_scored_as_entered() -> None:
    """Flag mode counts the points anyway: oros and velo for side 0; cards and sevens are tied."""
    sides = [replace(s, pile_sum=None) for s in THREE]
    report = check_hand(tally(*sides, leftover_sum=24, last=2, penalty="flag"))
    assert report.needs_pile_sums
    assert report.points == (2, 0, 0)


def test_a_right_leftover_without_pile_sums_shows_every_side_clean() -> None:
    """Nothing points at any pile: the hand is valid and scored."""
    sides = [replace(s, pile_sum=None) for s in THREE]
    report = check_hand(tally(*sides, leftover_sum=10, last=2))
    assert report.valid and not report.needs_pile_sums
    assert [s.erred for s in report.sides] == [False, False, False]
    assert report.points == (2, 0, 0)


@pytest.mark.parametrize(("cards", "low", "high"), [(0, 0, 0), (1, 1, 10), (4, 4, 40), (5, 6, 49), (40, 220, 220)])
def test_sum_range_is_what_the_fewest_and_the_most_valuable_cards_sum_to(cards: int, low: int, high: int) -> None:
    """The smallest n cards and the largest n cards of the deck."""
    assert sum_range(cards) == (low, high)
