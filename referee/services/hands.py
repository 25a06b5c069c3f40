"""Hands: review one before saving, record it, edit it, undo the last; the match settles after each.

The trail (MatchEvent) keeps each change's whole entry before and after (see whole_hand), so that
referee/services/trail.py can restore a hand taken back and revert a correction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import bindparam, inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..models import Hand, Match, MatchEvent, now
from ..rules import PRESETS, HandEntry, HandReport, InvalidEntry, Problem, check_hand, standing, totals
from .errors import Conflict
from .hand_results import keep_results
from .ratings import match_settled
from .refusals import MatchRefusal
from .stored_entries import stored_entry, stored_form
from .table_place import table_place
from .unit_of_work import inside_use_case, one_transaction, use_case
from .waiting import await_sides, counted_standing, counts, first_waiting


@dataclass(frozen=True)
class HandDraft:
    """A hand as a form or the API gives it: the rules core's entry, how it was entered, who dealt."""

    mode: str
    entry: HandEntry
    dealer: int
    client_token: str | None = None

    @classmethod
    def kept(cls, mode: str, body: dict[str, Any], dealer: int, client_token: str | None = None) -> HandDraft:
        """A draft of an entry as the database keeps it (the trail's); InvalidEntry when the rules core cannot
        read it. Its rules are the match's once reviewed (review_hand)."""
        return cls(mode, stored_entry(KEPT_RULES, body), dealer, client_token)

    def facts(self) -> dict[str, Any]:
        """What the trail keeps of an entry: how it was entered, who dealt, what was entered."""
        return {"mode": self.mode, "dealer": self.dealer, "entry": stored_form(self.entry)}

    def same_as(self, facts: dict[str, Any]) -> bool:
        """True when this draft is the entry `facts` describe (as facts() gives them, or a hand's columns)."""
        if (self.mode, self.dealer) != (facts.get("mode"), facts.get("dealer")):
            return False
        try:  # an entry kept before the encoding was stored_form's (a side as "rest") is compared as read
            kept = stored_form(stored_entry(self.entry.ruleset, facts.get("entry") or {}))
        except (InvalidEntry, KeyError, TypeError, ValueError):
            return False
        return stored_form(self.entry) == kept


def review_hand(match: Match, draft: HandDraft) -> HandReport:
    """The referee's report on a draft under the match's rules (the entry's deck names aside, the same rules
    for a form's or the API's entry); InvalidEntry for an entry the rules refuse."""
    return check_hand(replace(draft.entry, ruleset=match.ruleset))


def review_stored(match: Match, entry: dict[str, Any]) -> HandReport:
    """The referee's report on an entry as the database keeps it, under the match's rules."""
    return check_hand(read_entry(match, entry))


def read_entry(match: Match, body: dict[str, Any]) -> HandEntry:
    """An entry as stored read by the rules core under the match's rules: a side kept as the rest of the deck
    worked out, a leftover kept as cards summed; InvalidEntry for what the rules core cannot read."""
    return stored_entry(match.ruleset, body)


P = ParamSpec("P")
R = TypeVar("R")

# The rules a kept entry is read under before a match's review gives it the match's (any would do: reading
# an entry uses none).
KEPT_RULES = PRESETS["escova-rs"]


def erring_sides(report: HandReport) -> list[int]:
    """The sides the referee found in error (none known where a tally cannot tell)."""
    return [i for i, side in enumerate(report.sides) if side.erred]


def whole_hand(hand: Hand) -> dict[str, Any]:
    """What the trail keeps of a hand: how it was entered, who dealt, the entry, the points and the verdict."""
    return {"mode": hand.mode, "dealer": hand.dealer, "entry": hand.entry, "points": hand.points,
            "valid": hand.valid}


def points_to_store(report: HandReport) -> list[int]:
    """The points to store; a tally that cannot name the erring side cannot be saved yet."""
    points = report.points
    if any(p is None for p in points):
        raise InvalidEntry([Problem(("sides",), "needs_pile_sums_to_save")])
    return [int(p or 0) for p in points]


class Raced(Conflict):
    """A Conflict found at the commit: another request changed the match after this one read it."""


def retried(step: Callable[P, R]) -> Callable[P, R]:
    """Run the step as a use case of its own; one that lost a race (Raced) is run again, reading the match anew and
    deciding anew: the same change sent twice at once (a double tap, a resend racing the first send, two phones
    confirming one hand) finds what its twin did. So the step is never inside another use case."""

    @functools.wraps(step)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        assert not inside_use_case(), f"{step.__name__} tries its transaction again, so it runs on its own"
        try:
            return use_case(step)(*args, **kwargs)
        except Raced:
            return use_case(step)(*args, **kwargs)

    return run


@dataclass(frozen=True)
class Recorded:
    """What saving a hand did: the hand, and whether this request saved it (False: it was saved already, by this
    entry's earlier send, which a repeat is told with 200 instead of 201)."""

    hand: Hand
    new: bool


def record_hand(match: Match, draft: HandDraft, expected_number: int, report: HandReport | None = None) -> Hand:
    """Save the next hand in one transaction; a resent form returns the hand it already saved (see record)."""
    return record(match, draft, expected_number, report).hand


@retried
def record(match: Match, draft: HandDraft, expected_number: int, report: HandReport | None = None) -> Recorded:
    """Save the next hand in one transaction; a resent form gets the hand it already saved, not new. `report` is
    review_hand's on this draft, when the caller has it already (the rules of a match never change).

    A resend whose entry differs from the hand saved under its token is a Conflict('resend_differs'),
    and one whose hand was since undone a Conflict('undone'): neither is saved, or dropped, in silence. A new
    hand typed as another than the next is a Conflict('hand_exists'), one after the winner Conflict('finished')
    (expect_next); a resend of the winning hand is that hand. A race lost to another phone is decided anew
    (retried): a hand saved under this number meanwhile is a conflict, any other change no reason to refuse it.
    """
    saved = saved_already(match, draft, expected_number)
    if saved is not None:
        return Recorded(saved, new=False)
    number = len(match.hands) + 1
    report = report or review_hand(match, draft)
    points = points_to_store(report)
    with saving_as_one(match, number):
        hand = Hand(number=number, dealer=draft.dealer, mode=draft.mode, entry=stored_form(draft.entry), points=points,
                    valid=report.valid, erred=erring_sides(report), client_token=draft.client_token)
        match.hands.append(hand)
        keep_results(match, hand, report)
        await_sides(match, hand)
        after = whole_hand(hand)
        if draft.client_token:
            after["client_token"] = draft.client_token
        note(match, MatchEvent(kind="hand_recorded", hand_number=number, after=after))
        settle(match)
    return Recorded(hand, new=True)


def saved_already(match: Match, draft: HandDraft, expected_number: int) -> Hand | None:
    """What record_hand makes of a new hand before checking it: the hand saved already when the draft is a
    resend of it (see resent_hand), else None when it may be saved as the next hand, else its Conflict (see
    expect_next), or Conflict('settled') for a new hand of a settled table. The entry page asks this before it shows
    a review, as saving asks it again."""
    saved = resent_hand(match, draft)
    if saved is None:
        expect_unsettled(match)
        expect_next(match, expected_number)
    return saved


def expect_next(match: Match, expected_number: int) -> None:
    """Refuse an entry typed as another hand than the next (the page was opened before a hand was saved, or
    taken back, on another phone): Conflict(HAND_EXISTS) with the number it was typed as, STALE for a number the
    match no longer reaches; and any hand once the match has its winner: Conflict(FINISHED) (a correction may
    reopen it, a rematch goes on), or would have it if the hands waiting for the other sides counted:
    Conflict(WAITING) with the first one's number (no hand is played after the last)."""
    if expected_number != len(match.hands) + 1:
        raise Conflict(MatchRefusal.HAND_EXISTS if 1 <= expected_number <= len(match.hands) else MatchRefusal.STALE,
                       number=expected_number)
    if match.finished:
        raise Conflict(MatchRefusal.FINISHED)
    waiting = first_waiting(match)
    if waiting is not None and standing(match.ruleset.target, totals((h.points for h in match.hands),
                                                                     match.sides)).finished:
        raise Conflict(MatchRefusal.WAITING, number=waiting.number)


def resent_hand(match: Match, draft: HandDraft) -> Hand | None:
    """The hand already saved under the draft's client_token, if the entry is the one saved; a Conflict
    if it differs ('resend_differs') or was taken back ('undone'); None for a hand not saved yet."""
    token = draft.client_token
    if not token:
        return None
    hand = next((h for h in match.hands if h.client_token == token), None)
    if hand is not None:
        if any(draft.same_as(facts) for facts in _entries_of(match, hand)):
            return hand
        raise Conflict(MatchRefusal.RESEND_DIFFERS, number=hand.number)
    # Only the hands taken back are read, not the whole trail (every change's entry, before and after).
    undone = next((e for e in _undone(match) if (e.before or {}).get("client_token") == token), None)
    if undone is not None:
        raise Conflict(MatchRefusal.UNDONE, number=undone.hand_number)
    return None


# Built once: building the statement anew for every save costs as much as running it.
_UNDONE = select(MatchEvent).where(MatchEvent.match_id == bindparam("match"), MatchEvent.kind == "hand_undone")


def _undone(match: Match) -> list[MatchEvent]:
    """The match's hands taken back, as the trail noted them: from the trail when it is loaded, else read alone
    (not every change's entry, before and after), once per version of the match in this session (the entry page
    checks a resend before saving, and saving checks it again)."""
    if "events" not in inspect(match).unloaded:
        return [e for e in match.events if e.kind == "hand_undone"]
    known: dict[tuple[int, int], list[MatchEvent]] = db.session.info.setdefault("hands_undone", {})
    key = (match.id, match.version)
    if key not in known:
        known[key] = list(db.session.scalars(_UNDONE, {"match": match.id}))
    return known[key]


def note(match: Match, event: MatchEvent) -> None:
    """Add an event to the match's trail without reading the trail first (as appending to match.events would)."""
    event.match = match  # onto match.events only if the trail is already loaded
    db.session.add(event)


# The events that change a saved hand's entry in place: a correction, and a correction reverted.
RESHAPING = ("hand_edited", "hand_reverted")


def _entries_of(match: Match, hand: Hand) -> Iterator[dict[str, Any]]:
    """Every entry the hand has had: as it is now, and as it was before each correction since it was saved."""
    yield {"mode": hand.mode, "dealer": hand.dealer, "entry": hand.entry}
    recorded = next((e.id for e in match.events if e.kind == "hand_recorded"
                     and (e.after or {}).get("client_token") == hand.client_token), None)
    for event in match.events:
        if (recorded is not None and event.id > recorded and event.kind in RESHAPING
                and event.hand_number == hand.number and "entry" in (event.before or {})):
            yield event.before or {}


@use_case
def edit_hand(match: Match, number: int, draft: HandDraft, version: int, report: HandReport | None = None) -> Hand:
    """Replace a saved hand's entry; totals and winner follow, a finished match may reopen. `report` as for
    record_hand."""
    check_version(match, version)
    hand = next(h for h in match.hands if h.number == number)
    report = report or review_hand(match, draft)
    with saving_as_one(match, number):
        reshape(match, hand, draft, report, "hand_edited")
    return hand


def reshape(match: Match, hand: Hand, draft: HandDraft, report: HandReport, kind: str, agreed: bool = False,
            **noted: object) -> None:
    """Give a saved hand a new entry and its verdict, noting the change (whole, before and after) in the
    trail as `kind` with what `noted` adds; the match settles. A hand changed waits again for the other sides
    under the house rule (services/waiting.py), unless it is the version they `agreed` on. Inside saving_as_one."""
    points = points_to_store(report)
    before = whole_hand(hand)
    hand.entry, hand.mode, hand.dealer = stored_form(draft.entry), draft.mode, draft.dealer
    hand.points, hand.valid, hand.erred = points, report.valid, erring_sides(report)
    keep_results(match, hand, report)
    if agreed:
        counts(hand)
    else:
        await_sides(match, hand)
    note(match, MatchEvent(kind=kind, hand_number=hand.number, before=before, after={**whole_hand(hand), **noted}))
    settle(match)


@use_case
def undo_last_hand(match: Match, version: int, number: int | None = None) -> bool:
    """Take back the last hand saved (when given, `number` must be it: Conflict otherwise); False when there
    was none.

    The trail keeps what was taken back, its client_token too, so a late resend of it is recognised and
    the hand can be restored (referee/services/trail.py).
    """
    check_version(match, version)
    if not match.hands:
        return False
    hand = match.hands[-1]
    if number is not None and number != hand.number:
        raise Conflict(MatchRefusal.STALE)
    with saving_as_one(match, hand.number):
        before = {**whole_hand(hand), "client_token": hand.client_token}
        note(match, MatchEvent(kind="hand_undone", hand_number=hand.number, before=before))
        match.hands.remove(hand)
        settle(match)
    return True


def check_version(match: Match, version: int) -> None:
    """Refuse a change to a saved hand of a settled table (Conflict 'settled', whatever the page's age: closing the
    round made every page of it old), then one made from a page older than the match."""
    expect_unsettled(match)
    if version != match.version:
        raise Conflict(MatchRefusal.STALE)


def settle(match: Match) -> None:
    """Recompute the winner from the stored points of the hands that count; note when the match ends or reopens;
    the ratings follow. No match ends while a hand waits for the other sides."""
    result = counted_standing(match)
    was_winner = match.winner
    if result.winner != match.winner:
        kind = "reopened" if result.winner is None else "finished"
        note(match, MatchEvent(kind=kind, before={"winner": match.winner}, after={"winner": result.winner}))
        match.finished_at = None if result.winner is None else now()
    match.winner, match.finished = result.winner, result.finished
    match.updated_at = now()  # every change bumps the match's version
    match_settled(match, was_winner)


@contextmanager
def saving_as_one(match: Match, number: int) -> Iterator[None]:
    """Make the changes in the block to the match's hands as one use case, turning what another request did
    meanwhile into a Conflict: a hand saved under this number (IntegrityError) or any change to the match
    (StaleDataError). The use cases ask first whether the match is settled (check_version, record).

    Nothing is flushed before the block's end: reading a relationship inside the block would otherwise flush the
    new hand early, raising the IntegrityError where nothing turns it into a Conflict.
    """
    with one_transaction():
        try:
            with db.session.no_autoflush:
                yield
            db.session.flush()
        except IntegrityError:
            raise Raced(MatchRefusal.HAND_EXISTS, number=number) from None
        except StaleDataError:
            raise Raced(MatchRefusal.STALE) from None


def expect_unsettled(match: Match) -> None:
    """Refuse a change to the hands of a settled match (services/table_place.py): Conflict('settled', number=:
    its round), or Conflict('decided', home=, away=) once the organiser recorded its result by hand."""
    place = table_place(match)
    if place is not None and place.settled:
        raise place.refusal()
