"""Fifteens: splitting a pile, its suspects, and the captures a played card allows (RULES.md §2, §3.3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simulator import fifteens_with

from referee.rules import DECK, Capture, Card, InvalidEntry, Problem, find_captures, split_pile
from referee.rules.cards import parse_cards


def cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated codes."""
    return parse_cards(text.split())


def codes(group: tuple[Card, ...]) -> list[str]:
    """A group's codes, sorted for comparison."""
    return sorted(str(c) for c in group)


@pytest.mark.parametrize(
    ("pile", "fifteens"),
    [
        ("", 0),
        ("7o 8o", 1),
        ("7o 8c 10e 5b", 2),
        ("1o 2o 3o 4o 5o", 1),
        ("10o 10c 10e 10b 5o 5c 5e 5b", 4),
        ("10o 4c 1e 6b 5o 4e", 2),
        ("1o 1c 1e 1b 2o 2c 2e 2b 3o", 1),
        ("9o 6o 9c 6c 9e 6e 9b 6b 8o 7o 8c 7c", 6),
    ],
)
def test_a_pile_made_of_fifteens_splits_with_no_suspects(pile: str, fifteens: int) -> None:
    """A correct pile splits into as many fifteens as its sum holds, each summing to 15."""
    split = split_pile(cards(pile))
    assert split.ok and split.suspects == ()
    assert len(split.fifteens) == fifteens == split.total // 15
    assert all(sum(c.value for c in group) == 15 for group in split.fifteens)
    assert Counter(c for group in split.fifteens for c in group) == Counter(cards(pile))


def test_a_pile_of_three_tens_sums_to_30_but_cannot_be_split() -> None:
    """10 + 10 + 10 is a multiple of 15 and still no fifteen: every card is a suspect (RULES.md §6)."""
    split = split_pile(cards("10o 10c 10e"))
    assert split.total == 30 and split.multiple_of_15
    assert not split.ok
    assert split.fifteens == ()
    assert split.suspects == cards("10o 10c 10e")


@pytest.mark.parametrize(
    ("pile", "suspects"),
    [
        ("10o 5c 3e", "3e"),
        ("9o 6c 9e 6b 1o", "1o"),
        ("9o 9c 9e 3b", "9o 9c 9e 3b"),
        ("7o 8o 2c", "2c"),
        ("10o 5c 10b 4e 1e 6o 2c", "6o 2c"),
        ("8o", "8o"),
    ],
)
def test_a_wrong_pile_leaves_out_the_fewest_cards_as_suspects(pile: str, suspects: str) -> None:
    """The split places as many cards as possible in fifteens; the suspects are the rest."""
    split = split_pile(cards(pile))
    assert not split.ok
    assert split.suspects == tuple(sorted(cards(suspects)))
    assert all(sum(c.value for c in group) == 15 for group in split.fifteens)


def test_when_several_cards_could_be_the_suspect_one_of_them_is_chosen() -> None:
    """10o 10c 5e: either ten is left out, exactly one."""
    split = split_pile(cards("10o 10c 5e"))
    assert len(split.suspects) == 1 and split.suspects[0].value == 10
    assert len(split.fifteens) == 1


@pytest.mark.parametrize(("pile", "multiple"), [("10o 10c 10e", True), ("10o 5c 3e", False), ("", True)])
def test_multiple_of_15_tells_a_wrong_sum_from_an_unsplittable_pile(pile: str, multiple: bool) -> None:
    """A pile's sum decides multiple_of_15, whether it splits or not."""
    assert split_pile(cards(pile)).multiple_of_15 is multiple


def test_the_order_of_a_pile_does_not_change_its_split() -> None:
    """Shuffled piles give the same number of fifteens and suspects."""
    pile = list(cards("10o 5c 10b 4e 1e 6o 2c 9e 3b 3c"))
    first = split_pile(pile)
    second = split_pile(list(reversed(pile)))
    assert len(first.suspects) == len(second.suspects)
    assert len(first.fifteens) == len(second.fifteens)


def test_splitting_the_whole_deck_leaves_one_suspect_worth_10_or_more() -> None:
    """220 is 14 fifteens and 10: the fewest suspects are a single ten."""
    split = split_pile(DECK)
    assert [c.value for c in split.suspects] == [10]
    assert len(split.fifteens) == 14


def test_the_worked_example_7_and_5_on_the_table_with_a_3_is_an_escoba() -> None:
    """Table 7 + 5, hand 3: 7 + 5 + 3 = 15 takes the whole table (RULES.md §6)."""
    captures = find_captures(Card.parse("3c"), cards("7o 5e"))
    assert captures == (Capture(cards("7o 5e"), escoba=True),)


def test_a_capture_that_leaves_cards_on_the_table_is_not_an_escoba() -> None:
    """7 + 5 with a 3 while a 2 stays on the table."""
    assert find_captures(Card.parse("3c"), cards("7o 5e 2b")) == (Capture(cards("7o 5e"), escoba=False),)


def test_every_set_of_table_cards_making_15_is_listed_once() -> None:
    """A 5 on 10o 6c 4e 3b 7b can take 10o, 6c + 4e or 7b + 3b: three captures, none twice."""
    captures = find_captures(Card.parse("5o"), cards("10o 6c 4e 3b 7b"))
    assert sorted(codes(c.cards) for c in captures) == [["10o"], ["3b", "7b"], ["4e", "6c"]]
    assert len({frozenset(c.cards) for c in captures}) == len(captures)
    assert not any(c.escoba for c in captures)


def test_table_cards_of_the_same_value_give_separate_captures() -> None:
    """A 5 on two tens can take either ten."""
    captures = find_captures(Card.parse("5o"), cards("10o 10c"))
    assert sorted(codes(c.cards) for c in captures) == [["10c"], ["10o"]]


def test_a_single_table_card_taken_is_an_escoba() -> None:
    """A 5 on a lone 10 sweeps the table."""
    assert find_captures(Card.parse("5b"), cards("10e")) == (Capture(cards("10e"), escoba=True),)


@pytest.mark.parametrize(("card", "table"), [("1o", "2o 3o"), ("5o", ""), ("10o", "10c 9e 8b"), ("4c", "1o 1c 1e")])
def test_no_capture_when_no_table_cards_make_15_with_the_card(card: str, table: str) -> None:
    """Nothing to take: the card stays on the table."""
    assert find_captures(Card.parse(card), cards(table)) == ()


def test_a_whole_table_making_15_with_many_cards_is_one_escoba() -> None:
    """1 + 2 + 3 + 4 on the table with a 5 is one capture of four cards, an escoba."""
    captures = find_captures(Card.parse("5o"), cards("1o 2c 3e 4b"))
    assert len(captures) == 1 and captures[0].escoba and codes(captures[0].cards) == ["1o", "2c", "3e", "4b"]


def test_a_table_card_given_twice_is_an_invalid_entry_naming_where() -> None:
    """Duplicates on the table are named by their position."""
    with pytest.raises(InvalidEntry) as error:
        find_captures(Card.parse("3c"), cards("7o 5e 7o"))
    assert error.value.problems == (Problem(("table", 2), "duplicate_card", {"card": "7o"}),)


def test_a_played_card_already_on_the_table_is_an_invalid_entry() -> None:
    """The played card cannot also lie on the table."""
    with pytest.raises(InvalidEntry) as error:
        find_captures(Card.parse("5e"), cards("7o 5e"))
    assert error.value.problems == (Problem(("card",), "card_on_table", {"card": "5e"}),)


@settings(max_examples=200, deadline=None)
@given(cards_=st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=14))
def test_find_captures_lists_exactly_the_fifteens_the_simulator_finds(cards_: list[Card]) -> None:
    """Every capture sums to 15 with the card, each set is listed once, and none is missed."""
    card, table = cards_[0], cards_[1:]
    captures = find_captures(card, table)
    assert all(card.value + sum(c.value for c in cap.cards) == 15 for cap in captures)
    assert all(set(cap.cards) <= set(table) for cap in captures)
    found = [frozenset(cap.cards) for cap in captures]
    assert len(set(found)) == len(found)
    assert set(found) == {frozenset(group) for group in fifteens_with(card, table)}
    assert all(cap.escoba == (len(cap.cards) == len(table)) for cap in captures)


class CountingTable(list[Card]):
    """A table that counts how many cards are read from it, slices included."""

    reads = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        """Count each card iterated."""
        for card in super().__iter__():
            CountingTable.reads += 1
            yield card

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        """Count each card read by index or slice."""
        item = super().__getitem__(index)
        CountingTable.reads += len(item) if isinstance(index, slice) else 1
        return item


def test_the_duplicate_check_reads_each_table_card_a_few_times_not_once_per_other_card() -> None:
    """A table of 2 000 copies of 2o: the duplicates are found in linear time (the issue's 30 s request)."""
    table = CountingTable([Card.parse("2o")] * 2000)
    CountingTable.reads = 0
    with pytest.raises(InvalidEntry) as error:
        find_captures(Card.parse("3c"), table)
    assert len(error.value.problems) == 1999
    assert CountingTable.reads <= 5 * len(table)
