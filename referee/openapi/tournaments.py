"""The tournaments' piece of the OpenAPI document: a club's tournaments, a tournament, its rounds and tables, a result
by hand, the results' trail and the standings (referee/views/api/tournaments.py; the answers are
views/api/tournament_json.py's). The examples are the API's answers in the scene of tests/web/api_scene.py
(tournament_examples.py)."""

from __future__ import annotations

from typing import Any

from ..models import NAME_LENGTH
from ..pairings import Reason
from ..pairings.standings import Tiebreak
from ..services.formats import FORMATS
from ..services.roles import ClubRole
from ..services.tournament_rounds import MAX_POINTS, REASON_LENGTH
from ..services.tournament_tables import TableState
from ..services.tournaments import MAX_ENTRANTS, Seeding
from .common import GUARDED, NAME, TOKEN, WHOLE, WITH_BODY, error_response, json_content, ref, response_ref
from .matches import MOMENT
from .profiles import SWEEP
from .referee_api import SCHEMAS as REFEREE_SCHEMAS
from .tournament_examples import EXAMPLES as ex

ID = {"type": "integer", "minimum": 1}
MOST_ID = 2**31 - 1  # as views/api/tournament_bodies.py bounds the ids a body names
POINTS = {"type": "integer", "minimum": 0, "maximum": MAX_POINTS}
PAIR = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
        "description": "Home first."}
NULLABLE_MOMENT = {"oneOf": [MOMENT, {"type": "null"}]}


def _object(properties: dict[str, Any], *required: str, **more: Any) -> dict[str, Any]:
    """A JSON object with only these properties."""
    return {"type": "object", "properties": properties, "required": list(required) or list(properties),
            "additionalProperties": False, **more}


def _path(name: str, description: str) -> dict[str, Any]:
    """A path parameter naming an id or a number."""
    return {"name": name, "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
            "description": description, "example": 1}


ENTRANT_REF = {"oneOf": [_object({"id": ID, "name": {"type": "string"}}), {"type": "null"}]}
PLAYER = _object({"name": NAME, "user_id": {"type": "integer", "minimum": 1, "maximum": MOST_ID}}, "name",
                 description="A member's account (`user_id`; `name` left out: its username) or a guest by `name`.")
PLAYER["required"] = []
TABLE = _object({
    "id": ID, "number": {"type": ["integer", "null"], "minimum": 1, "description": "null for a bye."},
    "home": ENTRANT_REF, "away": {**ENTRANT_REF, "description": "null for a bye."},
    "match_id": {"type": ["integer", "null"], "minimum": 1,
                 "description": "The table's match (`/api/v1/matches/{id}`, for its scorers and owner)."},
    "state": {"enum": [state.value for state in TableState]},
    "score": {"oneOf": [PAIR, {"type": "null"}], "description": "The match's running total."},
    "result": {"oneOf": [PAIR, {"type": "null"}], "description": "A result by hand wins over the match's."},
    "winner": ENTRANT_REF,
    "paired": _object({
        "reason": {"enum": [reason.value for reason in Reason]},
        "numbers": {"type": "array", "items": WHOLE, "maxItems": 2,
                    "description": "What the words name: a round robin's round of the schedule; a knockout's two "
                                   "seeds (`seeds`), or the tables of the round before whose winners meet "
                                   "(`winners`, 0 for a bye)."},
        "words": {"type": "string", "description": "The reason in the caller's language, as the pages say it."},
    }, description="Why the table was paired so (docs/tournaments.md, \"Why a table was paired so\")."),
    "join_code": {"type": "string", "description": "Only when the round is started: its match's join code."},
    "join_url": {"type": "string", "description": "Only when the round is started: the code's join page."},
}, "id", "number", "home", "away", "match_id", "state", "score", "result", "winner", "paired")
ROUND = _object({
    "number": ID, "started_at": MOMENT, "closed_at": NULLABLE_MOMENT,
    "complete": {"type": "boolean", "description": "Every table has a result."},
    "unfinished": {"type": "array", "items": ID, "description": "The tables still playing."},
    "tables": {"type": "array", "items": ref("Table"), "description": "By number, the bye last."},
})

SCHEMAS: dict[str, Any] = {
    "TournamentSummary": _object({
        "id": ID, "name": {"type": "string", "maxLength": NAME_LENGTH}, "format": {"enum": list(FORMATS)},
        "entrants": {"type": "integer", "minimum": 2}, "rounds_played": WHOLE, "created_at": MOMENT}),
    "Tournaments": _object({"tournaments": {"type": "array", "items": ref("TournamentSummary")}}),
    "NewTournament": _object({
        "name": NAME,
        "format": {"enum": list(FORMATS)},
        "profile_id": {**ID, "maximum": MOST_ID, "description": "The caller's house rules (`GET /api/v1/profiles`): "
                                                                "copied, every table plays by them."},
        "rounds": {"type": "integer", "minimum": 1, "description": "A Swiss event's (required there): 1 to one less "
                                                                   "than the entrants, at most 15."},
        "third_place": {"type": "boolean", "default": False, "description": "A knockout's third-place match."},
        "seeding": {"enum": [s.value for s in Seeding], "default": Seeding.LISTED.value,
                    "description": "As listed, by the club's rating of members who opted in, or drawn."},
        "partnerships": {"type": "boolean", "default": False, "description": "Each entrant two partners."},
        "confirm_hands": {"type": "boolean", "description": "Each table's hands wait until the other side confirms "
                                                            "them (the option `confirm_hands`): left out, as the house "
                                                            "rules say."},
        "entrants": {"type": "array", "minItems": 2, "maxItems": MAX_ENTRANTS, "description": "In seed order.",
                     "items": _object({"players": {"type": "array", "items": PLAYER, "minItems": 1,
                                                   "maxItems": 2}})},
    }, "name", "format", "profile_id", "entrants"),
    "Tournament": _object({
        "id": ID, "club_id": ID, "name": {"type": "string"}, "format": {"enum": list(FORMATS)},
        "rounds_planned": WHOLE, "rounds_played": WHOLE, "finished": {"type": "boolean"},
        "third_place": {"type": "boolean"}, "seeding": {"enum": [s.value for s in Seeding]},
        "partnerships": {"type": "boolean"},
        "profile": _object({"id": {"type": ["integer", "null"]}, "name": {"type": "string"}},
                           description="The house rules it was made from (id null once deleted)."),
        "ruleset": ref("RulesetName"),
        "options": {**REFEREE_SCHEMAS["Options"], "required": list(REFEREE_SCHEMAS["Options"]["properties"])},
        "deck_style": ref("DeckStyle"), "opening_sweep": {"enum": SWEEP["enum"]},
        "entrants": {"type": "array", "items": _object({
            "id": ID, "seed": ID, "name": {"type": "string"},
            "players": {"type": "array", "items": _object({"name": {"type": "string"},
                                                           "user_id": {"type": ["integer", "null"]}})}})},
        "role": {"enum": [role.value for role in ClubRole], "description": "The caller's in the club."},
        "created_at": MOMENT}),
    "Table": TABLE,
    "Round": ROUND,
    "Rounds": _object({"rounds": {"type": "array", "items": ref("Round")}}),
    "ResultByHand": _object({
        "home": POINTS, "away": POINTS,
        "reason": {"type": "string", "minLength": 1, "maxLength": REASON_LENGTH, "pattern": r"\S",
                   "description": "Why, kept in the trail."}}),
    "ResultChanges": _object({"changes": {"type": "array", "description": "Newest first.", "items": _object({
        "id": ID, "round": ID, "table": {"type": ["integer", "null"]}, "home": {"type": "string"},
        "away": {"type": "string"}, "at": MOMENT, "by": {"type": ["string", "null"]},
        "before": {"oneOf": [PAIR, {"type": "null"}]}, "after": PAIR, "reason": {"type": "string"}})}}),
    "Standings": _object({"standings": {"type": "array", "description": "First place first (docs/tournaments.md).",
                                        "items": _object({
        "place": ID, "entrant": ENTRANT_REF, "played": WHOLE, "won": WHOLE, "drawn": WHOLE, "lost": WHOLE,
        "byes": WHOLE, "match_points": WHOLE, "points_for": WHOLE, "points_against": WHOLE,
        "difference": {"type": "integer"}, "buchholz": WHOLE, "head_to_head": {"type": ["integer", "null"]},
        "separated_by": {"oneOf": [{"enum": [t.value for t in Tiebreak]}, {"type": "null"}],
                         "description": "The first tiebreak that put it below the line above."}})}}),
}

_LANGUAGE = {"$ref": "#/components/parameters/AcceptLanguage"}
CLUB = _path("club_id", "The club's id (`GET /api/v1/clubs`).")
TOURNAMENT = _path("tournament_id", "The tournament's id (`GET /api/v1/clubs/{club_id}/tournaments`).")
NUMBER = _path("number", "The round's number, from 1.")
TABLE_ID = _path("table_id", "The table's id (a round's `tables`).")
FORBIDDEN = error_response("A member's token: only the club's organisers do this.", {"member": ex["FORBIDDEN"]})


def _op(operation_id: str, summary: str, parameters: list[dict[str, Any]], responses: dict[str, Any],
        **more: Any) -> dict[str, Any]:
    """An operation of a club member's token: 404 for anyone else's, as for what does not exist."""
    return {"operationId": operation_id, "tags": ["tournaments"], "summary": summary, "security": TOKEN,
            "parameters": [*parameters, _LANGUAGE], **more,
            "responses": {**responses, **GUARDED, "404": response_ref("NotFound")}}


def _ok(schema: str, description: str, name: str, example: Any, **more: Any) -> dict[str, Any]:
    """A success answer with its schema and example."""
    return {"description": description, **more, **json_content(ref(schema), {name: example})}


LOCATION = {"Location": {"description": "Where it lives.", "required": True, "schema": {"type": "string"}}}

PIECE: dict[str, Any] = {
    "tags": [{"name": "tournaments", "description": "A club's tournaments (docs/tournaments.md): its members read, "
                                                    "its organisers run them; anyone else gets 404."}],
    "components": {"schemas": SCHEMAS},
    "paths": {
        "/api/v1/clubs/{club_id}/tournaments": {
            "get": _op("listTournaments", "The club's tournaments, newest first", [CLUB],
                       {"200": _ok("Tournaments", "Each with how far it is.", "list", ex["LIST"])}),
            "post": _op("makeTournament", "Make a tournament of the club (its organisers)", [CLUB], {
                "201": _ok("Tournament", "The tournament; Location is its address.", "made", ex["MADE"],
                           headers=LOCATION),
                **WITH_BODY, "403": FORBIDDEN,
                "422": error_response("A bad body, naming each field; or entrants the club cannot field.",
                                      {"refused": ex["REFUSED_ANSWER"]})},
                requestBody={"required": True, **json_content(ref("NewTournament"), {
                    "made": ex["NEW"], "refused": ex["REFUSED"]})}),
        },
        "/api/v1/tournaments/{tournament_id}": {"get": _op(
            "readTournament", "A tournament: its rules, entrants in seed order, how far it is", [TOURNAMENT],
            {"200": _ok("Tournament", "The tournament.", "read", ex["TOURNAMENT"])})},
        "/api/v1/tournaments/{tournament_id}/rounds": {
            "get": _op("listRounds", "Its rounds so far, oldest first, with their tables", [TOURNAMENT],
                       {"200": _ok("Rounds", "The rounds.", "rounds", ex["ROUNDS"])}),
            "post": _op(
                "startRound", "Pair and start the next round (its organisers)", [TOURNAMENT], {
                    "201": _ok("Round", "The round; each table's match and its join code, shown this once.",
                               "started", ex["STARTED"], headers={**LOCATION, "Cache-Control": {
                                   "schema": {"const": "no-store"}, "required": True}}),
                    "403": FORBIDDEN,
                    "409": error_response("A table of the current round has no result yet, or every round is "
                                          "played.", {"open": ex["ROUND_OPEN"]})},
                description="Closes the current round first when every table has a result. Each table's match is "
                            "the organiser's, filed under the club, with the tournament's rules; the table's "
                            "members are its scorers."),
        },
        "/api/v1/tournaments/{tournament_id}/rounds/{number}": {"get": _op(
            "readRound", "One round and its tables", [TOURNAMENT, NUMBER],
            {"200": _ok("Round", "The round.", "round", ex["ROUND"])})},
        "/api/v1/tournaments/{tournament_id}/rounds/{number}/close": {"post": _op(
            "closeRound", "Close a round once every table has a result (its organisers)", [TOURNAMENT, NUMBER], {
                "200": _ok("Round", "The round, closed.", "closed", ex["CLOSED"]), "403": FORBIDDEN,
                "409": error_response("Tables without a result, named.", {"unfinished": ex["UNFINISHED"]})})},
        "/api/v1/tournaments/{tournament_id}/tables/{table_id}/result": {"put": _op(
            "recordResult", "Record or correct a table's result by hand (its organisers)", [TOURNAMENT, TABLE_ID], {
                "200": _ok("Table", "The table with its result.", "recorded", ex["RECORDED"]),
                **WITH_BODY, "403": FORBIDDEN,
                "409": error_response("A bye's table, or a knockout's next round paired from the other winner."),
                "422": error_response("Points out of 0 … 999, no reason, or level points at a knockout table.",
                                      {"refused": ex["RESULT_REFUSED_ANSWER"]})},
            description="Kept in the trail (`GET .../results`) with who, when, before and after, and why; it wins "
                        "over the match's final scores.",
            requestBody={"required": True, **json_content(ref("ResultByHand"), {
                "recorded": ex["RESULT"], "refused": ex["RESULT_REFUSED"]})})},
        "/api/v1/tournaments/{tournament_id}/results": {"get": _op(
            "resultTrail", "Every result recorded or corrected by hand, newest first", [TOURNAMENT],
            {"200": _ok("ResultChanges", "The trail.", "trail", ex["TRAIL"])})},
        "/api/v1/tournaments/{tournament_id}/standings": {"get": _op(
            "standings", "The standings now: match points, points difference, Buchholz, head to head", [TOURNAMENT],
            {"200": _ok("Standings", "First place first.", "standings", ex["STANDINGS"])})},
    },
}
