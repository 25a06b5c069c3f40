"""Swiss rounds: no rematch while another full pairing exists, no second bye while another entrant has none,
pairings within one score group where possible; and, for small fields, exactly the pairing of least cost as
docs/tournaments.md ranks the criteria, found by trying every pairing."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pairings import InvalidResults, Outcome, Pairing, Result, bye, played, swiss_round

BYE = -1  # the bye's vertex in the brute force (entrants are 0..n-1)
BRUTE_FORCE_UP_TO = 8


class Event:
    """A Swiss event's state as the tests keep it, apart from the code under test."""

    def __init__(self, size: int) -> None:
        """An event of `size` entrants, seeded 0, 1, 2…"""
        self.entrants = list(range(size))
        self.results: list[Result[int]] = []

    def points(self) -> Counter[int]:
        """Each entrant's match points."""
        points = Counter(dict.fromkeys(self.entrants, 0))
        for row in self.results:
            points[row.entrant] += {"win": 2, "draw": 1, "loss": 0, "bye": 2}[row.outcome.value]
        return points

    def group(self) -> dict[int, int]:
        """Each entrant's score group: 0 for the top score, 1 for the next score anyone has…"""
        points = self.points()
        scores = sorted(set(points.values()), reverse=True)
        return {entrant: scores.index(points[entrant]) for entrant in self.entrants}

    def met(self) -> Counter[frozenset[int]]:
        """How often each pair has met."""
        return Counter(frozenset((row.entrant, row.opponent)) for row in self.results
                       if row.opponent is not None and row.entrant < row.opponent)

    def byes(self) -> Counter[int]:
        """How many byes each entrant has had."""
        return Counter({entrant: sum(1 for row in self.results if row.entrant == entrant and row.opponent is None)
                        for entrant in self.entrants})

    def play(self, pairings: list[Pairing[int]], rng: random.Random) -> None:
        """Random results for a round: mostly a win to 21 or so, sometimes a draw (a result an organiser
        records when time runs out)."""
        for pairing in pairings:
            if pairing.away is None:
                self.results.append(bye(pairing.home))
                continue
            loser = rng.randint(0, 20)
            winner = loser if rng.random() < 0.1 else rng.randint(max(loser + 1, 15), 30)
            home, away = (winner, loser) if rng.random() < 0.5 else (loser, winner)
            self.results.extend(played(pairing.home, pairing.away, home, away))


def edges(pairings: list[Pairing[int]]) -> list[tuple[int, int]]:
    """A round as pairs of vertices, the bye as a pair with BYE."""
    return [(pairing.home, BYE if pairing.away is None else pairing.away) for pairing in pairings]


def perfect_matchings(vertices: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way of pairing the vertices off."""
    if not vertices:
        yield []
        return
    first, rest = vertices[0], vertices[1:]
    for index, partner in enumerate(rest):
        for others in perfect_matchings(rest[:index] + rest[index + 1:]):
            yield [(first, partner), *others]


class Criteria:
    """The criteria of docs/tournaments.md for a whole round, from an event's state before it: read apart from
    the code under test."""

    def __init__(self, event: Event) -> None:
        """Read the score groups, meetings, byes and ranking once for every pairing tried."""
        self.group, self.met, self.byes, points = event.group(), event.met(), event.byes(), event.points()
        self.fewest = min(self.byes.values())
        self.ranked = sorted(event.entrants, key=lambda entrant: (-points[entrant], entrant))
        self.place = {entrant: [other for other in self.ranked if self.group[other] == self.group[entrant]].index(
            entrant) for entrant in self.ranked}
        self.size = Counter(self.group.values())

    def cost(self, matching: list[tuple[int, int]]) -> tuple[int, ...] | None:
        """Most important first: rematches, pairings more than one score group apart, entrants ranked below the
        bye's taker, the squares of the score groups between each pair, and the places (how far each same-group
        pair's places in their group are from half the group apart; for a pair across groups, how far the upper
        one is from the bottom of its group and the lower one from the top of its own). None for a round that
        gives the bye to an entrant with more byes than another."""
        rematches = wide = below = squares = places = 0
        for one, other in matching:
            if BYE in (one, other):
                taker = one if other == BYE else other
                if self.byes[taker] > self.fewest:
                    return None
                below = len(self.ranked) - 1 - self.ranked.index(taker)
                continue
            upper, lower = (one, other) if self.group[one] <= self.group[other] else (other, one)
            steps = self.group[lower] - self.group[upper]
            rematches += self.met[frozenset((one, other))]
            wide += steps > 1
            squares += steps * steps
            if steps == 0:
                places += abs(abs(self.place[one] - self.place[other]) - self.size[self.group[one]] // 2)
            else:
                places += self.size[self.group[upper]] - 1 - self.place[upper] + self.place[lower]
        return rematches, wide, below, squares, places


def has_perfect_matching(event: Event, allowed: set[frozenset[int]]) -> bool:
    """Whether the field (with the bye, for an odd field, to an entrant with the fewest byes) can be paired using
    only the allowed pairs: networkx's maximum matching, unweighted, as an oracle apart from the weights."""
    graph: nx.Graph[int] = nx.Graph()
    vertices = event.entrants + ([BYE] if len(event.entrants) % 2 else [])
    graph.add_nodes_from(vertices)
    graph.add_edges_from(tuple(pair) for pair in allowed)
    fewest = min(event.byes().values())
    graph.add_edges_from((BYE, entrant) for entrant in event.entrants
                         if len(event.entrants) % 2 and event.byes()[entrant] == fewest)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(vertices)


def check_round(event: Event, pairings: list[Pairing[int]]) -> None:
    """The properties a Swiss round must have, given the event's state before it."""
    assert sorted(entrant for pairing in pairings for entrant in pairing.entrants) == event.entrants
    byes, met, group = event.byes(), event.met(), event.group()
    takers = [pairing.home for pairing in pairings if pairing.is_bye]
    assert len(takers) == len(event.entrants) % 2
    for taker in takers:  # never a second bye while another entrant has none
        assert byes[taker] == min(byes.values())
    games = [frozenset(pairing.entrants) for pairing in pairings if not pairing.is_bye]
    pairs = [frozenset((one, other)) for one in event.entrants for other in event.entrants if one < other]
    unmet = {pair for pair in pairs if not met[pair]}
    if any(met[game] for game in games):  # a rematch only when no full pairing of unmet entrants exists
        assert not has_perfect_matching(event, unmet)
    else:
        close = {pair for pair in unmet if abs(group[min(pair)] - group[max(pair)]) <= 1}
        if any(abs(group[min(game)] - group[max(game)]) > 1 for game in games):
            assert not has_perfect_matching(event, close)  # within one score group wherever possible
    if len(event.entrants) <= BRUTE_FORCE_UP_TO:
        vertices = event.entrants + ([BYE] if len(event.entrants) % 2 else [])
        criteria = Criteria(event)
        costs = [found for matching in perfect_matchings(vertices) if (found := criteria.cost(matching)) is not None]
        assert criteria.cost(edges(pairings)) == min(costs)


@settings(max_examples=100, deadline=None)
@given(size=st.integers(2, BRUTE_FORCE_UP_TO), rounds=st.integers(1, 10), rng=st.randoms(use_true_random=False))
def test_small_swiss_events_pair_each_round_at_the_least_cost_of_every_pairing(
        size: int, rounds: int, rng: random.Random) -> None:
    """Events of 2..8 entrants with random results, every possible pairing of each round tried: the round has the
    properties of `check_round` and the least cost. They play up to one round more than they have opponents, so
    rematches and second byes are forced now and then."""
    event = Event(size)
    for _ in range(min(rounds, size + 1)):
        pairings = swiss_round(event.entrants, event.results)
        check_round(event, pairings)
        event.play(pairings, rng)


@settings(max_examples=40, deadline=None)
@given(size=st.integers(BRUTE_FORCE_UP_TO + 1, 24), rounds=st.integers(1, 5), rng=st.randoms(use_true_random=False))
def test_swiss_rounds_avoid_rematches_and_second_byes_and_stay_in_score_groups(
        size: int, rounds: int, rng: random.Random) -> None:
    """Events of 9..24 entrants with random results over up to 5 rounds: each round has the properties of
    `check_round` (no rematch while a full pairing of entrants who have not met exists, no second bye while
    another has none, nobody two score groups away while a pairing within one exists)."""
    event = Event(size)
    for _ in range(rounds):
        pairings = swiss_round(event.entrants, event.results)
        check_round(event, pairings)
        event.play(pairings, rng)


@settings(max_examples=25, deadline=None)
@given(size=st.integers(2, 16), rounds=st.integers(1, 4), rng=st.randoms(use_true_random=False))
def test_the_same_state_pairs_the_same_whatever_order_the_results_come_in(
        size: int, rounds: int, rng: random.Random) -> None:
    """Deterministic: the same entrants and results pair the same, the results shuffled or not, and a bye told
    both in the results and in `byes` counts once."""
    event = Event(size)
    for _ in range(rounds):
        event.play(swiss_round(event.entrants, event.results), rng)
    shuffled = list(event.results)
    rng.shuffle(shuffled)
    takers = [row.entrant for row in event.results if row.outcome is Outcome.BYE]
    expected = swiss_round(event.entrants, event.results)
    assert swiss_round(event.entrants, shuffled) == expected
    assert swiss_round(event.entrants, event.results, takers) == expected


def test_the_first_round_folds_the_field_and_the_second_pairs_the_winners() -> None:
    """Round 1, everyone level: the top half meets the bottom half (1 v 5, 2 v 6…, the better seed home).
    Round 2: winners meet winners, losers losers, nobody twice."""
    entrants = list(range(1, 9))
    first = swiss_round(entrants, [])
    assert [(pairing.home, pairing.away) for pairing in first] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    results = [row for home, away in [(1, 5), (2, 6), (3, 7), (4, 8)] for row in played(home, away, 21, 10)]
    second = swiss_round(entrants, results)
    assert [(pairing.home, pairing.away) for pairing in second] == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_the_last_of_a_group_floats_down_to_meet_the_first_of_the_next() -> None:
    """Three lead on 2 points (1, 2, 3), five follow on 0 (4 to 8): 1 meets 2, the last leader (3) floats down to
    meet the first of the group below (4), and the other four fold (5 v 7, 6 v 8)."""
    results = [*played(1, 4, 21, 10), *played(2, 5, 21, 10), *played(3, 6, 21, 10)]
    pairings = swiss_round(range(1, 9), results)
    assert [(pairing.home, pairing.away) for pairing in pairings] == [(1, 2), (3, 4), (5, 7), (6, 8)]


def test_the_bye_goes_to_the_lowest_ranked_entrant_without_one() -> None:
    """Five entrants: round 1's bye to the last seed; in round 2 the lowest-ranked entrant who has not had one."""
    entrants = [1, 2, 3, 4, 5]
    first = swiss_round(entrants, [])
    assert first[-1] == Pairing(5, None)
    results = [bye(5), *played(1, 3, 21, 10), *played(2, 4, 10, 21)]
    second = swiss_round(entrants, results)
    assert second[-1] == Pairing(3, None)  # 3 and 2 lost; 3 ranks below 2 by seed
    assert swiss_round(entrants, results, byes=[3])[-1] == Pairing(2, None)


def test_a_rematch_only_when_nothing_else_pairs_everyone() -> None:
    """Three entrants after a full round robin: someone must meet again, and the bye goes to one with fewest."""
    results = [*played(1, 2, 21, 10), *played(1, 3, 21, 10), *played(2, 3, 21, 10), bye(1), bye(2), bye(3)]
    pairings = swiss_round([1, 2, 3], results)
    assert len(pairings) == 2 and pairings[-1].is_bye


def test_withdrawn_entrants_results_are_read_for_nobody() -> None:
    """An entrant who left is not paired; what the others scored against it still counts for them."""
    results = [*played(1, 9, 21, 0), *played(2, 3, 21, 0)]
    assert swiss_round([1, 2, 3, 4], results) == [Pairing(1, 2), Pairing(3, 4)]


def test_results_told_by_one_side_only_are_refused() -> None:
    """A match both sides tell differently (or one side only) cannot be paired from."""
    win, _ = played(1, 2, 21, 10)
    with pytest.raises(InvalidResults, match="not told the same way"):
        swiss_round([1, 2], [win])


def test_tiny_fields() -> None:
    """No entrants, no round; one entrant has the bye; two meet."""
    assert swiss_round([], []) == []
    assert swiss_round(["solo"], []) == [Pairing("solo", None)]
    assert swiss_round(["a", "b"], []) == [Pairing("a", "b")]
