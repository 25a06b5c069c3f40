"""Numbers in addresses: every `<int:…>` of every route stops at what the databases can store.

SQLite and PostgreSQL keep ids in 64 and 32 bits; a 30-digit match number in an address
would reach the query and fail there (OverflowError, DataError). Werkzeug's own int
converter takes a ``max``; this one has it set for every route, present and future.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter, Map

ID_MAX = 2**31 - 1  # PostgreSQL's integer, the smallest id column the app has


class IdConverter(IntegerConverter):
    """An int converter that answers 404 for numbers above ID_MAX instead of passing them on."""

    def __init__(self, url_map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", ID_MAX)
        super().__init__(url_map, *args, **kwargs)

    def to_python(self, value: str) -> int:
        """The number; one above ID_MAX is 0, which no id or hand number is, so its lookup finds nothing (404).

        Not Werkzeug's ValidationError: the router then tries the path's other rules, and a path with a rule per
        method (PUT and DELETE of a hand) answered 405 Method Not Allowed for a big number instead of 404."""
        if len(value) > len(str(ID_MAX)) or int(value) > ID_MAX:
            return 0
        return int(super().to_python(value))


def init_app(app: Flask) -> None:
    """Replace the int converter before any route is added."""
    app.url_map.converters["int"] = IdConverter
