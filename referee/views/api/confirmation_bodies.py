"""The bodies of the match API's steps on a waiting hand (confirmations.py), read as the pages' forms read theirs
(forms/confirmations.py): the version seen, by its digest; a version's label; the organiser's reason. Every value is
bounded before any work is done, each bad one a Problem naming its field (422)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from ...bodies.match_payloads import read_line
from ...bodies.score_payloads import Reader
from ...forms.confirmations import REASON_LENGTH
from ...rules import InvalidEntry
from ...rules.problems import Location

SEEN = re.compile(r"[0-9a-f]{16}")  # services/confirmations.py: digest
LABEL = re.compile(r"[A-Z]")
CONFIRM_KEYS = {"seen"}
PICK_KEYS = {"label", "seen"}
DECIDE_KEYS = {"label", "seen", "reason"}

T = TypeVar("T")


def _digest(reader: Reader, value: Any, where: Location) -> str | None:
    """The digest of a version as the caller saw it."""
    if not (isinstance(value, str) and SEEN.fullmatch(value)):
        reader.fail(where, "digest")
        return None
    return value


def _label(reader: Reader, value: Any, where: Location) -> str | None:
    """A version's label: one capital letter."""
    if not (isinstance(value, str) and LABEL.fullmatch(value)):
        reader.fail(where, "version_label")
        return None
    return value


def _reason(reader: Reader, value: Any, where: Location) -> str | None:
    """Why the organiser decides so: 1 to REASON_LENGTH characters once trimmed, no control characters."""
    return read_line(reader, value, where, REASON_LENGTH)


def read_confirm(data: Any) -> str:
    """A confirmation: ``{"seen": "<digest of version A>"}``."""
    reader = Reader()
    body = reader.obj(data, (), CONFIRM_KEYS) or {}
    seen = reader.required(body, "seen", (), lambda value, where: _digest(reader, value, where))
    reader.done()
    return str(seen)


def read_pick(data: Any) -> tuple[str, str]:
    """A version taken: ``{"label": "B", "seen": "<its digest>"}``."""
    reader = Reader()
    body = reader.obj(data, (), PICK_KEYS) or {}
    label = reader.required(body, "label", (), lambda value, where: _label(reader, value, where))
    seen = reader.required(body, "seen", (), lambda value, where: _digest(reader, value, where))
    reader.done()
    return str(label), str(seen)


def read_decision(data: Any) -> tuple[str, str, str]:
    """The organiser's decision: ``{"label": "B", "seen": "<its digest>", "reason": "…"}``, the reason optional
    ("" without one)."""
    reader = Reader()
    body = reader.obj(data, (), DECIDE_KEYS) or {}
    label = reader.required(body, "label", (), lambda value, where: _label(reader, value, where))
    seen = reader.required(body, "seen", (), lambda value, where: _digest(reader, value, where))
    reason = _reason(reader, body["reason"], ("reason",)) if "reason" in body else ""
    reader.done()
    return str(label), str(seen), reason or ""


def read_version(data: Any, read_hand: Callable[[Any], T]) -> tuple[str, T]:
    """A version of one's own: a hand's body as `read_hand` reads it (the one a hand is recorded with) plus
    ``"seen"``, the digest of version A as the caller saw it; every problem of both refused at once."""
    reader = Reader()
    seen = None
    if isinstance(data, dict):
        seen = reader.required(data, "seen", (), lambda value, where: _digest(reader, value, where))
        data = {key: value for key, value in data.items() if key != "seen"}
    try:
        hand = read_hand(data)
    except InvalidEntry as invalid:
        raise InvalidEntry([*reader.problems, *invalid.problems]) from None
    reader.done()
    return str(seen), hand
