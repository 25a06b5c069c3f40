"""The match API's scoring together: join codes, joining with one, and the match's scorers (services/sharing.py).

Making and revoking codes and listing and removing scorers are the owner's: a scorer's token gets 403, another
account's 404 as for any match of someone else's; leaving is a scorer's (the owner's token gets 403). Joining is
throttled with the join page (JOIN_LIMIT).
"""

from __future__ import annotations

from datetime import datetime

from flask import jsonify, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...bodies import match_payloads
from ...bodies.match_json import match_json
from ...services import NotFound
from ...services.errors import Forbidden
from ...services.link_secrets import BadLink
from ...services.matches import get_match, get_owned_match
from ...services.roles import role_of
from ...services.sharing import join, leave, make_join_code, remove_scorer, revoke_join_codes, scorers_of
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_api_join, throttle_per_token
from ..refusal_words import conflict_words
from .blueprint import bp, request_body


@bp.errorhandler(Forbidden)
def forbidden(_error: Forbidden) -> ResponseReturnValue:
    """A scorer asking for what only the owner may do: 403."""
    return {"errors": [{"field": "", "message": _("Only the match's owner can do this.")}]}, 403


def _utc(moment: datetime) -> str:
    """A stored time (UTC, naive) as the API writes times."""
    return f"{moment.isoformat(timespec='seconds')}Z"


@bp.post("/matches/<int:match_id>/join-code")
@throttle_per_token
@token_required
def make_code(match_id: int) -> ResponseReturnValue:
    """A new join code (the old one stops working): 201, the code shown this once, and its join page."""
    made = make_join_code(get_owned_match(api_user(), match_id))
    response = jsonify({"code": made.spaced, "expires_at": _utc(made.expires_at),
                        "join_url": url_for("sharing.join_page", code=made.code, _external=True)})
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.delete("/matches/<int:match_id>/join-code")
@throttle_per_token
@token_required
def revoke_code(match_id: int) -> ResponseReturnValue:
    """The match's join code stops working (204, also when none was live); its scorers stay."""
    revoke_join_codes(get_owned_match(api_user(), match_id))
    return "", 204


@bp.post("/join")
@throttle_per_token
@token_required
@throttle_api_join
def join_match() -> ResponseReturnValue:
    """Become a scorer of the match whose code is sent, the phone called `name` when one is sent: the match and the
    caller's role in it; a code that lets no one in is 422 naming `code`, and counts against JOIN_LIMIT."""
    code, name = match_payloads.read_join(request_body())
    try:
        match = join(api_user(), code, name)
    except BadLink as refused:
        return {"errors": [{"field": "code", "message": conflict_words(refused)}]}, 422
    role = role_of(api_user(), match)
    return jsonify({"match": match_json(match), "role": str(role)})


@bp.get("/matches/<int:match_id>/scorers")
@throttle_per_token
@token_required
def list_scorers(match_id: int) -> ResponseReturnValue:
    """The match's scorers, first joined first."""
    match = get_owned_match(api_user(), match_id)
    return jsonify({"scorers": [{"id": s.user_id, "username": s.scorer.user.username, "name": s.name,
                                 "joined_at": _utc(s.scorer.added_at)} for s in scorers_of(match)]})


@bp.delete("/matches/<int:match_id>/scorers/<int:user_id>")
@throttle_per_token
@token_required
def remove(match_id: int, user_id: int) -> ResponseReturnValue:
    """The scorer stops scoring the match (204): its next request for it is told so (403); 404 for one who is
    none. The match's join code keeps working: the owner stops it with DELETE .../join-code."""
    match = get_owned_match(api_user(), match_id)
    try:
        remove_scorer(match, user_id)
    except NotFound:
        return {"errors": [{"field": "user_id", "message": _("This account does not score this match.")}]}, 404
    return "", 204


@bp.delete("/matches/<int:match_id>/scorers/me")
@throttle_per_token
@token_required
def leave_match(match_id: int) -> ResponseReturnValue:
    """The caller stops scoring another's match (204): its next request for it is a 404; the owner cannot leave
    its own match (403)."""
    match = get_match(api_user(), match_id)
    try:
        leave(api_user(), match)
    except Forbidden:
        return {"errors": [{"field": "", "message": _("The owner cannot leave its own match.")}]}, 403
    except NotFound:  # removed by the owner meanwhile: the same outcome
        pass
    return "", 204
