"""The match API's bodies read into typed values (a token's name; matches and hands follow), each bad value a
Problem naming its field, as referee/payloads.py reads the stateless API's."""

from __future__ import annotations

import unicodedata
from typing import Any

from .messages import shortened
from .models import NAME_LENGTH
from .payloads import _Reader

TOKEN_KEYS = {"name"}
DEFAULT_TOKEN_NAME = "API"


def _has_control_characters(text: str) -> bool:
    """True when the text holds a control or other invisible formatting character (a NUL, a newline)."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text)


def read_name(reader: _Reader, value: Any, location: tuple[str | int, ...]) -> str | None:
    """A name of 1 to NAME_LENGTH characters, surrounding spaces dropped, no control characters."""
    if not isinstance(value, str):
        reader.fail(location, "not_text")
        return None
    name = value.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        reader.fail(location, "name_length", most=NAME_LENGTH, value=shortened(name))
        return None
    if _has_control_characters(name):
        reader.fail(location, "control_characters")
        return None
    return name


def read_token_request(data: Any) -> str:
    """The name of a token to make: ``{"name": "..."}``, or no body at all for the default name."""
    if data is None:
        return DEFAULT_TOKEN_NAME
    reader = _Reader()
    body = reader.obj(data, (), TOKEN_KEYS)
    name = read_name(reader, body["name"], ("name",)) if body is not None and "name" in body else None
    reader.done()
    return name or DEFAULT_TOKEN_NAME
