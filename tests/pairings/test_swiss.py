"""Swiss rounds: no rematch while another full pairing exists, no second bye while another entrant has none,
pairings within one score group where possible; and, for small fields, exactly the pairing of least cost as
docs/tournaments.md ranks the criteria, found by trying every pairing."""

from __future__ import annotations

import functools
import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pairings import InvalidResults, Outcome, Pairing, Reason, Result, bye, played, swiss_reasons, swiss_round

BYE = -1  # the bye's vertex in the brute force (entrants are 0..n-1)
BRUTE_FORCE_UP_TO = 10


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


class Criteria:
    """The criteria of docs/tournaments.md ("Swiss: who meets whom, in this order") for a whole round, from an
    event's state before it: read apart from the code under test, one number per criterion, the most important
    first, each to be as small as possible."""

    def __init__(self, event: Event) -> None:
        """Read the score groups, meetings, byes and ranking once for every pairing tried."""
        self.group, self.met, self.byes, points = event.group(), event.met(), event.byes(), event.points()
        self.fewest = min(self.byes.values())
        self.ranked = sorted(event.entrants, key=lambda entrant: (-points[entrant], entrant))
        self.rank = {entrant: rank for rank, entrant in enumerate(self.ranked)}
        self.place = {entrant: [other for other in self.ranked if self.group[other] == self.group[entrant]].index(
            entrant) for entrant in self.ranked}
        self.size = Counter(self.group.values())

    def edge(self, one: int, other: int) -> tuple[int, ...] | None:
        """One table's part of each criterion: (a rematch, two or more score groups apart, entrants ranked below
        the bye's taker, the square of the score groups between the two, for a floater how many of its group rank
        below it, for whom it meets how many of that one's group rank above it, less the places apart of two of
        one group, the square of the places apart in the ranking). None for a bye to an entrant with more byes
        than another (never allowed)."""
        if BYE in (one, other):
            taker = one if other == BYE else other
            if self.byes[taker] > self.fewest:
                return None
            return 0, 0, len(self.ranked) - 1 - self.rank[taker], 0, 0, 0, 0, 0
        upper, lower = sorted((one, other), key=self.rank.__getitem__)
        steps = self.group[lower] - self.group[upper]
        floated = self.size[self.group[upper]] - 1 - self.place[upper] if steps else 0
        met_floater = self.place[lower] if steps else 0
        spread = 0 if steps else self.place[lower] - self.place[upper]
        return (self.met[frozenset((one, other))], int(steps > 1), 0, steps * steps, floated, met_floater, -spread,
                (self.rank[lower] - self.rank[upper]) ** 2)

    def cost(self, matching: list[tuple[int, int]]) -> tuple[int, ...] | None:
        """A whole round's criteria, each summed over its tables and compared in order (None: never allowed)."""
        parts = [self.edge(one, other) for one, other in matching]
        if any(part is None for part in parts):
            return None
        return tuple(map(sum, zip(*(part for part in parts if part is not None), strict=True)))

    def best(self, vertices: list[int]) -> tuple[int, ...]:
        """The least cost of every pairing of the vertices: each way of pairing them off tried, the first vertex
        with every partner and the rest in turn (kept per set of vertices left, so that a field of ten is quick)."""
        edge = functools.cache(self.edge)

        @functools.cache
        def least(left: frozenset[int]) -> tuple[int, ...] | None:
            """The least cost of pairing these vertices off, None when only forbidden byes would."""
            if not left:
                return (0,) * 8
            first = min(left)
            found = []
            for partner in left - {first}:
                head, rest = edge(first, partner), least(left - {first, partner})
                if head is not None and rest is not None:
                    found.append(tuple(a + b for a, b in zip(head, rest, strict=True)))
            return min(found, default=None)

        answer = least(frozenset(vertices))
        assert answer is not None
        return answer


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
    check_reasons(event, pairings)
    if len(event.entrants) <= BRUTE_FORCE_UP_TO:
        vertices = event.entrants + ([BYE] if len(event.entrants) % 2 else [])
        criteria = Criteria(event)
        assert criteria.cost(edges(pairings)) == criteria.best(vertices)


def check_reasons(event: Event, pairings: list[Pairing[int]]) -> None:
    """Each table's reason says what the event's state before the round shows of it: a rematch when the two have
    met, the same score when they share it, a float otherwise; a bye to the lowest-ranked of those with the fewest
    byes, or to one ranked higher."""
    group, met, byes = event.group(), event.met(), event.byes()
    criteria = Criteria(event)
    floats = {Reason.FLOATED_ODD, Reason.FLOATED_MET}
    for pairing, reason in zip(pairings, swiss_reasons(event.entrants, event.results, pairings), strict=True):
        if pairing.away is None:
            eligible = [entrant for entrant in criteria.ranked if byes[entrant] == criteria.fewest]
            expected = (Reason.BYE_HIGHER if pairing.home != eligible[-1]
                        else Reason.BYE if criteria.fewest == 0 else Reason.BYE_AGAIN)
            assert reason is expected
        elif met[frozenset(pairing.entrants)]:
            assert reason is Reason.REMATCH
        elif group[pairing.home] == group[pairing.away]:
            assert reason is Reason.SAME_SCORE
        else:
            assert reason in floats


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


def test_an_odd_group_floats_its_last_down_not_its_leader() -> None:
    """Six entrants after 1 v 4, 2 v 5 and 3 v 6, won by 1, 5 and 3: the leaders 1, 3 and 5 are an odd group, so
    its last, 5, floats down; it has met 2, the first of the group below, so it meets the next, 4; 1 meets 3 and
    2 meets 6. Neither 1 (the leader) nor 3 floats, though either would leave a pairing without a rematch too."""
    results = [*played(1, 4, 21, 10), *played(5, 2, 21, 10), *played(3, 6, 21, 10)]
    pairings = swiss_round(range(1, 7), results)
    assert [(pairing.home, pairing.away) for pairing in pairings] == [(1, 3), (5, 4), (2, 6)]
    assert swiss_reasons(range(1, 7), results, pairings) == [Reason.SAME_SCORE, Reason.FLOATED_ODD,
                                                              Reason.SAME_SCORE]


def test_an_odd_group_of_five_floats_its_fifth_and_folds_the_other_four() -> None:
    """Five lead on 2 points (1 to 5, after beating 6 to 10), five follow on 0: the 5th leader floats down to meet
    the first of the group below (6), the other leaders fold 1 v 3 and 2 v 4, and the rest of the group below
    folds 7 v 9 and 8 v 10."""
    results = [row for home in range(1, 6) for row in played(home, home + 5, 21, 10)]
    pairings = swiss_round(range(1, 11), results)
    assert [(pairing.home, pairing.away) for pairing in pairings] == [(1, 3), (2, 4), (5, 6), (7, 9), (8, 10)]


def test_of_two_floaters_the_higher_meets_the_higher() -> None:
    """A group of two who have met cannot pair within it: both float, the higher-ranked meeting the first of the
    group below and the lower-ranked its second; what is left below folds."""
    results = [*played(1, 2, 15, 15), *played(3, 4, 21, 10), *played(5, 6, 21, 10)]
    # 1 and 2 drew (1 point each), 3 and 5 won (2), 4 and 6 lost (0): groups {3, 5}, {1, 2}, {4, 6}.
    pairings = swiss_round(range(1, 7), results)
    assert [(pairing.home, pairing.away) for pairing in pairings] == [(3, 5), (1, 4), (2, 6)]
    assert swiss_reasons(range(1, 7), results, pairings) == [Reason.SAME_SCORE, Reason.FLOATED_MET,
                                                              Reason.FLOATED_MET]


def test_the_guides_worked_example() -> None:
    """docs/tournaments.md's five players over three rounds, their tables and the reasons the pages give."""
    names = ["Ana", "Bea", "Caio", "Dora", "Eva"]
    rounds = [swiss_round(names, [])]
    results = [bye("Eva"), *played("Ana", "Caio", 21, 14), *played("Bea", "Dora", 18, 21)]
    rounds.append(swiss_round(names, results))
    second = [*results, bye("Caio"), *played("Ana", "Dora", 19, 21), *played("Eva", "Bea", 21, 9)]
    rounds.append(swiss_round(names, second))
    assert [[(p.home, p.away) for p in one] for one in rounds] == [
        [("Ana", "Caio"), ("Bea", "Dora"), ("Eva", None)],
        [("Ana", "Dora"), ("Eva", "Bea"), ("Caio", None)],
        [("Dora", "Caio"), ("Eva", "Ana"), ("Bea", None)],
    ]
    assert [swiss_reasons(names, state, one) for state, one in zip([[], results, second], rounds)] == [
        [Reason.SAME_SCORE, Reason.SAME_SCORE, Reason.BYE],
        [Reason.SAME_SCORE, Reason.FLOATED_ODD, Reason.BYE],
        [Reason.FLOATED_MET, Reason.FLOATED_MET, Reason.BYE],
    ]


def test_the_bye_goes_to_the_lowest_ranked_entrant_without_one() -> None:
    """Five entrants: round 1's bye to the last seed; in round 2 the lowest-ranked entrant who has not had one."""
    entrants = [1, 2, 3, 4, 5]
    first = swiss_round(entrants, [])
    assert first[-1] == Pairing(5, None)
    results = [bye(5), *played(1, 3, 21, 10), *played(2, 4, 10, 21)]
    second = swiss_round(entrants, results)
    assert second[-1] == Pairing(3, None)  # 3 and 2 lost; 3 ranks below 2 by seed
    assert swiss_reasons(entrants, results, second)[-1] is Reason.BYE
    assert swiss_round(entrants, results, byes=[3])[-1] == Pairing(2, None)


def test_the_bye_goes_higher_when_a_lower_ones_would_force_a_wide_gap() -> None:
    """Five entrants after two rounds (1 and 3 drew; 4 beat 2, 1 beat 4, 5 beat 3; 5 and 2 had the byes): 5 leads on
    4, then 1 on 3, 2 and 4 on 2, 3 on 1. The lowest without a bye is 3, but with 3 out the others pair without a
    rematch only as 5 v 4 (two score groups apart) and 1 v 2; 4's bye leaves 5 v 1 and 2 v 3, one group apart."""
    results = [*played(1, 3, 15, 15), *played(2, 4, 12, 19), bye(5), *played(1, 4, 22, 8), *played(3, 5, 0, 30),
               bye(2)]
    third = swiss_round(range(1, 6), results)
    assert third == [Pairing(5, 1), Pairing(2, 3), Pairing(4, None)]
    assert swiss_reasons(range(1, 6), results, third) == [Reason.FLOATED_ODD, Reason.FLOATED_ODD, Reason.BYE_HIGHER]


def test_once_everyone_has_had_a_bye_the_next_goes_to_the_lowest_ranked() -> None:
    """Three entrants, each with a bye and a win: level on 4, the bye goes to the last seed, and says why."""
    results = [bye(3), *played(1, 2, 21, 10), bye(2), *played(3, 1, 21, 10), bye(1), *played(2, 3, 21, 10)]
    pairings = swiss_round([1, 2, 3], results)
    assert pairings[-1] == Pairing(3, None)
    assert swiss_reasons([1, 2, 3], results, pairings) == [Reason.REMATCH, Reason.BYE_AGAIN]


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
