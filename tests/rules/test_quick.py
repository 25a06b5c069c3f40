"""Quick entry: the counts of all sides but one, the last side's worked out from the deck."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from simulator import SEATINGS, Seating, SimulatedHand, play_hand, shuffled_deck

from referee.rules import (
    InvalidEntry,
    Penalty,
    Rest,
    SideTally,
    TallyEntry,
    check_hand,
    complete_tallies,
    make_ruleset,
)

ANA = SideTally(cards=20, oros=10, sevens=2, velo=True, escobas=1)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw: st.DrawFn, seating: Seating) -> SimulatedHand:
    """A hand played legally by the simulator: any deal and dealer, an opening sweep or not, missed captures."""
    rng = draw(st.randoms(use_true_random=False))
    deck = shuffled_deck(rng, seating, draw(st.sampled_from([None, None, 15, 30])))
    hand = play_hand(rng, seating, dealer=draw(st.integers(0, seating.seats - 1)), deck=deck,
                     miss_rate=draw(st.sampled_from([0.0, 0.3])))
    assume(hand.last_capture is not None)
    return hand


RULESETS = st.builds(make_ruleset, st.sampled_from(["escova-rs", "escoba-es", "escoba-intl"]),
                     all_oros=st.integers(0, 2), all_sevens=st.integers(0, 2), over30=st.integers(0, 2),
                     penalty=st.sampled_from(Penalty))


def problems(sides: list[SideTally | Rest]) -> list[tuple[tuple[str | int, ...], str]]:
    """Where and what complete_tallies refuses."""
    with pytest.raises(InvalidEntry) as refused:
        complete_tallies(sides)
    return [(p.location, p.code) for p in refused.value.problems]


def test_the_side_left_out_holds_what_the_deck_leaves():
    """40 cards, 10 oros, 4 sevens and the velo, less what the others count; its escobas are its own."""
    rest = complete_tallies([ANA, Rest(escobas=2)])[1]
    assert rest == SideTally(cards=20, oros=0, sevens=2, velo=False, escobas=2)


@pytest.mark.parametrize("rest", [0, 1, 3])
def test_any_side_can_be_the_one_left_out(rest):
    """Four players, the side left out anywhere: it holds the velo when no one counted does."""
    counted = [SideTally(10, 3, 1, False), SideTally(8, 2, 1, False), SideTally(12, 4, 1, True)]
    sides: list[SideTally | Rest] = list(counted)
    sides.insert(rest, Rest())
    done = complete_tallies(sides)
    assert done[rest] == SideTally(10, 1, 1, False)
    assert [s for i, s in enumerate(done) if i != rest] == counted


def test_with_no_side_left_out_the_tallies_are_as_given():
    """Nothing to work out."""
    assert complete_tallies([ANA, SideTally(20, 0, 2, False)]) == (ANA, SideTally(20, 0, 2, False))


@pytest.mark.parametrize(("counted", "expected"), [
    pytest.param([SideTally(30, 4, 2, False), SideTally(15, 4, 2, True)],
                 [(("sides", 2, "tally", "cards"), "rest_cards")],
                 id="more cards than the deck"),
    pytest.param([SideTally(20, 6, 2, False), SideTally(15, 6, 1, True)],
                 [(("sides", 2, "tally", "oros"), "rest_oros")],
                 id="more oros than the deck"),
    pytest.param([SideTally(20, 3, 3, False), SideTally(15, 3, 2, True)],
                 [(("sides", 2, "tally", "sevens"), "rest_sevens")], id="more sevens than the deck"),
    pytest.param([SideTally(20, 5, 1, True), SideTally(15, 3, 2, True)],
                 [(("sides", 2, "tally", "velo"), "total_velo")],
                 id="the velo twice"),
    pytest.param([SideTally(20, 5, 1, False), SideTally(15, 5, 2, False)],
                 [(("sides", 2, "tally", "velo"), "rest_velo_without_oro_or_seven")],
                 id="the velo left without an oro"),
    pytest.param([SideTally(30, 1, 1, True), SideTally(8, 1, 1, False)],
                 [(("sides", 2, "tally", "cards"), "rest_counts_exceed_cards")], id="more oros than cards left"),
])
def test_an_impossible_remainder_is_named_at_the_field_of_the_side_left_out(counted, expected):
    """The others leave a pile no side can hold: the problem names that side's field."""
    assert problems([*counted, Rest()]) == expected


def test_a_count_out_of_its_own_bounds_is_that_sides_problem():
    """A negative count is the counted side's, not the remainder's (which would hold 45 cards)."""
    assert problems([SideTally(-5, 0, 0, False), Rest()]) == [(("sides", 0, "tally", "cards"), "count_range")]


def test_only_one_side_can_be_left_out():
    """Two sides left out: nothing can be worked out."""
    assert problems([ANA, Rest(), Rest()]) == [(("sides", 2, "tally"), "rest_twice")]


def test_the_worked_out_tally_is_scored_by_check_tally():
    """Escova RS: Ana's oros, velo, all oros and escoba; Bea's counts follow and tie the cards and sevens."""
    ruleset = make_ruleset("escova-rs")
    report = check_hand(TallyEntry(ruleset, complete_tallies([ANA, Rest()]), 10, 0))
    assert report.valid and report.points == (4, 0)


@pytest.mark.parametrize("seating", SEATINGS, ids=str)
@FAST
@given(data=st.data())
def test_quick_entry_scores_a_legal_hand_as_its_cards_do(seating: Seating, data: st.DataObject) -> None:
    """The leftover's cards and the counts of all sides but one (any one) give the card entry's points and
    verdict, and the tally of every side; the last capture's counts always hold the leftover's cards."""
    hand = data.draw(hands(seating))
    ruleset = data.draw(RULESETS)
    full = hand.tally_entry(ruleset, pile_sums=False)
    left_out = data.draw(st.integers(0, seating.sides - 1))
    sides = [Rest(side.escobas) if i == left_out else side for i, side in enumerate(full.sides)]
    # As the quick entry gives it: the leftover's cards (which the last capture's counts must hold) and their sum.
    quick = TallyEntry(ruleset, complete_tallies(sides), sum(card.value for card in hand.leftover), full.last_capture,
                       tuple(hand.leftover))
    assert quick.sides == full.sides
    by_cards, by_quick = check_hand(hand.card_entry(ruleset)), check_hand(quick)
    assert by_quick.points == by_cards.points
    assert by_quick.valid is by_cards.valid is True
    assert [side.erred for side in by_quick.sides] == [side.erred for side in by_cards.sides]
