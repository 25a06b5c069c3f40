"""A request body read as JSON, refusing what would cost more than it is worth.

The body's size is bounded by MAX_CONTENT_LENGTH before it is read (Werkzeug
answers 413). Its nesting is bounded here: ``json.loads`` recurses once per level,
so a body nested 1 000 deep raised RecursionError; the depth is measured first, by
a linear scan that skips strings, and a body deeper than MAX_DEPTH is never parsed.

>>> nesting_depth('{"a": [1, {"b": "]]]"}]}')
3
>>> parse(b'[[[]]]')
[[[]]]
>>> parse(b'[NaN]')
Traceback (most recent call last):
referee.bodies.json_body.UnreadableBody: malformed_json
>>> parse(b'[' * (MAX_DEPTH + 1) + b']' * (MAX_DEPTH + 1))
Traceback (most recent call last):
referee.bodies.json_body.UnreadableBody: too_deep
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 400

# A string, closed or not (an unclosed one runs to the end): each match starts at a quote
# and the scan goes on after it, so the pass is linear even on hostile input.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class UnreadableBody(ValueError):
    """A body that is not JSON, or nested too deep to read; ``code`` names which for messages.py."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in a JSON text, brackets inside strings aside."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are Python's extensions, not JSON."""
    raise ValueError(f"{name} is not JSON")


def parse(data: bytes) -> Any:
    """The JSON value of a body (UTF-8, -16 or -32 as RFC 8259 allows); UnreadableBody otherwise."""
    try:
        text = data.decode(json.detect_encoding(data))
    except UnicodeDecodeError:
        raise UnreadableBody("malformed_json") from None
    # Counting the openers is cheap and bounds the depth from above: most bodies need no scan.
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting_depth(text) > MAX_DEPTH:
        raise UnreadableBody("too_deep", most=MAX_DEPTH)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except ValueError:  # JSONDecodeError, and a number past Python's limit on digits
        raise UnreadableBody("malformed_json") from None
