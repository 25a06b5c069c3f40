"""The deck and its canonical codes (RULES.md §1)."""

from __future__ import annotations

import dataclasses

import pytest

from referee.rules import DECK, Card, Suit, UnknownCard
from referee.rules.cards import DECK_SUM, VELO, parse_cards, pile_sum

CODES = [f"{value}{suit}" for suit in "oceb" for value in range(1, 11)]


def test_the_deck_holds_40_distinct_cards_ten_of_each_suit() -> None:
    """Forty cards, no two alike, values 1–10 in each of the four suits."""
    assert len(DECK) == len(set(DECK)) == 40
    for suit in Suit:
        assert sorted(card.value for card in DECK if card.suit is suit) == list(range(1, 11))


def test_the_deck_totals_220_which_is_14_fifteens_and_10() -> None:
    """4 × 55 = 220 = 14 × 15 + 10."""
    assert DECK_SUM == sum(card.value for card in DECK) == 220
    assert divmod(DECK_SUM, 15) == (14, 10)


def test_the_canonical_codes_are_exactly_the_40_value_and_suit_letter_codes() -> None:
    """Every card prints as its value and suit letter, and those 40 codes are the whole deck."""
    assert sorted(str(card) for card in DECK) == sorted(CODES)


@pytest.mark.parametrize("code", CODES)
def test_every_canonical_code_parses_and_prints_back_unchanged(code: str) -> None:
    """parse and str are inverse on the 40 codes, and repr evaluates back to the same card."""
    card = Card.parse(code)
    assert str(card) == code
    assert card in DECK
    assert repr(card) == f"Card.parse({code!r})"
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    "text",
    ["7O", "07o", "7 o", "11o", "", "0o", "7", "o", "7x", " 7o", "7o ", "7o\n", "10", "1O", "10O", "100o", "7oo",
     "7♦", "٧o", "-7o", "+7o", "7c,"],
)
def test_a_text_that_is_not_a_canonical_code_is_rejected_with_unknown_card(text: str) -> None:
    """Uppercase, leading zeros, spaces, out-of-range values and other texts are not card codes."""
    with pytest.raises(UnknownCard) as error:
        Card.parse(text)
    assert error.value.text == text
    assert repr(text) in str(error.value)


@pytest.mark.parametrize("value", [None, 7, b"7o", ["7o"]])
def test_a_value_that_is_not_a_string_is_an_unknown_card(value: object) -> None:
    """Only strings can be card codes."""
    with pytest.raises(UnknownCard):
        Card.parse(value)  # type: ignore[arg-type]


def test_unknown_card_is_a_value_error() -> None:
    """Callers that catch ValueError also catch an unknown card."""
    assert issubclass(UnknownCard, ValueError)


@pytest.mark.parametrize("value", [0, 11, -1])
def test_a_card_cannot_be_built_with_a_value_outside_1_to_10(value: int) -> None:
    """The constructor guards the counting value too."""
    with pytest.raises(UnknownCard):
        Card(value, Suit.OROS)


def test_the_7_of_oros_is_the_velo_and_no_other_card_is() -> None:
    """is_velo is true for 7o alone."""
    assert [str(card) for card in DECK if card.is_velo] == ["7o"]
    assert Card.parse("7o") == VELO and VELO.is_velo


def test_suits_are_read_by_their_letters() -> None:
    """o, c, e, b are oros, copas, espadas, bastos."""
    assert [Suit(letter) for letter in "oceb"] == [Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS]


def test_cards_sort_in_deck_order_suit_first_then_value() -> None:
    """Sorting a shuffled deck gives DECK's order: oros, copas, espadas, bastos; 1 to 10 in each."""
    assert sorted(reversed(DECK)) == list(DECK)
    assert Card.parse("10o") < Card.parse("1c") < Card.parse("2c")


def test_cards_are_equal_and_hash_alike_by_value_and_suit() -> None:
    """Two parses of one code are the same card, usable in sets and dicts."""
    assert Card.parse("5e") == Card(5, Suit.ESPADAS)
    assert len({Card.parse("5e"), Card(5, Suit.ESPADAS)}) == 1
    assert Card.parse("5e") != Card.parse("5b")


def test_a_card_is_immutable() -> None:
    """A frozen value type: its value cannot be changed."""
    card = Card.parse("3c")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.value = 4  # type: ignore[misc]


def test_parse_cards_reads_several_codes_and_names_the_first_unknown_one() -> None:
    """parse_cards parses in order; the first bad code raises UnknownCard naming it."""
    assert parse_cards(["1o", "10b"]) == (Card(1, Suit.OROS), Card(10, Suit.BASTOS))
    with pytest.raises(UnknownCard) as error:
        parse_cards(["1o", "12b", "0c"])
    assert error.value.text == "12b"


def test_pile_sum_adds_counting_values() -> None:
    """10 + 9 + 8 = 27; an empty pile sums to 0."""
    assert pile_sum(parse_cards(["10o", "9c", "8e"])) == 27
    assert pile_sum(()) == 0
