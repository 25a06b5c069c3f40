"""Round robin by the circle method: everyone meets everyone once, sides alternating as evenly as possible."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

from referee.pairings.pairing import Pairing, seed_order

E = TypeVar("E", bound=Hashable)


def round_robin(entrants: Iterable[E]) -> list[list[Pairing[E]]]:
    """Every round of a round robin among the entrants (in seed order).

    n − 1 rounds for an even n; n rounds for an odd n, each with one bye (every entrant has one). The last slot
    stays put while the others turn round it (for an odd n that slot is the bye, so the bye moves round). Sides
    follow de Werra's canonical schedule: with an odd n nobody is home twice running (byes aside) and everyone is
    home as often as away; with an even n everyone is home twice running at most once, and one more home than away
    games or one fewer. Each round lists its tables from the best seed down, the bye last.

    >>> [[(p.home, p.away) for p in r] for r in round_robin(["a", "b", "c", "d"])]
    [[('a', 'd'), ('c', 'b')], [('a', 'c'), ('d', 'b')], [('b', 'a'), ('c', 'd')]]
    >>> [[(p.home, p.away) for p in r] for r in round_robin([1, 2, 3])]
    [[(3, 2), (1, None)], [(1, 3), (2, None)], [(2, 1), (3, None)]]
    """
    seeds = seed_order(entrants)
    if not seeds:
        return []
    slots: list[E | None] = [*seeds, None] if len(seeds) % 2 else list(seeds)
    fixed, ring = slots[-1], slots[:-1]
    turn = len(ring)
    rank = {entrant: place for place, entrant in enumerate(seeds)}
    rounds = []
    for number in range(turn):
        sides = [(ring[number], fixed) if number % 2 == 0 else (fixed, ring[number])]
        for step in range(1, len(slots) // 2):
            ahead, behind = ring[(number + step) % turn], ring[(number - step) % turn]
            sides.append((behind, ahead) if step % 2 else (ahead, behind))
        rounds.append(tables(sides, rank))
    return rounds


def tables(sides: list[tuple[E | None, E | None]], rank: dict[E, int]) -> list[Pairing[E]]:
    """A round's pairings, the best seed's table first and the bye (the pair with the empty slot) last."""
    games: list[tuple[E, E]] = []
    byes: list[Pairing[E]] = []
    for home, away in sides:
        if home is None:
            if away is not None:
                byes.append(Pairing(away, None))
        elif away is None:
            byes.append(Pairing(home, None))
        else:
            games.append((home, away))
    games.sort(key=lambda game: min(rank[game[0]], rank[game[1]]))
    return [Pairing(home, away) for home, away in games] + byes
