"""The match API's waiting hands (issue 36, the house rule `confirm_hands`; services/confirmations.py), as the pages
offer them (views/confirmations.py, views/hands.py: count): confirm a hand another side saved, read its versions
side by side, enter a version of one's own, take one, call the organiser, and the organiser's (the match's owner's)
decision.

Every step names the version the caller saw by its digest (`seen`: the match's JSON gives each version's); a version
changed since is 409 naming `seen`, in the pages' words (views/refusal_words.py), as is every other refusal: a hand
that counts already, a side confirming its own entry. A step sent twice is made once (the service's): a confirmation
or a pick sent again answers 200 with the hand as it stands. Deciding is the owner's: a scorer's token gets 403.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...bodies.match_json import hand_json, match_json
from ...bodies.waiting_json import waiting_json
from ...models import Hand, Match
from ...services import Conflict, get_match
from ...services.confirmations import (
    call_organiser,
    confirm_hand,
    decide_hand,
    enter_version,
    pick_version,
    versions_of,
    waiting_hands,
)
from ...services.refusals import MatchRefusal
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from ..refusal_words import conflict_words, refusal_words
from . import confirmation_bodies
from .blueprint import bp, request_body
from .hands import hand_draft

HAND = "/matches/<int:match_id>/hands/<int:number>"


def _error(status: int, field: str, message: str) -> ResponseReturnValue:
    """One error in the API's shape."""
    return {"errors": [{"field": field, "message": message}]}, status


def _refused(conflict: Conflict) -> ResponseReturnValue:
    """409 in the pages' words; a version changed since the caller saw it names `seen`."""
    return _error(409, "seen" if conflict.reason is MatchRefusal.CHANGED else "", conflict_words(conflict))


def _hand(match: Match, number: int) -> Hand | None:
    """The match's hand of this number, if any."""
    return next((h for h in match.hands if h.number == number), None)


def _answer(match: Match, number: int, status: int = 200, **more: Any) -> Response:
    """The hand as it stands after the step (waiting or counting), and the match, its version as the ETag."""
    hand = _hand(match, number)
    assert hand is not None, "a step on a hand leaves the hand"
    response = jsonify(more | {"hand": hand_json(match, hand), "match": match_json(match)})
    response.status_code = status
    response.set_etag(str(match.version))
    return response


@bp.post(HAND + "/confirm")
@throttle_per_token
@token_required
def confirm(match_id: int, number: int) -> ResponseReturnValue:
    """The caller's side confirms the hand as it saw it (`seen`: version A's digest): 200, the hand (counting once
    every other side confirmed it) and the match."""
    match = get_match(api_user(), match_id)
    seen = confirmation_bodies.read_confirm(request_body())
    try:
        confirm_hand(match, number, seen)
    except Conflict as conflict:
        return _refused(conflict)
    return _answer(match, number)


@bp.get(HAND + "/versions")
@throttle_per_token
@token_required
def versions(match_id: int, number: int) -> ResponseReturnValue:
    """The waiting hand's versions side by side, each with the referee's verdict and where it differs from A, and
    what the caller may do; 409 for a hand that counts already."""
    match = get_match(api_user(), match_id)
    hand = _hand(match, number)
    if hand is None:
        return _error(404, "", _("Not found."))
    waiting = next((w for w in waiting_hands(match, api_user().id) if w.number == number), None)
    if waiting is None:
        return _error(409, "", refusal_words(MatchRefusal.NOT_WAITING, number=number))
    return jsonify(waiting_json(match, hand, waiting))


@bp.post(HAND + "/versions")
@throttle_per_token
@token_required
def count_otherwise(match_id: int, number: int) -> ResponseReturnValue:
    """Our count differs: the caller's side enters its own version (a hand's body, dealt as the hand was unless it
    says otherwise, plus `seen`): 201 and its label; 200 with the label of a version equal to it, which the side then
    stands behind (A: a confirmation)."""
    match = get_match(api_user(), match_id)
    hand = _hand(match, number)
    if hand is None:
        return _error(404, "", _("Not found."))
    seen, (draft, report, answer) = confirmation_bodies.read_version(
        request_body(), lambda body: hand_draft(match, body, hand.dealer))
    there = {version["label"] for version in versions_of(hand)}
    try:
        label = enter_version(match, number, draft, seen, report=report)
    except Conflict as conflict:
        return _refused(conflict)
    return _answer(match, number, 200 if label in there else 201, label=label, report=answer)


@bp.post(HAND + "/pick")
@throttle_per_token
@token_required
def pick(match_id: int, number: int) -> ResponseReturnValue:
    """The caller's side takes one version as it saw it: 200, the hand (counting once every side took the same)."""
    match = get_match(api_user(), match_id)
    label, seen = confirmation_bodies.read_pick(request_body())
    try:
        pick_version(match, number, label, seen)
    except Conflict as conflict:
        return _refused(conflict)
    return _answer(match, number)


@bp.post(HAND + "/call")
@throttle_per_token
@token_required
def call(match_id: int, number: int) -> ResponseReturnValue:
    """Call the organiser (the match's owner, outside a tournament) to decide the hand; calling again changes
    nothing."""
    match = get_match(api_user(), match_id)
    try:
        call_organiser(match, number)
    except Conflict as conflict:
        return _refused(conflict)
    return _answer(match, number)


@bp.post(HAND + "/decide")
@throttle_per_token
@token_required
def decide(match_id: int, number: int) -> ResponseReturnValue:
    """The organiser (the match's owner) takes a version as it saw it, with a reason kept in the trail: 200, the hand
    counting; 403 for a scorer."""
    match = get_match(api_user(), match_id)
    label, seen, reason = confirmation_bodies.read_decision(request_body())
    try:
        decide_hand(match, number, seen, label=label, reason=reason)
    except Conflict as conflict:
        return _refused(conflict)
    return _answer(match, number)
