"""Properties of the regional options on random legal hands (Hypothesis, driven by the simulator).

Under ``most``/``nobody`` the answers are those of the rules before the options existed: the independent
reference (reference.py) and a copy of the old ``earn`` kept here. Under every option no side earns more deck
points than the match's maximum, and a hand entered by tallies scores as it does by cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference import expected_points
from simulator import SEATINGS, SimulatedHand, play_hand, shuffled_deck, tally_of

from referee.rules import Card, Counts, Earned, Penalty, Ruleset, SideTally, Suit, TallyEntry, check_hand, make_ruleset
from referee.rules.rulesets import PRESETS, Sevens, Ties
from referee.rules.scoring import earn

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ANY_SEVENS = st.sampled_from(Sevens)
ANY_TIES = st.sampled_from(Ties)
PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}


@st.composite
def hands(draw: st.DrawFn) -> SimulatedHand:
    """A random hand played legally, any seating, with opening sweeps and missed captures."""
    seating = draw(st.sampled_from(SEATINGS))
    rng = draw(st.randoms(use_true_random=False))
    hand = play_hand(rng, seating, dealer=draw(st.integers(0, seating.seats - 1)),
                     deck=shuffled_deck(rng, seating, draw(st.sampled_from([None, 15]))),
                     miss_rate=draw(st.sampled_from([0.0, 0.3])), take_missed_rate=0.5)
    assume(hand.last_capture is not None)
    return hand


def rulesets(sevens: st.SearchStrategy[Sevens] = ANY_SEVENS,
             ties: st.SearchStrategy[Ties] = ANY_TIES) -> st.SearchStrategy[Ruleset]:
    """Any preset, bonuses and penalty, with the given regional options."""
    return st.builds(make_ruleset, st.sampled_from(list(PRESETS)), all_oros=st.integers(0, 2),
                     all_sevens=st.integers(0, 2), over30=st.integers(0, 2), penalty=st.sampled_from(Penalty),
                     sevens=sevens, ties=ties)


def old_earn(ruleset: Ruleset, counts: Sequence[Counts], escobas: Sequence[int]) -> list[Earned]:
    """scoring.earn as it was before the regional options (commit d75af8c), kept to compare with."""
    def sole_leader(values: Sequence[int]) -> int | None:
        top = max(values)
        leaders = [i for i, value in enumerate(values) if value == top]
        return leaders[0] if len(leaders) == 1 else None

    most_cards = sole_leader([c.cards for c in counts])
    most_oros = sole_leader([c.oros for c in counts])
    most_sevens = sole_leader([c.sevens for c in counts])
    return [Earned(cards=int(i == most_cards), oros=int(i == most_oros), sevens=int(i == most_sevens),
                   velo=int(c.velo), all_oros=ruleset.all_oros if c.oros == 10 else 0,
                   all_sevens=ruleset.all_sevens if c.sevens == 4 else 0,
                   over30=ruleset.over30 if c.cards > 30 else 0, escobas=escobas[i])
            for i, c in enumerate(counts)]


def full_tally(cards: Sequence[Card], escobas: int) -> SideTally:
    """What a scorekeeper counts for every option: the plain tally, the setenta (0 lacking a suit), the tiebreak."""
    by_suit = {suit: [PRIMIERA[c.value] for c in cards if c.suit is suit] for suit in Suit}
    setenta = sum(max(values) for values in by_suit.values()) if all(by_suit.values()) else 0
    return replace(tally_of(cards, escobas), setenta=setenta, sixes=sum(c.value == 6 for c in cards),
                   aces=sum(c.value == 1 for c in cards), fives=sum(c.value == 5 for c in cards))


def reference_sevens(ruleset: Ruleset, piles: Sequence[Sequence[Card]]) -> list[int]:
    """Who takes the sevens point, straight from docs/rules.md, without the rules core."""
    def count(pile: Sequence[Card], value: int) -> int:
        return sum(c.value == value for c in pile)

    if ruleset.sevens is Sevens.SETENTA:
        keys = [full_tally(pile, 0).setenta or -1 for pile in piles]  # lacking a suit: out of the running
        contenders = [i for i, key in enumerate(keys) if key > 0]
    else:
        order = (7,) if ruleset.sevens is Sevens.MOST else (7, 6, 1, 5)
        keys = [tuple(count(pile, value) for value in order) for pile in piles]  # type: ignore[misc]
        contenders = list(range(len(piles)))
    if not contenders:
        return [0] * len(piles)
    top = max(keys[i] for i in contenders)
    leaders = [i for i in contenders if keys[i] == top]
    winners = leaders if len(leaders) == 1 or ruleset.ties is Ties.SHARED else []
    return [int(i in winners) for i in range(len(piles))]


@FAST
@given(hand=hands(), ruleset=rulesets(st.just(Sevens.MOST), st.just(Ties.NOBODY)))
def test_most_sevens_and_no_shared_ties_score_as_the_rules_always_did(hand: SimulatedHand, ruleset: Ruleset) -> None:
    """The default options give the reference's points by cards and by tallies, and the old earn's categories."""
    piles = [hand.whole_pile(s) for s in range(len(hand.piles))]
    expected = tuple(expected_points(ruleset, piles, hand.escobas, [False] * len(piles)))
    report = check_hand(hand.card_entry(ruleset))
    assert report.points == expected == check_hand(hand.tally_entry(ruleset)).points
    old = old_earn(ruleset, [Counts(s.counts.cards, s.counts.oros, s.counts.sevens, s.counts.velo)
                             for s in report.sides], hand.escobas)
    assert [s.earned for s in report.sides] == old


@FAST
@given(counts=st.lists(st.builds(Counts, st.integers(0, 40), st.integers(0, 10), st.integers(0, 4), st.booleans()),
                       min_size=2, max_size=4),
       ruleset=rulesets(st.just(Sevens.MOST), st.just(Ties.NOBODY)), escobas=st.integers(0, 5))
def test_the_default_options_earn_what_the_old_code_earned_on_any_counts(
        counts: list[Counts], ruleset: Ruleset, escobas: int) -> None:
    """Not only legal hands: any counts at all earn the same under `most`/`nobody` as before."""
    assert earn(ruleset, counts, [escobas] * len(counts)) == old_earn(ruleset, counts, [escobas] * len(counts))


@FAST
@given(hand=hands(), ruleset=rulesets())
def test_no_side_ever_earns_more_deck_points_than_the_matchs_maximum(hand: SimulatedHand, ruleset: Ruleset) -> None:
    """Shared ties give a point to several sides, never two points to one: each side stays within the maximum."""
    report = check_hand(hand.card_entry(ruleset))
    for side in report.sides:
        assert side.earned.deck_points <= ruleset.max_deck_points
        assert side.points is not None and side.points <= ruleset.max_deck_points + side.earned.escobas
    for category in ("cards", "oros", "sevens"):
        scoring = sum(getattr(side.earned, category) for side in report.sides)
        assert scoring <= (len(report.sides) if ruleset.ties is Ties.SHARED else 1)


@FAST
@given(hand=hands(), ruleset=rulesets())
def test_the_sevens_point_goes_where_the_rules_say_and_tallies_agree_with_cards(
        hand: SimulatedHand, ruleset: Ruleset) -> None:
    """Every option against a reference written from the rules; the full tally scores as the cards do."""
    piles = [hand.whole_pile(s) for s in range(len(hand.piles))]
    report = check_hand(hand.card_entry(ruleset))
    assert [side.earned.sevens for side in report.sides] == reference_sevens(ruleset, piles)
    tallies = tuple(full_tally(pile, n) for pile, n in zip(piles, hand.escobas))
    by_tally = check_hand(TallyEntry(ruleset, tallies, sum(c.value for c in hand.leftover), hand.last_capture or 0))
    assert by_tally.points == report.points
    assert [s.counts.setenta for s in by_tally.sides] == [s.counts.setenta for s in report.sides]


@FAST
@given(hand=hands(), ruleset=rulesets(ties=st.just(Ties.SHARED)))
def test_under_shared_ties_every_side_level_with_the_top_scores_the_category(
        hand: SimulatedHand, ruleset: Ruleset) -> None:
    """Cards and oros: a side scores exactly when its count is the highest, alone or tied."""
    report = check_hand(hand.card_entry(ruleset))
    for category in ("cards", "oros"):
        values = [getattr(side.counts, category) for side in report.sides]
        assert [getattr(side.earned, category) for side in report.sides] == [int(v == max(values)) for v in values]
