"""The API's tournaments (services/tournaments.py, tournament_rounds.py, tournament_standings.py): a club's
tournaments listed and made, a tournament read, its rounds started, read and closed, a table's result recorded by
hand, the results' trail and the standings.

Who may do what follows the club: its members read, its organisers write (a member's token gets 403 for a write);
a token of no member's gets 404 for everything of the club's tournaments, as for one that does not exist (this
blueprint's NotFound handler, views/api/matches.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec

from flask import jsonify, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...services.clubs import membership, organised
from ...services.errors import Conflict, Forbidden, NotFound
from ...services.formats import TableWhy
from ...services.tournament_reasons import pairing_reasons
from ...services.tournament_rounds import close_round, record_result, result_trail, rounds_of, start_round
from ...services.tournament_standings import tournament_standings
from ...services.tournament_tables import Round, rounds_of_tournament
from ...services.tournaments import create_tournament, get_tournament, run_tournament, tournaments_of
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from ..refusal_words import conflict_words
from .blueprint import bp, request_body
from .tournament_bodies import read_new_tournament, read_result, refusal
from .tournament_json import change_json, round_json, standing_json, summary_json, table_json, tournament_json

P = ParamSpec("P")


def _error(status: int, field: str, message: str) -> ResponseReturnValue:
    """One problem in the errors shape."""
    return {"errors": [{"field": field, "message": message}]}, status


def organisers(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
    """A write of the club's organisers: a member's token gets 403 saying so (not the match owner's words)."""

    @wraps(view)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        """403 for a member who does not organise the club."""
        try:
            return view(*args, **kwargs)
        except Forbidden:
            return _error(403, "", _("Only the club's organisers can do this."))

    return guarded


@bp.get("/clubs/<int:club_id>/tournaments")
@throttle_per_token
@token_required
def list_tournaments(club_id: int) -> ResponseReturnValue:
    """The club's tournaments, newest first."""
    return jsonify({"tournaments": [summary_json(one) for one in tournaments_of(membership(api_user(), club_id))]})


@bp.post("/clubs/<int:club_id>/tournaments")
@throttle_per_token
@token_required
@organisers
def new_tournament(club_id: int) -> ResponseReturnValue:
    """Make a tournament of the club (its organisers): 201, the tournament, and where it lives."""
    organised(api_user(), club_id)  # 404 or 403 before the body is read
    spec = read_new_tournament(request_body())
    try:
        made = create_tournament(api_user(), club_id, spec)
    except NotFound:  # the club is the caller's (above): the house rules are not
        return _error(422, "profile_id", _("You have no house rules of this id."))
    except Conflict as refused:
        return _error(422, *refusal(refused, spec))
    response = jsonify(tournament_json(made, []))
    response.status_code = 201
    response.headers["Location"] = url_for("api.read_tournament", tournament_id=made.id)
    return response


@bp.get("/tournaments/<int:tournament_id>")
@throttle_per_token
@token_required
def read_tournament(tournament_id: int) -> ResponseReturnValue:
    """A tournament as a member of its club sees it."""
    info = get_tournament(api_user(), tournament_id)
    return jsonify(tournament_json(info, rounds_of_tournament(info)))


@bp.get("/tournaments/<int:tournament_id>/rounds")
@throttle_per_token
@token_required
def list_rounds(tournament_id: int) -> ResponseReturnValue:
    """Every round so far with its tables, oldest first."""
    rounds, whys = _rounds(tournament_id)
    return jsonify({"rounds": [round_json(one, whys) for one in rounds]})


def _rounds(tournament_id: int) -> tuple[list[Round], dict[int, TableWhy]]:
    """The tournament's rounds as the caller sees them, and why each of their tables was paired so."""
    info = get_tournament(api_user(), tournament_id)
    rounds = rounds_of_tournament(info)
    return rounds, pairing_reasons(info, rounds)


@bp.post("/tournaments/<int:tournament_id>/rounds")
@throttle_per_token
@token_required
@organisers
def start_next_round(tournament_id: int) -> ResponseReturnValue:
    """Pair and start the next round (closing the current one when complete): 201, the round with each table's match
    and its join code, shown this once; 409 while a table of the current round has no result, or when every round
    is played."""
    try:
        started = start_round(api_user(), tournament_id)
    except Conflict as refused:
        return _error(409, "", conflict_words(refused))
    response = jsonify(round_json(started.round, _rounds(tournament_id)[1], started.codes))
    response.status_code = 201
    response.headers["Location"] = url_for("api.read_round", tournament_id=tournament_id, number=started.round.number)
    response.headers["Cache-Control"] = "no-store"
    return response


def _round(tournament_id: int, number: int) -> ResponseReturnValue:
    """The round of this number, or 404 when there is none (yet)."""
    rounds, whys = _rounds(tournament_id)
    if not 1 <= number <= len(rounds):
        return _error(404, "", _("Not found."))
    return jsonify(round_json(rounds[number - 1], whys))


def _organised(tournament_id: int) -> None:
    """The caller runs the tournament: NotFound for a non-member, Forbidden for a member."""
    run_tournament(api_user(), tournament_id)


@bp.get("/tournaments/<int:tournament_id>/rounds/<int:number>")
@throttle_per_token
@token_required
def read_round(tournament_id: int, number: int) -> ResponseReturnValue:
    """One round: its tables, their matches, states, scores and results."""
    return _round(tournament_id, number)


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/close")
@throttle_per_token
@token_required
@organisers
def close_tournament_round(tournament_id: int, number: int) -> ResponseReturnValue:
    """Close the round once every table has a result (an earlier round is closed already): 409 naming the tables
    still playing."""
    _organised(tournament_id)
    rounds = rounds_of(api_user(), tournament_id)
    if number == len(rounds):
        try:
            close_round(api_user(), tournament_id)
        except Conflict as refused:
            return _error(409, "", conflict_words(refused))
    return _round(tournament_id, number)


@bp.put("/tournaments/<int:tournament_id>/tables/<int:table_id>/result")
@throttle_per_token
@token_required
@organisers
def record_table_result(tournament_id: int, table_id: int) -> ResponseReturnValue:
    """Record or correct a table's result by hand, with the reason (kept in the trail); it wins over the match's."""
    _organised(tournament_id)
    if not any(table.id == table_id for one in rounds_of(api_user(), tournament_id) for table in one.tables):
        raise NotFound(table_id)
    home, away, reason = read_result(request_body())
    try:
        table = record_result(api_user(), table_id, home, away, reason)
    except Conflict as refused:
        field, message = refusal(refused)
        return _error(422 if field else 409, field, message)
    return jsonify(table_json(table, _rounds(tournament_id)[1]))


@bp.get("/tournaments/<int:tournament_id>/results")
@throttle_per_token
@token_required
def result_changes(tournament_id: int) -> ResponseReturnValue:
    """Every result recorded or corrected by hand, newest first."""
    changes = result_trail(get_tournament(api_user(), tournament_id))
    return jsonify({"changes": [change_json(change) for change in changes]})


@bp.get("/tournaments/<int:tournament_id>/standings")
@throttle_per_token
@token_required
def read_standings(tournament_id: int) -> ResponseReturnValue:
    """The standings now, first place first."""
    lines = tournament_standings(get_tournament(api_user(), tournament_id))
    return jsonify({"standings": [standing_json(line) for line in lines]})
