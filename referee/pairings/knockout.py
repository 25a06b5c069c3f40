"""A knockout bracket: seeded so that the top seeds meet last, byes to the top seeds, and the next round from the
winners (with a third-place match between the semi-final losers when asked)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from referee.pairings.pairing import InvalidEntrants, Pairing, seed_order

E = TypeVar("E", bound=Hashable)


class InvalidWinners(ValueError):
    """Winners that do not finish the bracket's current round: one missing or two for a table, a stranger."""


def bracket_order(size: int) -> list[int]:
    """The seeds (from 1) of a bracket of `size` slots (a power of two) in bracket order: slots 1 and 2 meet in
    the first round, their winner the winner of slots 3 and 4, and so on. Each first-round pair of seeds sums to
    size + 1, and every half, quarter… holds the seeds a stronger seed should beat on its way.

    >>> bracket_order(16)
    [1, 16, 9, 8, 5, 12, 13, 4, 3, 14, 11, 6, 7, 10, 15, 2]
    """
    order = [1]
    while len(order) < size:
        slots = 2 * len(order)
        order = [seed for place, top in enumerate(order)
                 for seed in ((top, slots + 1 - top) if place % 2 == 0 else (slots + 1 - top, top))]
    return order


@dataclass(frozen=True)
class Bracket(Generic[E]):
    """A knockout's rounds so far, each in bracket order (the winners of its 1st and 2nd pairings meet next, of
    the 3rd and 4th…; a bye sits in its place as Pairing(entrant, None)). The final round also holds the
    third-place match, after the final, when there is one."""

    seeds: tuple[E, ...]
    third_place: bool
    rounds: tuple[tuple[Pairing[E], ...], ...]

    @property
    def size(self) -> int:
        """The slots of the bracket: the entrants rounded up to a power of two."""
        return 1 << (len(self.seeds) - 1).bit_length()

    @property
    def round_count(self) -> int:
        """How many rounds the knockout takes, the final included."""
        return self.size.bit_length() - 1

    @property
    def current(self) -> tuple[Pairing[E], ...]:
        """The round being played."""
        return self.rounds[-1]

    @property
    def at_final(self) -> bool:
        """The current round is the last: its winner is the champion."""
        return len(self.rounds) == self.round_count

    def advance(self, winners: Iterable[E]) -> Bracket[E]:
        """The bracket with its next round, from the current round's winners (a bye's entrant may be left out)."""
        if self.at_final:
            raise InvalidWinners("the final is the last round")
        won = set(winners)
        ahead = [self.winner_of(pairing, won) for pairing in self.current]
        strangers = won - set(ahead)
        if strangers:
            raise InvalidWinners(f"{sorted(map(repr, strangers))} did not win a match of this round")
        rank = {entrant: place for place, entrant in enumerate(self.seeds)}
        following = [self.meeting(ahead[slot], ahead[slot + 1], rank) for slot in range(0, len(ahead), 2)]
        losers = [other for pairing, winner in zip(self.current, ahead) for other in pairing.entrants
                  if other != winner]
        if len(following) == 1 and self.third_place and len(losers) == 2:
            following.append(self.meeting(losers[0], losers[1], rank))
        return replace(self, rounds=(*self.rounds, tuple(following)))

    @staticmethod
    def winner_of(pairing: Pairing[E], won: set[E]) -> E:
        """Who goes through from a pairing: its bye's entrant, or the one of the two among the winners."""
        through = [entrant for entrant in pairing.entrants if entrant in won or pairing.is_bye]
        if len(through) != 1:
            raise InvalidWinners(f"the match {pairing.home!r} v {pairing.away!r} needs exactly one winner")
        return through[0]

    @staticmethod
    def meeting(first: E, second: E, rank: dict[E, int]) -> Pairing[E]:
        """Two entrants' match, the better seed home."""
        return Pairing(first, second) if rank[first] < rank[second] else Pairing(second, first)


def knockout_bracket(entrants: Iterable[E], third_place: bool = False) -> Bracket[E]:
    """A knockout bracket of the entrants in seed order (by rating, or drawn: the caller orders them), its first
    round made: the bracket rounds up to a power of two, and the slots left over are byes for the top seeds.

    >>> first = knockout_bracket("ABCDEF").current
    >>> [(p.home, p.away) for p in first]
    [('A', None), ('D', 'E'), ('C', 'F'), ('B', None)]
    """
    seeds = seed_order(entrants)
    if len(seeds) < 2:
        raise InvalidEntrants("a knockout needs at least two entrants")
    bracket = Bracket(seeds, third_place, ())
    first = []
    for one, other in pairs_of(bracket_order(bracket.size)):
        # The better seed is at most size / 2, fewer than the entrants: only the worse one can be a bye.
        better, worse = sorted((one, other))
        first.append(Pairing(seeds[better - 1], seeds[worse - 1] if worse <= len(seeds) else None))
    return replace(bracket, rounds=(tuple(first),))


def pairs_of(order: list[int]) -> list[tuple[int, int]]:
    """Neighbouring slots of a bracket order: the first round's pairs of seeds."""
    return list(zip(order[::2], order[1::2]))
