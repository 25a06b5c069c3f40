"""Input errors: an entry that breaks the rules of entry is not scored (RULES.md §3.1, §3.4).

A problem names where it is (a path such as ``("sides", 1, "cards", 3)``), what is
wrong (a stable code) and the values a message needs (a ``card`` as its code, ``cards``
as a tuple of codes); the web layer words it in the reader's language, naming the
cards as the match's deck does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Location = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry, and where."""

    location: Location
    code: str
    params: Mapping[str, object] = field(default_factory=dict)


class InvalidEntry(ValueError):
    """An entry that cannot be scored, with every problem found in it."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.code} at {p.location}" for p in self.problems))
