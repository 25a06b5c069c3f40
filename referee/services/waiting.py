"""Hands that wait for the other sides (the house rule Ruleset.confirm_hands; issue 36): who stands behind a version
of a hand, and when every side does.

A phone speaks for its side when its account holds a confirmed seat in the match (services/claims.py; a tournament
member's seat is theirs without a claim), else for itself: a phone without a seat is one voice, of a side the app
cannot name. A version of a hand counts once as many voices as the match has sides stand behind it; the phone that
saved it stands behind it from the start, so at a table of two one tap of another side's phone (or of any other
phone, where seats are not claimed) makes it count. Two phones of one side are one voice: a side cannot confirm its
own entry. docs/guide.md ("Both sides confirm each hand") says it for the players.

The use cases (confirm, enter a version of one's own, pick one, call the organiser, decide) are in
services/confirmations.py; this module is what saving, correcting and settling a hand (services/hands.py) ask.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import Hand, Match, Seat, SeatClaim
from ..rules import Standing, standing, totals
from ..rules.match import side_of_seat
from ..rules.rulesets import Confirm

Stand = dict[str, Any]  # {"user": an account's id, "side": its side, or None for a phone without a seat}


def confirms_each_hand(match: Match) -> bool:
    """Whether the match's hands wait for the other sides."""
    return match.ruleset.confirm_hands is Confirm.OTHER_SIDES


def side_of(match: Match, user_id: int) -> int | None:
    """The side of the seat the account holds by a confirmed claim in the match, None when it holds none."""
    position = db.session.scalar(select(Seat.position).join(SeatClaim, SeatClaim.seat_id == Seat.id).where(
        SeatClaim.match_id == match.id, SeatClaim.user_id == user_id, SeatClaim.confirmed_at.is_not(None)))
    return None if position is None else side_of_seat(position, len(match.seats), match.sides)


def stand_of(match: Match, user_id: int) -> Stand:
    """The account's stand behind a version: itself, and the side it speaks for."""
    return {"user": user_id, "side": side_of(match, user_id)}


def voice(stand: Stand) -> tuple[str, int]:
    """Whom a stand speaks for: its side, or its phone where it holds no seat."""
    return ("side", stand["side"]) if stand.get("side") is not None else ("phone", stand["user"])


def voices(stands: list[Stand]) -> int:
    """How many voices the stands are. A stand of no account (a backup's, restored: the file keeps sides, never
    accounts; services/backup_format.py) without a seat is a phone of its own: one phone stands once behind a hand."""
    named = [stand for stand in stands if stand.get("user") is not None or stand.get("side") is not None]
    return len({voice(stand) for stand in named}) + len(stands) - len(named)


def agreed(match: Match, stands: list[Stand]) -> bool:
    """Every side stands behind the version: as many voices as the match has sides."""
    return voices(stands) >= match.sides


def await_sides(match: Match, hand: Hand) -> None:
    """Under the house rule, a hand just saved or changed waits for the other sides, behind it the phone that saved
    it (none where no account acted: a restored backup's hand); the stands behind its earlier entry go. Without the
    rule, the hand counts at once."""
    if not confirms_each_hand(match):
        counts(hand)
        return
    hand.results = []  # the statistics, the club's board and a tournament's scores sum only the hands that count
    by = match.acting_user_id
    stand = None if by is None else stand_of(match, by)
    # The other sides' versions of a hand still waiting stay to be compared with its new entry, without the phone
    # that changed it (it stands behind the new one); a hand that counted starts anew.
    kept = [{**version, "stands": [s for s in version["stands"] if s["user"] != by]}
            for version in (hand.versions or [])] if hand.waiting else []
    hand.entered_by, hand.stands = stand, [] if stand is None else [stand]
    hand.waiting, hand.versions, hand.called_at = True, kept or None, hand.called_at if hand.waiting else None


def counts(hand: Hand) -> None:
    """The hand counts: nothing of its waiting is kept but the trail's."""
    hand.waiting, hand.entered_by, hand.stands, hand.versions, hand.called_at = False, None, None, None, None


def own_side(hand: Hand, stand: Stand) -> bool:
    """Whether the stand speaks for the side (or is the phone) that saved the hand's entry."""
    return hand.entered_by is not None and voice(hand.entered_by) == voice(stand)


def counted_standing(match: Match) -> Standing:
    """Where the match stands on the hands that count; no winner while a hand waits."""
    result = standing(match.ruleset.target, totals((hand.points for hand in counted(match)), match.sides))
    return result if first_waiting(match) is None else replace(result, winner=None)


def counted(match: Match) -> list[Hand]:
    """The hands that count: all but the waiting ones."""
    return [hand for hand in match.hands if not hand.waiting]


def first_waiting(match: Match) -> Hand | None:
    """The first hand still waiting, if any."""
    return next((hand for hand in match.hands if hand.waiting), None)
