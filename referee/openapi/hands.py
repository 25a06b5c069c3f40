"""The hands' piece of the OpenAPI document: record, correct and take back a match's hands
(referee/views/api/hands.py; the bodies are /score's, read by referee/bodies/match_payloads.py)."""

from __future__ import annotations

from typing import Any

from ..bodies.match_payloads import IDEMPOTENCY_KEY
from ..bodies.score_payloads import MAX_CARDS
from ..rules.cards import DECK_SUM
from ..rules.rulesets import MAX_SIDES
from .common import GUARDED, SEAT, TOKEN, WITH_BODY, error_response, json_content, parameter_ref, ref
from .match_examples import EXAMPLES as ex
from .matches import ETAG
from .matches import SCHEMAS as MATCH_SCHEMAS

_CARDS = {"type": "array", "items": ref("CardCode"), "maxItems": MAX_CARDS, "uniqueItems": True}
_SUMMARY = MATCH_SCHEMAS["HandSummary"]
_NOT_FOUND = {"$ref": "#/components/responses/NotFound"}
_STALE = error_response("If-Match names another version: read the match again.", {"stale": ex["STALE"]})
_NO_VERSION = error_response("No If-Match.", {"no_version": ex["NO_VERSION"]})

SCHEMAS: dict[str, Any] = {
    "HandRequest": {
        "type": "object", "additionalProperties": False, "required": ["sides", "last_capture"],
        "description": "/score's body without `ruleset` and `options` (the match's are used).",
        "properties": {
            "sides": {"type": "array", "minItems": 2, "maxItems": MAX_SIDES,
                      "items": {"oneOf": [ref("PileSide"), ref("TallySide")]},
                      "description": "One for each side of the match, in the order of play; all by cards or all "
                                     "by tallies."},
            "leftover": {**_CARDS, "description": "The cards left on the table at the end."},
            "leftover_sum": {"type": "integer", "minimum": 0, "maximum": DECK_SUM,
                             "description": "Instead of `leftover`, in a tally entry."},
            "last_capture": {**SEAT, "description": "The side that made the last capture."},
            "deck_style": {**ref("DeckStyle"), "description": "Ignored: the match has its own."},
            "dealer": {**SEAT, "description": "Who dealt; for a new hand the match's `next_dealer` when left out, "
                                              "for a correction the hand's."},
        },
    },
    "HandAnswer": {
        "type": "object", "additionalProperties": False, "required": ["hand", "match"],
        "properties": {
            "hand": {**_SUMMARY, "required": [*_SUMMARY["required"], "report"], "properties": {
                **_SUMMARY["properties"],
                "report": {**ref("Report"), "description": "As `POST /api/v1/score` answers."}}},
            "match": ref("Match"),
        },
    },
    "MatchOnly": {"type": "object", "additionalProperties": False, "required": ["match"],
                  "properties": {"match": ref("Match")}},
}

PARAMETERS: dict[str, Any] = {
    "HandNumber": {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
                   "example": 1},
    "IfMatch": {"name": "If-Match", "in": "header", "required": True, "schema": {"type": "string"},
                "description": "The match's version as its ETag gave it (`\"2\"`); another version is 412.",
                "example": '"2"'},
}


def _hand_operation(operation_id: str, summary: str, *, number: bool) -> dict[str, Any]:
    """What recording and correcting a hand share: the body, its 422, the 200 answer."""
    return {
        "operationId": operation_id, "tags": ["hands"], "summary": summary, "security": TOKEN,
        "parameters": [parameter_ref("MatchId"), *([parameter_ref("HandNumber")] if number else []),
                       parameter_ref("AcceptLanguage")],
        "responses": {**WITH_BODY, "404": _NOT_FOUND},
    }


_RECORD = _hand_operation("recordHand", "Record the match's next hand", number=False)
_RECORD["parameters"].insert(1, {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "schema": {"type": "string", "pattern": f"^{IDEMPOTENCY_KEY.pattern}$"},
    "description": "Sent again with the same body, the hand saved the first time (200), never a second one.",
    "example": "hand-2"})
_RECORD["requestBody"] = {"required": True, **json_content(ref("HandRequest"), {
    "by_cards": ex["HAND_BY_CARDS"], "by_tallies": ex["HAND_BY_TALLIES"], "refused": ex["HAND_REFUSED"]})}
_RECORD["responses"] |= {
    "201": {"description": "The hand, checked and counted, and the match.", "headers": ETAG,
            **json_content(ref("HandAnswer"), {"by_cards": ex["HAND_ANSWER"], "by_tallies": ex["HAND_TALLY_ANSWER"]})},
    "200": {"description": "The hand already saved under this Idempotency-Key.", "headers": ETAG,
            **json_content(ref("HandAnswer"))},
    "409": error_response("The match is over, or the hand saved under this key was taken back.", {
        "over": ex["MATCH_OVER"]}),
    "422": error_response("The entry breaks the rules of entry, the tallies cannot name the side that erred, or "
                          "the Idempotency-Key was used for another hand.", {"refused": ex["HAND_REFUSED_ANSWER"]}),
}

_CORRECT = _hand_operation("correctHand", "Correct a saved hand; the winner follows (a finished match may reopen)",
                           number=True)
_CORRECT["parameters"].insert(2, parameter_ref("IfMatch"))
_CORRECT["requestBody"] = {"required": True, **json_content(ref("HandRequest"), {
    "correction": ex["CORRECTION"], "refused": ex["HAND_REFUSED"]})}
_CORRECT["responses"] |= {
    "200": {"description": "The hand as corrected, and the match.", "headers": ETAG,
            **json_content(ref("HandAnswer"), {"correction": ex["CORRECTION_ANSWER"]})},
    "409": error_response("The match changed meanwhile."),
    "412": _STALE,
    "422": error_response("The entry breaks the rules of entry.", {"refused": ex["HAND_REFUSED_ANSWER"]}),
    "428": _NO_VERSION,
}

PIECE: dict[str, Any] = {
    "tags": [{"name": "hands", "description": "A match's hands: each checked and counted as /score does."}],
    "components": {"schemas": SCHEMAS, "parameters": PARAMETERS},
    "paths": {
        "/api/v1/matches/{match_id}/hands": {"post": _RECORD},
        "/api/v1/matches/{match_id}/hands/{number}": {
            "put": _CORRECT,
            "delete": {
                "operationId": "undoHand", "tags": ["hands"], "summary": "Take back the last hand",
                "security": TOKEN,
                "parameters": [parameter_ref("MatchId"), parameter_ref("HandNumber"), parameter_ref("IfMatch"),
                               parameter_ref("AcceptLanguage")],
                "responses": {
                    "200": {"description": "The match without it.", "headers": ETAG,
                            **json_content(ref("MatchOnly"), {"undone": ex["UNDONE"]})},
                    **GUARDED,
                    "404": _NOT_FOUND,
                    "409": error_response("Not the last hand (correct it instead), or the match changed meanwhile.",
                                          {"not_the_last": ex["NOT_THE_LAST"]}),
                    "412": _STALE,
                    "428": _NO_VERSION,
                },
            },
        },
    },
}
