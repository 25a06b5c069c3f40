"""A stored match as the match API shows it: its rules, seats, sides, hands and standing, from the scoreboard."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..models import Hand, Match
from ..rules.match import side_of_seat
from ..services.scoreboard import erred_of, scoreboard


def _moment(value: datetime) -> str:
    """A stored UTC time in ISO 8601, with its Z."""
    return value.isoformat(timespec="seconds") + "Z"


def hand_json(match: Match, hand: Hand) -> dict[str, Any]:
    """One hand: its number, dealer (a seat), points per side, verdict and the sides that erred."""
    return {"number": hand.number, "dealer": hand.dealer, "points": list(hand.points), "valid": hand.valid,
            "erred": erred_of(match, hand)}


def match_json(match: Match) -> dict[str, Any]:
    """The whole match (the shape docs/api.md describes)."""
    board = scoreboard(match)
    seats = len(match.seats)
    return {
        "id": match.id,
        "ruleset": match.preset,
        "options": match.ruleset.options(),
        "deck_style": match.deck_style,
        "players": [{"seat": seat.position, "name": seat.name} for seat in match.seats],
        "sides": [{"name": name, "seats": [s for s in range(seats) if side_of_seat(s, seats, match.sides) == i]}
                  for i, name in enumerate(board.side_names)],
        "hands": [hand_json(match, hand) for hand in match.hands],
        "totals": list(board.standing.totals),
        "winner": board.standing.winner,
        "finished": board.standing.finished,
        "play_on": board.standing.play_on,
        "next_dealer": board.next_dealer,
        "first_player": board.first_player,
        "version": match.version,
        "created_at": _moment(match.created_at),
        "updated_at": _moment(match.updated_at),
    }
