"""One pairing of a round, why it was made, and the entrants' seed order every format starts from."""

from __future__ import annotations

import enum
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


class Reason(enum.Enum):
    """Why a table of a round was paired so, in a word its pages put in a line (docs/tournaments.md)."""

    SAME_SCORE = "same_score"  # Swiss: same match points, not met before
    FLOATED_ODD = "floated_odd"  # Swiss: across score groups, the upper one's group odd: its last floated down
    FLOATED_MET = "floated_met"  # Swiss: across score groups, the upper one's group had no pairing without a rematch
    REMATCH = "rematch"  # Swiss: the two have met, as every other pairing of the field also needed a rematch
    BYE = "bye"  # Swiss: the lowest-ranked entrant without a bye
    BYE_AGAIN = "bye_again"  # Swiss: everyone has had one: the lowest-ranked of those with the fewest
    BYE_HIGHER = "bye_higher"  # Swiss: those ranked below could not take it without a rematch or a wide gap
    SCHEDULE = "schedule"  # round robin: the circle method's schedule
    SEEDS = "seeds"  # knockout, first round: the bracket's seeds
    TOP_SEED_BYE = "top_seed_bye"  # knockout, first round: a bye for a top seed
    WINNERS = "winners"  # knockout: the winners of two neighbouring tables of the round before
    THIRD_PLACE = "third_place"  # knockout: the semi-finals' losers


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
