"""The API's OpenAPI 3.1 document, built from one small piece per area of the API.

Each piece (a module of this package) holds a ``PIECE`` dict with the ``paths`` it describes and the
``components`` they use; ``document()`` merges them under the common part (``common.py``: the errors shape,
the card code, the security schemes). An area of the API added later adds a module and names it in
``PIECES``: no piece may describe a path or a component another one already does.

Schemas are written from the rules core's own constants (rulesets, option ranges, deck styles), so the
document cannot drift from what the API reads; tests/web/test_openapi.py validates it and replays its
examples, tests/web/test_schemathesis.py fuzzes the API from it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import (
    clubs,
    common,
    confirmations,
    hands,
    health,
    matches,
    players,
    profiles,
    referee_api,
    sharing,
    tokens,
    tournaments,
)

PIECES: tuple[dict[str, Any], ...] = (referee_api.PIECE, tokens.PIECE, matches.PIECE, hands.PIECE,
                                       confirmations.PIECE, players.PIECE, sharing.PIECE, clubs.PIECE,
                                       profiles.PIECE, tournaments.PIECE, health.PIECE)


def merge(base: dict[str, Any], *pieces: dict[str, Any]) -> dict[str, Any]:
    """`base` with every piece's paths, components and tags added; a name described twice is an error."""
    merged: dict[str, Any] = {**base, "paths": dict(base.get("paths", {})), "tags": list(base.get("tags", [])),
                              "components": {kind: dict(items) for kind, items in base.get("components", {}).items()}}
    for piece in pieces:
        for path, item in piece.get("paths", {}).items():
            if path in merged["paths"]:
                raise ValueError(f"two pieces describe {path}")
            merged["paths"][path] = item
        for kind, items in piece.get("components", {}).items():
            section = merged["components"].setdefault(kind, {})
            for name, value in items.items():
                if name in section:
                    raise ValueError(f"two pieces define components.{kind}.{name}")
                section[name] = value
        merged["tags"] += piece.get("tags", [])
    return merged


@cache
def document() -> dict[str, Any]:
    """The whole document, built once per process (it depends on nothing but the code)."""
    return merge(common.BASE, *PIECES)
