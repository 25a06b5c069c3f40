"""One pairing of a round, and the entrants' seed order every format starts from."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

E = TypeVar("E", bound=Hashable)


class InvalidEntrants(ValueError):
    """The entrants cannot be paired as given (an entrant named twice)."""


@dataclass(frozen=True)
class Pairing(Generic[E]):
    """Two entrants who meet, `home` taking the first seat or side of their match; `away` None is a bye.

    >>> Pairing(3, 7)
    Pairing(home=3, away=7)
    >>> Pairing(5, None).is_bye
    True
    """

    home: E
    away: E | None

    @property
    def is_bye(self) -> bool:
        """The home entrant sits this round out (and scores it as the standings say)."""
        return self.away is None

    @property
    def entrants(self) -> tuple[E, ...]:
        """Who plays: both entrants, or the one with the bye."""
        return (self.home,) if self.away is None else (self.home, self.away)


def seed_order(entrants: Iterable[E]) -> tuple[E, ...]:
    """The entrants as a tuple in the order given, refusing one named twice (its seed would be ambiguous).

    >>> seed_order([4, 2, 9])
    (4, 2, 9)
    >>> seed_order([4, 2, 4])
    Traceback (most recent call last):
    ...
    referee.pairings.pairing.InvalidEntrants: entrant 4 is named twice
    """
    seeds = tuple(entrants)
    seen: set[E] = set()
    for entrant in seeds:
        if entrant is None:
            raise InvalidEntrants("None cannot be an entrant: it stands for a bye")
        if entrant in seen:
            raise InvalidEntrants(f"entrant {entrant!r} is named twice")
        seen.add(entrant)
    return seeds
