"""check_hand on hands entered card by card: every check of RULES.md §3, the points of §4 and the penalty."""

from __future__ import annotations

import pytest
from builders import LEFTOVER, SUIT_PAIRS, cards, entry, pile, without

from referee.rules import (
    Card,
    CardEntry,
    Finding,
    InvalidEntry,
    Problem,
    SidePile,
    UnknownCard,
    check_hand,
    make_ruleset,
)
from referee.rules.cards import parse_cards
from referee.rules.match import side_of_seat

OROS, COPAS, ESPADAS, BASTOS = (SUIT_PAIRS[suit] for suit in "oceb")


def base(**kwargs: object) -> CardEntry:
    """A correct two-sided hand: side 0 took oros, copas and the small 'a' fifteen and the leftover (10)."""
    return entry([[*OROS, *COPAS, "small_a"], [*ESPADAS, *BASTOS, "small_b"]], **kwargs)  # type: ignore[arg-type]


def problems_of(entry_: CardEntry) -> tuple[Problem, ...]:
    """The problems check_hand raises for an entry; fails if it raises none."""
    with pytest.raises(InvalidEntry) as error:
        check_hand(entry_)
    return error.value.problems


def findings(entry_: CardEntry, code: str) -> list[dict[str, object]]:
    """The params of every finding of a code."""
    return [dict(f.params) for f in check_hand(entry_).findings if f.code == code]


# --- check 1: completeness ---------------------------------------------------------------------


def test_a_complete_correct_hand_is_valid_and_every_pile_splits() -> None:
    """The base hand: 40 cards once each, leftover 10, piles 105 and 105 in seven fifteens each."""
    report = check_hand(base())
    assert report.valid
    assert report.findings[:3] == (
        Finding("leftover_ok", {"sum": 10}),
        Finding("pile_ok", {"side": 0, "sum": 105, "fifteens": 7}),
        Finding("pile_ok", {"side": 1, "sum": 105, "fifteens": 7}),
    )
    assert len(report.findings) == 3


def test_a_card_entered_twice_is_named_with_its_second_place() -> None:
    """7o in side 0's pile and again at the end of side 1's: duplicate at ('sides', 1, 'cards', 16)."""
    good = base()
    twice = entry([good.sides[0].cards, (*good.sides[1].cards, *cards("7o"))])
    assert problems_of(twice) == (Problem(("sides", 1, "cards", 16), "duplicate_card", {"card": "7o"}),)


def test_a_card_entered_twice_in_the_leftover_is_named_there() -> None:
    """1b twice in the leftover: duplicate at ('leftover', 7)."""
    twice = base(leftover=(*cards(LEFTOVER), *cards("1b")))
    assert problems_of(twice) == (Problem(("leftover", 7), "duplicate_card", {"card": "1b"}),)


@pytest.mark.parametrize(("dropped", "named"), [(["7o"], ("7o",)), (["10b", "1o", "7o"], ("1o", "7o", "10b"))])
def test_missing_cards_are_all_named_in_deck_order(dropped: list[str], named: tuple[str, ...]) -> None:
    """Cards absent from every pile and the leftover are listed, oros first, low to high."""
    good = base()
    missing = entry([without(side.cards, *dropped) for side in good.sides], leftover=without(good.leftover, *dropped))
    assert problems_of(missing) == (Problem(("sides",), "missing_cards", {"cards": named}),)


def test_a_card_typed_in_place_of_another_gives_both_problems_at_once() -> None:
    """10b written where 5b should be: 10b is a duplicate and 5b is missing, in one InvalidEntry."""
    good = base()
    side1 = tuple(cards("10b")[0] if str(c) == "5b" else c for c in good.sides[1].cards)
    position = [str(c) for c in side1].index("10b", [str(c) for c in side1].index("10b") + 1)
    assert problems_of(entry([good.sides[0].cards, side1])) == (
        Problem(("sides", 1, "cards", position), "duplicate_card", {"card": "10b"}),
        Problem(("sides",), "missing_cards", {"cards": ("5b",)}),
    )


@pytest.mark.parametrize("code", ["7O", "07o", "7 o", "11o", ""])
def test_an_unknown_card_code_is_rejected_before_an_entry_can_hold_it(code: str) -> None:
    """A pile is made of Cards; a code that is not a card raises UnknownCard naming it."""
    with pytest.raises(UnknownCard) as error:
        parse_cards(["1o", code, "2o"])
    assert error.value.text == code


@pytest.mark.parametrize("n_sides", [1, 5])
def test_a_hand_has_two_to_four_sides(n_sides: int) -> None:
    """One side or five sides is not a hand the rules know."""
    good = base()
    sides = (good.sides * 3)[:n_sides]
    problems = problems_of(CardEntry(good.ruleset, sides, good.leftover, 0))
    assert problems[0] == Problem(("sides",), "side_count", {"count": n_sides})


@pytest.mark.parametrize("last", [2, -1, 7])
def test_the_last_capture_names_one_of_the_sides(last: int) -> None:
    """With two sides the last capture is side 0 or side 1."""
    assert problems_of(base(last=last)) == (Problem(("last_capture",), "last_capture_range",
                                                    {"value": last, "sides": 2}),)


def test_negative_escobas_are_an_input_error() -> None:
    """A side cannot have -1 escobas."""
    assert problems_of(base(escobas=[0, -1])) == (Problem(("sides", 1, "escobas"), "escobas_negative",
                                                          {"escobas": -1}),)


# --- check 2: the leftover ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moved", "total"),
    [([], 10), (["small_b"], 25), (["small_b", "5e"], 40), (["small_b", "5e", "6e"], 55),
     (["small_b", "5e", "6e", "7e"], 70), (["small_b", "5e", "6e", "7e", "5b"], 85)],
)
def test_a_leftover_of_10_25_40_55_and_more_fifteens_passes(moved: list[str], total: int) -> None:
    """Fifteens left on the table with the 10 keep the leftover ≡ 10 (mod 15): a valid hand."""
    kept = [name for name in [*ESPADAS, *BASTOS, "small_b"] if name not in moved]
    hand = entry([[*OROS, *COPAS, "small_a"], kept], leftover=(*cards(LEFTOVER), *pile(*moved)))
    report = check_hand(hand)
    assert report.valid and report.leftover_ok and report.leftover_sum == total
    assert report.findings[0] == Finding("leftover_ok", {"sum": total})


def leftover_taken_by_side_1() -> CardEntry:
    """The base hand with 1o moved from the leftover into side 1's pile: leftover 9, pile 1 sums 106."""
    good = base()
    return entry([good.sides[0].cards, (*good.sides[1].cards, *cards("1o"))], leftover=without(good.leftover, "1o"))


def test_a_wrong_leftover_points_at_the_pile_that_does_not_split() -> None:
    """Leftover 9 fails check 2; side 1's 106 is not a multiple of 15 and 1o is its suspect."""
    report = check_hand(leftover_taken_by_side_1())
    assert not report.valid and not report.leftover_ok
    assert report.findings[0] == Finding("leftover_wrong", {"sum": 9})
    assert [side.erred for side in report.sides] == [False, True]
    assert Finding("pile_not_multiple", {"side": 1, "sum": 106}) in report.findings
    assert Finding("suspects", {"side": 1, "cards": ("1o",)}) in report.findings
    assert report.sides[1].split is not None and report.sides[1].split.suspects == cards("1o")


def test_an_empty_leftover_fails_and_the_pile_that_took_it_has_erred() -> None:
    """Leftover put into side 0's pile: sum 0 is never right, and pile 0 (115) has a ten too many."""
    good = base()
    report = check_hand(entry([(*good.sides[0].cards, *good.leftover), good.sides[1].cards], leftover=()))
    assert report.leftover_sum == 0 and not report.leftover_ok
    assert report.findings[0] == Finding("leftover_empty")
    assert [side.erred for side in report.sides] == [True, False]
    suspects = report.sides[0].split.suspects  # type: ignore[union-attr]
    assert len(suspects) == 1 and suspects[0].value == 10


# --- check 3: every pile splits into fifteens --------------------------------------------------


def three_tens_hand(**kwargs: object) -> CardEntry:
    """Side 1 took 10o 10c 10e as if they were 30 while side 0 took 5o 5c 5e: both sums are multiples of 15."""
    return entry(
        [["5o 5c 5e", "6o", "7o", "6c", "7c", "small_a"], ["10o 10c 10e", "6e", "7e", *BASTOS, "small_b"]],
        **kwargs,  # type: ignore[arg-type]
    )


def test_a_pile_that_sums_to_a_multiple_of_15_but_cannot_be_split_has_erred() -> None:
    """Leftover 10 passes, yet side 1's pile (120) holds three tens no fifteen can take."""
    report = check_hand(three_tens_hand())
    assert report.leftover_ok and not report.valid
    assert [side.erred for side in report.sides] == [False, True]
    assert Finding("pile_unsplittable", {"side": 1, "sum": 120}) in report.findings
    split = report.sides[1].split
    assert split is not None and split.multiple_of_15
    assert sorted(c.value for c in split.suspects) == [10, 10, 10]


# --- check 4: escobas --------------------------------------------------------------------------


def test_a_pile_that_splits_holds_at_most_as_many_escobas_as_fifteens() -> None:
    """Pile 0 sums 105: 7 escobas are possible, 8 are an input error."""
    assert check_hand(base(escobas=[7, 0])).valid
    assert problems_of(base(escobas=[8, 0])) == (
        Problem(("sides", 0, "escobas"), "escobas_too_many", {"escobas": 8, "most": 7}),)


def test_a_pile_that_does_not_split_holds_at_most_half_its_cards_in_escobas() -> None:
    """Side 1's unsplittable pile of 17 cards: 8 escobas are possible, 9 are not."""
    assert check_hand(three_tens_hand(escobas=[0, 8])).sides[1].erred
    assert problems_of(three_tens_hand(escobas=[0, 9])) == (
        Problem(("sides", 1, "escobas"), "escobas_too_many", {"escobas": 9, "most": 8}),)


def test_a_pile_with_a_wrong_sum_holds_at_most_half_its_cards_in_escobas() -> None:
    """Side 1's 17-card pile summing 106 (7 fifteens at most by sum) may still hold 8 escobas, not 9."""
    good = leftover_taken_by_side_1()
    with_escobas = CardEntry(good.ruleset, (good.sides[0], SidePile(good.sides[1].cards, 8)), good.leftover, 0)
    assert check_hand(with_escobas).sides[1].erred
    too_many = CardEntry(good.ruleset, (good.sides[0], SidePile(good.sides[1].cards, 9)), good.leftover, 0)
    assert problems_of(too_many) == (Problem(("sides", 1, "escobas"), "escobas_too_many",
                                              {"escobas": 9, "most": 8}),)


def test_a_side_that_took_nothing_has_no_escobas() -> None:
    """An empty pile splits into zero fifteens: one escoba is too many."""
    everything = [*OROS, *COPAS, *ESPADAS, *BASTOS, "small_a", "small_b"]
    assert check_hand(entry([everything, []])).valid
    assert problems_of(entry([everything, []], escobas=[0, 1])) == (
        Problem(("sides", 1, "escobas"), "escobas_too_many", {"escobas": 1, "most": 0}),)


# --- check 5: the last capture -----------------------------------------------------------------


def test_the_last_capture_side_cannot_have_an_empty_pile() -> None:
    """Side 1 took nothing, so it cannot have taken the leftover."""
    everything = [*OROS, *COPAS, *ESPADAS, *BASTOS, "small_a", "small_b"]
    assert problems_of(entry([everything, []], last=1)) == (
        Problem(("last_capture",), "last_capture_empty", {"side": 1}),)


# --- points: categories, bonuses, ties ---------------------------------------------------------


def test_the_base_hand_scores_cards_oros_and_velo_while_tied_sevens_score_nothing() -> None:
    """Side 0: 24 cards, all 10 oros, 7o; both sides 2 sevens: 3 points in escoba-es, 4 in escoba-intl."""
    report = check_hand(base())
    zero, one = report.sides
    assert (zero.counts.cards, zero.counts.oros, zero.counts.sevens, zero.counts.velo) == (24, 10, 2, True)
    assert (one.counts.cards, one.counts.oros, one.counts.sevens, one.counts.velo) == (16, 0, 2, False)
    assert (zero.earned.cards, zero.earned.oros, zero.earned.sevens, zero.earned.velo) == (1, 1, 0, 1)
    assert one.earned.sevens == 0
    assert report.points == (3, 0)
    assert check_hand(base(ruleset=make_ruleset("escoba-intl"))).points == (4, 0)


def test_escobas_add_a_point_each() -> None:
    """Two escobas for side 0 and one for side 1 on top of the deck points."""
    assert check_hand(base(escobas=[2, 1])).points == (5, 1)


def everything_to_side_0(ruleset: object) -> CardEntry:
    """Side 0 took every pair, the small 'a' fifteen and the leftover (36 cards); side 1 only 'b'."""
    return entry([[*OROS, *COPAS, *ESPADAS, *BASTOS, "small_a"], ["small_b"]], ruleset=ruleset)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("all_oros", "all_sevens", "over30", "points"),
    [(0, 0, 0, 4), (1, 0, 0, 5), (1, 1, 0, 6), (0, 2, 0, 6), (0, 0, 1, 5), (2, 2, 2, 10), (0, 2, 1, 7)],
)
def test_bonuses_for_all_oros_all_sevens_and_over_30_cards_are_worth_what_the_match_set(
    all_oros: int, all_sevens: int, over30: int, points: int
) -> None:
    """A side holding 36 cards, all oros and all sevens scores 4 plus each bonus at 0, 1 or 2."""
    rules = make_ruleset("escoba-intl", all_oros=all_oros, all_sevens=all_sevens, over30=over30)
    report = check_hand(everything_to_side_0(rules))
    earned = report.sides[0].earned
    assert (earned.all_oros, earned.all_sevens, earned.over30) == (all_oros, all_sevens, over30)
    assert report.points == (points, 0)
    assert earned.deck_points == points <= rules.max_deck_points


@pytest.mark.parametrize(
    ("piles", "held", "bonus"),
    [
        ([[*OROS, *COPAS, *ESPADAS, "small_a"], [*BASTOS, "small_b"]], 30, 0),
        ([[*OROS, *COPAS, *ESPADAS, "5b", "small_b"], ["6b", "7b", "small_a"]], 31, 1),
    ],
)
def test_the_over_30_bonus_needs_more_than_30_cards(piles: list[list[str]], held: int, bonus: int) -> None:
    """30 cards (leftover included) is not over 30; 31 is."""
    report = check_hand(entry(piles, ruleset=make_ruleset("escoba-es", over30=1)))
    assert report.sides[0].counts.cards == held
    assert report.sides[0].earned.over30 == bonus


def test_two_sides_tied_on_cards_and_sevens_score_neither() -> None:
    """20 cards each and 2 sevens each: only oros and velo are scored."""
    report = check_hand(entry([[*OROS, *COPAS, "5e", "6e", "small_b"], ["7e", *BASTOS, "small_a"]], last=1))
    assert [s.counts.cards for s in report.sides] == [20, 20]
    assert [s.counts.sevens for s in report.sides] == [2, 2]
    assert [(s.earned.cards, s.earned.sevens) for s in report.sides] == [(0, 0), (0, 0)]
    assert report.points == (2, 0)


def test_two_of_three_sides_tied_at_the_top_score_nothing_for_it() -> None:
    """Cards 14, 14, 12 and sevens 2, 2, 0: nobody scores cards or sevens; side 0 scores oros and velo."""
    report = check_hand(entry([[*OROS, *COPAS, "5e"], ["6e", "7e", *BASTOS, "small_b"], ["small_a"]], last=2))
    assert [s.counts.cards for s in report.sides] == [14, 14, 12]
    assert [s.counts.sevens for s in report.sides] == [2, 2, 0]
    assert all(s.earned.cards == s.earned.sevens == 0 for s in report.sides)
    assert report.points == (2, 0, 0)


def test_four_sides_holding_one_seven_each_score_no_sevens() -> None:
    """Each side took its suit's pairs: sevens 1, 1, 1, 1 is a tie; cards go to side 3, oros and velo to side 0."""
    report = check_hand(entry([OROS, [*COPAS, "small_a"], [*ESPADAS, "small_b"], BASTOS], last=3))
    assert [s.counts.sevens for s in report.sides] == [1, 1, 1, 1]
    assert [s.counts.cards for s in report.sides] == [6, 11, 10, 13]
    assert all(s.earned.sevens == 0 for s in report.sides)
    assert report.points == (2, 0, 0, 1)


def test_a_partnership_scores_its_two_players_piles_as_one() -> None:
    """Seats 0 and 2 are side 0: their piles together hold 24 cards and every oro (escova-rs: 4 points)."""
    seats = [pile(*OROS), pile(*ESPADAS, "small_b"), pile(*COPAS, "small_a"), pile(*BASTOS)]
    sides: list[tuple[Card, ...]] = [(), ()]
    for seat, cards_ in enumerate(seats):
        sides[side_of_seat(seat, 4, 2)] += cards_
    report = check_hand(entry(sides, last=side_of_seat(2, 4, 2), ruleset=make_ruleset("escova-rs")))
    assert report.valid
    assert [s.counts.cards for s in report.sides] == [24, 16]
    assert report.points == (4, 0)


# --- the penalty -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("penalty", "points", "codes"),
    [
        ("forfeit", (7, 0), [("erred_scores_zero", {"side": 1}), ("takes_max_deck_points", {"side": 0, "points": 6})]),
        ("void", (4, 0), [("erred_scores_zero", {"side": 1})]),
        ("flag", (4, 2), [("erred_flagged", {"side": 1})]),
    ],
)
def test_one_side_of_two_erring_is_penalised_per_mode(
    penalty: str, points: tuple[int, int], codes: list[tuple[str, dict[str, object]]]
) -> None:
    """Forfeit: 6 deck points + 1 escoba to the clean side; void: what it earned (3 + 1); flag: as entered."""
    hand = leftover_taken_by_side_1()
    hand = CardEntry(make_ruleset("escova-rs", penalty=penalty),
                     (SidePile(hand.sides[0].cards, 1), SidePile(hand.sides[1].cards, 2)), hand.leftover, 0)
    report = check_hand(hand)
    assert report.points == points
    assert [(f.code, dict(f.params)) for f in report.findings if "erred" in f.code or "max" in f.code] == codes


@pytest.mark.parametrize(("all_oros", "points"), [(1, 7), (0, 6)])
def test_a_clean_side_whose_opponents_all_erred_takes_the_match_max_deck_points(all_oros: int, points: int) -> None:
    """escova-rs with its all-oros bonus off has 5 max deck points, plus the escoba."""
    hand = leftover_taken_by_side_1()
    hand = CardEntry(make_ruleset("escova-rs", all_oros=all_oros), (SidePile(hand.sides[0].cards, 1), hand.sides[1]),
                     hand.leftover, 0)
    assert check_hand(hand).points == (points, 0)


def three_sides_side_0_erring(penalty: str) -> CardEntry:
    """Three sides; side 0 (most cards, most oros, velo) took 1c from the leftover; escobas 1, 2, 1."""
    return entry([[*OROS, *COPAS, "5e", "1c"], ["6e", "7e", *BASTOS, "small_b"], ["small_a"]],
                 leftover=without(cards(LEFTOVER), "1c"), last=2, escobas=[1, 2, 1],
                 ruleset=make_ruleset("escova-rs", penalty=penalty))


@pytest.mark.parametrize(("penalty", "points"), [("forfeit", (0, 2, 1)), ("void", (0, 2, 1)), ("flag", (4, 2, 1))])
def test_with_several_clean_sides_a_category_the_erring_side_would_have_won_goes_to_nobody(
    penalty: str, points: tuple[int, ...]
) -> None:
    """Side 0 would have won cards, oros and velo; side 1 (second on cards) and side 2 (second on oros) get none."""
    report = check_hand(three_sides_side_0_erring(penalty))
    assert [s.erred for s in report.sides] == [True, False, False]
    assert [s.counts.cards for s in report.sides] == [15, 14, 11]
    assert [s.counts.oros for s in report.sides] == [6, 0, 4]
    assert report.points == points
    assert Finding("takes_max_deck_points", {"side": 1, "points": 6}) not in report.findings


def swapped(hand: CardEntry, first: int, x: str, second: int, y: str) -> CardEntry:
    """The hand with card x of one pile and card y of another swapped."""
    cx, cy = cards(x)[0], cards(y)[0]
    sides = list(hand.sides)
    sides[first] = SidePile(tuple(cy if c == cx else c for c in sides[first].cards), sides[first].escobas)
    sides[second] = SidePile(tuple(cx if c == cy else c for c in sides[second].cards), sides[second].escobas)
    return CardEntry(hand.ruleset, tuple(sides), hand.leftover, hand.last_capture)


@pytest.mark.parametrize(("penalty", "points"), [("forfeit", (0, 0)), ("void", (0, 0)), ("flag", (4, 1))])
def test_when_every_side_erred_every_side_scores_0_unless_flagged(penalty: str, points: tuple[int, int]) -> None:
    """10o and 9e swapped between the piles: 104 and 106, a right leftover, and both sides erred."""
    hand = swapped(base(escobas=[1, 1], ruleset=make_ruleset("escoba-es", penalty=penalty)), 0, "10o", 1, "9e")
    report = check_hand(hand)
    assert report.leftover_ok
    assert [s.erred for s in report.sides] == [True, True]
    assert report.points == points
    expected = [Finding("erred_flagged", {"side": 0}), Finding("erred_flagged", {"side": 1})] if penalty == "flag" \
        else [Finding("all_erred")]
    assert [f for f in report.findings if "erred" in f.code] == expected


@pytest.mark.parametrize(("penalty", "points"), [("forfeit", (0, 0, 7)), ("void", (0, 0, 1)), ("flag", (3, 1, 1))])
def test_a_clean_side_among_three_whose_two_opponents_erred_takes_the_max_in_forfeit_mode(
    penalty: str, points: tuple[int, ...]
) -> None:
    """Sides 0 and 1 swapped 10o and 9e; side 2 is clean: 6 + its escoba in forfeit, only the escoba in void."""
    hand = entry([[*OROS, *COPAS, "5e"], ["6e", "7e", *BASTOS, "small_b"], ["small_a"]], last=2, escobas=[1, 1, 1],
                 ruleset=make_ruleset("escova-rs", penalty=penalty))
    report = check_hand(swapped(hand, 0, "10o", 1, "9e"))
    assert [s.erred for s in report.sides] == [True, True, False]
    assert report.points == points
