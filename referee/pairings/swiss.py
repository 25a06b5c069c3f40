"""A Swiss round: pairs entrants on equal scores who have not met, by a maximum-weight matching (networkx).

Each possible pairing gets a weight; networkx's `max_weight_matching` (maxcardinality: everyone is paired) finds
the pairing of the whole field whose weights sum highest. The weights are a fixed number less the pairing's cost,
and the cost is built of tiers, each tier's unit larger than everything the tiers below can add up to over a
whole round, so a tier is only ever traded against the tiers under it. From the most to the least important
(docs/tournaments.md says the same for organisers, with a worked example):

1. rematches: each earlier meeting of the two;
2. wide gaps: a pairing more than one score group apart (a score group is the entrants on the same match points);
3. the bye: an odd field has a "bye" vertex, joined only to the entrants with the fewest byes so far (so nobody
   has a second bye while another has none); giving it costs the number of entrants ranked below its taker, so
   it goes to the lowest-ranked entrant who can take it without a rematch or a wide gap above;
4. score steps: the square of the score groups between the two (two pairings one group apart cost less than one
   two groups apart);
5. who floats down: a pairing across score groups costs how many of the upper one's group rank below it (the last
   of an odd group floats);
6. whom the floater meets: how many of the lower one's group rank above it (the first of the group below);
7. the fold's reach: within a score group, the two's places in the group apart, counted as a saving (the top half
   meets the bottom half: with the floaters settled, the most places apart in total);
8. the fold's order: the square of the two's places apart in the ranking (of the pairings that reach as far, the
   one whose tables are most evenly apart: the 1st of the group's remaining 2h meets the (h+1)th, the 2nd the
   (h+2)th…, and two floaters meet the group below in their order).

Tiers 7 and 8 fold whatever is left of a group once its floaters are settled, without knowing how many are left:
the pairings that reach furthest in total are those pairing each of the top half with one of the bottom half, and
of those the one with the fewest squares pairs them in order (the rearrangement inequality). Ranking is by match
points, then seed order. What the tiers leave level is settled by networkx's matching of the field added to the
graph in ranking order: the same input always gives the same round. The higher-ranked of a pairing is home;
tables are listed from the top, the bye last. `swiss_reasons` says in a word why each table of a round was paired
so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

import networkx as nx

from referee.pairings.pairing import Pairing, Reason, seed_order
from referee.pairings.results import Outcome, Result, check_told_by_both

E = TypeVar("E", bound=Hashable)
Cost = tuple[int, int, int, int, int, int, int, int]
TIERS = 8


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

    @property
    def rank(self) -> dict[E, int]:
        """Each entrant's place in the ranking, from 0."""
        return {entrant: rank for rank, entrant in enumerate(self.ranked)}

    def cost(self, first: E, second: E, rank: dict[E, int]) -> Cost:
        """The tiers' costs of pairing two entrants (`rank`: self.rank, read once a round)."""
        upper, lower = sorted((first, second), key=rank.__getitem__)
        steps = self.group[lower] - self.group[upper]
        apart = rank[lower] - rank[upper]
        spread = len(self.ranked)  # the fold's reach as a cost: the field's size less the places apart
        floated = met = 0
        if steps:
            floated = self.group_size[self.group[upper]] - 1 - self.place_in_group[upper]
            met = self.place_in_group[lower]
        else:
            spread -= apart
        return (self.meetings[frozenset((first, second))], int(steps > 1), 0, steps * steps, floated, met, spread,
                apart * apart)

    def bye_cost(self, entrant: E, rank: dict[E, int]) -> Cost:
        """The tiers' costs of giving an entrant the bye: how many entrants rank below it."""
        return 0, 0, len(self.ranked) - 1 - rank[entrant], 0, 0, 0, 0, 0

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


def swiss_reasons(entrants: Iterable[E], results: Iterable[Result[E]], pairings: Iterable[Pairing[E]],
                  byes: Iterable[E] = ()) -> list[Reason]:
    """Why each of a Swiss round's pairings was made, from the results it was paired from (as swiss_round reads
    them): a rematch; the same score; floated down from an odd score group, or from one that could not be paired
    without a rematch; the bye to the lowest-ranked entrant without one (or, everyone having had one, of those
    with the fewest), or to one ranked higher when a lower one's bye would have forced a rematch.

    >>> from referee.pairings.results import played
    >>> results = [*played(1, 4, 21, 10), *played(5, 2, 21, 10), *played(3, 6, 21, 10)]
    >>> round_two = swiss_round(range(1, 7), results)
    >>> [(p.home, p.away, reason.value) for p, reason in zip(round_two, swiss_reasons(range(1, 7), results, round_two))]
    [(1, 3, 'same_score'), (5, 4, 'floated_odd'), (2, 6, 'same_score')]
    """
    seeds = seed_order(entrants)
    rows = list(results)
    check_told_by_both(rows)
    field = read_field(seeds, rows, Counter(byes))
    tables = list(pairings)
    taker = next((pairing.home for pairing in tables if pairing.away is None), None)
    rank = field.rank
    playing = Counter(field.group[entrant] for entrant in field.ranked if entrant != taker)
    floated_out: Counter[int] = Counter()
    for pairing in tables:
        if pairing.away is not None:
            upper, lower = sorted((pairing.home, pairing.away), key=rank.__getitem__)
            if field.group[upper] != field.group[lower]:
                floated_out[field.group[upper]] += 1
                playing[field.group[lower]] += 1  # the floater is paired in the group below it
    return [reason(field, pairing, playing, floated_out) for pairing in tables]


def reason(field: Field[E], pairing: Pairing[E], playing: Counter[int], floated_out: Counter[int]) -> Reason:
    """Why one pairing was made (`playing`: each score group's entrants paired in it, those floated into it
    included; `floated_out`: how many floated down from each)."""
    if pairing.away is None:
        eligible = [entrant for entrant in field.ranked if field.may_have_bye(entrant)]
        if pairing.home != eligible[-1]:
            return Reason.BYE_HIGHER
        return Reason.BYE if field.byes[pairing.home] == 0 else Reason.BYE_AGAIN
    if field.meetings[frozenset((pairing.home, pairing.away))]:
        return Reason.REMATCH
    upper = min(field.group[pairing.home], field.group[pairing.away])
    if upper == max(field.group[pairing.home], field.group[pairing.away]):
        return Reason.SAME_SCORE
    odd = playing[upper] % 2 == 1 and floated_out[upper] == 1
    return Reason.FLOATED_ODD if odd else Reason.FLOATED_MET


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
    rank = field.rank
    costs: dict[tuple[int, int], Cost] = {
        (first, second): field.cost(ranked[first], ranked[second], rank)
        for first, second in combinations(range(count), 2)
    }
    if count % 2:
        costs |= {(place, count): field.bye_cost(entrant, rank) for place, entrant in enumerate(ranked)
                  if field.may_have_bye(entrant)}
    # A round without a rematch or a wide gap is found among the edges without either, when they pair everyone:
    # any round with one would cost more. Far fewer edges, and a quicker search; the whole field otherwise.
    near = {edge: cost for edge, cost in costs.items() if cost[0] == cost[1] == 0}
    matched = best_matching(field, near) if len(near) < len(costs) else None
    if matched is None:
        matched = best_matching(field, costs)
        if matched is None:
            raise AssertionError("a complete graph always has a perfect matching")  # pragma: no cover
    games = [Pairing(ranked[first], ranked[second]) for first, second in matched if second < count]
    return games + [Pairing(ranked[first], None) for first, second in matched if second == count]


def best_matching(field: Field[E], costs: dict[tuple[int, int], Cost]) -> list[tuple[int, int]] | None:
    """The least costly perfect matching of these edges, as pairs of ranks (the bye the field's size), or None
    when they pair nobody off perfectly."""
    count = len(field.ranked)
    units = tier_units(count, costs.values())
    lean = leanings(field, units)
    weights = {edge: lean[edge[0]] + lean[edge[1]] - 2 * weigh(units, cost) for edge, cost in costs.items()}
    # Every perfect matching has as many edges, so one number added to each changes none's rank: all positive.
    lift = 1 - min(weights.values(), default=1)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count + count % 2))
    graph.add_weighted_edges_from((first, second, weight + lift) for (first, second), weight in weights.items())
    matched = sorted(tuple(sorted(edge)) for edge in nx.max_weight_matching(graph, maxcardinality=True))
    return matched if 2 * len(matched) == graph.number_of_nodes() else None


def tier_units(count: int, costs: Iterable[Cost]) -> list[int]:
    """What one of each tier's cost weighs: each tier's unit exceeds the most the tiers below can add up to over a
    round (count // 2 + 1 pairings at most, each no costlier than the costliest edge's tier)."""
    tiers = list(costs)
    pairs = count // 2 + 1
    highest = [max((cost[tier] for cost in tiers), default=0) for tier in range(TIERS)]
    units = [1] * TIERS
    for tier in range(TIERS - 2, -1, -1):  # from the fold's order (the last tier) up to the rematches (tier 0)
        units[tier] = units[tier + 1] * (pairs * highest[tier + 1] + 1)
    return units


def weigh(units: list[int], cost: Cost) -> int:
    """An edge's cost in one number, its tiers in their units."""
    return sum(unit * part for unit, part in zip(units, cost, strict=True))


def leanings(field: Field[E], units: list[int]) -> list[int]:
    """A number per vertex (by rank; the bye's last, 0) added to the weight of each of its edges, for speed alone.

    Each vertex is in exactly one edge of every perfect matching, so these add the same sum to every matching's
    weight and change the round found not at all. They are the fold's dual values (the edges' costs are doubled so
    that they are whole): with them the fold's edges weigh most from the start, where the matching's search
    begins (without them the fold's reach made a first round of 64 ten times slower). Each score group's expected
    remainder, its floaters in and out and the bye as they usually go, is split at its middle m into halves of h:
    a rank x below the middle leans 2(x − m) + 1 in the fold's reach and −4h·x in its order, a rank from the
    middle on 2(m − x) − 1 and 2(2h·x − h²): an edge's cost less its two ends' leanings is then nothing for the
    fold's edges and more for every other."""
    ranked, count = field.ranked, len(field.ranked)
    fewest = [entrant for entrant in ranked if field.may_have_bye(entrant)]
    bye = fewest[-1] if count % 2 and fewest else None
    lean = [0] * (count + 1)
    start, incoming = 0, 0
    for group in range(len(field.group_size)):
        size = field.group_size[group]
        members = [rank for rank in range(start, start + size) if ranked[rank] != bye]
        outgoing = (len(members) + incoming) % 2
        kept = members[incoming:len(members) - outgoing] if incoming <= len(members) else []
        if kept:
            half = len(kept) // 2
            middle = kept[half]
            for rank in range(start, start + size):
                if rank < middle:
                    lean[rank] = units[6] * (2 * (rank - middle) + 1) - units[7] * 4 * half * rank
                else:
                    lean[rank] = units[6] * (2 * (middle - rank) - 1) + units[7] * 2 * (2 * half * rank - half * half)
        start, incoming = start + size, outgoing
    return lean
