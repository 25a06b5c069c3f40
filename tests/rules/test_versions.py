"""Two versions of one hand compared (referee/rules/versions.py): a true hand, played legally by the simulator, and
the same hand entered wrong in one to three places (a card moved between piles, a count moved between sides, an
escoba added, the leftover changed, the last capture given to another side). The referee names exactly the places
changed, each with both versions' values, and rules out every version that cannot be right: here the expected
differences are worked out on their own, from the cards, with the primiera table written out again."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from simulator import SEATINGS, Seating, SimulatedHand, play_hand, shuffled_deck, tally_of

from referee.rules import Card, CardEntry, SidePile, Suit, TallyEntry, make_ruleset
from referee.rules.versions import compare

# At least 1 000 hands in all: 4 seatings × 2 ways of entering × 130.
MANY = settings(max_examples=130, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULESET = make_ruleset("escoba-es")
PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
seatings = pytest.mark.parametrize("seating", SEATINGS, ids=str)


def true_hand(seed: int, seating: Seating) -> SimulatedHand | None:
    """A hand played legally from a seed (None when nobody captured anything)."""
    rng = random.Random(seed)
    hand = play_hand(rng, seating, dealer=rng.randrange(seating.seats), deck=shuffled_deck(rng, seating))
    return hand if hand.last_capture is not None else None


def setenta(cards: Sequence[Card]) -> int | None:
    """The best card of each suit by the primiera table, summed; None for a pile without every suit."""
    best = {suit: max((PRIMIERA[card.value] for card in cards if card.suit is suit), default=None) for suit in Suit}
    return None if None in best.values() else sum(v for v in best.values() if v is not None)


def counted(cards: Sequence[Card], escobas: int) -> dict[str, object]:
    """What a side holds, counted from its whole pile."""
    return {"cards": len(cards), "oros": sum(c.suit is Suit.OROS for c in cards),
            "sevens": sum(c.value == 7 for c in cards), "velo": Card.parse("7o") in cards, "escobas": escobas,
            "pile_sum": sum(c.value for c in cards), "setenta": setenta(cards),
            "sixes": sum(c.value == 6 for c in cards), "aces": sum(c.value == 1 for c in cards),
            "fives": sum(c.value == 5 for c in cards)}


def whole(entry: CardEntry, side: int) -> tuple[Card, ...]:
    """A side's pile with the leftover if it took the last cards."""
    return entry.sides[side].cards + (entry.leftover if side == entry.last_capture else ())


def expected(first: CardEntry, second: CardEntry) -> set[tuple[str, int | None]]:
    """Every place the two card entries differ, found from their cards."""
    found: set[tuple[str, int | None]] = set()
    for side in range(len(first.sides)):
        mine = counted(whole(first, side), first.sides[side].escobas)
        other = counted(whole(second, side), second.sides[side].escobas)
        found |= {(name, side) for name in mine if mine[name] != other[name]
                  and mine[name] is not None and other[name] is not None}
        if Counter(first.sides[side].cards) != Counter(second.sides[side].cards):
            found.add(("pile", side))
    if sum(c.value for c in first.leftover) != sum(c.value for c in second.leftover):
        found.add(("leftover_sum", None))
    if Counter(first.leftover) != Counter(second.leftover):
        found.add(("leftover", None))
    if first.last_capture != second.last_capture:
        found.add(("last_capture", None))
    return found


@st.composite
def changed(draw: st.DrawFn, entry: CardEntry) -> CardEntry:
    """The entry with one to three places changed as a scorekeeper gets them wrong."""
    piles = [list(side.cards) for side in entry.sides]
    escobas = [side.escobas for side in entry.sides]
    leftover, last = list(entry.leftover), entry.last_capture
    sides = range(len(piles))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["move", "escoba", "leftover in", "leftover out", "last"]))
        source = draw(st.sampled_from(sides))
        target = draw(st.sampled_from([s for s in sides if s != source]))
        if kind == "move" and piles[source]:
            piles[target].append(piles[source].pop(draw(st.integers(0, len(piles[source]) - 1))))
        elif kind == "escoba":
            escobas[source] += 1
        elif kind == "leftover in" and piles[source]:
            leftover.append(piles[source].pop(draw(st.integers(0, len(piles[source]) - 1))))
        elif kind == "leftover out" and leftover:
            piles[source].append(leftover.pop(draw(st.integers(0, len(leftover) - 1))))
        elif kind == "last":
            last = target
    return CardEntry(entry.ruleset, tuple(SidePile(tuple(pile), n) for pile, n in zip(piles, escobas)),
                     tuple(leftover), last)


@seatings
@MANY
@given(seed=st.integers(0, 2**32), data=st.data())
def test_two_card_entries_differ_exactly_where_one_was_changed(seating: Seating, seed: int,
                                                               data: st.DataObject) -> None:
    """Every place changed is named, with both versions' values; no other place; the true version passes."""
    hand = true_hand(seed, seating)
    assume(hand is not None)
    assert hand is not None
    truth = hand.card_entry(RULESET)
    wrong = data.draw(changed(truth))
    found = compare(truth, wrong)
    assert {(d.category, d.side) for d in found.differences} == expected(truth, wrong)
    for difference in found.differences:
        if difference.category in ("pile", "leftover"):
            place = (truth.sides[difference.side].cards if difference.side is not None else truth.leftover,
                     wrong.sides[difference.side].cards if difference.side is not None else wrong.leftover)
            assert Counter(difference.first) == Counter(map(str, (Counter(place[0]) - Counter(place[1])).elements()))
            assert Counter(difference.second) == Counter(map(str, (Counter(place[1]) - Counter(place[0])).elements()))
        elif difference.side is not None:
            assert difference.first == counted(whole(truth, difference.side),
                                               truth.sides[difference.side].escobas)[difference.category]
    assert found.first.possible and found.first.passes
    assert found.agree == (expected(truth, wrong) == set())


@seatings
@MANY
@given(seed=st.integers(0, 2**32), data=st.data())
def test_counts_moved_between_sides_are_named_and_an_impossible_count_is_ruled_out(
        seating: Seating, seed: int, data: st.DataObject) -> None:
    """By counts: a count moved from one side to another names both sides in that category and no more; a count
    the deck cannot hold (an oro or a seven too many, a second velo, a card too many) makes the version impossible,
    and the true one stays possible and passing."""
    hand = true_hand(seed, seating)
    assume(hand is not None)
    assert hand is not None
    truth = hand.tally_entry(RULESET)
    sides = list(truth.sides)
    name = data.draw(st.sampled_from(["cards", "oros", "sevens", "escobas"]))
    source = data.draw(st.sampled_from([i for i, side in enumerate(sides) if getattr(side, name) > 0] or [None]))
    assume(source is not None)
    assert source is not None
    target = data.draw(st.sampled_from([i for i in range(len(sides)) if i != source]))
    too_many = data.draw(st.booleans()) and name != "escobas"
    sides[source] = replace(sides[source], **{name: getattr(sides[source], name) - (0 if too_many else 1)})
    sides[target] = replace(sides[target], **{name: getattr(sides[target], name) + 1})
    wrong = TallyEntry(truth.ruleset, tuple(sides), truth.leftover_sum, truth.last_capture)
    found = compare(truth, wrong)
    named = {(d.category, d.side) for d in found.differences}
    assert named == ({(name, target)} if too_many else {(name, source), (name, target)})
    assert found.first.possible and found.first.passes
    if too_many:  # one more than the deck holds in all
        assert not found.second.possible and found.second.problems
        assert not found.second.passes


def test_a_version_by_cards_and_one_by_counts_are_compared_on_what_both_say() -> None:
    """Cards against counts: the counts both give, not the piles' cards; a velo given to the other side is named
    on both sides."""
    hand = next(h for seed in range(50) if (h := true_hand(seed, SEATINGS[0])) is not None)
    cards = hand.card_entry(RULESET)
    counts = hand.tally_entry(RULESET)
    assert compare(cards, counts).agree
    holder = next(side for side in range(2) if Card.parse("7o") in whole(cards, side))
    sides = list(counts.sides)
    sides[holder] = replace(sides[holder], velo=False)
    sides[1 - holder] = replace(sides[1 - holder], velo=True)
    found = compare(cards, TallyEntry(counts.ruleset, tuple(sides), counts.leftover_sum, counts.last_capture))
    assert [(d.category, d.side, d.first, d.second) for d in found.differences] == [
        ("velo", 0, holder == 0, holder != 0), ("velo", 1, holder == 1, holder != 1)]


def test_tallies_without_pile_sums_compare_what_they_give() -> None:
    """A count one version leaves out (the piles' sums) is no difference."""
    hand = next(h for seed in range(50) if (h := true_hand(seed, SEATINGS[1])) is not None)
    with_sums = hand.tally_entry(RULESET)
    without = TallyEntry(with_sums.ruleset, tuple(tally_of(hand.whole_pile(side), hand.escobas[side], False)
                                                  for side in range(3)), with_sums.leftover_sum, with_sums.last_capture)
    assert compare(with_sums, without).agree
