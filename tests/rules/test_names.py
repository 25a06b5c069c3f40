"""Names and symbols of cards per deck style and language (RULES.md §1): labels change, codes never."""

from __future__ import annotations

import pytest

from referee.rules import DECK, Card, DeckStyle, Suit
from referee.rules.names import card_name, card_symbol, rank_name, rank_symbol, suit_name, suit_symbol

SPANISH, FRENCH, FRENCH_JQ = DeckStyle.SPANISH, DeckStyle.FRENCH, DeckStyle.FRENCH_JQ


@pytest.mark.parametrize(
    ("code", "style", "lang", "name"),
    [
        ("8o", SPANISH, "es", "Sota de oros"),
        ("9c", SPANISH, "es", "Caballo de copas"),
        ("10e", SPANISH, "es", "Rey de espadas"),
        ("1b", SPANISH, "es", "As de bastos"),
        ("7o", SPANISH, "es", "7 de oros"),
        ("8o", SPANISH, "en", "Knave of coins"),
        ("9c", SPANISH, "en", "Knight of cups"),
        ("10e", SPANISH, "en", "King of swords"),
        ("1b", SPANISH, "en", "Ace of clubs"),
        ("8o", SPANISH, "pt", "Sota de ouros"),
        ("9c", SPANISH, "pt", "Cavalo de copas"),
        ("1b", SPANISH, "pt", "Ás de paus"),
        # French deck as in Brazil (seed 000): Dama/Q = 8, Valete/J = 9.
        ("8c", FRENCH, "pt", "Dama de copas"),
        ("9e", FRENCH, "pt", "Valete de espadas"),
        ("10b", FRENCH, "pt", "Rei de paus"),
        ("7o", FRENCH, "pt", "7 de ouros"),
        ("8c", FRENCH, "en", "Queen of hearts"),
        ("9e", FRENCH, "en", "Jack of spades"),
        ("1o", FRENCH, "en", "Ace of diamonds"),
        ("8c", FRENCH, "es", "Reina de corazones"),
        ("9e", FRENCH, "es", "Jota de picas"),
        ("10b", FRENCH, "es", "Rey de tréboles"),
        # French deck as adapted elsewhere: J = 8, Q = 9.
        ("8c", FRENCH_JQ, "en", "Jack of hearts"),
        ("9e", FRENCH_JQ, "en", "Queen of spades"),
        ("8c", FRENCH_JQ, "pt", "Valete de copas"),
        ("9e", FRENCH_JQ, "pt", "Dama de espadas"),
        ("8c", FRENCH_JQ, "es", "Jota de corazones"),
        ("9e", FRENCH_JQ, "es", "Reina de picas"),
        ("10o", FRENCH_JQ, "es", "Rey de diamantes"),
    ],
)
def test_a_card_is_named_by_deck_style_and_language(code: str, style: DeckStyle, lang: str, name: str) -> None:
    """The full name follows the deck style's court order and the language."""
    assert card_name(Card.parse(code), style, lang) == name


@pytest.mark.parametrize(
    ("code", "style", "symbol"),
    [
        ("8o", SPANISH, "10O"),
        ("9c", SPANISH, "11C"),
        ("10e", SPANISH, "12E"),
        ("1b", SPANISH, "1B"),
        ("5o", SPANISH, "5O"),
        ("8c", FRENCH, "Q♥"),
        ("9e", FRENCH, "J♠"),
        ("10b", FRENCH, "K♣"),
        ("1o", FRENCH, "A♦"),
        ("7o", FRENCH, "7♦"),
        ("8c", FRENCH_JQ, "J♥"),
        ("9e", FRENCH_JQ, "Q♠"),
        ("10b", FRENCH_JQ, "K♣"),
        ("1o", FRENCH_JQ, "A♦"),
    ],
)
def test_a_card_has_the_symbol_printed_in_its_corner(code: str, style: DeckStyle, symbol: str) -> None:
    """Spanish cards show 10, 11, 12 for Sota, Caballo, Rey; French ones A, Q/J, K and a suit sign."""
    assert card_symbol(Card.parse(code), style) == symbol


@pytest.mark.parametrize("style", list(DeckStyle))
@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_every_card_has_a_distinct_name_in_every_style_and_language(style: DeckStyle, lang: str) -> None:
    """Forty cards, forty different names and forty different symbols."""
    assert len({card_name(card, style, lang) for card in DECK}) == 40
    assert len({card_symbol(card, style) for card in DECK}) == 40


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_two_french_styles_swap_only_the_names_of_8_and_9(lang: str) -> None:
    """French and French-JQ differ exactly on the 8s and 9s, which trade names."""
    for card in DECK:
        french, jq = rank_name(card, FRENCH, lang), rank_name(card, FRENCH_JQ, lang)
        if card.value in (8, 9):
            assert french == rank_name(Card(17 - card.value, card.suit), FRENCH_JQ, lang) != jq
        else:
            assert french == jq


@pytest.mark.parametrize("value", range(2, 8))
def test_number_cards_are_named_by_their_number_in_every_style(value: int) -> None:
    """2–7 keep their number as rank name and corner index."""
    card = Card(value, Suit.COPAS)
    for style in DeckStyle:
        assert rank_name(card, style, "pt") == rank_symbol(card, style) == str(value)


@pytest.mark.parametrize(
    ("lang", "expected"), [("pt_BR", "Dama de copas"), ("es-ES", "Reina de corazones"), ("PT", "Dama de copas"),
                           ("fr", "Queen of hearts"), ("", "Queen of hearts")]
)
def test_a_locale_is_reduced_to_its_language_and_unknown_ones_fall_back_to_english(lang: str, expected: str) -> None:
    """'pt_BR' reads as 'pt', 'es-ES' as 'es'; a language not offered reads as English."""
    assert card_name(Card.parse("8c"), FRENCH, lang) == expected


def test_suit_names_and_signs_depend_on_the_deck_family() -> None:
    """Spanish suits are oros/copas/espadas/bastos with letters; French ones use ♦♥♠♣."""
    assert [suit_name(s, SPANISH, "es") for s in Suit] == ["oros", "copas", "espadas", "bastos"]
    assert [suit_name(s, FRENCH_JQ, "en") for s in Suit] == ["diamonds", "hearts", "spades", "clubs"]
    assert [suit_name(s, FRENCH, "pt") for s in Suit] == ["ouros", "copas", "espadas", "paus"]
    assert [suit_symbol(s, SPANISH) for s in Suit] == ["O", "C", "E", "B"]
    assert [suit_symbol(s, FRENCH) for s in Suit] == [suit_symbol(s, FRENCH_JQ) for s in Suit] == ["♦", "♥", "♠", "♣"]


def test_deck_styles_are_read_by_their_values() -> None:
    """'spanish', 'french', 'french-jq' name the styles; anything else is a ValueError."""
    assert [DeckStyle.parse(v) for v in ("spanish", "french", "french-jq")] == [SPANISH, FRENCH, FRENCH_JQ]
    with pytest.raises(ValueError):
        DeckStyle.parse("French")
