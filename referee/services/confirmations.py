"""Both sides agree (issue 36): confirm a hand another side saved, enter one's own version of it, pick a version,
call the organiser, and the organiser's (or the match's owner's) decision.

A hand waiting for the other sides (services/waiting.py says who stands behind what) has versions: "A", its own
entry as saved or corrected, and a version of each side that counted otherwise ("B", "C"…, in the order entered).
Confirming is standing behind A; entering a version of one's own is standing behind it; picking one is moving one's
stand to it. The version every side stands behind becomes the hand's entry, and the hand counts. The organiser of a
tournament (the table's match's owner) or, elsewhere, the match's owner may decide instead: take a version, or record
the hand as they find it, with a reason. Every step is in the trail: each version, who confirmed or picked what,
the call, the decision.

Each step names the version it was made on by its digest (what the page showed): a version changed meanwhile is
Conflict(CHANGED), so no phone confirms what it did not see. Two phones sending the same step at once make it once.
"""

from __future__ import annotations

import hashlib
import json
import string
from dataclasses import dataclass
from typing import Any, cast

from ..models import Hand, Match, MatchEvent, now
from ..rules import HandReport
from ..rules.rulesets import Sevens
from ..rules.versions import Difference, Verdict, compare, verdict
from .errors import Conflict, Forbidden, NotFound
from .hand_results import keep_results
from .hands import (
    HandDraft,
    note,
    points_to_store,
    read_entry,
    reshape,
    retried,
    review_hand,
    review_stored,
    saving_as_one,
    settle,
)
from .refusals import MatchRefusal
from .stored_entries import stored_form
from .trail_actions import hand_numbered
from .waiting import Stand, agreed, counts, own_side, stand_of, voice

FIRST = "A"  # the hand's own entry
REASON_LENGTH = 200  # the organiser's reason for a decision, at most (as a result recorded by hand's)
LABELS = string.ascii_uppercase



def digest(version: dict[str, Any]) -> str:
    """A short digest of what a version says (how it was entered, who dealt, the entry): what a page shows and a
    step names, so that a version changed meanwhile is told apart."""
    facts = {"mode": version["mode"], "dealer": version["dealer"], "entry": version["entry"]}
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()[:16]


def versions_of(hand: Hand) -> list[dict[str, Any]]:
    """Every version of the hand, its own entry first (label A), each with its stands."""
    own = {"label": FIRST, "mode": hand.mode, "dealer": hand.dealer, "entry": hand.entry, "points": hand.points,
           "valid": hand.valid, "stands": list(hand.stands or [])}
    return [own, *(hand.versions or [])]


def decides(match: Match, user_id: int | None) -> bool:
    """Whether the account decides a hand the sides dispute: the match's owner (a tournament's table's match is its
    organiser's)."""
    return user_id is not None and match.user_id == user_id


def _waiting_hand(match: Match, number: int, seen: str) -> Hand | None:
    """The hand of that number, still waiting; None when it counts already as the phone saw it (a step sent twice, or
    by two phones at once, is made once); Conflict(NOT_WAITING) when it counts otherwise, NotFound for no such hand."""
    hand = hand_numbered(match, number)
    if hand is None:
        raise NotFound(number)
    if not hand.waiting:
        if digest(versions_of(hand)[0]) == seen:
            return None
        raise Conflict(MatchRefusal.NOT_WAITING, number=number)
    return hand


def _acting(match: Match) -> int:
    """The account acting on the match (the lookup that let it in set it)."""
    user_id = match.acting_user_id
    assert user_id is not None, "a step on a hand is made by an account the lookup let in"
    return user_id


@retried
def confirm_hand(match: Match, number: int, seen: str) -> Hand:
    """The acting phone's side confirms the hand as it saw it (`seen`: the digest of its entry): it stands behind
    version A. Conflict(OWN_SIDE) for the side that saved it, CHANGED for an entry changed since."""
    return _stand_behind(match, number, FIRST, seen)


@retried
def pick_version(match: Match, number: int, label: str, seen: str) -> Hand:
    """The acting phone's side takes version `label` (as it saw it) of a hand in dispute; NotFound for no such
    version."""
    return _stand_behind(match, number, label, seen)


def _stand_behind(match: Match, number: int, label: str, seen: str) -> Hand:
    hand = _waiting_hand(match, number, seen)
    if hand is None:  # sent twice: it counts already, as the version seen
        return cast(Hand, hand_numbered(match, number))
    versions = versions_of(hand)
    chosen = next((v for v in versions if v["label"] == label), None)
    if chosen is None:
        raise NotFound(label)
    if digest(chosen) != seen:
        raise Conflict(MatchRefusal.CHANGED, number=number)
    stand = stand_of(match, _acting(match))
    behind = chosen["stands"]
    if label == FIRST and own_side(hand, stand):
        raise Conflict(MatchRefusal.OWN_SIDE, number=number)  # the phone that saved it, or another of its side
    if voice(stand) in {voice(s) for s in behind}:
        return hand  # this phone, or its side, stands behind it already: sent twice, or by two phones at once
    with saving_as_one(match, number):
        _move(hand, versions, stand, label)
        step = MatchEvent(kind="hand_confirmed" if len(versions) == 1 else "version_picked", hand_number=number,
                          after={"label": label, "side": stand["side"]})
        note(match, step)
        _settle_if_agreed(match, hand, step)
    return hand


def _move(hand: Hand, versions: list[dict[str, Any]], stand: Stand, label: str) -> None:
    """The phone's stand moves to version `label` (from any other it stood behind)."""
    for version in versions:
        others = [s for s in version["stands"] if s["user"] != stand["user"]]
        version["stands"] = [*others, stand] if version["label"] == label else others
    _keep(hand, versions)


def _keep(hand: Hand, versions: list[dict[str, Any]]) -> None:
    """Store the versions: A's stands on the hand, the others' in its list, a version no one stands behind any more
    dropped (the trail keeps it) (new lists: a JSON column sees only a value replaced)."""
    hand.stands = list(versions[0]["stands"])
    hand.versions = [dict(v) for v in versions[1:] if v["stands"]] or None


def _settle_if_agreed(match: Match, hand: Hand, step: MatchEvent) -> None:
    """The version every side stands behind counts (the step says so in the trail): the hand's own entry as it is,
    another version as the hand's new entry (noted as 'hand_agreed', before and after). The match settles either way
    (its version moves on, so every phone's page follows)."""
    for version in versions_of(hand):
        if not agreed(match, version["stands"]):
            continue
        step.after = {**(step.after or {}), "counts": True}
        if version["label"] == FIRST:
            counts(hand)
            keep_results(match, hand, review_stored(match, hand.entry))
            break
        draft = HandDraft.kept(version["mode"], version["entry"], version["dealer"])
        reshape(match, hand, draft, review_hand(match, draft), "hand_agreed", agreed=True, label=version["label"])
        return
    settle(match)


@retried
def enter_version(match: Match, number: int, draft: HandDraft, seen: str, report: HandReport | None = None) -> str:
    """The acting phone's side counted the hand otherwise: its version, compared with the others on the page. One
    equal to a version there is standing behind that one. Its label. The side that saved the hand recounts by
    correcting it (services/hands.py: edit_hand) instead: Conflict(OWN_SIDE)."""
    hand = _waiting_hand(match, number, seen)
    if hand is None:
        raise Conflict(MatchRefusal.NOT_WAITING, number=number)
    versions = versions_of(hand)
    if digest(versions[0]) != seen:
        raise Conflict(MatchRefusal.CHANGED, number=number)
    report = report or review_hand(match, draft)
    points = points_to_store(report)
    stand = stand_of(match, _acting(match))
    if own_side(hand, stand):
        raise Conflict(MatchRefusal.OWN_SIDE, number=number)
    facts = {"mode": draft.mode, "dealer": draft.dealer, "entry": stored_form(draft.entry)}
    same = next((v for v in versions if digest(v) == digest(facts)), None)
    with saving_as_one(match, number):
        if same is not None:
            label = str(same["label"])
            if any(s["user"] == stand["user"] for s in same["stands"]):
                return label  # this phone stands behind that version already: sent twice
            _move(hand, versions, stand, label)
            step = MatchEvent(kind="hand_confirmed" if label == FIRST and len(versions) == 1 else "version_picked",
                              hand_number=number, after={"label": label, "side": stand["side"]})
        else:
            # The phone's earlier version goes once no one else stands behind it (_keep): "recount and enter again".
            used = {v["label"] for v in versions}
            label = next(letter for letter in LABELS if letter not in used)
            version = {"label": label, **facts, "points": points, "valid": report.valid, "by": stand, "stands": []}
            versions.append(version)
            _move(hand, versions, stand, label)
            step = MatchEvent(kind="version_entered", hand_number=number,
                              after={**{k: v for k, v in version.items() if k != "stands"}, "side": stand["side"]})
        note(match, step)
        _settle_if_agreed(match, hand, step)
    return label


@retried
def call_organiser(match: Match, number: int) -> Hand:
    """A side calls whoever decides the hand (decides: a tournament's organiser, else the match's owner); calling
    again changes nothing."""
    hand = hand_numbered(match, number)
    if hand is None:
        raise NotFound(number)
    if not hand.waiting:
        raise Conflict(MatchRefusal.NOT_WAITING, number=number)
    if hand.called_at is None:
        with saving_as_one(match, number):
            hand.called_at = now()
            note(match, MatchEvent(kind="hand_called", hand_number=number,
                                   after={"side": stand_of(match, _acting(match))["side"]}))
            settle(match)
    return hand


@retried
def decide_hand(match: Match, number: int, seen: str, label: str | None = None, draft: HandDraft | None = None,
                reason: str = "") -> Hand:
    """The organiser (the match's owner) decides a waiting hand: version `label` as the page showed it (`seen`, its
    digest), or an entry of its own (`draft`); with the reason given, in the trail. Forbidden for anyone else."""
    if hand_numbered(match, number) is None:
        raise NotFound(number)
    if not decides(match, match.acting_user_id):
        raise Forbidden(match.id)
    hand = _waiting_hand(match, number, seen if draft is None else "")
    if hand is None:  # sent twice: decided already, as the version seen
        return cast(Hand, hand_numbered(match, number))
    versions = versions_of(hand)
    if draft is None:
        chosen = next((v for v in versions if v["label"] == label), None)
        if chosen is None:
            raise NotFound(label)
        if digest(chosen) != seen:
            raise Conflict(MatchRefusal.CHANGED, number=number)
        draft = HandDraft.kept(chosen["mode"], chosen["entry"], chosen["dealer"])
    with saving_as_one(match, number):
        reshape(match, hand, draft, review_hand(match, draft), "hand_decided", agreed=True, label=label,
                reason=reason.strip()[:REASON_LENGTH], versions=[dict(version) for version in versions])
    return hand


@dataclass(frozen=True)
class VersionView:
    """One version of a waiting hand as its pages show it: its label, points and digest (what a step names), the
    accounts standing behind it (the one that entered it first) and the sides they speak for (None: a phone
    without a seat), and the referee's verdict."""

    label: str
    mode: str
    points: tuple[int, ...]
    digest: str
    users: tuple[int, ...]
    sides: tuple[int | None, ...]
    verdict: Verdict


@dataclass(frozen=True)
class WaitingHand:
    """A hand waiting for the other sides, as the account reading the page may act on it: confirm it (`may_confirm`:
    its side did not save it), or, for a hand in dispute, where each version differs from A (`differences`, by the
    other version's label), the version it stands behind (`mine`), whether it decides (`decides`) and whether a
    side called the organiser (`called`)."""

    number: int
    versions: tuple[VersionView, ...]
    differences: tuple[tuple[str, tuple[Difference, ...]], ...]
    may_confirm: bool
    own: bool  # the reader's side (or phone) saved the hand's entry: it recounts by correcting it
    mine: str | None
    decides: bool
    called: bool
    seated: bool = False  # the reader speaks for a side (a seat it holds), not only for its phone

    @property
    def arbiter(self) -> bool:
        """The reader decides and plays at no seat (a tournament's organiser at another's table): it decides, and
        neither confirms nor takes a version as a side would."""
        return self.decides and not self.seated

    @property
    def entry(self) -> VersionView:
        """Version A: the hand's own entry."""
        return self.versions[0]

    @property
    def disputed(self) -> bool:
        """True once another side entered a version of its own."""
        return len(self.versions) > 1


def waiting_hands(match: Match, user_id: int | None) -> tuple[WaitingHand, ...]:
    """The match's waiting hands, as the account sees them (none read without the house rule's waiting hands)."""
    stand: Stand | None = None
    found = []
    for hand in match.hands:
        if not hand.waiting:
            continue
        if user_id is not None and stand is None:
            stand = stand_of(match, user_id)  # asked once, and only for a match with a hand waiting
        found.append(_waiting(match, hand, stand))
    return tuple(found)


def _unscored(match: Match) -> frozenset[str]:
    """The counts a version may give that the match's rules score nothing by: la setenta but under its rule, the
    sixes, aces and fives but as the sevens' tiebreak (a pile's differing cards are named all the same)."""
    sevens = match.ruleset.sevens
    return frozenset((() if sevens is Sevens.SETENTA else ("setenta",))
                     + (() if sevens is Sevens.MOST_TIEBREAK else ("sixes", "aces", "fives")))


def _waiting(match: Match, hand: Hand, stand: Stand | None) -> WaitingHand:
    versions = versions_of(hand)
    entries = [read_entry(match, version["entry"]) for version in versions]
    views = tuple(VersionView(v["label"], v["mode"], tuple(v["points"]), digest(v),
                              tuple(s["user"] for s in v["stands"]), tuple(s["side"] for s in v["stands"]),
                              verdict(entry)) for v, entry in zip(versions, entries, strict=True))
    unscored = _unscored(match)
    differences = tuple((v["label"], tuple(d for d in compare(entries[0], entry).differences
                                           if d.category not in unscored))
                        for v, entry in zip(versions[1:], entries[1:], strict=True))
    own = stand is not None and own_side(hand, stand)
    may_confirm = stand is not None and not own and not any(voice(s) == voice(stand) for s in versions[0]["stands"])
    mine = None if stand is None else next((v["label"] for v in versions
                                            if any(s["user"] == stand["user"] for s in v["stands"])), None)
    return WaitingHand(hand.number, views, differences, may_confirm and len(versions) == 1, own, mine,
                       decides(match, None if stand is None else stand["user"]), hand.called_at is not None,
                       stand is not None and stand["side"] is not None)
