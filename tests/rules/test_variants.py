"""The regional options, worked by hand: the setenta, sevens with a tiebreak, shared ties (docs/rules.md)."""

from __future__ import annotations

import pytest
from builders import SUIT_PAIRS, cards, entry

from referee.rules import Counts, InvalidOption, Ruleset, check_hand, make_ruleset
from referee.rules.hand import count_cards
from referee.rules.rulesets import Sevens, Ties
from referee.rules.scoring import apply_penalty, earn
from referee.rules.sevens import best_per_suit, setenta_of

OROS, COPAS, ESPADAS, BASTOS = (SUIT_PAIRS[suit] for suit in "oceb")
SETENTA = make_ruleset("escoba-es", sevens="setenta")
URUGUAY = make_ruleset("escoba-es", sevens="most_tiebreak")


def sevens_points(ruleset: Ruleset, counts: list[Counts]) -> list[int]:
    """Who takes the sevens point, side by side."""
    return [e.sevens for e in earn(ruleset, counts, [0] * len(counts))]


def test_every_preset_plays_most_sevens_and_no_shared_ties_unless_the_match_chooses() -> None:
    """The defaults are the rules as they were; both options take their values by name."""
    for preset in ("escova-rs", "escoba-es", "escoba-intl"):
        rules = make_ruleset(preset)
        assert (rules.sevens, rules.ties) == (Sevens.MOST, Ties.NOBODY)
        chosen = make_ruleset(preset, sevens="most_tiebreak", ties="shared")
        assert (chosen.sevens, chosen.ties) == (Sevens.MOST_TIEBREAK, Ties.SHARED)
        assert chosen.max_deck_points == rules.max_deck_points


@pytest.mark.parametrize(("option", "value"), [("sevens", "face_value"), ("sevens", 1), ("ties", "split"),
                                               ("ties", None)])
def test_a_variant_not_offered_is_refused_by_name(option: str, value: object) -> None:
    """The face-value setenta of one public engine is no choice; nor is anything else outside the list."""
    with pytest.raises(InvalidOption) as error:
        make_ruleset("escoba-es", **{option: value})
    assert (error.value.option, error.value.reason) == (option, "choice")


def test_the_setenta_counts_each_suits_best_card_by_the_primiera_table() -> None:
    """7o, 6c, ace of espadas, a figure of bastos: 21 + 18 + 16 + 10 = 65; a suit's lower cards do not count.

    Figures are all worth 10: the lowest of them is shown."""
    pile = cards("7o 5o 1o 6c 2c 1e 4e 10b 9b")
    assert [str(card) for card in best_per_suit(pile)] == ["7o", "6c", "1e", "9b"]
    assert setenta_of(pile) == 21 + 18 + 16 + 10


def test_a_side_missing_a_suit_cannot_take_the_setenta_however_high_its_cards() -> None:
    """Side 0 holds three sevens but no bastos: side 1, with 7 of bastos and aces, takes the point.

    Side 0: oros, copas and espadas pairs (5+10, 6+9, 7+8). Side 1: the bastos pairs, the small fifteens and the
    leftover (1o 1c 1e 1b 2c 2e 2b): its best cards are the aces of oros, copas and espadas and 7b, 69.
    """
    hand = entry([[*OROS, *COPAS, *ESPADAS], [*BASTOS, "small_a", "small_b"]], last=1, ruleset=SETENTA)
    report = check_hand(hand)
    zero, one = report.sides
    assert zero.counts.setenta is None and [str(c) for c in zero.counts.setenta_cards] == ["7o", "7c", "7e"]
    assert one.counts.setenta == 16 + 16 + 16 + 21
    assert [str(c) for c in one.counts.setenta_cards] == ["1o", "1c", "1e", "7b"]
    assert (zero.earned.sevens, one.earned.sevens) == (0, 1)
    most = check_hand(entry([[*OROS, *COPAS, *ESPADAS], [*BASTOS, "small_a", "small_b"]], last=1))
    assert (most.sides[0].earned.sevens, most.sides[1].earned.sevens) == (1, 0)


def test_no_side_holding_every_suit_means_nobody_takes_the_setenta() -> None:
    """Every side lacks a suit: the point goes to nobody, shared ties or not."""
    lacking = [Counts(20, 10, 2, True, setenta=None), Counts(20, 0, 2, False, setenta=None)]
    assert sevens_points(SETENTA, lacking) == [0, 0]
    assert sevens_points(make_ruleset("escoba-es", sevens="setenta", ties="shared"), lacking) == [0, 0]


def test_a_setenta_tie_scores_nothing_or_both_when_ties_are_shared() -> None:
    """70 and 70: nobody; under shared ties, both."""
    tied = [Counts(20, 5, 2, True, setenta=70), Counts(20, 5, 2, False, setenta=70)]
    assert sevens_points(SETENTA, tied) == [0, 0]
    assert sevens_points(make_ruleset("escoba-es", sevens="setenta", ties="shared"), tied) == [1, 1]


def test_the_setenta_goes_to_the_highest_sum_not_to_most_sevens() -> None:
    """One seven and three sixes (75) beat two sevens and two figures (62)."""
    counts = [Counts(20, 5, 1, False, setenta=21 + 18 * 3), Counts(20, 5, 2, True, setenta=21 * 2 + 10 * 2)]
    assert sevens_points(SETENTA, counts) == [1, 0]
    assert sevens_points(make_ruleset("escoba-es"), counts) == [0, 1]


@pytest.mark.parametrize(
    ("breakers", "expected"),
    [
        (((3, 1), (2, 2), (2, 2)), [1, 0]),  # sixes break it
        (((2, 2), (1, 3), (2, 2)), [0, 1]),  # sixes tied, aces break it
        (((2, 2), (2, 2), (3, 1)), [1, 0]),  # sixes and aces tied, fives break it
        (((2, 2), (2, 2), (2, 2)), [0, 0]),  # tied to the end: nobody
    ],
    ids=["sixes", "aces", "fives", "tied to the end"],
)
def test_sevens_tied_are_broken_by_sixes_then_aces_then_fives(
        breakers: tuple[tuple[int, int], ...], expected: list[int]) -> None:
    """Uruguay's setenta: 2 sevens each, then the first count that differs decides."""
    (six0, six1), (ace0, ace1), (five0, five1) = breakers
    counts = [Counts(20, 5, 2, True, six0, ace0, five0), Counts(20, 5, 2, False, six1, ace1, five1)]
    assert sevens_points(URUGUAY, counts) == expected


def test_sevens_tied_to_the_end_are_shared_when_ties_are() -> None:
    """Every tied leader scores the point; a side behind in sevens does not, whatever its sixes."""
    shared = make_ruleset("escoba-es", sevens="most_tiebreak", ties="shared")
    counts = [Counts(14, 4, 2, True, 1, 1, 1), Counts(14, 3, 2, False, 1, 1, 1), Counts(12, 3, 0, False, 2, 2, 2)]
    assert sevens_points(shared, counts) == [1, 1, 0]
    assert sevens_points(URUGUAY, counts) == [0, 0, 0]


def test_most_sevens_alone_takes_the_point_whatever_the_sixes() -> None:
    """Three sevens against one: the tiebreak is never read (a tally need not give it)."""
    counts = [Counts(20, 5, 3, True), Counts(20, 5, 1, False, sixes=4)]
    assert sevens_points(URUGUAY, counts) == [1, 0]


def test_in_a_three_way_tie_in_sevens_only_the_tied_leaders_go_to_the_sixes() -> None:
    """Sevens 2, 2, 0: the side with no seven but every six is not in the tiebreak; sixes 0 and 0 tie on."""
    counts = [Counts(14, 4, 2, True, 0, 2, 1), Counts(14, 3, 2, False, 0, 1, 1), Counts(12, 3, 0, False, 4, 1, 2)]
    assert sevens_points(URUGUAY, counts) == [1, 0, 0]


def test_shared_ties_with_three_sides_give_each_tied_leader_the_category() -> None:
    """Cards 14, 14, 12 and oros 4, 4, 2: the first two score both; the velo is never shared."""
    shared = make_ruleset("escoba-es", ties="shared")
    counts = [Counts(14, 4, 1, True), Counts(14, 4, 1, False), Counts(12, 2, 2, False)]
    earned = earn(shared, counts, [0, 1, 0])
    assert [(e.cards, e.oros, e.sevens, e.velo, e.escobas) for e in earned] == [
        (1, 1, 0, 1, 0), (1, 1, 0, 0, 1), (0, 0, 1, 0, 0)]
    assert [e.total for e in earn(make_ruleset("escoba-es"), counts, [0, 1, 0])] == [1, 1, 1]


def test_shared_ties_with_four_sides_level_in_everything_give_every_side_the_point() -> None:
    """Ten cards, two or three oros and one seven each: cards and sevens go to all four, oros to the two with 3."""
    shared = make_ruleset("escoba-intl", ties="shared")
    counts = [Counts(10, 3, 1, True), Counts(10, 2, 1, False), Counts(10, 3, 1, False), Counts(10, 2, 1, False)]
    earned = earn(shared, counts, [0, 0, 0, 0])
    assert [e.cards for e in earned] == [1, 1, 1, 1]
    assert [e.sevens for e in earned] == [1, 1, 1, 1]
    assert [e.oros for e in earned] == [1, 0, 1, 0]
    assert all(e.deck_points <= shared.max_deck_points for e in earned)


def test_a_category_shared_with_an_erring_side_still_scores_for_the_clean_side() -> None:
    """Void penalty, three sides: sides 0 and 1 tie in cards; 1 erred; 0 keeps its shared point."""
    rules = make_ruleset("escoba-es", ties="shared", penalty="void")
    counts = [Counts(14, 3, 1, False), Counts(14, 4, 2, True), Counts(12, 3, 1, False)]
    earned = earn(rules, counts, [0, 0, 0])
    assert apply_penalty(rules, earned, [False, True, False]) == [1, 0, 0]


def test_a_card_entry_counts_what_every_option_needs_whatever_the_match_plays() -> None:
    """count_cards knows the sixes, aces, fives and the setenta of any cards."""
    counts = count_cards(cards("7o 6o 6c 1e 1b 5b 5c 10e"))
    assert (counts.sevens, counts.sixes, counts.aces, counts.fives) == (1, 2, 2, 2)
    assert counts.setenta == 21 + 18 + 16 + 16
