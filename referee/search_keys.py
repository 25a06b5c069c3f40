"""Search keys: a name as the history's player filter compares it, without case or accents.

The key is stored beside each seat's name (Seat.name_key), so a search compares plain stored text on
SQLite and PostgreSQL alike instead of running a function over every row.
"""

from __future__ import annotations

import unicodedata


def search_key(text: str) -> str:
    """The text without accents, case or compatibility forms, for matching part of a name.

    >>> search_key("Lucía") == search_key("LUCIA") == search_key("lucia")
    True
    >>> search_key(" Ｂｅａ ")
    'bea'
    >>> search_key("Straße")
    'strasse'
    """
    # Case-folded first: folding can itself add a combining mark ('İ' → 'i' + dot above), dropped next.
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare)
