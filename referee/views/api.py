"""The stateless referee API: rulesets, captures and scoring, no login needed."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from .. import json_body, score_payloads
from ..messages import finding_words, problem_words
from ..rules import PRESETS, DeckStyle, InvalidEntry, Problem, check_hand, find_captures
from ..rules.rulesets import OPTIONS

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _body() -> Any:
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


@bp.get("/rulesets")
def rulesets() -> ResponseReturnValue:
    """The presets, their defaults and the options a match may change."""
    return jsonify({
        "rulesets": [
            {"name": name, "deck_style": rs.deck_style.value, "max_deck_points": rs.max_deck_points,
             "partnerships_first": rs.partnerships_first, "options": rs.options()}
            for name, rs in PRESETS.items()
        ],
        "options": {name: kind.takes() for name, kind in OPTIONS.items()},
        "sides": {"min": 2, "max": 4},
    })


def _refused(error: InvalidEntry, deck: DeckStyle) -> ResponseReturnValue:
    """422 naming each field that breaks the rules of entry, its cards named as `deck` names them."""
    return score_payloads.errors_json(error.problems, lambda problem: problem_words(problem, deck=deck)), 422


@bp.post("/captures")
def captures() -> ResponseReturnValue:
    """Every set of table cards that makes 15 with the played card."""
    card, table, deck = score_payloads.read_captures(_body())
    try:
        found = find_captures(card, table)
    except InvalidEntry as error:
        return _refused(error, deck)
    return jsonify({"captures": [{"cards": [str(c) for c in cap.cards], "escoba": cap.escoba} for cap in found]})


@bp.post("/score")
def score() -> ResponseReturnValue:
    """Check a finished hand and count its points."""
    entry = score_payloads.read_score(_body())
    deck = entry.ruleset.deck_style
    try:
        report = check_hand(entry)
    except InvalidEntry as error:
        return _refused(error, deck)
    messages = [finding_words(finding, deck=deck) for finding in report.findings]
    return jsonify(score_payloads.report_json(report, entry, messages))
