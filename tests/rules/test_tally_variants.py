"""Counts-only entry under the regional options: what a tally must give, named when missing, never guessed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules import InvalidEntry, Problem, Rest, SideTally, TallyEntry, check_hand, complete_tallies, make_ruleset

A = SideTally(cards=20, oros=6, sevens=2, velo=True, escobas=1)
B = SideTally(cards=20, oros=4, sevens=2, velo=False)


def tally(*sides: SideTally, **options: object) -> TallyEntry:
    """A tally entry under escoba-es with some options, the leftover (10) taken by side 0."""
    return TallyEntry(make_ruleset("escoba-es", **options), sides, 10, 0)


def problems_of(entry: TallyEntry) -> list[tuple[tuple[str | int, ...], str]]:
    """The (location, code) of each problem check_hand raises; fails if it raises none."""
    with pytest.raises(InvalidEntry) as error:
        check_hand(entry)
    return [(p.location, p.code) for p in error.value.problems]


def test_the_setenta_needs_every_sides_sum_and_says_whose_is_missing() -> None:
    """Side 1 gave none: the problem names side 1 and its setenta field."""
    assert problems_of(tally(replace(A, setenta=70), B, sevens="setenta")) == [
        (("sides", 1, "tally", "setenta"), "setenta_needed")]
    with pytest.raises(InvalidEntry) as error:
        check_hand(tally(replace(A, setenta=70), B, sevens="setenta"))
    assert error.value.problems[0] == Problem(("sides", 1, "tally", "setenta"), "setenta_needed", {"side": 1})


def test_a_tally_with_the_setenta_scores_the_highest_sum_and_a_tie_scores_nothing() -> None:
    """75 beats 70; 70 and 70 go to nobody, or to both under shared ties."""
    report = check_hand(tally(replace(A, setenta=75), replace(B, setenta=70), sevens="setenta"))
    assert [s.earned.sevens for s in report.sides] == [1, 0]
    assert report.sides[0].counts.setenta == 75
    tie = (replace(A, setenta=70), replace(B, setenta=70))
    assert [s.earned.sevens for s in check_hand(tally(*tie, sevens="setenta")).sides] == [0, 0]
    assert [s.earned.sevens for s in check_hand(tally(*tie, sevens="setenta", ties="shared")).sides] == [1, 1]


def test_a_setenta_of_0_says_the_side_lacks_a_suit_and_cannot_take_the_point() -> None:
    """Side 0 lacks a suit (0); side 1's 62 (two sevens, two figures) takes the point however low."""
    report = check_hand(tally(replace(A, setenta=0), replace(B, setenta=62), sevens="setenta"))
    assert [s.earned.sevens for s in report.sides] == [0, 1]
    assert report.sides[0].counts.setenta is None


@pytest.mark.parametrize(("setenta", "sevens", "code"), [
    (39, 2, "setenta_range"),  # below four figures with two sevens (62 at least)
    (61, 2, "setenta_range"),
    (79, 2, "setenta_range"),  # two sevens and two sixes make 78 at most
    (85, 4, "setenta_range"),
])
def test_a_setenta_its_sevens_cannot_make_is_refused_with_its_range(setenta: int, sevens: int, code: str) -> None:
    """With s sevens the setenta is 40 + 11·s to 72 + 3·s."""
    side = SideTally(20, 5, sevens, True, setenta=setenta)
    other = SideTally(20, 5, 4 - sevens, False, setenta=0)
    with pytest.raises(InvalidEntry) as error:
        check_hand(tally(side, other, sevens="setenta"))
    problem = error.value.problems[0]
    assert (problem.location, problem.code) == (("sides", 0, "tally", "setenta"), code)
    assert problem.params["min"] == 40 + 11 * sevens and problem.params["max"] == 72 + 3 * sevens


def test_a_side_without_oros_has_no_setenta_but_0() -> None:
    """No oro means a suit is missing: a sum is refused."""
    assert problems_of(tally(SideTally(30, 10, 2, True, setenta=0), SideTally(10, 0, 2, False, setenta=60),
                             sevens="setenta")) == [(("sides", 1, "tally", "setenta"), "setenta_lacks_suit")]


def test_sevens_not_tied_need_no_tiebreak_counts() -> None:
    """Three sevens against one: no sixes asked for."""
    report = check_hand(tally(replace(A, sevens=3), replace(B, sevens=1), sevens="most_tiebreak"))
    assert [s.earned.sevens for s in report.sides] == [1, 0]


def test_sevens_tied_ask_for_the_sixes_of_the_tied_sides_only() -> None:
    """Sevens 2, 2, 0: sides 0 and 1 must give their sixes; side 2 need not."""
    sides = (SideTally(14, 4, 2, True), SideTally(14, 3, 2, False), SideTally(12, 3, 0, False))
    assert problems_of(tally(*sides, sevens="most_tiebreak")) == [
        (("sides", 0, "tally", "sixes"), "sixes_needed"), (("sides", 1, "tally", "sixes"), "sixes_needed")]


def test_the_tiebreak_asks_for_the_next_count_only_when_the_last_one_tied() -> None:
    """Sixes 2 and 2: the aces; aces 1 and 3 decide, the fives are never needed."""
    sixes = (replace(A, sixes=2), replace(B, sixes=2))
    assert problems_of(tally(*sixes, sevens="most_tiebreak")) == [
        (("sides", 0, "tally", "aces"), "aces_needed"), (("sides", 1, "tally", "aces"), "aces_needed")]
    report = check_hand(tally(replace(sixes[0], aces=1), replace(sixes[1], aces=3), sevens="most_tiebreak"))
    assert [s.earned.sevens for s in report.sides] == [0, 1]
    tied = (replace(A, sixes=2, aces=2, fives=2), replace(B, sixes=2, aces=2, fives=2))
    assert [s.earned.sevens for s in check_hand(tally(*tied, sevens="most_tiebreak")).sides] == [0, 0]
    assert [s.earned.sevens for s in check_hand(tally(*tied, sevens="most_tiebreak", ties="shared")).sides] == [1, 1]


def test_tiebreak_counts_given_by_every_side_must_add_up_to_the_decks_four() -> None:
    """Sixes 3 and 2: five sixes is one too many."""
    assert problems_of(tally(replace(A, sixes=3), replace(B, sixes=2), sevens="most_tiebreak")) == [
        (("sides",), "total_sixes")]


def test_tiebreak_counts_out_of_range_or_beyond_the_cards_are_refused() -> None:
    """Five sixes is out of range; three cards cannot hold two sevens and two sixes."""
    assert problems_of(tally(replace(A, sixes=5), B, sevens="most_tiebreak")) == [
        (("sides", 0, "tally", "sixes"), "count_range")]
    small = SideTally(3, 1, 2, True, sixes=2)
    assert problems_of(tally(small, SideTally(37, 9, 2, False), sevens="most_tiebreak")) == [
        (("sides", 0, "tally", "cards"), "tiebreak_exceeds_cards")]


def test_the_most_rule_ignores_the_extra_counts() -> None:
    """Under most sevens a tally with sixes or a setenta scores as one without (a tie in sevens: nobody)."""
    plain = check_hand(tally(A, B))
    extra = check_hand(tally(replace(A, sixes=3, setenta=75), replace(B, sixes=1, setenta=70)))
    assert plain.points == extra.points and [s.earned.sevens for s in extra.sides] == [0, 0]


def test_the_side_left_out_gets_the_tiebreak_counts_the_others_leave_and_gives_its_own_setenta() -> None:
    """Quick entry: sixes 3 leave 1 to the rest; its setenta comes with the Rest."""
    rest = complete_tallies([replace(A, sixes=3, aces=1, fives=2), Rest(setenta=70)])[1]
    assert (rest.sixes, rest.aces, rest.fives, rest.setenta) == (1, 3, 2, 70)
    unknown = complete_tallies([A, Rest()])[1]
    assert (unknown.sixes, unknown.setenta) == (None, None)
    assert problems_of(tally(A, unknown, sevens="setenta")) == [
        (("sides", 0, "tally", "setenta"), "setenta_needed"), (("sides", 1, "tally", "setenta"), "setenta_needed")]
