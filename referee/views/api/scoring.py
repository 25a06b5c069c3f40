"""The stateless referee API: rulesets, captures and scoring, no login needed."""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from ...bodies import score_payloads
from ...rules import PRESETS, DeckStyle, InvalidEntry, check_hand, find_captures
from ...rules.rulesets import OPTIONS
from ...words.messages import finding_words, problem_words
from .blueprint import bp, request_body


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
    card, table, deck = score_payloads.read_captures(request_body())
    try:
        found = find_captures(card, table)
    except InvalidEntry as error:
        return _refused(error, deck)
    return jsonify({"captures": [{"cards": [str(c) for c in cap.cards], "escoba": cap.escoba} for cap in found]})


@bp.post("/score")
def score() -> ResponseReturnValue:
    """Check a finished hand and count its points."""
    entry = score_payloads.read_score(request_body())
    deck = entry.ruleset.deck_style
    try:
        report = check_hand(entry)
    except InvalidEntry as error:
        return _refused(error, deck)
    messages = [finding_words(finding, deck=deck) for finding in report.findings]
    return jsonify(score_payloads.report_json(report, entry, messages))
