"""The entry page's 40 card tiles (and the review's small faces), rendered once per deck style and language in
each process (a `functools.cache`).

A tile's face, name and value never change for a deck and a language, yet rendering them (a card's name in the
reader's language, the sprite's fingerprinted address, a macro call) cost about two thirds of the entry page;
only each card's select (the sides' names, where the card is) is rendered per request.
"""

from __future__ import annotations

from functools import cache

from flask import Flask, get_template_attribute, url_for
from flask_babel import get_locale
from markupsafe import Markup

from ..rules import DECK

SUITS = ("o", "c", "e", "b")
# The picker's rows: one per suit, each 1 to 10, as the deck lies on the table.
ROWS = tuple(tuple(f"{value}{suit}" for value in range(1, 11)) for suit in SUITS)
assert sorted(code for row in ROWS for code in row) == sorted(str(card) for card in DECK)


def picker_tiles(style: str) -> tuple[tuple[tuple[str, Markup], ...], ...]:
    """The picker's rows of (card code, the tile's markup up to its select's options), in the reader's language."""
    # The sprite's address is part of the key: it changes with the file's fingerprint (while developing).
    sprite = url_for("static", filename=f"img/cards/{style}.svg")
    return _tiles(style, str(get_locale()), sprite)


@cache
def _tiles(style: str, _language: str, _sprite: str) -> tuple[tuple[tuple[str, Markup], ...], ...]:
    """The tiles of one deck style in one language (see picker_tiles); rendered inside the first request asking."""
    head = get_template_attribute("hands/_tile.html", "tile_head")
    return tuple(tuple((code, Markup(head(code, style)).strip()) for code in row) for row in ROWS)


def mini_faces(style: str) -> dict[str, Markup]:
    """Each card's small face for the review's fifteens (card code → markup), in the reader's language."""
    sprite = url_for("static", filename=f"img/cards/{style}.svg")
    return _minis(style, str(get_locale()), sprite)


@cache
def _minis(style: str, _language: str, _sprite: str) -> dict[str, Markup]:
    """The small faces of one deck style in one language (see mini_faces)."""
    mini = get_template_attribute("hands/_tile.html", "mini_face")
    return {str(card): Markup(mini(str(card), style)).strip() for card in DECK}


def init_app(app: Flask) -> None:
    """Make the tiles and faces available to the templates."""
    app.jinja_env.globals["picker_tiles"] = picker_tiles
    app.jinja_env.globals["mini_faces"] = mini_faces
