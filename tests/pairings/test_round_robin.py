"""Round robin by the circle method: everyone meets everyone once, one bye a round for an odd field, sides
alternating as evenly as the method allows."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

from referee.pairings import InvalidEntrants, Pairing, round_robin

SIZES = range(2, 21)


def sides_of(rounds: list[list[Pairing[int]]], entrant: int) -> list[str]:
    """An entrant's games in order as H (home) or A (away), byes left out."""
    return [("H" if game.home == entrant else "A") for games in rounds for game in games
            if entrant in game.entrants and not game.is_bye]


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once(n: int) -> None:
    """Over the whole schedule each of the n(n-1)/2 pairs of entrants meets once, and no game is a stranger's."""
    met = Counter(frozenset(game.entrants) for games in round_robin(range(n)) for game in games if not game.is_bye)
    assert met == Counter({frozenset(pair): 1 for pair in combinations(range(n), 2)})


@pytest.mark.parametrize("n", SIZES)
def test_n_minus_one_rounds_when_even_n_rounds_with_a_bye_each_when_odd(n: int) -> None:
    """Every entrant is in every round exactly once (playing or sitting out); an odd field has one bye a round
    and every entrant has exactly one."""
    rounds = round_robin(range(n))
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    for games in rounds:
        assert sorted(entrant for game in games for entrant in game.entrants) == list(range(n))
        assert sum(game.is_bye for game in games) == n % 2
        assert games[-1].is_bye or n % 2 == 0  # the bye is listed last
    byes = Counter(game.home for games in rounds for game in games if game.is_bye)
    assert byes == (Counter(range(n)) if n % 2 else Counter())


@pytest.mark.parametrize("n", SIZES)
def test_sides_alternate_as_evenly_as_the_method_allows(n: int) -> None:
    """Odd field: everyone home as often as away, never twice running (byes aside). Even field (n-1 games each,
    an odd number): one more home than away or one fewer, and home or away twice running once at most."""
    rounds = round_robin(range(n))
    for entrant in range(n):
        sides = sides_of(rounds, entrant)
        breaks = sum(one == next_one for one, next_one in pairwise(sides))
        assert abs(sides.count("H") - sides.count("A")) == (0 if n % 2 else 1)
        assert breaks <= (0 if n % 2 else 1)


def test_the_tables_are_listed_from_the_best_seed_down() -> None:
    """Each round's first table is the best seed's still playing, and the entrants are any hashable ids."""
    for games in round_robin(["ana", "bea", "caio", "dora", "eva", "fabio"]):
        order = ["ana", "bea", "caio", "dora", "eva", "fabio"]
        best = [min(order.index(entrant) for entrant in game.entrants) for game in games]
        assert best == sorted(best)


def test_one_entrant_has_one_round_of_a_bye_and_none_has_no_round() -> None:
    """The edges: n rounds for an odd n holds for one entrant as well."""
    assert round_robin([7]) == [[Pairing(7, None)]]
    assert round_robin([]) == []


def test_an_entrant_named_twice_is_refused() -> None:
    """Seed order is ambiguous when an entrant appears twice, and None is the bye's mark."""
    with pytest.raises(InvalidEntrants, match="named twice"):
        round_robin([1, 2, 1])
    with pytest.raises(InvalidEntrants, match="bye"):
        round_robin([1, None, 2])
