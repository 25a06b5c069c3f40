"""The match API's hands, draw (with real cards, or by the app), trail and rematch, through the services the pages
use.

A new hand may carry an ``Idempotency-Key``: the hands service keeps it as the hand's client_token, the one
the pages use to recognise a resent form, so a repeat answers the hand it saved (200). A correction and an
undo need the match's version as ``If-Match`` (its ETag): a stale one is 412, none at all 428.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...bodies import match_payloads, score_payloads
from ...bodies.match_json import hand_json, match_json
from ...models import Hand, Match
from ...rules import HandReport, InvalidEntry, Problem, TallyEntry, check_hand
from ...services import Conflict, HandDraft, edit_hand, get_match, rematch, undo_last_hand
from ...services import hands as hand_services
from ...services.draws import DrawRound, draw_by_app, draw_round, draw_state
from ...services.refusals import MatchRefusal
from ...services.scoreboard import dealer_after
from ...services.stored_entries import facts_unmarked
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from ...words.messages import finding_words
from ..refusal_words import conflict_words
from .blueprint import bp, request_body
from .matches import match_answer

HIDDEN_FACTS = ("client_token",)


def _error(status: int, field: str, message: str) -> ResponseReturnValue:
    """One error in the API's shape."""
    return {"errors": [{"field": field, "message": message}]}, status


def _refuse(problem: Problem) -> None:
    """422 for one problem of the body."""
    raise InvalidEntry([problem])


def hand_draft(match: Match, data: Any, dealer_default: int | None,
               key: str | None = None) -> tuple[HandDraft, HandReport, dict[str, Any]]:
    """A hand's body (`data`, read) as the hands service takes it, the referee's report on it (which the service
    takes too: a hand is checked once) and /score's answer for it (422 for a bad entry); also a version of a waiting
    hand (confirmations.py)."""
    asked = match_payloads.read_hand_request(data, len(match.seats))
    dealer = asked.dealer if asked.dealer is not None else dealer_default
    if dealer is None:
        _refuse(Problem(("dealer",), "no_dealer_yet"))
    sides = asked.body.get("sides")
    if isinstance(sides, list) and len(sides) != match.sides:
        _refuse(Problem(("sides",), "sides_of_match", {"sides": match.sides, "count": len(sides)}))
    entry = score_payloads.read_score({"ruleset": match.preset, "options": match.ruleset.options(),
                                 "deck_style": match.deck_style, **asked.body})
    report = check_hand(entry)
    messages = [finding_words(finding, deck=entry.ruleset.deck_style) for finding in report.findings]
    mode = "tally" if isinstance(entry, TallyEntry) else "cards"
    draft = HandDraft(mode=mode, entry=entry, dealer=int(dealer or 0), client_token=key)
    return draft, report, score_payloads.report_json(report, entry, messages)


def _hand_answer(match: Match, hand: Hand, report: dict[str, Any], status: int) -> ResponseReturnValue:
    """The hand with /score's report, and the match (its version as the ETag)."""
    response = jsonify({"hand": hand_json(match, hand) | {"report": report}, "match": match_json(match)})
    response.status_code = status
    response.set_etag(str(match.version))
    return response


def _if_match(match: Match) -> ResponseReturnValue | None:
    """None when If-Match names the match's version; else 428 (none sent) or 412 (another version)."""
    if "If-Match" not in request.headers:
        return _error(428, "If-Match", _("Send the match's version (its ETag) as If-Match."))
    # Werkzeug's parse of the header: quoted or not, weak (W/) or strong, or "*" for any version.
    if not request.if_match.contains_weak(str(match.version)):
        return _error(412, "If-Match", _("The match has changed since that version: read it again (version "
                                         "%(version)s) and send your change again.", version=match.version))
    return None


@bp.post("/matches/<int:match_id>/hands")
@throttle_per_token
@token_required
def record(match_id: int) -> ResponseReturnValue:
    """Record the next hand: 201, or 200 with the hand already saved under the same Idempotency-Key."""
    match = get_match(api_user(), match_id)
    key = match_payloads.read_idempotency_key(request.headers.get("Idempotency-Key"))
    # A repeat that gives no dealer means the one its hand was saved with, not the next one since.
    repeated = next((h for h in match.hands if key is not None and h.client_token == key), None)
    dealer = repeated.dealer if repeated is not None else dealer_after(match, list(match.hands))
    draft, report, answer = hand_draft(match, request_body(), dealer, key)
    try:
        saved = hand_services.record(match, draft, expected_number=len(match.hands) + 1, report=report)
    except Conflict as conflict:
        return _conflict(conflict)
    # A repeat of a saved hand is that hand (record refuses one whose entry differs), also when both sends
    # arrived at once and this one found its twin's hand only when it saved.
    return _hand_answer(match, saved.hand, answer, 201 if saved.new else 200)


def _conflict(conflict: Conflict) -> ResponseReturnValue:
    """What a Conflict from the hands service is in the API, in the words the pages say: 422 for a key reused
    with another body, 409 otherwise (naming the key when its hand was taken back)."""
    if conflict.reason is MatchRefusal.RESEND_DIFFERS:
        return _error(422, "Idempotency-Key", conflict_words(conflict))
    return _error(409, "Idempotency-Key" if conflict.reason is MatchRefusal.UNDONE else "", conflict_words(conflict))


def _hand(match: Match, number: int) -> Hand | None:
    """The match's hand of this number, if any."""
    return next((h for h in match.hands if h.number == number), None)


@bp.put("/matches/<int:match_id>/hands/<int:number>")
@throttle_per_token
@token_required
def correct(match_id: int, number: int) -> ResponseReturnValue:
    """Correct a saved hand (If-Match: the version); the winner follows, a finished match may reopen."""
    match = get_match(api_user(), match_id)
    hand = _hand(match, number)
    if hand is None:
        return _error(404, "", _("Not found."))
    refused = _if_match(match)
    if refused is not None:
        return refused
    draft, report, answer = hand_draft(match, request_body(), hand.dealer)
    try:
        edit_hand(match, number, draft, version=match.version, report=report)
    except Conflict as conflict:
        return _conflict(conflict)
    return _hand_answer(match, hand, answer, 200)


@bp.delete("/matches/<int:match_id>/hands/<int:number>")
@throttle_per_token
@token_required
def undo(match_id: int, number: int) -> ResponseReturnValue:
    """Take back the last hand (If-Match: the version); an earlier one is 409."""
    match = get_match(api_user(), match_id)
    if _hand(match, number) is None:
        return _error(404, "", _("Not found."))
    refused = _if_match(match)
    if refused is not None:
        return refused
    if number != len(match.hands):
        return _error(409, "", _("Only the last hand can be taken back: correct an earlier one instead."))
    try:
        undo_last_hand(match, match.version, number)
    except Conflict as conflict:
        return _conflict(conflict)
    return match_answer_with_key(match)


def match_answer_with_key(match: Match) -> ResponseReturnValue:
    """``{"match": ...}``, its version as the ETag."""
    response = jsonify({"match": match_json(match)})
    response.set_etag(str(match.version))
    return response


@bp.get("/matches/<int:match_id>/events")
@throttle_per_token
@token_required
def events(match_id: int) -> ResponseReturnValue:
    """The match's trail: every change, oldest first, with what it was before and after."""
    match = get_match(api_user(), match_id)

    def facts(value: dict[str, Any] | None) -> dict[str, Any] | None:
        """What the trail keeps, less the pages' resend tokens and the stored entry's encoding mark."""
        value = facts_unmarked(value)
        return None if value is None else {k: v for k, v in value.items() if k not in HIDDEN_FACTS}

    return jsonify({"events": [{"id": e.id, "at": e.at.isoformat(timespec="seconds") + "Z", "kind": e.kind,
                                "hand_number": e.hand_number, "before": facts(e.before), "after": facts(e.after)}
                               for e in match.events]})


@bp.post("/matches/<int:match_id>/rematch")
@throttle_per_token
@token_required
def again(match_id: int) -> ResponseReturnValue:
    """A new match with the same players, seating and rules: 201; 409 for a tournament's match."""
    match = get_match(api_user(), match_id)  # a removed scorer's refusal is its own (views/sharing.py), not a 409
    try:
        return match_answer(rematch(api_user(), match), 201)
    except Conflict as refused:
        return _error(409, "", conflict_words(refused))


@bp.post("/matches/<int:match_id>/draw")
@throttle_per_token
@token_required
def draw(match_id: int) -> ResponseReturnValue:
    """One round of the draw for dealer: the dealer, or the seats that tied and draw again."""
    match = get_match(api_user(), match_id)
    cards = match_payloads.read_draw(request_body())
    state = draw_state(match)
    if not state.drawing:
        return _error(409, "", _("The first dealer is known already."))
    if tuple(sorted(cards)) != state.drawing:
        return _error(422, "cards", _("Seats %(seats)s draw this round, one card each.",
                                      seats=", ".join(str(s) for s in state.drawing)))
    try:
        result = draw_round(match, len(state.rounds) + 1, cards)
    except Conflict as conflict:
        return _conflict(conflict)
    return jsonify({"dealer": result.dealer, "redraw": list(result.redraw), "match": match_json(match)})


@bp.post("/matches/<int:match_id>/draw/app")
@throttle_per_token
@token_required
def draw_for_us(match_id: int) -> ResponseReturnValue:
    """The app draws for dealer at random (the system's cryptographic source), again among the tied, until a
    dealer: every round it drew, each kept in the trail marked as the app's."""
    match = get_match(api_user(), match_id)
    state = draw_state(match)
    if not state.drawing:
        return _error(409, "", _("The first dealer is known already."))
    try:
        rounds = draw_by_app(match, len(state.rounds) + 1)
    except Conflict as conflict:
        return _conflict(conflict)
    return jsonify({"dealer": match.first_dealer, "rounds": [_round_json(kept) for kept in rounds],
                    "match": match_json(match)})


def _round_json(kept: DrawRound) -> dict[str, Any]:
    """One round of the draw: each seat's card (seat numbers as keys), and the seats that tied and draw again."""
    return {"drawn": {str(seat): str(card) for seat, card in kept.drawn.items()}, "redraw": list(kept.result.redraw)}
