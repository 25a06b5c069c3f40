"""The API's blueprint, /api/v1: the body reader its routes share, and the answer to a body that cannot be read
(400) or breaks the rules of entry (422), in the errors shape (`{"errors": [{"field", "message"}]}`).

The API is stateless and cookie-free: there is no session for CSRF to protect (referee/__init__.py exempts it).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from ...bodies import json_body, score_payloads
from ...rules import InvalidEntry, Problem
from ...words.messages import problem_words

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def request_body() -> Any:
    """The request's JSON body, whatever its content type says; over MAX_CONTENT_LENGTH, Werkzeug's 413."""
    return json_body.parse(request.get_data(cache=False))


@bp.errorhandler(json_body.UnreadableBody)
def unreadable(error: json_body.UnreadableBody) -> ResponseReturnValue:
    """400 naming the body, in the usual errors shape."""
    return score_payloads.errors_json((Problem(("body",), error.code, error.params),), problem_words), 400


@bp.errorhandler(InvalidEntry)
def invalid(error: InvalidEntry) -> ResponseReturnValue:
    """422 naming each field that breaks the rules of entry."""
    return score_payloads.errors_json(error.problems, problem_words), 422
