"""Template helpers: card labels and the deck's words (deck_words.py), in the match's deck and the page's language."""

from __future__ import annotations

from flask import Flask
from flask_babel import LazyString, get_locale

from ..deck_words import categories_in, words_for
from ..rules import DECK, Card
from ..rules.names import DeckStyle, card_name, rank_symbol, suit_symbol


def card_face(code: str, style: str) -> dict[str, str]:
    """What a card tile shows: its corner index, suit letter and mark, and full name."""
    card = Card.parse(code)
    deck = DeckStyle(style)
    return {"code": code, "rank": rank_symbol(card, deck), "suit": card.suit.value,
            "mark": suit_symbol(card.suit, deck), "name": card_name(card, deck, str(get_locale())),
            "value": str(card.value)}


def is_message(value: object) -> bool:
    """A form-level error message (a string or a lazy translation), not a list of a subfield's errors."""
    return isinstance(value, str | LazyString)


def init_app(app: Flask) -> None:
    """Make the helpers available to every template."""
    app.jinja_env.tests["message"] = is_message
    app.jinja_env.globals["card_face"] = card_face
    app.jinja_env.globals["deck_words"] = words_for
    app.jinja_env.globals["categories_in"] = categories_in
    app.jinja_env.globals["card_codes"] = [str(card) for card in DECK]
