"""split_pile leaves the fewest suspects on medium piles too, where its search prunes with bounds.

The reference here is a plain exhaustive search over value multisets, with no
bounds and no shortcuts, independent of referee.rules.fifteens.
"""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import DECK, Card, split_pile


def _groups_with(counts: tuple[int, ...], top: int, need: int, below: int) -> list[tuple[int, ...]]:
    """Multisets of values <= below, within counts, summing to need (the top card already taken)."""
    if need == 0:
        return [()]
    found = []
    for value in range(min(below, need), 0, -1):
        if counts[value - 1]:
            rest = list(counts)
            rest[value - 1] -= 1
            found += [(value, *tail) for tail in _groups_with(tuple(rest), top, need - value, value)]
    return found


@cache
def fewest(counts: tuple[int, ...]) -> int:
    """Least suspects: the largest value is either left out or in some group of 15."""
    top = max((v for v, n in enumerate(counts, 1) if n), default=0)
    if top == 0:
        return 0
    work = list(counts)
    work[top - 1] -= 1
    best = 1 + fewest(tuple(work))
    for group in _groups_with(tuple(work), top, 15 - top, top):
        rest = list(work)
        for value in group:
            rest[value - 1] -= 1
        best = min(best, fewest(tuple(rest)))
    return best


piles = st.lists(st.sampled_from(DECK), min_size=1, max_size=26, unique=True)
# Piles heavy in high or even cards are the ones with many suspects.
heavy = st.lists(st.sampled_from([c for c in DECK if c.value >= 8 or c.value % 2 == 0 or c.value == 1]),
                 min_size=8, max_size=24, unique=True)


@settings(max_examples=150, deadline=None)
@given(st.one_of(piles, heavy))
def test_split_pile_leaves_as_few_suspects_as_an_exhaustive_search(pile: list[Card]) -> None:
    """Same count of suspects as the reference, and a true partition into fifteens plus suspects."""
    split = split_pile(pile)
    counts = tuple(sum(1 for c in pile if c.value == v) for v in range(1, 11))
    assert len(split.suspects) == fewest(counts)
    assert all(sum(c.value for c in group) == 15 for group in split.fifteens)
    assert sorted([*(c for g in split.fifteens for c in g), *split.suspects]) == sorted(pile)
