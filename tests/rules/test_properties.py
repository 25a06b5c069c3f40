"""Properties of the referee on whole hands played by the simulator, and of split_pile on any pile."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference import expected_points, fewest_suspects
from simulator import SEATINGS, Seating, SimulatedHand, play_hand, shuffled_deck, tally_of

from referee.rules import (
    DECK,
    Card,
    CardEntry,
    InvalidEntry,
    Penalty,
    Ruleset,
    SidePile,
    TallyEntry,
    check_hand,
    make_ruleset,
    split_pile,
)

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PRESET_NAMES = ("escova-rs", "escoba-es", "escoba-intl")
seatings = pytest.mark.parametrize("seating", SEATINGS, ids=str)


@st.composite
def hands(draw: st.DrawFn, seating: Seating) -> SimulatedHand:
    """A random hand played legally: random deal, dealer, opening sweep and missed captures."""
    rng = draw(st.randoms(use_true_random=False))
    opening = draw(st.sampled_from([None, None, 15, 30]))
    hand = play_hand(
        rng,
        seating,
        dealer=draw(st.integers(0, seating.seats - 1)),
        deck=shuffled_deck(rng, seating, opening),
        miss_rate=draw(st.sampled_from([0.0, 0.15, 0.4])),
        take_missed_rate=draw(st.sampled_from([0.0, 0.5, 1.0])),
    )
    assume(hand.last_capture is not None)
    return hand


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Any preset with any bonuses and any penalty mode."""
    return st.builds(
        make_ruleset,
        st.sampled_from(PRESET_NAMES),
        all_oros=st.integers(0, 2),
        all_sevens=st.integers(0, 2),
        over30=st.integers(0, 2),
        penalty=st.sampled_from(Penalty),
    )


def whole_piles(entry: CardEntry) -> list[tuple[Card, ...]]:
    """Each side's pile with the leftover joined to the last-capture side's."""
    return [side.cards + (entry.leftover if i == entry.last_capture else ()) for i, side in enumerate(entry.sides)]


def tally_for(entry: CardEntry) -> TallyEntry:
    """The tally a scorekeeper would enter for a card entry, pile sums included."""
    sides = tuple(tally_of(pile, side.escobas) for pile, side in zip(whole_piles(entry), entry.sides))
    return TallyEntry(entry.ruleset, sides, sum(c.value for c in entry.leftover), entry.last_capture)


def with_piles(entry: CardEntry, piles: list[tuple[Card, ...]], leftover: tuple[Card, ...]) -> CardEntry:
    """The same entry with other piles and leftover."""
    sides = tuple(SidePile(pile, side.escobas) for pile, side in zip(piles, entry.sides))
    return CardEntry(entry.ruleset, sides, leftover, entry.last_capture)


# --- legal hands -------------------------------------------------------------------------------


@seatings
@FAST
@given(data=st.data())
def test_every_simulated_hand_passes_every_check_of_the_referee(seating: Seating, data: st.DataObject) -> None:
    """A legally played hand is valid: leftover ≡ 10 (mod 15), every pile splits, escobas within bounds."""
    hand = data.draw(hands(seating))
    report = check_hand(hand.card_entry(data.draw(rulesets())))
    assert report.valid
    assert report.leftover_sum % 15 == 10
    assert report.leftover_sum == sum(card.value for card in hand.leftover) >= 10
    for side, side_report in enumerate(report.sides):
        assert side_report.erred is False
        assert side_report.split is not None and side_report.split.suspects == ()
        assert side_report.pile_sum == sum(card.value for card in hand.piles[side])
        assert hand.escobas[side] <= side_report.pile_sum // 15 == len(side_report.split.fifteens)
    assert not any(f.code.startswith(("pile_not", "pile_un", "erred", "all_erred")) for f in report.findings)


@seatings
@FAST
@given(data=st.data())
def test_a_simulated_hand_scores_what_the_rules_give_by_cards_and_by_tallies(
    seating: Seating, data: st.DataObject
) -> None:
    """The card entry and its tally, with or without pile sums, score what RULES.md §4 gives."""
    hand = data.draw(hands(seating))
    ruleset = data.draw(rulesets())
    expected = expected_points(ruleset, [hand.whole_pile(s) for s in range(seating.sides)], hand.escobas,
                               [False] * seating.sides)
    assert check_hand(hand.card_entry(ruleset)).points == tuple(expected)
    by_tally = check_hand(hand.tally_entry(ruleset))
    assert by_tally.valid and by_tally.points == tuple(expected)
    without_sums = check_hand(hand.tally_entry(ruleset, pile_sums=False))
    assert not without_sums.needs_pile_sums and without_sums.points == tuple(expected)


@seatings
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_hundred_seeded_hands_are_valid_and_score_what_the_rules_give(seating: Seating, preset: str) -> None:
    """Seeded shuffles, with misses: every hand passes and scores RULES.md §4 by cards and by tallies."""
    ruleset = make_ruleset(preset, over30=1)
    for seed in range(100):
        rng = random.Random(f"{preset}-{seed}")
        hand = play_hand(rng, seating, dealer=seed % seating.seats, miss_rate=0.2)
        if hand.last_capture is None:
            continue
        expected = expected_points(ruleset, [hand.whole_pile(s) for s in range(seating.sides)], hand.escobas,
                                   [False] * seating.sides)
        report = check_hand(hand.card_entry(ruleset))
        assert report.valid, seed
        assert report.points == tuple(expected) == check_hand(hand.tally_entry(ruleset)).points, seed


@seatings
def test_the_simulator_plays_opening_sweeps_and_missed_captures_legally(seating: Seating) -> None:
    """Over seeded hands the simulator sweeps 15 and 30, misses captures and has them taken, all legally."""
    seen = Counter[str]()
    for seed in range(60):
        rng = random.Random(seed)
        opening = (None, 15, 30)[seed % 3]
        hand = play_hand(rng, seating, dealer=seed % seating.seats, deck=shuffled_deck(rng, seating, opening),
                         miss_rate=0.3)
        assert sorted(hand.all_cards()) == sorted(DECK)
        assert all(sum(c.value for c in taken.cards) == 15 for taken in hand.captures)
        assert [sum(1 for t in hand.captures if t.side == s and t.escoba) for s in range(seating.sides)] == list(
            hand.escobas)
        if opening:
            assert hand.opening_escobas == opening // 15
            assert {t.side for t in hand.captures if t.kind == "opening"} == {seating.side_of(hand.dealer)}
        seen.update(opening=hand.opening_escobas, missed=hand.missed, taken=hand.missed_taken,
                    escobas=sum(hand.escobas) - hand.opening_escobas)
    assert all(seen[key] > 0 for key in ("opening", "missed", "taken", "escobas"))


# --- renuncio injection ------------------------------------------------------------------------


def assert_penalty(entry: CardEntry, erring: set[int]) -> None:
    """check_hand flags exactly `erring`, shows each erring pile wrong, and scores per the penalty mode."""
    report = check_hand(entry)
    n = len(entry.sides)
    assert not report.valid
    assert {i for i, side in enumerate(report.sides) if side.erred} == erring
    assert all(side.erred is False for i, side in enumerate(report.sides) if i not in erring)
    for i in erring:
        split = report.sides[i].split
        assert split is not None and split.suspects
        assert split.total % 15 != 0  # each injection shifts the pile's sum off the fifteens
        codes = {f.code for f in report.findings if f.params.get("side") == i}
        assert codes & {"pile_not_multiple", "pile_unsplittable"} and "suspects" in codes
    escobas = [side.escobas for side in entry.sides]
    expected = expected_points(entry.ruleset, whole_piles(entry), escobas, [i in erring for i in range(n)])
    assert report.points == tuple(expected)
    if entry.ruleset.penalty is Penalty.FLAG:
        assert {f.params["side"] for f in report.findings if f.code == "erred_flagged"} == erring
    elif len(erring) == n:
        assert report.points == (0,) * n
    else:
        assert all(report.points[i] == 0 for i in erring)
        if entry.ruleset.penalty is Penalty.FORFEIT and len(erring) == n - 1:
            (clean,) = set(range(n)) - erring
            assert report.points[clean] == entry.ruleset.max_deck_points + escobas[clean]


@seatings
@FAST
@given(data=st.data())
def test_a_card_moved_from_a_pile_to_the_leftover_flags_that_side_alone(seating: Seating, data: st.DataObject) -> None:
    """Moving one card from a pile to the leftover breaks that pile alone (or breaks an entry rule)."""
    hand = data.draw(hands(seating))
    entry = hand.card_entry(data.draw(rulesets()))
    side = data.draw(st.sampled_from([i for i, pile in enumerate(hand.piles) if pile]))
    pile = hand.piles[side]
    card = data.draw(st.sampled_from(pile))
    piles = list(hand.piles)
    piles[side] = tuple(c for c in pile if c != card)
    broken = with_piles(entry, piles, (*hand.leftover, card))
    assert piles[side], "a legal pile holds at least one capture of two cards"
    if hand.escobas[side] > len(piles[side]) // 2:
        # Every capture was a two-card escoba: the broken pile can no longer hold them all.
        with pytest.raises(InvalidEntry) as error:
            check_hand(broken)
        assert [(p.location, p.code) for p in error.value.problems] == [(("sides", side, "escobas"),
                                                                          "escobas_too_many")]
        return
    assert_penalty(broken, {side})
    assert not check_hand(broken).leftover_ok
    assert check_hand(tally_for(broken)).points == check_hand(broken).points


@seatings
@FAST
@given(data=st.data())
def test_a_leftover_card_moved_into_a_pile_flags_that_side_alone(seating: Seating, data: st.DataObject) -> None:
    """Moving one leftover card into a pile breaks that pile alone; an emptied leftover is named."""
    hand = data.draw(hands(seating))
    entry = hand.card_entry(data.draw(rulesets()))
    side = data.draw(st.integers(0, seating.sides - 1))
    card = data.draw(st.sampled_from(hand.leftover))
    piles = list(hand.piles)
    piles[side] = (*piles[side], card)
    broken = with_piles(entry, piles, tuple(c for c in hand.leftover if c != card))
    assert_penalty(broken, {side})
    report = check_hand(broken)
    assert not report.leftover_ok
    assert report.findings[0].code == ("leftover_empty" if len(hand.leftover) == 1 else "leftover_wrong")
    assert check_hand(tally_for(broken)).points == report.points


@seatings
@FAST
@given(data=st.data())
def test_cards_swapped_between_two_piles_flag_both_sides_though_the_leftover_is_right(
    seating: Seating, data: st.DataObject
) -> None:
    """Swapping two cards of different values between piles breaks both piles; the leftover still passes."""
    hand = data.draw(hands(seating))
    entry = hand.card_entry(data.draw(rulesets()))
    nonempty = [i for i, pile in enumerate(hand.piles) if pile]
    assume(len(nonempty) >= 2)
    first, second = data.draw(st.lists(st.sampled_from(nonempty), min_size=2, max_size=2, unique=True))
    x = data.draw(st.sampled_from(hand.piles[first]))
    choices = [c for c in hand.piles[second] if (c.value - x.value) % 15]
    assume(choices)
    y = data.draw(st.sampled_from(choices))
    piles = list(hand.piles)
    piles[first] = tuple(y if c == x else c for c in piles[first])
    piles[second] = tuple(x if c == y else c for c in piles[second])
    broken = with_piles(entry, piles, hand.leftover)
    assert_penalty(broken, {first, second})
    report = check_hand(broken)
    assert report.leftover_ok
    assert check_hand(tally_for(broken)).points == report.points


# --- split_pile on any pile --------------------------------------------------------------------


piles = st.lists(st.sampled_from(DECK), unique=True, max_size=24)
small_piles = st.lists(st.sampled_from(DECK), unique=True, max_size=10)


@settings(max_examples=150, deadline=None)
@given(pile=piles)
def test_a_split_places_fifteens_and_suspects_that_partition_the_pile(pile: list[Card]) -> None:
    """Every fifteen sums to 15, and the fifteens and suspects hold the pile's cards once each."""
    split = split_pile(pile)
    assert all(sum(c.value for c in group) == 15 for group in split.fifteens)
    placed = [c for group in split.fifteens for c in group] + list(split.suspects)
    assert Counter(placed) == Counter(pile)
    assert split.total == sum(c.value for c in pile)
    assert split.ok == (not split.suspects)
    assert (split.total - sum(c.value for c in split.suspects)) % 15 == 0


@settings(max_examples=150, deadline=None)
@given(pile=small_piles)
def test_a_split_of_a_small_pile_leaves_out_the_fewest_cards_possible(pile: list[Card]) -> None:
    """For piles of up to 10 cards the suspects are as few as a brute-force search allows."""
    assert len(split_pile(pile).suspects) == fewest_suspects(pile)
