"""Hands: review one before saving, record it, edit it, undo the last; the match settles after each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from .. import payloads
from ..extensions import db
from ..models import Hand, Match, MatchEvent, now
from ..rules import HandReport, InvalidEntry, Problem, check_hand, standing, totals
from .errors import Conflict
from .matches import ruleset_of


@dataclass(frozen=True)
class HandDraft:
    """A hand as a form gives it: the API's shape without the rules, plus who dealt.

    ``body`` has ``sides``, ``leftover`` or ``leftover_sum``, and ``last_capture``.
    """

    mode: str
    body: dict[str, Any]
    dealer: int
    client_token: str | None = None


def review_hand(match: Match, draft: HandDraft) -> HandReport:
    """The referee's report on a draft under the match's rules; InvalidEntry for bad input."""
    request = {"ruleset": match.preset, "options": ruleset_of(match).options(), **draft.body}
    return check_hand(payloads.read_score(request))


def _scorable(report: HandReport) -> list[int]:
    """The points to store; a tally that cannot name the erring side cannot be saved yet."""
    points = report.points
    if any(p is None for p in points):
        raise InvalidEntry([Problem(("sides",), "needs_pile_sums_to_save")])
    return [int(p or 0) for p in points]


def record_hand(match: Match, draft: HandDraft, expected_number: int) -> Hand:
    """Save the next hand in one transaction; a resent form returns the hand it already saved."""
    if draft.client_token:
        for hand in match.hands:
            if hand.client_token == draft.client_token:
                return hand
    number = len(match.hands) + 1
    if expected_number != number:
        raise Conflict("hand_exists", number=expected_number)
    report = review_hand(match, draft)
    hand = Hand(number=number, dealer=draft.dealer, mode=draft.mode, entry=draft.body,
                points=_scorable(report), valid=report.valid, client_token=draft.client_token)
    match.hands.append(hand)
    match.events.append(MatchEvent(kind="hand_recorded", hand_number=number,
                                   after={"points": hand.points, "valid": hand.valid}))
    _settle(match)
    _commit(number)
    return hand


def edit_hand(match: Match, number: int, draft: HandDraft, version: int) -> Hand:
    """Replace a saved hand's entry; totals and winner follow, a finished match may reopen."""
    _check_version(match, version)
    hand = next(h for h in match.hands if h.number == number)
    report = review_hand(match, draft)
    before = {"points": hand.points, "valid": hand.valid, "dealer": hand.dealer, "mode": hand.mode}
    hand.entry, hand.mode, hand.dealer = draft.body, draft.mode, draft.dealer
    hand.points, hand.valid = _scorable(report), report.valid
    match.events.append(MatchEvent(kind="hand_edited", hand_number=number, before=before,
                                   after={"points": hand.points, "valid": hand.valid, "dealer": hand.dealer,
                                          "mode": hand.mode}))
    _settle(match)
    _commit(number)
    return hand


def undo_last_hand(match: Match, version: int) -> bool:
    """Take back the last hand saved; False when there was none."""
    _check_version(match, version)
    if not match.hands:
        return False
    hand = match.hands[-1]
    match.events.append(MatchEvent(kind="hand_undone", hand_number=hand.number,
                                   before={"points": hand.points, "valid": hand.valid}))
    match.hands.remove(hand)
    _settle(match)
    _commit(hand.number)
    return True


def _check_version(match: Match, version: int) -> None:
    """Refuse a change made from a page older than the match."""
    if version != match.version:
        raise Conflict("stale")


def _settle(match: Match) -> None:
    """Recompute the winner from the stored points; note when the match ends or reopens."""
    result = standing(match.target, totals((h.points for h in match.hands), match.sides))
    if result.winner != match.winner:
        kind = "reopened" if result.winner is None else "finished"
        match.events.append(MatchEvent(kind=kind, before={"winner": match.winner}, after={"winner": result.winner}))
    match.winner, match.finished = result.winner, result.finished
    match.updated_at = now()  # every change bumps the match's version


def _commit(number: int) -> None:
    """Commit, turning a hand saved meanwhile by another phone into a Conflict."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict("hand_exists", number=number) from None
    except StaleDataError:
        db.session.rollback()
        raise Conflict("stale") from None
