"""The draw for dealer of a match, round by round, kept in the match's trail so a reload loses nothing.

A round that ends in a tie is stored as a 'draw_tie' event (who drew what, who draws again); the round that
names the dealer as the 'first_dealer' event, with what was drawn. A round the app drew ("Draw for us") is kept
the same way, marked `"by": "app"`; a round without the mark is one the players drew with real cards. The rounds
so far are read back from the trail: the page shows them and asks only the tied players for a card.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from ..models import Match, MatchEvent, now
from ..rules import Card, Draw, draw_at_random, draw_for_dealer, drawing_next
from ..rules.match import Sample
from .errors import Conflict
from .refusals import MatchRefusal
from .unit_of_work import use_case

BY_APP = "app"  # the trail's mark of a round the app drew
# The app's draws come from the operating system's cryptographic source: nobody at the table can tell or steer
# which card comes out.
SYSTEM_SAMPLE: Sample = secrets.SystemRandom().sample


@dataclass(frozen=True)
class DrawRound:
    """One round of the draw: each drawing seat's card, what it decided, and whether the app drew it."""

    drawn: Mapping[int, Card]
    result: Draw
    by_app: bool = False


@dataclass(frozen=True)
class DrawState:
    """The draw so far: its rounds, and the seats that draw next (none once the dealer is known)."""

    rounds: tuple[DrawRound, ...]
    drawing: tuple[int, ...]

    @property
    def dealer(self) -> int | None:
        """The seat the draw named, once it has."""
        return self.rounds[-1].result.dealer if self.rounds else None


def _drawn_of(after: Mapping[str, object]) -> dict[int, Card]:
    """The cards of a stored round, by seat."""
    drawn = after.get("drawn")
    return {int(seat): Card.parse(str(code)) for seat, code in drawn.items()} if isinstance(drawn, dict) else {}


def draw_state(match: Match) -> DrawState:
    """The rounds of the match's draw for dealer as its trail holds them, and who draws next.

    A dealer picked on the new-match form (no cards drawn) makes an empty draw with nobody drawing."""
    rounds: list[DrawRound] = []
    for event in match.events:
        # A first dealer picked on the new-match form has no cards drawn: no round.
        if event.kind in ("draw_tie", "first_dealer") and event.after and event.after.get("drawn"):
            drawn = _drawn_of(event.after)
            rounds.append(DrawRound(drawn, draw_for_dealer(drawn), event.after.get("by") == BY_APP))
    if match.first_dealer is not None:
        return DrawState(tuple(rounds), ())
    return DrawState(tuple(rounds), drawing_next(len(match.seats), [r.result for r in rounds]))


@use_case
def draw_round(match: Match, round_number: int, cards: Mapping[int, Card]) -> Draw:
    """Store one round the players drew with real cards: a tie for the seats to draw again, or the dealer.

    `round_number` is the round the page showed (1 for the first): another phone's round in between makes the
    page stale, a Conflict; so do cards from seats that are not drawing this round."""
    state = draw_state(match)
    if round_number != len(state.rounds) + 1 or tuple(sorted(cards)) != state.drawing:
        raise Conflict(MatchRefusal.DRAWN_MEANWHILE)
    result = _keep(match, cards, by_app=False)
    _bump(match)
    return result


@use_case
def draw_by_app(match: Match, round_number: int, sample: Sample | None = None) -> tuple[DrawRound, ...]:
    """"Draw for us": the app draws the round `round_number` for the seats drawing in it, and again among the
    tied until one round names the dealer, from the cards no round drew before; every round is kept in the trail
    as a round drawn with real cards is, marked as the app's, in one commit. The cards come from `sample`, the
    system's cryptographic source unless a test gives its own.

    A round number other than the draw's (a second tap, another phone's round in between, a dealer known) is a
    Conflict, and nothing is drawn: the page then shows the draw as it stands."""
    state = draw_state(match)
    if round_number != len(state.rounds) + 1 or not state.drawing:
        raise Conflict(MatchRefusal.DRAWN_MEANWHILE)
    before = [card for kept in state.rounds for card in kept.drawn.values()]
    drawn = draw_at_random(state.drawing, before, sample or SYSTEM_SAMPLE)
    rounds = tuple(DrawRound(cards, _keep(match, cards, by_app=True), by_app=True) for cards in drawn)
    _bump(match)
    return rounds


def _keep(match: Match, cards: Mapping[int, Card], *, by_app: bool) -> Draw:
    """Add one round to the trail (uncommitted): a 'draw_tie', or the 'first_dealer' with the dealer set."""
    result = draw_for_dealer(cards)
    drawn = {"drawn": {str(seat): str(card) for seat, card in cards.items()}} | ({"by": BY_APP} if by_app else {})
    if result.dealer is None:
        match.events.append(MatchEvent(kind="draw_tie", after=drawn | {"redraw": list(result.redraw)}))
    else:
        match.events.append(MatchEvent(kind="first_dealer", before={"seat": match.first_dealer},
                                       after={"seat": result.dealer} | drawn))
        match.first_dealer = result.dealer
    return result


def _bump(match: Match) -> None:
    """A new version for the match: a second phone's page of the same round is now stale (and a phone that changed
    the match meanwhile makes this one's write the Conflict 'stale': services/unit_of_work.py)."""
    match.updated_at = now()
