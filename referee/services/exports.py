"""A match's hands as CSV, for a spreadsheet: one row per hand, safe to open (no cell reads as a formula).

The words (column names, yes and no, how a hand was entered) come from the caller, in the reader's language.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..models import Match
from ..search_keys import search_key
from .scoreboard import Scoreboard

# A cell a spreadsheet would read as a formula (=, +, - or @ first; a tab or return first hides one):
# prefixed with an apostrophe, which spreadsheets show as text and do not run (OWASP's CSV injection advice).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NOT_IN_FILENAME = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class CsvWords:
    """The reader's words for the CSV: column names (those of a side made from its name), values."""

    hand: str
    dealer: str
    mode: str
    points_of: Callable[[str], str]
    total_of: Callable[[str], str]
    valid: str
    erred: str
    yes: str
    no: str
    modes: Mapping[str, str]


def cell(value: Any) -> Any:
    """A value as a spreadsheet may read it: text that would start a formula is made plain text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def match_csv(board: Scoreboard, words: CsvWords) -> str:
    """The match's hands as CSV: number, dealer, how entered, each side's points and total, valid, who erred."""
    out = io.StringIO()
    writer = csv.writer(out)
    header = [words.hand, words.dealer, words.mode]
    for name in board.side_names:
        header += [words.points_of(name), words.total_of(name)]
    writer.writerow([cell(text) for text in [*header, words.valid, words.erred]])
    for row in board.rows:
        line: list[Any] = [row.number, row.dealer, words.modes.get(row.mode, row.mode)]
        for points, running in zip(row.points, row.running, strict=True):
            line += [points, running]
        line += [words.yes if row.valid else words.no, "; ".join(row.erred)]
        writer.writerow([cell(value) for value in line])
    return out.getvalue()


def export_filename(match: Match, names: tuple[str, ...], extension: str) -> str:
    """A file name for a match's export, plain ASCII: 'ana-vs-bea-2026-05-01.csv'."""
    parts = [_NOT_IN_FILENAME.sub("-", search_key(name)).strip("-") for name in names]
    slug = "-vs-".join(part or "player" for part in parts)[:60].strip("-")
    return f"{slug}-{match.created_at:%Y-%m-%d}.{extension}"
