"""Template helpers, as Jinja globals, a test and a filter: card labels and the deck's words (deck_words.py),
games' short names, times, the rating's chart (rating_chart.py)."""

from __future__ import annotations

from datetime import datetime

from flask import Flask
from flask_babel import LazyString, get_locale

from ..rules import DECK, Card
from ..rules.names import DeckStyle, card_name, rank_symbol, suit_symbol
from ..words.deck_words import categories_in, words_for
from ..words.game_names import DECK_NAMES, GAME_NAMES
from .rating_chart import rating_chart


def card_face(code: str, style: str) -> dict[str, str]:
    """What a card tile shows: its corner index, suit letter and mark, and full name."""
    card = Card.parse(code)
    deck = DeckStyle(style)
    return {"code": code, "rank": rank_symbol(card, deck), "suit": card.suit.value,
            "mark": suit_symbol(card.suit, deck), "name": card_name(card, deck, str(get_locale())),
            "value": str(card.value)}


def game_name(preset: str) -> str:
    """The short name of a match's game; the preset's code for one no longer offered."""
    return str(GAME_NAMES.get(preset, preset))


def deck_name(style: str) -> str:
    """The name of a match's deck style; the style's code for one no longer offered."""
    return str(DECK_NAMES.get(style, style))


def utc_iso(moment: datetime) -> str:
    """A stored time (naive, in UTC) as ISO 8601 with its zone, for <time datetime> (static/js/localtime.js)."""
    return moment.replace(microsecond=0).isoformat() + "Z"


def is_message(value: object) -> bool:
    """A form-level error message (a string or a lazy translation), not a list of a subfield's errors."""
    return isinstance(value, str | LazyString)


def init_app(app: Flask) -> None:
    """Make the helpers available to every template."""
    app.jinja_env.tests["message"] = is_message
    app.jinja_env.globals["card_face"] = card_face
    app.jinja_env.globals["deck_words"] = words_for
    app.jinja_env.globals["categories_in"] = categories_in
    app.jinja_env.globals["game_name"] = game_name
    app.jinja_env.globals["deck_name"] = deck_name
    app.jinja_env.filters["utc_iso"] = utc_iso
    app.jinja_env.globals["card_codes"] = [str(card) for card in DECK]
    app.jinja_env.globals["rating_chart"] = rating_chart
