"""La setenta by the best cards tapped (rules/setenta_cards.py): the rules core works the sum out as it counts a
pile's setenta, takes them beside a typed sum only when both agree, and refuses cards the side's counts or the
other sides' cards make impossible."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simulator import SimulatedHand
from test_variant_properties import FAST, full_tally, hands, rulesets

from referee.rules import DECK, InvalidEntry, Rest, SideTally, TallyEntry, check_hand, complete_tallies, make_ruleset
from referee.rules.cards import SUITS, Card, parse_cards
from referee.rules.rulesets import Sevens
from referee.rules.setenta_cards import (
    FIGURE,
    chosen_sum,
    claimed_twice,
    given_setenta,
    kept,
    setenta_bounds,
    setenta_open,
)
from referee.rules.sevens import best_per_suit, setenta_of

SETENTA = make_ruleset("escoba-es", sevens="setenta")
# Ana: the velo, the 7 of copas, a 4 of espadas, a 4 of bastos (70); Bea: no oros at all (0).
ANA = SideTally(cards=20, oros=10, sevens=2, velo=True, escobas=1)
BEA = SideTally(cards=20, oros=0, sevens=2, velo=False)
ANA_BEST = parse_cards(["7o", "7c", "4e", "4b"])
BEA_BEST = parse_cards(["7e", "6c", "7b"])


def entry(*sides: SideTally, leftover: tuple[Card, ...] | None = None) -> TallyEntry:
    """A setenta hand by counts, the leftover (10) taken by Ana."""
    return TallyEntry(SETENTA, sides, 10, 0, leftover)


def problems_of(hand: TallyEntry) -> list[tuple[tuple[str | int, ...], str]]:
    """The (location, code) of each problem check_hand raises; fails if it raises none."""
    with pytest.raises(InvalidEntry) as error:
        check_hand(hand)
    return [(p.location, p.code) for p in error.value.problems]


@settings(max_examples=200, deadline=None)
@given(cards=st.sets(st.sampled_from(DECK), max_size=40))
def test_the_best_cards_of_any_pile_sum_to_its_setenta(cards: set[Card]) -> None:
    """Tapped as a player picks them (each suit's best; a figure as any figure), the sum is the pile's setenta, 0
    when the pile lacks a suit."""
    best = best_per_suit(sorted(cards))
    assert chosen_sum(best) == (setenta_of(sorted(cards)) or 0)
    assert chosen_sum(tuple(kept(card) for card in best)) == chosen_sum(best)


@FAST
@given(hand=hands(), ruleset=rulesets(st.just(Sevens.SETENTA)))
def test_a_tally_with_each_sides_best_cards_scores_as_the_cards_do(hand: SimulatedHand, ruleset: object) -> None:
    """Every side of a legal hand taps its best cards instead of typing its sum: the referee accepts them (sevens,
    velo, oros, the leftover's cards all agree) and scores the hand as the entry by every card, setentas too."""
    piles = [hand.whole_pile(s) for s in range(len(hand.piles))]
    by_cards = check_hand(hand.card_entry(ruleset))  # type: ignore[arg-type]
    tallies = tuple(replace(full_tally(pile, n), setenta=None,
                            setenta_cards=tuple(kept(card) for card in best_per_suit(pile)))
                    for pile, n in zip(piles, hand.escobas, strict=True))
    by_tally = check_hand(TallyEntry(ruleset, tallies, sum(c.value for c in hand.leftover),  # type: ignore[arg-type]
                                     hand.last_capture or 0, tuple(hand.leftover)))
    assert by_tally.points == by_cards.points
    assert [s.counts.setenta for s in by_tally.sides] == [s.counts.setenta for s in by_cards.sides]


def test_cards_alone_give_the_sum_and_a_side_lacking_a_suit_gives_0() -> None:
    """Ana's four cards make 70 and take the point over Bea, who has no oros (three cards: 0)."""
    report = check_hand(entry(replace(ANA, setenta_cards=ANA_BEST), replace(BEA, setenta_cards=BEA_BEST)))
    assert [s.counts.setenta for s in report.sides] == [70, None]
    assert [s.earned.sevens for s in report.sides] == [1, 0]
    assert report.sides[0].counts.setenta_cards == ANA_BEST


def test_cards_and_a_sum_that_agree_are_taken_and_a_sum_alone_still_is() -> None:
    """Both given and equal; or the sum typed alone, as before."""
    both = check_hand(entry(replace(ANA, setenta=70, setenta_cards=ANA_BEST), replace(BEA, setenta=0)))
    assert [s.counts.setenta for s in both.sides] == [70, None]
    assert given_setenta(replace(ANA, setenta=70)) == 70
    assert given_setenta(ANA) is None


def test_cards_and_a_sum_that_disagree_are_refused_at_the_sum() -> None:
    """71 typed beside cards that make 70: the typed field is named, with both figures."""
    hand = entry(replace(ANA, setenta=71, setenta_cards=ANA_BEST), replace(BEA, setenta=0))
    with pytest.raises(InvalidEntry) as error:
        check_hand(hand)
    problem = error.value.problems[0]
    assert (problem.location, problem.code, problem.params) == (
        ("sides", 0, "tally", "setenta"), "setenta_disagrees", {"value": 71, "sum": 70})


@pytest.mark.parametrize(("ana", "code"), [
    (parse_cards(["7o", "1o", "7c", "4e"]), "setenta_suit_twice"),  # two oros
    (parse_cards(["7o", "6c", "4e", "8b"]), "setenta_cards_sevens"),  # one seven tapped, two counted
    (parse_cards(["6o", "7c", "7e", "8b"]), "setenta_cards_velo"),  # holds the velo: its best oros is the velo
])
def test_cards_the_sides_counts_cannot_hold_are_refused_at_the_cards(ana: tuple[Card, ...], code: str) -> None:
    """Each names Ana's cards field."""
    assert problems_of(entry(replace(ANA, setenta_cards=ana), replace(BEA, setenta=0))) == [
        (("sides", 0, "tally", "setenta_cards"), code)]


def test_the_velo_or_an_oro_tapped_by_a_side_without_them_is_refused() -> None:
    """Bea holds no oros and not the velo: tapping the 7 of oros, or any oro, contradicts her counts."""
    velo = problems_of(entry(replace(ANA, setenta=70), replace(BEA, setenta_cards=parse_cards(["7o", "7e"]))))
    assert velo == [(("sides", 1, "tally", "setenta_cards"), "setenta_cards_not_velo")]
    oro = problems_of(entry(replace(ANA, setenta=70), replace(BEA, setenta_cards=parse_cards(["5o", "7e", "7c"]))))
    assert oro == [(("sides", 1, "tally", "setenta_cards"), "setenta_cards_oros")]


def test_a_card_two_sides_claim_is_refused_but_two_figures_of_a_suit_are_not() -> None:
    """Both tap the 7 of copas: Bea's is refused, naming Ana; a figure of bastos each is no claim."""
    ana, bea = replace(ANA, setenta_cards=ANA_BEST), replace(BEA, setenta_cards=parse_cards(["7c", "7e", "9b"]))
    with pytest.raises(InvalidEntry) as error:
        check_hand(entry(ana, bea))
    assert [(p.location, p.code, p.params) for p in error.value.problems] == [
        (("sides", 1, "tally", "setenta_cards"), "setenta_card_claimed", {"card": "7c", "owner": 0})]
    figure = SideTally(20, 5, 1, False, setenta_cards=parse_cards(["7e", "8b"]))
    assert claimed_twice([ana, figure], None, 0) == []


def test_a_card_left_on_the_table_is_the_last_capturers() -> None:
    """The 4 of espadas was on the table and Ana made the last capture: Bea cannot tap it."""
    table = parse_cards(["1o", "2o", "3o", "4e"])
    bea = replace(BEA, setenta_cards=parse_cards(["4e", "6c", "7b"]), sevens=1)
    assert problems_of(entry(replace(ANA, setenta=0, sevens=3), bea, leftover=table)) == [
        (("sides", 1, "tally", "setenta_cards"), "setenta_card_claimed")]


def test_the_side_worked_out_from_the_deck_keeps_its_best_cards() -> None:
    """The quick entry's last side gives its cards, never worked out from the others'."""
    rest = complete_tallies([replace(ANA, setenta=70), Rest(setenta_cards=BEA_BEST)])[1]
    assert rest.setenta_cards == BEA_BEST
    assert check_hand(entry(replace(ANA, setenta=70), rest)).sides[1].counts.setenta is None


def test_a_figure_is_kept_as_its_suits_first() -> None:
    """Any figure counts 10; kept as the Sota (or Jack) of its suit."""
    assert [str(kept(card)) for card in parse_cards(["10b", "9o", "8c", "7e"])] == ["8b", "8o", "8c", "7e"]
    assert FIGURE == 8


def shortcut_tallies(hand: SimulatedHand, pick: st.DataObject) -> tuple[SideTally, ...]:
    """Every side's tally as the quick entry leaves it: its sevens told (each its suit's best), the other suits
    untold; then, while the referee says which sides' untold suits can change the point, one of those sides tells
    one of its suits truthfully (its best card, or "none"), in an order Hypothesis picks."""
    piles = [hand.whole_pile(s) for s in range(len(hand.piles))]
    tallies = [replace(full_tally(pile, n), setenta=None, setenta_cards=tuple(c for c in pile if c.value == 7),
                       setenta_untold=tuple(s for s in SUITS if Card(7, s) not in pile))
               for pile, n in zip(piles, hand.escobas, strict=True)]
    while open_sides := setenta_open(setenta_bounds(tallies, hand.leftover, hand.last_capture or 0)):
        i = pick.draw(st.sampled_from(open_sides))
        suit = pick.draw(st.sampled_from(tallies[i].setenta_untold))
        best = [card for card in best_per_suit(piles[i]) if card.suit is suit]
        tallies[i] = replace(tallies[i], setenta_cards=(*(tallies[i].setenta_cards or ()), *map(kept, best)),
                             setenta_untold=tuple(s for s in tallies[i].setenta_untold if s is not suit))
    return tuple(tallies)


@FAST
@given(hand=hands(), ruleset=rulesets(st.just(Sevens.SETENTA)), pick=st.data())
def test_the_shortcut_gives_the_point_that_every_card_gives(hand: SimulatedHand, ruleset: object,
                                                            pick: st.DataObject) -> None:
    """Best cards told only while they can change the point (sevens known, the rest inferred or asked for, in any
    order): the referee accepts the hand and scores it as the entry by every card, the sevens point included; a
    side whose best cards were all told shows the setenta its cards make, any other at most what it could make."""
    by_cards = check_hand(hand.card_entry(ruleset))  # type: ignore[arg-type]
    tallies = shortcut_tallies(hand, pick)
    by_tally = check_hand(TallyEntry(ruleset, tallies, sum(c.value for c in hand.leftover),  # type: ignore[arg-type]
                                     hand.last_capture or 0, tuple(hand.leftover)))
    assert by_tally.points == by_cards.points
    assert [s.earned.sevens for s in by_tally.sides] == [s.earned.sevens for s in by_cards.sides]
    for tally, counted, carded in zip(tallies, by_tally.sides, by_cards.sides, strict=True):
        if counted.counts.setenta is not None:
            assert counted.counts.setenta == carded.counts.setenta
        if counted.counts.setenta_most is not None:
            assert tally.setenta_untold and (carded.counts.setenta or 0) <= counted.counts.setenta_most


@FAST
@given(hand=hands(), ruleset=rulesets(st.just(Sevens.SETENTA)))
def test_a_suit_left_untold_that_can_change_the_point_is_asked_for(hand: SimulatedHand, ruleset: object) -> None:
    """The sides the shortcut still had to ask, had they said nothing: the referee refuses the hand, naming each
    side whose untold suits can change the point, at its best cards."""
    piles = [hand.whole_pile(s) for s in range(len(hand.piles))]
    tallies = [replace(full_tally(pile, n), setenta=None, setenta_cards=tuple(c for c in pile if c.value == 7),
                       setenta_untold=tuple(s for s in SUITS if Card(7, s) not in pile))
               for pile, n in zip(piles, hand.escobas, strict=True)]
    asked = setenta_open(setenta_bounds(tallies, hand.leftover, hand.last_capture or 0))
    entry = TallyEntry(ruleset, tuple(tallies), sum(c.value for c in hand.leftover),  # type: ignore[arg-type]
                       hand.last_capture or 0, tuple(hand.leftover))
    if not asked:
        check_hand(entry)
        return
    assert problems_of(entry) == [(("sides", i, "tally", "setenta_cards"), "setenta_untold_needed") for i in asked]
