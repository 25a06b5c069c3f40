"""What a person sees of a card: names and symbols per deck style and language.

The codes never change with the deck; only these labels do (RULES.md §1).

>>> card_name(Card.parse("8o"), DeckStyle.SPANISH, "es")
'Sota de oros'
>>> card_name(Card.parse("8c"), DeckStyle.FRENCH, "pt")
'Dama de copas'
>>> card_symbol(Card.parse("9e"), DeckStyle.FRENCH_JQ)
'Q♠'
"""

from __future__ import annotations

from enum import Enum

from .cards import Card, Suit


class DeckStyle(Enum):
    """How the 40 cards look: Spanish, or French with either court order."""

    SPANISH = "spanish"
    FRENCH = "french"  # Brazil (seed 000): Q = 8, J = 9
    FRENCH_JQ = "french-jq"  # elsewhere: J = 8, Q = 9

    @classmethod
    def parse(cls, text: str) -> DeckStyle:
        """Read a deck style by its value; raise ValueError otherwise."""
        return cls(text)


LANGUAGES = ("en", "es", "pt")

_SUIT_NAMES: dict[tuple[str, str], dict[Suit, str]] = {
    ("spanish", "en"): {Suit.OROS: "coins", Suit.COPAS: "cups", Suit.ESPADAS: "swords", Suit.BASTOS: "clubs"},
    ("spanish", "es"): {Suit.OROS: "oros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos"},
    ("spanish", "pt"): {Suit.OROS: "ouros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "paus"},
    ("french", "en"): {Suit.OROS: "diamonds", Suit.COPAS: "hearts", Suit.ESPADAS: "spades", Suit.BASTOS: "clubs"},
    ("french", "es"): {Suit.OROS: "diamantes", Suit.COPAS: "corazones", Suit.ESPADAS: "picas", Suit.BASTOS: "tréboles"},
    ("french", "pt"): {Suit.OROS: "ouros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "paus"},
}

# Court and ace names, by counting value; other values are named by their number.
_RANK_NAMES: dict[tuple[str, str], dict[int, str]] = {
    ("spanish", "en"): {1: "Ace", 8: "Knave", 9: "Knight", 10: "King"},
    ("spanish", "es"): {1: "As", 8: "Sota", 9: "Caballo", 10: "Rey"},
    ("spanish", "pt"): {1: "Ás", 8: "Sota", 9: "Cavalo", 10: "Rei"},
    ("french", "en"): {1: "Ace", 8: "Queen", 9: "Jack", 10: "King"},
    ("french", "es"): {1: "As", 8: "Reina", 9: "Jota", 10: "Rey"},
    ("french", "pt"): {1: "Ás", 8: "Dama", 9: "Valete", 10: "Rei"},
    ("french-jq", "en"): {1: "Ace", 8: "Jack", 9: "Queen", 10: "King"},
    ("french-jq", "es"): {1: "As", 8: "Jota", 9: "Reina", 10: "Rey"},
    ("french-jq", "pt"): {1: "Ás", 8: "Valete", 9: "Dama", 10: "Rei"},
}

_OF = {"en": "of", "es": "de", "pt": "de"}

_FRENCH_SUIT_SYMBOLS = {Suit.OROS: "♦", Suit.COPAS: "♥", Suit.ESPADAS: "♠", Suit.BASTOS: "♣"}
# Spanish suits have no Unicode symbols; their initials are what players write.
_SPANISH_SUIT_SYMBOLS = {Suit.OROS: "O", Suit.COPAS: "C", Suit.ESPADAS: "E", Suit.BASTOS: "B"}
_RANK_SYMBOLS = {
    "spanish": {8: "10", 9: "11", 10: "12"},  # the index printed on a Spanish card
    "french": {1: "A", 8: "Q", 9: "J", 10: "K"},
    "french-jq": {1: "A", 8: "J", 9: "Q", 10: "K"},
}


def _language(lang: str) -> str:
    """Reduce a locale such as 'pt_BR' or 'es-ES' to one of LANGUAGES (default 'en')."""
    short = lang.replace("-", "_").split("_")[0].lower()
    return short if short in LANGUAGES else "en"


def suit_name(suit: Suit, style: DeckStyle, lang: str = "en") -> str:
    """The suit's name in a deck style and language: 'oros', 'hearts', 'paus'."""
    family = "spanish" if style is DeckStyle.SPANISH else "french"
    return _SUIT_NAMES[family, _language(lang)][suit]


def rank_name(card: Card, style: DeckStyle, lang: str = "en") -> str:
    """The rank's name: 'Sota', 'Queen', 'Valete', or the number for 2–7."""
    return _RANK_NAMES[style.value, _language(lang)].get(card.value, str(card.value))


def card_name(card: Card, style: DeckStyle, lang: str = "en") -> str:
    """The card's full name: 'Sota de oros', 'Queen of hearts', '7 de ouros'."""
    return of_suit(rank_name(card, style, lang), card.suit, style, lang)


def of_suit(ranks: str, suit: Suit, style: DeckStyle, lang: str = "en") -> str:
    """Ranks (already listed, as a sentence lists them) of one suit: 'Ace, 3 and 4 of coins'.

    >>> of_suit("As, 3 y 4", Suit.OROS, DeckStyle.SPANISH, "es")
    'As, 3 y 4 de oros'
    """
    language = _language(lang)
    return f"{ranks} {_OF[language]} {suit_name(suit, style, language)}"


def suit_symbol(suit: Suit, style: DeckStyle) -> str:
    """A short mark of the suit: '♦' on a French deck, 'O' on a Spanish one."""
    table = _SPANISH_SUIT_SYMBOLS if style is DeckStyle.SPANISH else _FRENCH_SUIT_SYMBOLS
    return table[suit]


def rank_symbol(card: Card, style: DeckStyle) -> str:
    """The index printed in the card's corner: '12' (Rey), 'Q', 'A', '5'."""
    return _RANK_SYMBOLS[style.value].get(card.value, str(card.value))


def card_symbol(card: Card, style: DeckStyle) -> str:
    """The card as a short mark: '12O', 'Q♥', '7♦'."""
    return f"{rank_symbol(card, style)}{suit_symbol(card.suit, style)}"
