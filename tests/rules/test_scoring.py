"""Points from counts: categories, ties, bonuses and the penalty modes (RULES.md §4)."""

from __future__ import annotations

import pytest

from referee.rules import Counts, Earned, make_ruleset
from referee.rules.scoring import apply_penalty, earn

ES = make_ruleset("escoba-es")
RS = make_ruleset("escova-rs")


def totals(counts: list[Counts], escobas: list[int] | None = None, rules: object = ES) -> list[int]:
    """What each side earns in total."""
    return [e.total for e in earn(rules, counts, escobas or [0] * len(counts))]  # type: ignore[arg-type]


def test_each_category_goes_to_the_side_that_leads_it_alone() -> None:
    """Most cards, most oros, most sevens and the velo are one point each."""
    earned = earn(ES, [Counts(22, 3, 3, False), Counts(18, 7, 1, True)], [0, 0])
    assert earned == [Earned(cards=1, sevens=1), Earned(oros=1, velo=1)]


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([Counts(20, 6, 2, True), Counts(20, 4, 2, False)], [2, 0]),
        ([Counts(14, 5, 2, True), Counts(14, 5, 2, False), Counts(12, 0, 0, False)], [1, 0, 0]),
        ([Counts(10, 4, 1, True), Counts(10, 2, 1, False), Counts(10, 4, 1, False), Counts(10, 0, 1, False)],
         [1, 0, 0, 0]),
        ([Counts(13, 3, 2, False), Counts(13, 3, 2, True), Counts(14, 4, 0, False)], [0, 1, 2]),
    ],
    ids=["two sides", "three sides", "four sides", "three sides tied below the top"],
)
def test_sides_tied_at_the_top_of_a_category_score_nothing_for_it(counts: list[Counts], expected: list[int]) -> None:
    """Ties at the top with 2, 3 or 4 sides give the category to nobody; the velo is never tied."""
    assert totals(counts) == expected


def test_a_tie_below_the_top_does_not_stop_the_leader_scoring() -> None:
    """Cards 20, 10, 10: the leader scores cards though the others are tied."""
    earned = earn(ES, [Counts(20, 4, 2, True), Counts(10, 3, 1, False), Counts(10, 3, 1, False)], [0, 0, 0])
    assert [e.cards for e in earned] == [1, 0, 0]


@pytest.mark.parametrize(("cards", "bonus"), [(30, 0), (31, 1), (40, 1)])
def test_over_30_means_more_than_30_cards(cards: int, bonus: int) -> None:
    """30 cards earns no over-30 bonus; 31 does."""
    earned = earn(make_ruleset("escoba-es", over30=1), [Counts(cards, 5, 2, True), Counts(40 - cards, 5, 2, False)],
                  [0, 0])
    assert earned[0].over30 == bonus


@pytest.mark.parametrize("points", [0, 1, 2])
def test_all_oros_and_all_sevens_bonuses_need_all_ten_oros_and_all_four_sevens(points: int) -> None:
    """10 oros and 4 sevens earn the bonuses as set; 9 oros and 3 sevens earn none."""
    rules = make_ruleset("escoba-es", all_oros=points, all_sevens=points)
    full, none = earn(rules, [Counts(25, 10, 4, True), Counts(15, 0, 0, False)], [0, 0])
    assert (full.all_oros, full.all_sevens) == (points, points)
    assert (none.all_oros, none.all_sevens) == (0, 0)
    nine, _ = earn(rules, [Counts(25, 9, 3, True), Counts(15, 1, 1, False)], [0, 0])
    assert (nine.all_oros, nine.all_sevens) == (0, 0)


def test_escobas_count_one_point_each_and_are_not_deck_points() -> None:
    """Earned.total adds escobas; deck_points leaves them out."""
    leader, other = earn(RS, [Counts(24, 6, 3, True), Counts(16, 4, 1, False)], [3, 2])
    assert (leader.deck_points, leader.escobas, leader.total) == (4, 3, 7)
    assert (other.deck_points, other.total) == (0, 2)


def test_a_side_holding_everything_scores_the_match_max_deck_points() -> None:
    """40 cards, 10 oros, 4 sevens and 7o: every deck point the ruleset allows."""
    for rules in (RS, ES, make_ruleset("escoba-intl", over30=2, all_oros=2)):
        (alone, nobody) = earn(rules, [Counts(40, 10, 4, True), Counts(0, 0, 0, False)], [0, 0])
        assert alone.deck_points == rules.max_deck_points and nobody.total == 0


EARNED = [Earned(cards=1, oros=1, escobas=2), Earned(sevens=1, velo=1, escobas=1), Earned(escobas=3)]


@pytest.mark.parametrize(
    ("penalty", "erred", "points"),
    [
        ("forfeit", [False, False, False], [4, 3, 3]),
        ("forfeit", [True, False, False], [0, 3, 3]),
        ("forfeit", [True, True, False], [0, 0, 6 + 3]),
        ("forfeit", [True, True, True], [0, 0, 0]),
        ("void", [True, False, False], [0, 3, 3]),
        ("void", [True, True, False], [0, 0, 3]),
        ("void", [True, True, True], [0, 0, 0]),
        ("flag", [True, True, False], [4, 3, 3]),
        ("flag", [True, True, True], [4, 3, 3]),
    ],
)
def test_each_penalty_mode_scores_the_erring_and_the_clean_sides(
    penalty: str, erred: list[bool], points: list[int]
) -> None:
    """Forfeit: erring sides 0, a lone clean side max deck points + escobas; void: erring 0; flag: as earned."""
    assert apply_penalty(make_ruleset("escova-rs", penalty=penalty), EARNED, erred) == points


def test_with_no_error_every_mode_scores_what_was_earned() -> None:
    """No side erred: the penalty changes nothing."""
    for penalty in ("forfeit", "void", "flag"):
        assert apply_penalty(make_ruleset("escoba-es", penalty=penalty), EARNED, [False] * 3) == [4, 3, 3]
