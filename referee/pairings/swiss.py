"""A Swiss round: pairs entrants on equal scores who have not met, by a maximum-weight matching (networkx).

Each possible pairing gets a weight; networkx's `max_weight_matching` (maxcardinality: everyone is paired) finds
the pairing of the whole field whose weights sum highest. The weights are a fixed number less the pairing's cost,
and the cost is built of tiers, each tier's unit larger than everything the tiers below can add up to over a
whole round, so a tier is only ever traded against the tiers under it. From the most to the least important
(docs/tournaments.md says the same for organisers):

1. rematches: each earlier meeting of the two;
2. wide gaps: a pairing more than one score group apart (a score group is the entrants on the same match points);
3. the bye: an odd field has a "bye" vertex, joined only to the entrants with the fewest byes so far (so nobody
   has a second bye while another has none); giving it costs the number of entrants ranked below its taker, so
   it goes to the lowest-ranked entrant who can take it without a rematch or a wide gap above;
4. score steps: the square of the score groups between the two (two pairings one group apart cost less than one
   two groups apart);
5. places: within a score group of g entrants, how far the two's places in the group are from g // 2 apart (the
   top half meets the bottom half, the 1st the (g//2 + 1)th, as Swiss events pair); between two groups, how far
   the upper one is from the bottom of its group plus how far the lower one is from the top of its own (the last
   of a group floats down, to meet the first of the next).

Ranking is by match points, then seed order. What the tiers leave level is settled by networkx's matching of the
field added to the graph in ranking order: the same input always gives the same round. The higher-ranked of a
pairing is home; tables are listed from the top, the bye last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

import networkx as nx

from referee.pairings.pairing import Pairing, seed_order
from referee.pairings.results import Outcome, Result, check_told_by_both

E = TypeVar("E", bound=Hashable)
Weigh = Callable[[tuple[int, ...]], int]


@dataclass(frozen=True)
class Field(Generic[E]):
    """The state a Swiss round is paired from: the entrants in ranking order, their score groups and places in
    them, who met whom how often, and how many byes each has had."""

    ranked: tuple[E, ...]
    group: dict[E, int]
    place_in_group: dict[E, int]
    group_size: dict[int, int]
    meetings: Counter[frozenset[E]]
    byes: Counter[E]

    def cost(self, first: E, second: E) -> tuple[int, int, int, int, int]:
        """The tiers' costs of pairing two entrants: (rematches, wide gap, bye, score steps², places)."""
        upper, lower = sorted((first, second), key=self.group.__getitem__)
        steps = self.group[lower] - self.group[upper]
        if steps == 0:
            apart = abs(self.place_in_group[first] - self.place_in_group[second])
            places = abs(apart - self.group_size[self.group[first]] // 2)
        else:  # the one floating down should be the last of its group, and meet the first of the group below
            places = self.group_size[self.group[upper]] - 1 - self.place_in_group[upper] + self.place_in_group[lower]
        return self.meetings[frozenset((first, second))], int(steps > 1), 0, steps * steps, places

    def bye_cost(self, entrant: E) -> tuple[int, int, int, int, int]:
        """The tiers' costs of giving an entrant the bye: how many entrants rank below it."""
        return 0, 0, len(self.ranked) - 1 - self.ranked.index(entrant), 0, 0

    def may_have_bye(self, entrant: E) -> bool:
        """Only the entrants with the fewest byes so far may have this one."""
        return self.byes[entrant] == min(self.byes[other] for other in self.ranked)


def swiss_round(entrants: Iterable[E], results: Iterable[Result[E]], byes: Iterable[E] = ()) -> list[Pairing[E]]:
    """The next Swiss round of the entrants (in seed order) from the results so far.

    `byes` names the entrants who have had a bye (an entrant named twice had two); a bye row among the results
    counts too, and the same bye told both ways counts once. Results of entrants no longer in the field (withdrawn)
    are read for nobody.

    >>> from referee.pairings.results import played
    >>> first = swiss_round([1, 2, 3, 4], [])
    >>> [(p.home, p.away) for p in first]
    [(1, 3), (2, 4)]
    >>> results = [*played(1, 3, 21, 9), *played(2, 4, 21, 15)]
    >>> [(p.home, p.away) for p in swiss_round([1, 2, 3, 4], results)]
    [(1, 2), (3, 4)]
    """
    seeds = seed_order(entrants)
    rows = list(results)
    check_told_by_both(rows)
    field = read_field(seeds, rows, Counter(byes))
    return pair(field)


def read_field(seeds: tuple[E, ...], rows: list[Result[E]], byes_named: Counter[E]) -> Field[E]:
    """The field's ranking, score groups, meetings and byes from the result rows."""
    seed = {entrant: place for place, entrant in enumerate(seeds)}
    points = Counter({entrant: 0 for entrant in seeds})
    meetings: Counter[frozenset[E]] = Counter()
    bye_rows: Counter[E] = Counter()
    for row in rows:
        if row.entrant not in seed:
            continue
        points[row.entrant] += row.match_points
        if row.outcome is Outcome.BYE:
            bye_rows[row.entrant] += 1
        elif row.opponent in seed and seed[row.entrant] < seed[row.opponent]:  # each match once, from one side
            meetings[frozenset((row.entrant, row.opponent))] += 1
    ranked = tuple(sorted(seeds, key=lambda entrant: (-points[entrant], seed[entrant])))
    scores = sorted({points[entrant] for entrant in seeds}, reverse=True)
    group = {entrant: scores.index(points[entrant]) for entrant in seeds}
    group_size = Counter(group.values())
    place_in_group = {entrant: sum(1 for other in ranked[:rank] if group[other] == group[entrant])
                      for rank, entrant in enumerate(ranked)}
    byes = Counter({entrant: max(bye_rows[entrant], byes_named[entrant]) for entrant in seeds})
    return Field(ranked, group, place_in_group, dict(group_size), meetings, byes)


def pair(field: Field[E]) -> list[Pairing[E]]:
    """The round's pairings: the maximum-weight perfect matching of the field (and the bye vertex if odd)."""
    ranked = field.ranked
    count = len(ranked)
    costs: dict[tuple[int, int], tuple[int, int, int, int, int]] = {
        (first, second): field.cost(ranked[first], ranked[second]) for first, second in combinations(range(count), 2)
    }
    if count % 2:
        costs |= {(rank, count): field.bye_cost(entrant) for rank, entrant in enumerate(ranked)
                  if field.may_have_bye(entrant)}
    weigh = weigher(count, costs.values())
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count + count % 2))
    graph.add_weighted_edges_from((first, second, weigh(cost)) for (first, second), cost in costs.items())
    matched = sorted(tuple(sorted(edge)) for edge in nx.max_weight_matching(graph, maxcardinality=True))
    if 2 * len(matched) != graph.number_of_nodes():
        raise AssertionError("a complete graph always has a perfect matching")  # pragma: no cover
    games = [Pairing(ranked[first], ranked[second]) for first, second in matched if second < count]
    return games + [Pairing(ranked[first], None) for first, second in matched if second == count]


def weigher(count: int, costs: Iterable[tuple[int, ...]]) -> Weigh:
    """The weight of an edge from its tiers' costs: each tier's unit exceeds the most the tiers below can add up
    to over a round (count // 2 + 1 pairings at most, each no costlier than the costliest edge's tier)."""
    tiers = list(costs)
    pairs = count // 2 + 1
    highest = [max((cost[tier] for cost in tiers), default=0) for tier in range(5)]
    units = [1] * 5
    for tier in range(3, -1, -1):  # from the places (tier 4) up to the rematches (tier 0)
        units[tier] = units[tier + 1] * (pairs * highest[tier + 1] + 1)
    top = units[0] * (pairs * highest[0] + 1)

    def weigh(cost: tuple[int, ...]) -> int:
        """A fixed number less the edge's cost, so the lightest perfect matching weighs most."""
        return top - sum(unit * part for unit, part in zip(units, cost, strict=True))

    return weigh

