"""What the review tells of the sevens point: which suits a side lacks for the setenta, and which count broke a
tie in sevens under most_tiebreak (rules/sevens.py); always in agreement with who scores it. And a setenta counted
from cards as the setenta tool counts it."""

from __future__ import annotations

from itertools import product

import pytest
from builders import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import DECK, Card, Counts, Suit, make_ruleset
from referee.rules.cards import SUITS
from referee.rules.scoring import earn
from referee.rules.sevens import count_setenta, lacking_suits, primiera, sevens_tiebreak

URUGUAY = make_ruleset("escoba-es", sevens="most_tiebreak")
SHARED = make_ruleset("escoba-es", sevens="most_tiebreak", ties="shared")


@pytest.mark.parametrize(("pile", "lacking"), [
    ("7o 6c 1e 10b", ()),
    ("7o 6c 1c 5c", (Suit.ESPADAS, Suit.BASTOS)),
    ("10e 9e 8b", (Suit.OROS, Suit.COPAS)),
    ("", (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)),
])
def test_the_suits_a_side_lacks_are_named_in_suit_order(pile: str, lacking: tuple[Suit, ...]) -> None:
    """Only the suits with no card at all; an empty pile lacks every suit."""
    assert lacking_suits(cards(pile) if pile else ()) == lacking


@pytest.mark.parametrize(("sevens", "breakers", "tied", "by", "leaders"), [
    ([3, 1], [[0, 4], [0, 4], [0, 4]], (), "sevens", (0,)),
    ([2, 2], [[1, 3], [2, 2], [2, 2]], (("sevens", 2),), "sixes", (1,)),
    ([2, 2], [[2, 2], [3, 1], [1, 3]], (("sevens", 2), ("sixes", 2)), "aces", (0,)),
    ([2, 2], [[2, 2], [2, 2], [1, 3]], (("sevens", 2), ("sixes", 2), ("aces", 2)), "fives", (1,)),
    ([2, 2], [[2, 2], [2, 2], [2, 2]], (("sevens", 2), ("sixes", 2), ("aces", 2), ("fives", 2)), None, (0, 1)),
], ids=["sevens alone", "sixes", "aces", "fives", "tied to the end"])
def test_the_tiebreak_names_the_counts_tied_and_the_one_that_decided(
        sevens: list[int], breakers: list[list[int]], tied: tuple[tuple[str, int], ...], by: str | None,
        leaders: tuple[int, ...]) -> None:
    """Each count tied at the top with the leaders' value, then the first count that differs."""
    told = sevens_tiebreak(sevens, breakers)
    assert (told.tied, told.by, told.leaders) == (tied, by, leaders)


def test_in_a_three_way_game_only_the_tied_leaders_values_are_told() -> None:
    """Sevens 2, 2, 0: the third side's four sixes are not read; the tied two hold 0 sixes each, aces decide."""
    told = sevens_tiebreak([2, 2, 0], [[0, 0, 4], [2, 1, 1], [1, 1, 2]])
    assert (told.tied, told.by, told.leaders) == ((("sevens", 2), ("sixes", 0)), "aces", (0,))


def test_a_tally_that_gave_no_breaker_for_an_untied_sevens_is_told_by_the_sevens() -> None:
    """The breakers a tally leaves out (None) are never read when the sevens decide."""
    told = sevens_tiebreak([1, 3], [[None, None]] * 3)
    assert (told.tied, told.by, told.leaders) == ((), "sevens", (1,))


COUNT = st.integers(0, 4)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(COUNT, COUNT, COUNT, COUNT), min_size=2, max_size=4))
def test_the_tiebreak_told_agrees_with_who_scores_the_sevens(held: list[tuple[int, int, int, int]]) -> None:
    """Whatever the counts: a side decided alone scores the point; tied to the end, nobody does, or every leader
    when ties are shared; a count told as tied is every leader's value of it."""
    counts = [Counts(10, 1, s, False, six, ace, five) for s, six, ace, five in held]
    told = sevens_tiebreak([c.sevens for c in counts], [[c.sixes for c in counts], [c.aces for c in counts],
                                                         [c.fives for c in counts]])
    scored = [e.sevens for e in earn(URUGUAY, counts, [0] * len(counts))]
    shared = [e.sevens for e in earn(SHARED, counts, [0] * len(counts))]
    if told.by is not None:
        assert len(told.leaders) == 1 and scored == shared
        assert scored == [int(i in told.leaders) for i in range(len(counts))]
    else:
        assert scored == [0] * len(counts)
        assert shared == [int(i in told.leaders) for i in range(len(counts))]
    for name, value in told.tied:
        assert all(getattr(counts[i], name) == value for i in told.leaders)


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(DECK), max_size=24))
def test_a_setenta_counted_from_cards_is_the_best_choice_of_one_card_per_suit(pile: set[Card]) -> None:
    """The sum is the highest of every way to pick one card of each suit (by the primiera table), the best cards
    are one per suit held and make that sum, and a side lacking a suit has no sum."""
    count = count_setenta(sorted(pile))
    by_suit = [[card for card in pile if card.suit is suit] for suit in SUITS]
    assert count.lacking == tuple(suit for suit, held in zip(SUITS, by_suit) if not held)
    assert [card.suit for card in count.best] == [suit for suit, held in zip(SUITS, by_suit) if held]
    assert all(card in pile for card in count.best)
    if count.lacking:
        assert count.total is None
    else:
        assert count.total == max(sum(map(primiera, pick)) for pick in product(*by_suit))
        assert count.total == sum(map(primiera, count.best))
