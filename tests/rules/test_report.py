"""The report's small parts: the leftover rule, the shared checks, problems and the HandReport properties."""

from __future__ import annotations

import pytest

from referee.rules import Counts, Earned, Finding, HandReport, InvalidEntry, Problem, SideReport, make_ruleset
from referee.rules.checks import escoba_limit, leftover_finding, penalty_findings, side_problems
from referee.rules.report import leftover_ok


@pytest.mark.parametrize("total", [10, 25, 40, 55, 70, 85, 100])
def test_a_leftover_of_10_plus_fifteens_is_right(total: int) -> None:
    """10, 25, 40, 55 are usual; 70, 85, … are rare but legal."""
    assert leftover_ok(total)
    assert leftover_finding(total) == Finding("leftover_ok", {"sum": total})


@pytest.mark.parametrize("total", [1, 9, 11, 15, 24, 30, 45, 56])
def test_a_leftover_not_congruent_to_10_mod_15_is_wrong(total: int) -> None:
    """24, 15, 11 … cannot be left by a correct hand."""
    assert not leftover_ok(total)
    assert leftover_finding(total) == Finding("leftover_wrong", {"sum": total})


def test_an_empty_leftover_is_wrong_and_named_apart() -> None:
    """Sum 0 is impossible in a correct hand; its finding hints at a leftover put into a pile."""
    assert not leftover_ok(0)
    assert leftover_finding(0) == Finding("leftover_empty")


@pytest.mark.parametrize(
    ("total", "cards", "splits", "most"),
    [(105, 17, True, 7), (0, 0, True, 0), (30, 3, False, 1), (106, 17, False, 8), (15, 2, True, 1), (7, 1, False, 0)],
)
def test_the_escoba_limit_is_fifteens_for_a_split_pile_and_half_the_cards_otherwise(
    total: int, cards: int, splits: bool, most: int
) -> None:
    """RULES.md §3.4: sum ÷ 15 when the pile splits, cards ÷ 2 rounded down when it does not."""
    assert escoba_limit(total, cards, splits) == most


@pytest.mark.parametrize(
    ("n_sides", "last", "escobas", "codes"),
    [
        (2, 0, [0, 0], []),
        (4, 3, [0, 0, 0, 0], []),
        (1, 0, [0], ["side_count"]),
        (5, 0, [0] * 5, ["side_count"]),
        (3, 3, [0, 0, 0], ["last_capture_range"]),
        (2, -1, [0, 0], ["last_capture_range"]),
        (2, 1, [-1, -2], ["escobas_negative", "escobas_negative"]),
    ],
)
def test_side_problems_cover_the_number_of_sides_the_last_capture_and_negative_escobas(
    n_sides: int, last: int, escobas: list[int], codes: list[str]
) -> None:
    """2–4 sides, a last capture among them, escobas from 0."""
    assert [p.code for p in side_problems(n_sides, last, escobas)] == codes


@pytest.mark.parametrize(
    ("penalty", "erred", "findings"),
    [
        ("forfeit", [False, False], []),
        ("forfeit", [False, True], [Finding("erred_scores_zero", {"side": 1}),
                                    Finding("takes_max_deck_points", {"side": 0, "points": 6})]),
        ("forfeit", [True, False, False], [Finding("erred_scores_zero", {"side": 0})]),
        ("void", [False, True], [Finding("erred_scores_zero", {"side": 1})]),
        ("forfeit", [True, True], [Finding("all_erred")]),
        ("void", [True, True, True], [Finding("all_erred")]),
        ("flag", [True, False, True], [Finding("erred_flagged", {"side": 0}), Finding("erred_flagged", {"side": 2})]),
    ],
)
def test_penalty_findings_say_what_the_penalty_did(penalty: str, erred: list[bool], findings: list[Finding]) -> None:
    """Who scores zero, who takes the max deck points, or who is only flagged."""
    assert penalty_findings(make_ruleset("escova-rs", penalty=penalty), erred) == findings


def side(erred: bool | None, points: int | None) -> SideReport:
    """A side report with only what the properties read."""
    return SideReport(erred, points, Counts(20, 5, 2, False), Earned())


@pytest.mark.parametrize(
    ("leftover_sum", "sides", "valid", "needs"),
    [
        (10, (side(False, 3), side(False, 1)), True, False),
        (25, (side(False, 3), side(True, 0)), False, False),
        (10, (side(True, 0), side(True, 0)), False, False),
        (24, (side(None, None), side(False, 2)), False, True),
        (24, (side(False, 3), side(False, 1)), False, False),
    ],
)
def test_a_report_is_valid_only_when_the_leftover_is_right_and_no_side_erred(
    leftover_sum: int, sides: tuple[SideReport, ...], valid: bool, needs: bool
) -> None:
    """valid needs every check to pass; needs_pile_sums when some side's error is unknown."""
    report = HandReport(leftover_sum, sides, ())
    assert (report.valid, report.needs_pile_sums) == (valid, needs)
    assert report.points == tuple(s.points for s in sides)


def test_an_invalid_entry_carries_every_problem_and_names_them_in_its_message() -> None:
    """InvalidEntry is a ValueError listing each problem's code and location."""
    problems = [Problem(("sides", 1, "cards", 3), "duplicate_card", {"card": "7o"}),
                Problem(("sides",), "missing_cards")]
    error = InvalidEntry(problems)
    assert isinstance(error, ValueError)
    assert error.problems == tuple(problems)
    assert str(error) == "duplicate_card at ('sides', 1, 'cards', 3); missing_cards at ('sides',)"
    assert Problem(("x",), "y").params == {}
