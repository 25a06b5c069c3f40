"""The trail put to use: restore a hand taken back, revert a correction (what each event allows is
referee/services/trail_actions.py's).

Each undo keeps the whole hand in its `before` (mode, dealer, entry, points, verdict, client_token);
each correction its whole entry before and after (referee/services/hands.py). Events older than that
kept only points: they are shown, and offer nothing.

A revert is itself a change in the trail, and can be reverted in turn: reverting a correction takes it away,
reverting that revert puts the correction back, and so on. Which of the two a revert did follows from the chain
of events it reverted (`taken_away`), so a trail written before the words told them apart reads right too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..models import Hand, Match, MatchEvent
from ..rules import Standing, standing
from .errors import Conflict, NotFound
from .hand_results import keep_results
from .hands import (
    RESHAPING,
    HandDraft,
    check_version,
    erring_sides,
    points_to_store,
    reshape,
    review_hand,
    saving_as_one,
    settle,
    whole_hand,
)
from .refusals import MatchRefusal
from .scoreboard import totals_with
from .trail_actions import hand_numbered, kept_entry, puts_back, restorable, revertable
from .unit_of_work import use_case
from .waiting import await_sides


def _event(match: Match, event_id: int, kinds: tuple[str, ...]) -> MatchEvent:
    """One of the match's events of these kinds; NotFound for any other."""
    event = next((e for e in match.events if e.id == event_id and e.kind in kinds), None)
    if event is None:
        raise NotFound(event_id)
    return event


def _draft(facts: dict[str, Any], client_token: str | None = None) -> HandDraft:
    """A kept entry as a draft, to review again under the match's rules."""
    return HandDraft.kept(str(facts["mode"]), dict(facts["entry"]), int(facts["dealer"]), client_token)


def undone_event(match: Match, event_id: int) -> MatchEvent:
    """A hand taken back whose entry the trail kept, to enter again; NotFound otherwise."""
    event = _event(match, event_id, ("hand_undone",))
    if not kept_entry(event.before):
        raise NotFound(event_id)
    return event


@use_case
def restore_hand(match: Match, event_id: int, version: int) -> Hand:
    """Bring back a hand taken back, as it was, under its own client_token (so that a late resend of it
    finds it). Conflict('not_next') when it no longer follows the hands there are ('finished' once the match is
    over), before Conflict('stale') for a page older than the match."""
    event = undone_event(match, event_id)
    if not restorable(match, event):
        raise Conflict(MatchRefusal.FINISHED if match.finished else MatchRefusal.NOT_NEXT, number=event.hand_number,
                       next=len(match.hands) + 1, event=event.id)
    check_version(match, version)
    facts = event.before or {}
    token = facts.get("client_token")
    draft = _draft(facts, token)
    report = review_hand(match, draft)
    points = points_to_store(report)
    number = len(match.hands) + 1
    with saving_as_one(match, number):
        # The entry as the trail kept it: the hand comes back as it was.
        hand = Hand(number=number, dealer=draft.dealer, mode=draft.mode, entry=dict(facts["entry"]), points=points,
                    valid=report.valid, erred=erring_sides(report), client_token=token)
        match.hands.append(hand)
        keep_results(match, hand, report)
        await_sides(match, hand)  # a hand back on the scoreboard waits again under the house rule, as a new one
        match.events.append(MatchEvent(kind="hand_restored", hand_number=number,
                                       after={**whole_hand(hand), "client_token": token, "restores": event.id}))
        settle(match)
    return hand


@dataclass(frozen=True)
class RevertPreview:
    """What reverting an event of the trail would do: the hand's points and the match's standing, now and after."""

    event: MatchEvent
    number: int
    puts_back: bool  # the revert would put a correction back (it reverts a revert that took one away)
    points_now: tuple[int, ...]
    points_after: tuple[int, ...]
    now: Standing
    after: Standing

    @property
    def winner_changes(self) -> bool:
        """True when the revert gives the match another winner, or one, or takes its winner away."""
        return self.now.winner != self.after.winner


def preview_revert(match: Match, event_id: int) -> RevertPreview:
    """What reverting this correction (or revert) would do, for the page that asks first; NotFound for an event
    that is no correction, Conflict('not_revertable') as for revert_correction, InvalidEntry when the entry from
    before no longer passes the checks."""
    event = _event(match, event_id, RESHAPING)
    if not revertable(match, event):
        raise Conflict(MatchRefusal.NOT_REVERTABLE, number=event.hand_number)
    hand = hand_numbered(match, event.hand_number)
    assert hand is not None  # revertable() found it
    points = points_to_store(review_hand(match, _draft(event.before or {})))
    target = match.ruleset.target
    return RevertPreview(
        event=event, number=hand.number,
        puts_back=puts_back(match, event),
        points_now=tuple(hand.points), points_after=tuple(points),
        now=standing(target, totals_with(match, list(hand.points), replacing=hand.number)),
        after=standing(target, totals_with(match, points, replacing=hand.number)))


@use_case
def revert_correction(match: Match, event_id: int, version: int) -> tuple[Hand, bool]:
    """Give a corrected hand back the entry it had before that correction: a change of its own in the trail.
    The hand, and whether the revert put a correction back (see taken_away).
    Conflict('not_revertable') when the hand is no longer the one corrected, or has that entry already."""
    event = _event(match, event_id, RESHAPING)
    if not revertable(match, event):
        raise Conflict(MatchRefusal.NOT_REVERTABLE, number=event.hand_number)
    check_version(match, version)
    hand = hand_numbered(match, event.hand_number)
    assert hand is not None  # revertable() found it
    back = puts_back(match, event)
    draft = _draft(event.before or {})
    report = review_hand(match, draft)
    with saving_as_one(match, hand.number):
        reshape(match, hand, draft, report, "hand_reverted", reverts=event.id)
    return hand, back
