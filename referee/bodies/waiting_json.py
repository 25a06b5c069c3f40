"""A hand waiting for the other sides (issue 36) as the match API shows it to the account reading it: every version
with the referee's verdict and where it differs from the hand's own entry (version A), and what the reader may do
(services/confirmations.py: waiting_hands). The match's JSON says less of it (match_json.py: version_json)."""

from __future__ import annotations

from typing import Any

from ..models import Hand, Match
from ..rules.versions import Difference, Verdict
from ..services.confirmations import VersionView, WaitingHand, versions_of
from ..services.hands import erring_sides
from ..services.stored_entries import unmarked
from ..words.messages import finding_words, problem_words


def waiting_json(match: Match, hand: Hand, waiting: WaitingHand) -> dict[str, Any]:
    """The waiting hand as its reader may act on it: confirm it (`may_confirm`), the version it stands behind
    (`mine`), whether its side saved the entry (`own`: it recounts by correcting it), whether it decides and whether a
    side called the organiser; and every version, A first."""
    differences = dict(waiting.differences)
    kept = {version["label"]: version for version in versions_of(hand)}
    return {"number": waiting.number, "may_confirm": waiting.may_confirm, "own": waiting.own, "mine": waiting.mine,
            "decides": waiting.decides, "called": waiting.called,
            "versions": [_version(match, view, kept[view.label], differences.get(view.label, ()))
                         for view in waiting.versions]}


def _version(match: Match, view: VersionView, kept: dict[str, Any],
             differences: tuple[Difference, ...]) -> dict[str, Any]:
    """One version: how it was entered (the entry as the API reads a hand, who dealt), its points and digest, the
    sides standing behind it, the referee's verdict, and every place it differs from A (none for A)."""
    return {"label": view.label, "mode": view.mode, "dealer": kept["dealer"], "entry": unmarked(kept["entry"]),
            "points": list(view.points), "digest": view.digest, "sides": list(view.sides),
            "verdict": verdict_json(match, view.verdict),
            "differences": [difference_json(difference) for difference in differences]}


def verdict_json(match: Match, verdict: Verdict) -> dict[str, Any]:
    """The referee's word on a version: whether it can be right at all (`possible`: no entry error) and passes every
    check (`passes`), the sides that erred, and its words: the findings as /score says them, or why it cannot be
    right."""
    report = verdict.report
    if report is None:
        return {"possible": False, "passes": False, "erred": [],
                "messages": [problem_words(problem, deck=match.deck_style) for problem in verdict.problems]}
    return {"possible": True, "passes": report.valid, "erred": erring_sides(report),
            "messages": [finding_words(finding, deck=match.deck_style) for finding in report.findings]}


def difference_json(difference: Difference) -> dict[str, Any]:
    """One place a version differs from A: the category, the side (null for the hand's own: the leftover, the last
    capture) and what each says there (for a pile or the leftover, the cards only that version has there)."""
    return {"category": difference.category, "side": difference.side, "first": _value(difference.first),
            "second": _value(difference.second)}


def _value(said: object) -> object:
    """A difference's value as JSON: a count, true or false, a side, or card codes."""
    return list(said) if isinstance(said, tuple) else said
