"""The match API: start, list and read matches with a personal access token, through the pages' services.

Routes of the API blueprint (referee/views/api/blueprint.py): its limits and error shapes, no CSRF, no cookie; every
route takes a token (referee/web/api_auth.py) and counts against it (referee/web/throttling.py).
"""

from __future__ import annotations

from flask import Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound as HTTPNotFound

from ...bodies import match_payloads
from ...bodies.match_json import match_json
from ...models import Match
from ...services import NotFound, create_match, get_match
from ...services.history import match_history
from ...services.roles import roles_in
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from ..errors import http_error
from .blueprint import bp, request_body


@bp.errorhandler(NotFound)
def not_found(_error: NotFound) -> ResponseReturnValue:
    """Another account's match, like a missing one: 404."""
    return http_error(HTTPNotFound())


def match_answer(match: Match, status: int = 200) -> Response:
    """The match, its version as the ETag."""
    response = jsonify(match_json(match))
    response.status_code = status
    response.set_etag(str(match.version))
    return response


@bp.post("/matches")
@throttle_per_token
@token_required
def start_match() -> ResponseReturnValue:
    """Start a match: 201, the match, and where it lives."""
    match = create_match(api_user(), match_payloads.read_new_match(request_body()))
    response = match_answer(match, 201)
    response.headers["Location"] = url_for("api.read_match", match_id=match.id)
    return response


@bp.get("/matches")
@throttle_per_token
@token_required
def list_matches() -> ResponseReturnValue:
    """The matches the account owns or scores, newest first, a page at a time, filtered by player and status; each
    with the account's role in it."""
    query = match_payloads.read_match_query(request.args.to_dict())
    page = match_history(api_user(), query.page, query.player, query.status, per_page=query.per_page)
    roles = roles_in(api_user(), [match.id for match in page.items])
    return jsonify({"matches": [match_json(match) | {"role": str(roles[match.id])} for match in page.items],
                    "page": page.page,
                    "per_page": page.per_page, "total": page.total, "pages": page.pages})


@bp.get("/matches/<int:match_id>")
@throttle_per_token
@token_required
def read_match(match_id: int) -> ResponseReturnValue:
    """One match, its version as the ETag."""
    return match_answer(get_match(api_user(), match_id))
