"""The scoreboard: what the table sees, computed from the stored hands by the rules core."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..models import Hand, Match, MatchEvent
from ..rules import InvalidEntry, Standing, first_player, next_dealer, standing, totals
from ..rules.match import side_of_seat
from .hands import erring_sides, review_stored
from .trail_actions import taken_away, trail_actions
from .waiting import counted, counted_standing, first_waiting


@dataclass(frozen=True)
class HandRow:
    """One line of the hand-by-hand table."""

    number: int
    dealer: str
    points: tuple[int, ...]
    running: tuple[int, ...]
    valid: bool
    mode: str
    erred: tuple[str, ...] = ()  # the names of the sides that erred, when the referee could tell
    dealer_side: int = 0  # the side of the seat that dealt
    waiting: bool = False  # waits for the other sides (services/waiting.py): its points are not in the totals yet


@dataclass(frozen=True)
class Scoreboard:
    """Totals against the target, hand by hand, who deals and plays next, and the result."""

    match: Match
    side_names: tuple[str, ...]
    standing: Standing
    rows: tuple[HandRow, ...]
    next_dealer: int | None  # a seat; None until the first dealer is picked or drawn
    first_player: int | None
    # What the trail offers for an event, by its id: 'restore' (a hand taken back that is the next hand
    # again), 'again' (one that is not: enter its entry as the next hand), 'revert' (a correction).
    actions: dict[int, str] = field(default_factory=dict)
    # The first hand still waiting for the other sides when the hands waiting would end the match if they counted:
    # no hand comes after it until it counts (services/hands.py: expect_next). None otherwise.
    waiting_ends: int | None = None

    @property
    def max_deck_points(self) -> int:
        """All a hand's deck points under the match's rules, escobas aside (the rules core counts them)."""
        return self.match.ruleset.max_deck_points

    @property
    def restorable(self) -> MatchEvent | None:
        """The hand taken back that can come back now, if any (at most one: the last taken back)."""
        return next((e for e in reversed(self.match.events) if self.actions.get(e.id) == "restore"), None)

    @cached_property
    def taken_away(self) -> frozenset[int]:
        """The trail's reverts that took a correction away (the others put one back): their words and buttons."""
        return taken_away(self.match)

    @property
    def leader(self) -> int | None:
        """The side ahead alone, if any."""
        top = max(self.standing.totals)
        leaders = [i for i, t in enumerate(self.standing.totals) if t == top]
        return leaders[0] if len(leaders) == 1 and top > 0 else None


def side_names(match: Match) -> tuple[str, ...]:
    """Each side's name: the player's, or both partners' joined."""
    return names_of_sides([seat.name for seat in match.seats], match.sides)


def names_of_sides(seat_names: Sequence[str], sides: int) -> tuple[str, ...]:
    """Each side's name from the seats' names in seat order: the player's, or both partners' joined."""
    names: list[list[str]] = [[] for _ in range(sides)]
    for position, name in enumerate(seat_names):
        names[side_of_seat(position, len(seat_names), sides)].append(name)
    return tuple(" & ".join(group) for group in names)


def dealer_after(match: Match, hands: list[Hand]) -> int | None:
    """Who deals the next hand: the first dealer, then round the table as the match's rules pass it."""
    if not hands:
        return match.first_dealer
    return next_dealer(hands[-1].dealer, len(match.seats), match.ruleset.deal_passes)


def erred_of(match: Match, hand: Hand) -> list[int]:
    """The sides that erred in a hand: as stored, or (for a hand saved before they were) as the rules core
    finds them in its stored entry; only a hand that failed a check can have any."""
    if hand.valid:
        return []
    if hand.erred is not None:
        return list(hand.erred)
    try:
        return erring_sides(review_stored(match, hand.entry))
    except (InvalidEntry, KeyError, TypeError, ValueError):  # an entry the rules no longer read: not known
        return []


def scoreboard(match: Match, actions: bool = False) -> Scoreboard:
    """Everything the scoreboard shows; with `actions`, what its trail offers too."""
    seat_names = [seat.name for seat in match.seats]
    names = side_names(match)
    rows, running = [], [0] * match.sides
    for hand in match.hands:
        if not hand.waiting:  # a hand waiting for the other sides shows the points it would give, adding none
            running = [r + p for r, p in zip(running, hand.points)]
        rows.append(HandRow(hand.number, seat_names[hand.dealer], tuple(hand.points), tuple(running),
                            hand.valid, hand.mode, tuple(names[i] for i in erred_of(match, hand)),
                            side_of_seat(hand.dealer, len(match.seats), match.sides), hand.waiting))
    result = counted_standing(match)
    dealer = dealer_after(match, list(match.hands))
    waiting = first_waiting(match)
    ends = waiting is not None and standing(match.ruleset.target, totals((h.points for h in match.hands),
                                                                        match.sides)).finished
    return Scoreboard(match, names, result, tuple(rows), dealer,
                      None if dealer is None else first_player(dealer, len(match.seats)),
                      trail_actions(match) if actions else {}, waiting.number if ends and waiting else None)


def totals_with(match: Match, points: list[int], replacing: int | None = None) -> tuple[int, ...]:
    """The totals if a hand with these points were saved (as a new hand, or in place of one)."""
    kept = [h.points for h in counted(match) if h.number != replacing]
    return totals([*kept, points], match.sides)
