"""A stored match as the match API shows it: its rules, seats, sides, hands and standing, from the scoreboard; a hand
waiting for the other sides (issue 36) with its versions (what each reader may do with them: waiting_json.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..models import Hand, Match
from ..rules.match import side_of_seat
from ..services.confirmations import digest, versions_of
from ..services.scoreboard import erred_of, scoreboard
from ..services.waiting import confirms_each_hand


def _moment(value: datetime) -> str:
    """A stored UTC time in ISO 8601, with its Z."""
    return value.isoformat(timespec="seconds") + "Z"


def hand_json(match: Match, hand: Hand, confirming: bool | None = None) -> dict[str, Any]:
    """One hand: its number, dealer (a seat), points per side, verdict and the sides that erred. Under the house rule
    that the other sides confirm each hand (`confirming`; asked of the match when not given) also whether it waits,
    and while it waits whether a side called the organiser and its versions (version_json)."""
    answer = {"number": hand.number, "dealer": hand.dealer, "points": list(hand.points), "valid": hand.valid,
              "erred": erred_of(match, hand)}
    if hand.waiting or (confirms_each_hand(match) if confirming is None else confirming):
        answer["waiting"] = hand.waiting
    if hand.waiting:
        answer |= {"called": hand.called_at is not None, "versions": [version_json(v) for v in versions_of(hand)]}
    return answer


def version_json(version: dict[str, Any]) -> dict[str, Any]:
    """One version of a waiting hand (services/confirmations.py: versions_of): its label, points and verdict, its
    digest (what a confirmation, a pick or a decision names it by) and the sides standing behind it (null for a
    phone without a seat)."""
    return {"label": version["label"], "points": list(version["points"]), "digest": digest(version),
            "valid": version["valid"], "sides": [stand.get("side") for stand in version["stands"]]}


def match_json(match: Match) -> dict[str, Any]:
    """The whole match (the shape docs/api.md describes)."""
    board = scoreboard(match)
    seats = len(match.seats)
    confirming = confirms_each_hand(match)
    return {
        "id": match.id,
        "ruleset": match.preset,
        "options": match.ruleset.options(),
        "deck_style": match.deck_style,
        "players": [{"seat": seat.position, "name": seat.name} for seat in match.seats],
        "sides": [{"name": name, "seats": [s for s in range(seats) if side_of_seat(s, seats, match.sides) == i]}
                  for i, name in enumerate(board.side_names)],
        "hands": [hand_json(match, hand, confirming) for hand in match.hands],
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
