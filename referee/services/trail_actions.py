"""What each event of the match's trail allows: restore a hand taken back, revert a correction (or a revert),
and which reverts took a correction away. Read by the scoreboard (its trail's buttons and words) and by
referee/services/trail.py, which does what these allow.
"""

from __future__ import annotations

from typing import Any

from ..models import Hand, Match, MatchEvent
from .hands import RESHAPING

# The events after which a hand taken back is no longer the one that follows the hands there are.
_ADDING = ("hand_recorded", "hand_restored")


def kept_entry(facts: dict[str, Any] | None) -> bool:
    """True when an event's before or after holds a whole entry (old events kept only points)."""
    return facts is not None and all(key in facts for key in ("mode", "dealer", "entry"))


def _later(match: Match, event: MatchEvent) -> list[MatchEvent]:
    """The events after `event`, oldest first."""
    return [e for e in match.events if e.id > event.id]


def restorable(match: Match, event: MatchEvent) -> bool:
    """True when a hand taken back can come back as it was: it would be the next hand again, no hand was
    saved or restored since, the match is not over, and the trail kept its entry."""
    return (event.kind == "hand_undone" and kept_entry(event.before) and not match.finished
            and event.hand_number == len(match.hands) + 1
            and not any(e.kind in _ADDING for e in _later(match, event)))


def revertable(match: Match, event: MatchEvent) -> bool:
    """True when a correction (or a revert) can be undone: it was not reverted already, its hand is still the
    one corrected (taken back and restored counts as the same; taken back and entered anew does not) and its
    entry is not the one before already."""
    if event.kind not in RESHAPING or not kept_entry(event.before):
        return False
    if any(later.kind == "hand_reverted" and (later.after or {}).get("reverts") == event.id
           for later in _later(match, event)):
        return False  # reverted once: the revert's own line offers the way back
    hand = hand_numbered(match, event.hand_number)
    if hand is None or not _same_hand_since(match, event):
        return False
    before = event.before or {}
    return (hand.mode, hand.dealer, hand.entry) != (before["mode"], before["dealer"], before["entry"])


def _same_hand_since(match: Match, event: MatchEvent) -> bool:
    """True when no other hand took the corrected hand's number since the correction."""
    gone = False
    for later in _later(match, event):
        if later.hand_number != event.hand_number:
            continue
        if later.kind == "hand_undone":
            gone = True
        elif later.kind == "hand_restored":
            gone = False
        elif later.kind == "hand_recorded" and gone:
            return False
    return not gone


def taken_away(match: Match) -> frozenset[int]:
    """The reverts that took a correction away (a revert of a correction, of a correction put back…); every other
    revert put one back (a revert of a revert that took one away)."""
    kinds = {event.id: event for event in match.events}
    away: set[int] = set()
    for event in match.events:  # oldest first: what an event reverted is known before it
        if event.kind != "hand_reverted":
            continue
        reverted = kinds.get((event.after or {}).get("reverts", -1))
        if reverted is None or reverted.kind != "hand_reverted" or reverted.id not in away:
            away.add(event.id)
    return frozenset(away)


def puts_back(match: Match, event: MatchEvent) -> bool:
    """True when reverting this event would put a correction back (it is a revert that took one away)."""
    return event.kind == "hand_reverted" and event.id in taken_away(match)


def hand_numbered(match: Match, number: int | None) -> Hand | None:
    """The match's hand with this number, if it has one."""
    return next((h for h in match.hands if h.number == number), None)


def trail_actions(match: Match) -> dict[int, str]:
    """What each event of the trail offers (see services.scoreboard.Scoreboard.actions)."""
    offered = {}
    # A hand taken back and since restored is back: its line offers neither a restore nor entering it again.
    restored = {(e.after or {}).get("restores") for e in match.events if e.kind == "hand_restored"}
    for event in match.events:
        if event.kind == "hand_undone" and event.id in restored:
            continue
        if event.kind == "hand_undone" and kept_entry(event.before) and not match.finished:
            offered[event.id] = "restore" if restorable(match, event) else "again"
        elif revertable(match, event):
            offered[event.id] = "revert"
    return offered
