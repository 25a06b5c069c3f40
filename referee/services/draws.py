"""The draw for dealer of a match, round by round, kept in the match's trail so a reload loses nothing.

A round that ends in a tie is stored as a 'draw_tie' event (who drew what, who draws again); the round that
names the dealer as the 'first_dealer' event, with what was drawn. The rounds so far are read back from the
trail: the page shows them and asks only the tied players for a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..models import Match, MatchEvent, now
from ..rules import Card, Draw, draw_for_dealer, drawing_next
from .errors import Conflict
from .matches import set_first_dealer


@dataclass(frozen=True)
class DrawRound:
    """One round of the draw: each drawing seat's card, and what it decided."""

    drawn: Mapping[int, Card]
    result: Draw


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
            rounds.append(DrawRound(drawn, draw_for_dealer(drawn)))
    if match.first_dealer is not None:
        return DrawState(tuple(rounds), ())
    return DrawState(tuple(rounds), drawing_next(len(match.seats), [r.result for r in rounds]))


def draw_round(match: Match, round_number: int, cards: Mapping[int, Card]) -> Draw:
    """Store one round of the draw: a tie for the seats to draw again, or the dealer.

    `round_number` is the round the page showed (1 for the first): another phone's round in between makes the
    page stale, a Conflict; so do cards from seats that are not drawing this round."""
    state = draw_state(match)
    if round_number != len(state.rounds) + 1 or tuple(sorted(cards)) != state.drawing:
        raise Conflict("stale")
    result = draw_for_dealer(cards)
    drawn = {str(seat): str(card) for seat, card in cards.items()}
    if result.dealer is not None:
        set_first_dealer(match, result.dealer, drawn=drawn)
        return result
    match.events.append(MatchEvent(kind="draw_tie", after={"drawn": drawn, "redraw": list(result.redraw)}))
    match.updated_at = now()  # bumps the version: a second phone's page of the same round is now stale
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise Conflict("stale") from None
    return result
