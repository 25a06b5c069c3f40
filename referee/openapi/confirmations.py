"""The waiting hands' piece of the OpenAPI document (issue 36, the house rule `confirm_hands`): confirm a hand another
side saved, its versions side by side, a version of one's own, taking one, calling the organiser and the organiser's
decision (referee/views/api/confirmations.py; the bodies are read by confirmation_bodies.py, the versions written by
referee/bodies/waiting_json.py)."""

from __future__ import annotations

from typing import Any

from ..forms.confirmations import REASON_LENGTH
from ..rules.rulesets import MAX_SIDES
from ..rules.versions import HAND_FACTS, SIDE_COUNTS
from .common import GUARDED, SEAT, SIDE, TOKEN, WITH_BODY, error_response, json_content, parameter_ref, ref
from .hands import SCHEMAS as HAND_SCHEMAS
from .match_examples import EXAMPLES as ex
from .matches import ETAG

_SEEN = {"type": "string", "pattern": "^[0-9a-f]{16}$",
         "description": "The `digest` of the version as the caller saw it (the match's `hands[].versions[]`): a "
                        "version changed since is 409.", "examples": ["3f1c2a9b7d4e5f60"]}
_LABEL = {"type": "string", "pattern": "^[A-Z]$",
          "description": "A version's label: `A` the hand's own entry, `B`, `C`… the other sides' counts in the order "
                         "entered."}
_POINTS = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": MAX_SIDES,
           "description": "Per side, after the penalty: what the version would give."}
_STANDING = {"type": "array", "items": {"oneOf": [SIDE, {"type": "null"}]},
             "description": "Who stands behind the version: the side each phone speaks for (its claimed seat's), "
                            "null for a phone without a seat (then each phone is a voice of its own). It counts once "
                            "as many voices as the match has sides stand behind it."}
_REQUEST = HAND_SCHEMAS["HandRequest"]
_CARDS = {"type": "array", "items": ref("CardCode")}


def _object(properties: dict[str, Any], *required: str, **more: Any) -> dict[str, Any]:
    """A JSON object with only these properties."""
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False,
            **more}


SCHEMAS: dict[str, Any] = {
    "VersionSummary": _object({
        "label": _LABEL, "points": _POINTS, "digest": _SEEN | {"description": "What a step on it names it by."},
        "valid": {"type": "boolean", "description": "It passes every check (no side erred)."},
        "sides": _STANDING,
    }, "label", "points", "digest", "valid", "sides"),
    "Confirmation": _object({"seen": _SEEN}, "seen"),
    "VersionPick": _object({"label": _LABEL, "seen": _SEEN}, "label", "seen"),
    "Decision": _object({
        "label": _LABEL, "seen": _SEEN,
        "reason": {"type": "string", "minLength": 1, "maxLength": REASON_LENGTH, "pattern": r"\S",
                   "description": f"Why (kept in the trail): 1 to {REASON_LENGTH} characters once trimmed, no "
                                  "control characters; left out, none."},
    }, "label", "seen"),
    "VersionRequest": {
        **_REQUEST, "required": [*_REQUEST["required"], "seen"],
        "description": "A hand's body, as `POST .../hands` takes it (`dealer`: the hand's when left out), and the "
                       "digest of version A as the caller saw it.",
        "properties": {**_REQUEST["properties"], "seen": _SEEN}},
    "HandStep": _object({"hand": ref("HandSummary"), "match": ref("Match")}, "hand", "match"),
    "VersionAnswer": _object({
        "label": {**_LABEL, "description": "The caller's version: a new one, or one there equal to it (A: the "
                                           "caller confirmed the entry)."},
        "report": {**ref("Report"), "description": "The referee's on the version, as `POST /api/v1/score` answers."},
        "hand": ref("HandSummary"), "match": ref("Match"),
    }, "label", "report", "hand", "match"),
    "Verdict": _object({
        "possible": {"type": "boolean", "description": "It can be right at all: the deck's 40 cards, 10 oros, 4 "
                                                       "sevens and one velo, each card in one place. A version that "
                                                       "cannot be right cannot be taken."},
        "passes": {"type": "boolean", "description": "It passes every check (the leftover's sum, the piles' "
                                                     "fifteens): no side erred."},
        "erred": {"type": "array", "items": SIDE, "description": "The sides that erred."},
        "messages": {"type": "array", "items": {"type": "string"},
                     "description": "What the referee found, as `/score` says it; or why the version cannot be "
                                    "right."},
    }, "possible", "passes", "erred", "messages"),
    "Difference": _object({
        "category": {"enum": [*SIDE_COUNTS, "pile", *HAND_FACTS, "leftover"],
                     "description": "A side's count (`cards`, `oros`, `sevens`, `velo`, `escobas`, `pile_sum`, "
                                    "`setenta`, `sixes`, `aces`, `fives`), its pile's cards (`pile`: both by "
                                    "cards), or the hand's own: `leftover_sum`, `last_capture`, the `leftover`'s "
                                    "cards."},
        "side": {"oneOf": [SIDE, {"type": "null"}], "description": "null for the hand's own categories."},
        "first": {"type": ["integer", "boolean", "array"], "items": ref("CardCode"),
                  "description": "What version A says there: a count, the velo's true or false, a side, or (a pile, "
                                 "the leftover) the cards only A has there."},
        "second": {"type": ["integer", "boolean", "array"], "items": ref("CardCode"),
                   "description": "What this version says there."},
    }, "category", "side", "first", "second"),
    "VersionDetail": _object({
        "label": _LABEL,
        "mode": {"enum": ["cards", "tally"], "description": "Entered by cards or by counts."},
        "dealer": SEAT,
        "entry": {"type": "object", "required": ["sides", "last_capture"],
                  "description": "The version's entry, as a hand's body gives it.",
                  "properties": {"sides": {"type": "array", "minItems": 2, "maxItems": MAX_SIDES,
                                           "items": {"oneOf": [ref("PileSide"), ref("TallySide")]}},
                                 "leftover": _CARDS, "leftover_sum": {"type": "integer", "minimum": 0},
                                 "last_capture": SIDE}},
        "points": _POINTS, "digest": _SEEN | {"description": "What a step on it names it by."},
        "sides": _STANDING, "verdict": ref("Verdict"),
        "differences": {"type": "array", "items": ref("Difference"),
                        "description": "Every place it differs from version A, side by side and category by "
                                       "category (none for A; a category only one version gives is no "
                                       "difference)."},
    }, "label", "mode", "dealer", "entry", "points", "digest", "sides", "verdict", "differences"),
    "WaitingHand": _object({
        "number": {"type": "integer", "minimum": 1},
        "may_confirm": {"type": "boolean", "description": "The caller's side may confirm the entry in one step "
                                                          "(`POST .../confirm`): it did not save it, and no other "
                                                          "version was entered."},
        "own": {"type": "boolean", "description": "The caller's side saved the entry: it recounts by correcting "
                                                  "the hand (`PUT .../hands/{number}`), not with a version."},
        "mine": {"oneOf": [_LABEL, {"type": "null"}], "description": "The version the caller stands behind."},
        "decides": {"type": "boolean", "description": "The caller decides the hand (the match's owner: a "
                                                      "tournament's organiser)."},
        "called": {"type": "boolean", "description": "A side called the organiser to decide it."},
        "versions": {"type": "array", "items": ref("VersionDetail"), "minItems": 1,
                     "description": "A first, then the other sides' versions in the order entered."},
    }, "number", "may_confirm", "own", "mine", "decides", "called", "versions"),
}

_NOT_FOUND = {"$ref": "#/components/responses/NotFound"}
_FORBIDDEN = error_response("A scorer the match's owner removed (its next request is told so).")
_NOT_WAITING = "The hand counts already (confirmed, agreed or decided)"
_SUMMARIES = {
    "confirm": "Confirm a hand another side saved, as the caller saw it",
    "versions": "A waiting hand's versions side by side: each one's verdict and where it differs from A",
    "count": "Our count differs: the caller's side enters its own version of a waiting hand",
    "pick": "Take one version of a waiting hand",
    "call": "Call the organiser (the match's owner) to decide a waiting hand",
    "decide": "The organiser (the match's owner) decides a waiting hand: one version counts",
}


def _step(operation_id: str, summary: str, request: str | None, examples: dict[str, Any], answer: str,
          answers: dict[str, Any], more: dict[str, Any] | None = None) -> dict[str, Any]:
    """A POST on a waiting hand: its body (when it takes one) and the answers every step may give, then the step's
    own (`more`, by status)."""
    operation: dict[str, Any] = {
        "operationId": operation_id, "tags": ["confirmations"], "summary": summary, "security": TOKEN,
        "parameters": [parameter_ref("MatchId"), parameter_ref("HandNumber"), parameter_ref("AcceptLanguage")],
        "responses": {
            "200": {"description": "The hand as it stands after the step (`waiting` false once it counts), and the "
                                   "match.", "headers": ETAG, **json_content(ref(answer), answers)},
            **(WITH_BODY if request else GUARDED),
            "403": _FORBIDDEN,
            "404": _NOT_FOUND,
            "409": error_response(f"{_NOT_WAITING}; or another refusal, in the pages' words.",
                                  {"counts": ex["NOT_WAITING"]}),
        },
    }
    if request:
        operation["requestBody"] = {"required": True, **json_content(ref(request), examples)}
        operation["responses"]["422"] = error_response("A bad body: every problem, naming its field.")
    operation["responses"] |= more or {}
    return operation


_CONFIRM = _step("confirmHand", _SUMMARIES["confirm"], "Confirmation", {
    "confirm": ex["CONFIRM"], "changed": ex["CONFIRM_CHANGED"], "refused": ex["CONFIRM_REFUSED"]},
    "HandStep", {"confirm": ex["CONFIRM_ANSWER"]}, {
    "409": error_response(f"The caller's side saved the entry (another side confirms it); the entry changed since the "
                          f"caller saw it (naming `seen`: read the match again); {_NOT_WAITING.lower()}, as another "
                          "version.", {"changed": ex["CONFIRM_CHANGED_ANSWER"], "counts": ex["NOT_WAITING"]}),
    "422": error_response("A bad body, naming its field.", {"refused": ex["CONFIRM_REFUSED_ANSWER"]})})
_CONFIRM["description"] = (
    "The caller's side stands behind version A; once every other side does, the hand counts. Sent again (or by two "
    "phones of a side at once) it is made once: 200 with the hand as it stands.")

_COUNT = _step("enterVersion", _SUMMARIES["count"], "VersionRequest", {
    "our_count": ex["VERSION"], "same_count": ex["SAME_VERSION"], "refused": ex["VERSION_REFUSED"]},
    "VersionAnswer", {"same_count": ex["SAME_VERSION_ANSWER"]}, {
    "201": {"description": "A new version, its label and the referee's report on it; the hand waits until the sides "
                         "take one version (`POST .../pick`) or the organiser decides.", "headers": ETAG,
          **json_content(ref("VersionAnswer"), {"our_count": ex["VERSION_ANSWER"]})},
    "409": error_response(f"The caller's side saved the entry (it corrects the hand instead); the entry changed since "
                          f"the caller saw it (naming `seen`); {_NOT_WAITING.lower()}."),
    "422": error_response("A bad body, naming its field; the entry breaks the rules of entry.",
                          {"refused": ex["VERSION_REFUSED_ANSWER"]})})
_COUNT["responses"]["200"]["description"] = (
    "A version there is equal to the caller's: its side stands behind that one (A: it confirmed the entry).")
_COUNT["description"] = (
    "Any way of entering a hand: by cards or by counts. The referee compares it with the others (`GET "
    ".../versions`). The caller's earlier version, if any, goes once no one else stands behind it: recount and enter "
    "again.")

_PICK = _step("pickVersion", _SUMMARIES["pick"], "VersionPick", {
    "take_a": ex["PICK"], "no_such_version": ex["PICK_UNKNOWN"]}, "HandStep", {"take_a": ex["PICK_ANSWER"]}, {
    "404": error_response("No such hand, or no such version of it.", {"no_such_version": ex["NOT_FOUND"]}),
    "409": error_response(f"The version changed since the caller saw it (naming `seen`); the caller's side picks its "
                          f"own entry; {_NOT_WAITING.lower()}.")})
_PICK["description"] = ("The caller's side moves its stand to that version; the version every side takes becomes "
                        "the hand's entry, and the hand counts. Sent again, 200 with the hand as it stands.")

_CALL = _step("callOrganiser", _SUMMARIES["call"], None, {}, "HandStep", {"called": ex["CALL_ANSWER"]})
_CALL["description"] = "The hand's `called` is then true; calling again changes nothing."

_DECIDE = _step("decideHand", _SUMMARIES["decide"], "Decision", {
    "decide": ex["DECIDE"], "refused": ex["DECIDE_REFUSED"]}, "HandStep", {"decide": ex["DECIDE_ANSWER"]}, {
    "403": error_response("Not the match's owner (a scorer), or a scorer it removed.",
                          {"not_the_owner": ex["NOT_THE_OWNER"]}),
    "409": error_response(f"The version changed since the caller saw it (naming `seen`); {_NOT_WAITING.lower()}."),
    "422": error_response("A bad body, naming its field.", {"refused": ex["DECIDE_REFUSED_ANSWER"]})})
_DECIDE["description"] = "The version counts as the hand's entry; the reason and every version are kept in the trail."

PIECE: dict[str, Any] = {
    "tags": [{"name": "confirmations", "description": "Both sides agree: under the match's `confirm_hands` = "
                                                      "`other_sides`, a hand one side saves waits, in no total, "
                                                      "until the other sides confirm it or agree on one version, "
                                                      "or the organiser decides."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/matches/{match_id}/hands/{number}/confirm": {"post": _CONFIRM},
        "/api/v1/matches/{match_id}/hands/{number}/versions": {
            "get": {
                "operationId": "handVersions", "tags": ["confirmations"], "summary": _SUMMARIES["versions"],
                "description": "What the caller may do with each: confirm, take one, count again, call the "
                               "organiser, or (the organiser) decide.",
                "security": TOKEN,
                "parameters": [parameter_ref("MatchId"), parameter_ref("HandNumber"), parameter_ref("AcceptLanguage")],
                "responses": {
                    "200": {"description": "The waiting hand.", **json_content(ref("WaitingHand"), {
                        "waiting": ex["VERSIONS_ANSWER"], "disputed": ex["VERSIONS_DISPUTED_ANSWER"]})},
                    **GUARDED,
                    "403": _FORBIDDEN,
                    "404": _NOT_FOUND,
                    "409": error_response(f"{_NOT_WAITING}.", {"counts": ex["NOT_WAITING"]}),
                },
            },
            "post": _COUNT,
        },
        "/api/v1/matches/{match_id}/hands/{number}/pick": {"post": _PICK},
        "/api/v1/matches/{match_id}/hands/{number}/call": {"post": _CALL},
        "/api/v1/matches/{match_id}/hands/{number}/decide": {"post": _DECIDE},
    },
}
