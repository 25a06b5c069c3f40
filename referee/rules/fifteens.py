"""Fifteens: split a pile into groups of 15, find suspects, list captures.

Only counting values matter to a split, so the search runs on a multiset of
values (a tuple of ten counts) and memoises on it; cards are put back at the end.

>>> from referee.rules.cards import parse_cards
>>> split = split_pile(parse_cards(["7o", "8c", "10e", "5b"]))
>>> split.ok, [[str(c) for c in group] for group in split.fifteens]
(True, [['10e', '5b'], ['8c', '7o']])
>>> split_pile(parse_cards(["10o", "10c", "10e"])).suspects
(Card.parse('10o'), Card.parse('10c'), Card.parse('10e'))
>>> [[str(c) for c in cap.cards] for cap in find_captures(Card.parse("3c"), parse_cards(["7o", "5e", "2b"]))]
[['7o', '5e']]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from math import prod

from .cards import Card
from .problems import InvalidEntry, Problem

FIFTEEN = 15
Counts = tuple[int, ...]  # Counts[v - 1] = how many cards of value v


@dataclass(frozen=True)
class PileSplit:
    """A pile split into fifteens; the suspects are the cards no fifteen could hold."""

    fifteens: tuple[tuple[Card, ...], ...]
    suspects: tuple[Card, ...]
    total: int

    @property
    def ok(self) -> bool:
        """True when every card of the pile sits in a fifteen."""
        return not self.suspects

    @property
    def multiple_of_15(self) -> bool:
        """True when the pile's sum is a multiple of 15 (it may still fail to split)."""
        return self.total % FIFTEEN == 0


@dataclass(frozen=True)
class Capture:
    """Table cards that make 15 with a played card; escoba when they are the whole table."""

    cards: tuple[Card, ...]
    escoba: bool


def _counts(values: Iterable[int]) -> Counts:
    """The multiset of some values as ten counts."""
    counts = [0] * 10
    for value in values:
        counts[value - 1] += 1
    return tuple(counts)


def _partners(counts: list[int], need: int, top: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of available values <= top summing to need, largest values first."""
    if need == 0:
        yield ()
        return
    for value in range(min(top, need), 0, -1):
        if counts[value - 1]:
            counts[value - 1] -= 1
            for rest in _partners(counts, need - value, value):
                yield (value, *rest)
            counts[value - 1] += 1


class _Splitter:
    """Exact splits of value multisets into fifteens, memoised for one search."""

    def __init__(self) -> None:
        self._memo: dict[Counts, tuple[tuple[int, ...], ...] | None] = {}

    def split(self, counts: Counts) -> tuple[tuple[int, ...], ...] | None:
        """Groups of values covering the multiset exactly, or None if there are none."""
        if counts in self._memo:
            return self._memo[counts]
        if _least_suspects(counts):
            return None
        result = self._search(counts)
        self._memo[counts] = result
        return result

    def _search(self, counts: Counts) -> tuple[tuple[int, ...], ...] | None:
        """Place the largest value in each possible group and split the rest."""
        top = max((v for v, n in enumerate(counts, 1) if n), default=0)
        if top == 0:
            return ()
        work = list(counts)
        work[top - 1] -= 1
        # _partners takes each partner's values out of `work` while it is yielded.
        for partner in _partners(work, FIFTEEN - top, top):
            tail = self.split(tuple(work))
            if tail is not None:
                return ((top, *partner), *tail)
        return None


def _removals(counts: Counts, size: int) -> Iterator[Counts]:
    """Every sub-multiset of exactly `size` values that the pile holds."""
    def pick(value: int, left: int) -> Iterator[list[int]]:
        if value == 0:
            if left == 0:
                yield [0] * 10
            return
        for k in range(min(counts[value - 1], left), -1, -1):
            for rest in pick(value - 1, left - k):
                rest[value - 1] = k
                yield rest
    for removed in pick(10, size):
        yield tuple(removed)


def _least_suspects(counts: Counts) -> int:
    """A lower bound on the suspects of a multiset, from three facts about fifteens.

    A sum that is no multiple of 15 leaves at least one suspect. Two cards of 8 or
    more exceed 15, so a fifteen holds at most one, beside 15 − v of cards up to 7.
    And 15 is odd, so every fifteen holds an odd card: there are no more fifteens
    than odd cards, and what they cannot hold must be left out, largest cards first.
    """
    total = sum(v * n for v, n in enumerate(counts, 1))
    low = sum(v * n for v, n in enumerate(counts[:7], 1))
    placed = 0
    for need, value in ((5, 10), (6, 9), (7, 8)):
        fit = min(counts[value - 1], low // need)
        placed += fit
        low -= fit * need
    high_bound = sum(counts[7:]) - placed
    left_out = total - FIFTEEN * min(sum(counts[0::2]), total // FIFTEEN)  # counts[0::2]: 1, 3, 5, 7, 9
    sum_bound = 0
    for value in range(10, 0, -1):
        if left_out <= 0:
            break
        taken = min(counts[value - 1], -(-left_out // value))
        sum_bound += taken
        left_out -= taken * value
    return max(high_bound, sum_bound, 1 if total % FIFTEEN else 0)


class _FewestSuspects:
    """Least suspects for any multiset, by deciding the largest value first: in a group, or a suspect."""

    def __init__(self) -> None:
        self._memo: dict[Counts, tuple[int, tuple[int, ...] | None]] = {}

    def solve(self, counts: Counts) -> tuple[tuple[tuple[int, ...], ...], Counts]:
        """Groups placing as many values as possible, and the values left out."""
        groups: list[tuple[int, ...]] = []
        removed = [0] * 10
        while any(counts):
            _, group = self._best(counts)
            if group is None:
                top = max(v for v, n in enumerate(counts, 1) if n)
                removed[top - 1] += 1
                group = (top,)
            else:
                groups.append(group)
            counts = _minus(counts, group)
        return tuple(groups), tuple(removed)

    def _best(self, counts: Counts) -> tuple[int, tuple[int, ...] | None]:
        """(least suspects, the group holding the largest value, or None if it is a suspect)."""
        if counts in self._memo:
            return self._memo[counts]
        top = max((v for v, n in enumerate(counts, 1) if n), default=0)
        if top == 0:
            return 0, None
        work = list(counts)
        work[top - 1] -= 1
        floor = _least_suspects(counts)
        best: tuple[int, tuple[int, ...] | None] = (sum(counts) + 1, None)
        for partner in _partners(work, FIFTEEN - top, top):
            suspects = self._best(tuple(work))[0]
            if suspects < best[0]:
                best = (suspects, (top, *partner))
                if suspects == floor:
                    break
        if best[0] > floor:  # no early break, so _partners has put `work` back whole
            as_suspect = 1 + self._best(tuple(work))[0]
            if as_suspect <= best[0]:
                best = (as_suspect, None)
        self._memo[counts] = best
        return best


def _minus(counts: Counts, values: Iterable[int]) -> Counts:
    """A multiset less some values."""
    rest = list(counts)
    for value in values:
        rest[value - 1] -= 1
    return tuple(rest)


def _best_split(counts: Counts) -> tuple[tuple[tuple[int, ...], ...], Counts]:
    """Groups placing as many values as possible, and the values left out.

    Most wrong piles miss by a card or two: removing 0, 1, 2, … values and splitting
    the rest exactly finds them at once. When the removals to try outnumber what a
    search over every state of the pile would visit, that search is cheaper.
    """
    splitter = _Splitter()
    total = sum(v * n for v, n in enumerate(counts, 1))
    states = prod(n + 1 for n in counts)
    for size in range(_least_suspects(counts), sum(counts) + 1):
        removals = list(islice(_removals(counts, size), states // _STATES_PER_REMOVAL + 1))
        if len(removals) > states // _STATES_PER_REMOVAL:
            break
        for removed in removals:
            if (total - sum(v * n for v, n in enumerate(removed, 1))) % FIFTEEN:
                continue
            groups = splitter.split(tuple(c - r for c, r in zip(counts, removed)))
            if groups is not None:
                return groups, removed
    return _FewestSuspects().solve(counts)


# Measured (benchmarks/): one removal tried costs about as much as this many states searched.
_STATES_PER_REMOVAL = 256


def split_pile(cards: Sequence[Card]) -> PileSplit:
    """Split a pile into fifteens; for a wrong pile, place as many cards as possible."""
    by_value: dict[int, list[Card]] = {}
    for card in sorted(cards, key=lambda c: (-c.value, c.suit.value)):
        by_value.setdefault(card.value, []).append(card)
    groups, removed = _best_split(_counts(card.value for card in cards))
    fifteens = tuple(tuple(by_value[value].pop(0) for value in group) for group in groups)
    suspects = tuple(by_value[value].pop(0) for value in range(1, 11) for _ in range(removed[value - 1]))
    return PileSplit(fifteens, tuple(sorted(suspects)), sum(card.value for card in cards))


def _subsets(table: Sequence[Card], need: int, start: int) -> Iterator[tuple[Card, ...]]:
    """Subsets of table[start:] summing to need (table sorted by value, largest first)."""
    if need == 0:
        yield ()
        return
    for i in range(start, len(table)):
        card = table[i]
        if card.value <= need:
            for rest in _subsets(table, need - card.value, i + 1):
                yield (card, *rest)


def find_captures(card: Card, table: Sequence[Card]) -> tuple[Capture, ...]:
    """Every set of table cards that makes 15 with `card`, each once."""
    problems = []
    seen: set[Card] = set()
    for i, c in enumerate(table):  # one pass with a set: a long table of copies costs no more than a short one
        if c in seen:
            problems.append(Problem(("table", i), "duplicate_card", {"card": str(c)}))
        seen.add(c)
    if card in seen:
        problems.append(Problem(("card",), "card_on_table", {"card": str(card)}))
    if problems:
        raise InvalidEntry(problems)
    ordered = sorted(table, key=lambda c: (-c.value, c.suit.value))
    return tuple(
        Capture(cards, escoba=len(cards) == len(table))
        for cards in _subsets(ordered, FIFTEEN - card.value, 0)
    )

