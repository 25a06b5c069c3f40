"""Knockout brackets: byes to the top seeds, the standard seeding (seeds 1 and 2 meet in the final at the
earliest), the next round from the winners, and the third-place match."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pairings import Bracket, InvalidEntrants, InvalidWinners, Pairing, knockout_bracket
from referee.pairings.knockout import bracket_order


def power_of_two_at_least(n: int) -> int:
    """The bracket's size for n entrants."""
    size = 1
    while size < n:
        size *= 2
    return size


def seeds_of(pairing: Pairing[int]) -> set[int]:
    """The seeds (entrants are their seed numbers here) a pairing holds."""
    return set(pairing.entrants)


def test_the_sixteen_bracket_is_the_standard_one() -> None:
    """1 v 16, 8 v 9, 5 v 12, 4 v 13, 3 v 14, 6 v 11, 7 v 10, 2 v 15, in bracket order, the better seed home."""
    first = knockout_bracket(range(1, 17)).current
    assert [(pairing.home, pairing.away) for pairing in first] == [
        (1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15)]


@pytest.mark.parametrize("n", range(2, 41))
def test_byes_go_to_the_top_seeds_and_every_entrant_is_placed_once(n: int) -> None:
    """The bracket rounds up to a power of two; the slots left over are byes for seeds 1, 2, 3…; every entrant
    is in the first round once; seeds 1 and 2 are in different halves."""
    bracket = knockout_bracket(range(1, n + 1))
    size = power_of_two_at_least(n)
    first = bracket.current
    assert bracket.size == size and len(first) == size // 2
    assert sorted(entrant for pairing in first for entrant in pairing.entrants) == list(range(1, n + 1))
    assert {pairing.home for pairing in first if pairing.is_bye} == set(range(1, size - n + 1))
    if size >= 4:
        top = {entrant for pairing in first[: len(first) // 2] for entrant in pairing.entrants}
        assert 1 in top and 2 not in top
    for pairing in first:
        if not pairing.is_bye:
            assert pairing.home < pairing.away
            assert pairing.home + pairing.away == size + 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 12, 16, 23, 32])
def test_when_the_better_seed_always_wins_the_rounds_go_as_seeded(n: int) -> None:
    """Each round of a bracket of 2^k holds seed s against seed 2^k + 1 - s: quarter-finals 1 v 8, semi-finals
    1 v 4 and 2 v 3, the final 1 v 2."""
    bracket = knockout_bracket(range(1, n + 1), third_place=True)
    while True:
        games = bracket.current[:1] if bracket.at_final else bracket.current  # the final, without third place
        for pairing in games:
            if not pairing.is_bye:
                assert pairing.home + pairing.away == 2 * len(games) + 1
        if bracket.at_final:
            break
        bracket = bracket.advance(pairing.home for pairing in bracket.current)
    assert bracket.current[0] == Pairing(1, 2)
    if n >= 4:
        assert bracket.current[1] == Pairing(3, 4)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), third_place=st.booleans(), rng=st.randoms(use_true_random=False))
def test_random_winners_carry_the_bracket_to_its_final(n: int, third_place: bool, rng: random.Random) -> None:
    """Whoever wins: each round pairs the previous round's winners in bracket order, seeds 1 and 2 meet in no
    round before the final, and the third-place match (when asked, and when both semi-finals were played) is
    between the semi-final losers."""
    bracket: Bracket[int] = knockout_bracket(range(1, n + 1), third_place=third_place)
    assert bracket.round_count == power_of_two_at_least(n).bit_length() - 1
    semi_finals: tuple[Pairing[int], ...] = ()
    while not bracket.at_final:
        assert all(seeds_of(pairing) != {1, 2} for pairing in bracket.current)
        semi_finals = bracket.current
        winners = [rng.choice(pairing.entrants) for pairing in semi_finals]
        bracket = bracket.advance(winners)
        expected = [{winners[slot], winners[slot + 1]} for slot in range(0, len(winners), 2)]
        assert [seeds_of(pairing) for pairing in bracket.current[: len(expected)]] == expected
    assert len(bracket.rounds) == bracket.round_count
    losers = {entrant for pairing in semi_finals for entrant in pairing.entrants} - seeds_of(bracket.current[0])
    if third_place and len(semi_finals) == 2 and not any(pairing.is_bye for pairing in semi_finals):
        assert len(bracket.current) == 2 and seeds_of(bracket.current[1]) == losers
    else:
        assert len(bracket.current) == 1


def test_winners_that_do_not_finish_the_round_are_refused() -> None:
    """No winner for a table, both of a table, a stranger, or a round after the final: each says what is wrong."""
    bracket = knockout_bracket(range(1, 5))
    with pytest.raises(InvalidWinners, match="exactly one winner"):
        bracket.advance([1])
    with pytest.raises(InvalidWinners, match="exactly one winner"):
        bracket.advance([1, 4, 2])
    with pytest.raises(InvalidWinners, match="did not win"):
        bracket.advance([1, 2, 9])
    final = bracket.advance([1, 2])
    assert final.current == (Pairing(1, 2),)
    with pytest.raises(InvalidWinners, match="last round"):
        final.advance([1])


def test_byes_go_through_without_being_named() -> None:
    """Three entrants: seed 1 has the bye and reaches the final whether named among the winners or not; with one
    semi-final a bye, there is no third-place match (its loser alone is third)."""
    bracket = knockout_bracket(["ana", "bea", "caio"], third_place=True)
    assert bracket.current == (Pairing("ana", None), Pairing("bea", "caio"))
    assert bracket.advance(["caio"]).current == (Pairing("ana", "caio"),)
    assert bracket.advance(["ana", "caio"]).current == (Pairing("ana", "caio"),)


def test_a_knockout_needs_two_entrants() -> None:
    """One entrant has nobody to beat."""
    with pytest.raises(InvalidEntrants, match="at least two"):
        knockout_bracket([1])


def test_bracket_order_pairs_sum_to_size_plus_one() -> None:
    """Every first-round pair of seeds sums to the size plus one, for every size."""
    for power in range(1, 8):
        order = bracket_order(2**power)
        assert sorted(order) == list(range(1, 2**power + 1))
        assert {one + other for one, other in zip(order[::2], order[1::2])} == {2**power + 1}
