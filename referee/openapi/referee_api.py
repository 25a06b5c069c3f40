"""The stateless referee's piece of the OpenAPI document: rulesets, captures, score (referee/views/api/scoring.py).

The bounds come from the code that enforces them (score_payloads.py, the rules core), so the schemas say what the
API reads. What a schema cannot say (every card in exactly one place, the deck's totals, an option's value
for its ruleset) the API answers with a 422 naming the field.
"""

from __future__ import annotations

from typing import Any

from ..bodies.score_payloads import MAX_CARDS, REST
from ..rules import PRESETS
from ..rules.cards import DECK_SUM
from ..rules.rulesets import BONUS_OPTIONS, MAX_SIDES, OPTIONS
from ..rules.setenta_cards import LACKS_A_SUIT
from ..rules.sevens import SETENTA_LEAST, SETENTA_MOST, TIEBREAK
from ..rules.tally_variants import EACH
from . import examples
from .common import LIMITS, error_response, json_content, ref

_LANGUAGE = [{"$ref": "#/components/parameters/AcceptLanguage"}]
_CARDS = {"type": "array", "items": ref("CardCode"), "maxItems": MAX_CARDS, "uniqueItems": True}
_WHOLE = {"type": "integer", "minimum": 0}


def _range(low: int, high: int) -> dict[str, Any]:
    """A whole number from low to high."""
    return {"type": "integer", "minimum": low, "maximum": high}


def _object(properties: dict[str, Any], required: tuple[str, ...] = (), **more: Any) -> dict[str, Any]:
    """A JSON object with only these properties (the API refuses an unknown field)."""
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False,
            **more}


# Every option as the rules core defines it (its range or choices, what it decides): a new one needs no edit here.
_OPTIONS = _object({name: kind.json_schema() for name, kind in OPTIONS.items()})
_SETENTA = {"oneOf": [{"const": LACKS_A_SUIT, "description": "The side lacks a suit."},
                      _range(SETENTA_LEAST, SETENTA_MOST)],
            "description": "The setenta sum, needed when the match plays `sevens` = `setenta`: 0 for a side lacking "
                           "a suit."}
_SETENTA_CARDS = {"type": "array", "items": ref("CardCode"), "maxItems": 4, "uniqueItems": True,
                  "description": "Under `sevens` = `setenta`, instead of (or beside) the sum: the side's best card of "
                                 "each suit it holds, one a suit (none for a suit it lacks); the referee works the sum "
                                 "out, and refuses cards that disagree with a sum given, the side's sevens, velo or "
                                 "oros, or another side's."}
_TIEBREAK = {name: {**_range(0, EACH), "description": f"The {name}: needed under `sevens` = `most_tiebreak` when "
                                                     "the sevens (and the counts before this one) are tied."}
             for name, _ in TIEBREAK}

SCHEMAS: dict[str, Any] = {
    "RulesetName": {"type": "string", "enum": list(PRESETS)},
    "Options": {**_OPTIONS, "description": "A ruleset's options; one left out keeps the preset's value."},
    "Rulesets": _object({
        "rulesets": {"type": "array", "items": _object({
            "name": ref("RulesetName"),
            "deck_style": ref("DeckStyle"),
            "max_deck_points": {"type": "integer"},
            "partnerships_first": {"type": "boolean"},
            "options": {**_OPTIONS, "required": list(_OPTIONS["properties"])},
        }, ("name", "deck_style", "max_deck_points", "partnerships_first", "options"))},
        "options": {"type": "object", "additionalProperties": {"oneOf": [
            _object({"min": {"type": "integer"}, "max": {"type": "integer"}}, ("min", "max")),
            _object({"choices": {"type": "array", "items": {"type": "string"}}}, ("choices",)),
        ]}},
        "sides": _object({"min": {"type": "integer"}, "max": {"type": "integer"}}, ("min", "max")),
    }, ("rulesets", "options", "sides")),
    "CapturesRequest": _object({
        "card": {**ref("CardCode"), "description": "The card played."},
        "table": {**_CARDS, "description": "The cards on the table."},
        "deck_style": ref("DeckStyle"),
    }, ("card", "table")),
    "Captures": _object({
        "captures": {"type": "array", "items": _object({
            "cards": {"type": "array", "items": ref("CardCode"), "minItems": 1},
            "escoba": {"type": "boolean", "description": "The capture sweeps the table."},
        }, ("cards", "escoba"))},
    }, ("captures",)),
    "Tally": _object({
        "cards": _range(0, MAX_CARDS),
        "oros": _range(0, 10),
        "sevens": _range(0, 4),
        "velo": {"type": "boolean", "description": "Holds the 7 of oros.", "default": False},
        "pile_sum": {**_range(0, DECK_SUM), "description": "The sum of the pile's counting values."},
        "setenta": _SETENTA,
        "setenta_cards": _SETENTA_CARDS,
        "setenta_untold": {"type": "array", "items": {"enum": ["o", "c", "e", "b"]}, "maxItems": 4, "uniqueItems": True,
                           "description": "Beside `setenta_cards`: the suits whose best card is not given. The "
                                          "referee infers what it can (each seven is its suit's best, a card in "
                                          "another pile is not this side's) and answers `setenta_untold_needed` "
                                          "only for the sides whose untold suits can change who takes the point."},
        **_TIEBREAK,
    }, ("cards", "oros", "sevens"), description="A side's whole pile counted, the leftover included if it took it."),
    "PileSide": _object({
        "cards": {**_CARDS, "description": "The side's captures, without the leftover."},
        "escobas": {**_WHOLE, "default": 0},
    }, ("cards",)),
    "TallySide": _object({
        "tally": {"oneOf": [ref("Tally"), {"const": REST, "description": "What the deck leaves after the others."}]},
        "escobas": {**_WHOLE, "default": 0},
        "setenta": {**_SETENTA, "description": "Only beside a `rest` tally: the setenta of the side left out, "
                                               "which the others' counts cannot give."},
        "setenta_cards": {**_SETENTA_CARDS, "description": "Only beside a `rest` tally: the best cards of the side "
                                                           "left out, for its setenta."},
    }, ("tally",)),
    "ScoreRequest": _object({
        "ruleset": ref("RulesetName"),
        "options": ref("Options"),
        "deck_style": ref("DeckStyle"),
        "sides": {"type": "array", "minItems": 2, "maxItems": MAX_SIDES,
                  "items": {"oneOf": [ref("PileSide"), ref("TallySide")]},
                  "description": "In the order of play; all by cards or all by tallies."},
        "leftover": {**_CARDS, "description": "The cards left on the table at the end."},
        "leftover_sum": {**_range(0, DECK_SUM), "description": "Instead of `leftover`, in a tally entry."},
        "last_capture": {**_range(0, MAX_SIDES - 1), "description": "The side that made the last capture."},
    }, ("ruleset", "sides", "last_capture")),
    "SideReport": _object({
        "erred": {"type": ["boolean", "null"], "description": "null when the counts cannot tell (needs_pile_sums)."},
        "points": {"type": ["integer", "null"], "description": "After the penalty."},
        "counts": _object({"cards": {"type": "integer"}, "oros": {"type": "integer"},
                           "sevens": {"type": "integer"}, "velo": {"type": "boolean"}},
                          ("cards", "oros", "sevens", "velo")),
        "earned": _object({name: {"type": "integer"} for name in (
            "cards", "oros", "sevens", "velo", *BONUS_OPTIONS, "escobas")},
            ("cards", "oros", "sevens", "velo", *BONUS_OPTIONS, "escobas"), description="Before the penalty."),
        "pile_sum": {"type": ["integer", "null"], "description": "The side's captures without the leftover."},
        "fifteens": {"type": "array", "items": {"type": "array", "items": ref("CardCode")},
                     "description": "Card entry only: a split of the pile into fifteens."},
        "suspects": {"type": "array", "items": ref("CardCode"),
                     "description": "Card entry only: the cards that fit in no fifteen."},
        "setenta": _object({
            "sum": {"type": ["integer", "null"], "description": "null when the side lacks a suit."},
            "cards": {"type": "array", "items": ref("CardCode"), "maxItems": 4,
                      "description": "Card entry only: the best card of each suit the side holds."},
        }, ("sum", "cards"), description="Only under `sevens` = `setenta`."),
        "tiebreak": _object({name: {"type": ["integer", "null"]} for name, _ in TIEBREAK},
                            tuple(name for name, _ in TIEBREAK),
                            description="Only under `sevens` = `most_tiebreak`: null where a tally gave none."),
    }, ("erred", "points", "counts", "earned", "pile_sum")),
    "Report": _object({
        "valid": {"type": "boolean"},
        "leftover": _object({"sum": {"type": "integer"}, "ok": {"type": "boolean"}}, ("sum", "ok")),
        "needs_pile_sums": {"type": "boolean"},
        "max_deck_points": {"type": "integer"},
        "sides": {"type": "array", "items": ref("SideReport")},
        "messages": {"type": "array", "items": {"type": "string"}},
    }, ("valid", "leftover", "needs_pile_sums", "max_deck_points", "sides", "messages")),
}


def _post(operation_id: str, summary: str, request: str, answer: str, cases: dict[str, tuple[dict[str, Any],
          dict[str, Any]]], refused: dict[str, tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    """A POST of the stateless referee: its body, its answer, its 422 and the errors every endpoint may give."""
    return {
        "operationId": operation_id,
        "tags": ["referee"],
        "summary": summary,
        "security": [],
        "parameters": _LANGUAGE,
        "requestBody": {"required": True, **json_content(ref(request), {
            name: body for name, (body, _) in (cases | refused).items()})},
        "responses": {
            "200": {"description": "The answer.", **json_content(ref(answer), {
                name: answer for name, (_, answer) in cases.items()})},
            "400": {"$ref": "#/components/responses/BadBody"},
            "422": error_response("The entry breaks the rules of entry: every problem, naming its field.", {
                name: answer for name, (_, answer) in refused.items()}),
            **LIMITS,
        },
    }


PIECE: dict[str, Any] = {
    "tags": [{"name": "referee", "description": "The stateless referee: no account, nothing kept."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/rulesets": {"get": {
            "operationId": "rulesets",
            "tags": ["referee"],
            "summary": "The presets, their defaults and what each option accepts",
            "security": [],
            "responses": {
                "200": {"description": "The rulesets.", **json_content(ref("Rulesets"), {
                    "presets": examples.RULESETS_ANSWER})},
                "429": LIMITS["429"],
            },
        }},
        "/api/v1/captures": {"post": _post(
            "captures", "Every set of table cards that makes 15 with the card played", "CapturesRequest",
            "Captures", {"can_i_take": (examples.CAPTURES, examples.CAPTURES_ANSWER)},
            {"unknown_card": (examples.CAPTURES_REFUSED, examples.CAPTURES_REFUSED_ANSWER)})},
        "/api/v1/score": {"post": _post(
            "score", "Check a finished hand and count its points", "ScoreRequest", "Report", {
                "by_cards": (examples.SCORE_BY_CARDS, examples.SCORE_BY_CARDS_ANSWER),
                "by_tallies": (examples.SCORE_BY_TALLIES, examples.SCORE_BY_TALLIES_ANSWER),
                "every_tally_but_one": (examples.SCORE_QUICK, examples.SCORE_QUICK_ANSWER),
                "as_in_argentina_setenta": (examples.SCORE_SETENTA, examples.SCORE_SETENTA_ANSWER),
                "as_in_uruguay_sevens_then_sixes": (examples.SCORE_TIEBREAK, examples.SCORE_TIEBREAK_ANSWER),
            }, {"refused": (examples.SCORE_REFUSED, examples.SCORE_REFUSED_ANSWER),
                "tiebreak_count_missing": (examples.SCORE_TIEBREAK_REFUSED, examples.SCORE_TIEBREAK_REFUSED_ANSWER)})},
    },
}
