"""The 40-card deck: suits, cards, canonical codes and names per deck style.

>>> Card.parse("7o")
Card.parse('7o')
>>> str(Card.parse("10b"))
'10b'
>>> Card.parse("7o").is_velo
True
>>> sum(card.value for card in DECK)
220
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class UnknownCard(ValueError):
    """A text that is not one of the 40 canonical card codes."""

    def __init__(self, text: str) -> None:
        super().__init__(f"unknown card {text!r}")
        self.text = text


class Suit(Enum):
    """The four suits, by the letter the canonical codes use."""

    OROS = "o"
    COPAS = "c"
    ESPADAS = "e"
    BASTOS = "b"


# Strict on purpose: '7O', '07o' and '7 o' must not be read as '7o'.
_CODE = re.compile(r"(10|[1-9])([oceb])")


@dataclass(frozen=True)
class Card:
    """One card: a counting value 1–10 and a suit; sorts in deck order (suit, then value)."""

    value: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 1 <= self.value <= 10:
            raise UnknownCard(f"{self.value}{self.suit.value}")

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a canonical code such as ``'7o'``; raise UnknownCard otherwise."""
        match = _CODE.fullmatch(code) if isinstance(code, str) else None
        if match is None:
            raise UnknownCard(str(code))
        return cls(int(match.group(1)), Suit(match.group(2)))

    @property
    def is_velo(self) -> bool:
        """True for the 7 of oros, the velo."""
        return self.value == 7 and self.suit is Suit.OROS

    def __lt__(self, other: Card) -> bool:
        return (_SUIT_ORDER[self.suit], self.value) < (_SUIT_ORDER[other.suit], other.value)

    def __str__(self) -> str:
        return f"{self.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}
DECK: tuple[Card, ...] = tuple(Card(value, suit) for suit in SUITS for value in range(1, 11))
DECK_SUM = sum(card.value for card in DECK)
VELO = Card(7, Suit.OROS)


def parse_cards(codes: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse several codes; the first unknown one raises UnknownCard."""
    return tuple(Card.parse(code) for code in codes)


def pile_sum(cards: tuple[Card, ...] | list[Card] | frozenset[Card]) -> int:
    """The sum of the counting values of some cards."""
    return sum(card.value for card in cards)
