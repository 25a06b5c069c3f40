"""The API's clubs (services/clubs.py): the caller's clubs, starting one, and a club with its members, matches and
leaderboard. A club the caller is no member of is 404, as a missing one (this blueprint's NotFound handler,
views/api/matches.py).
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, url_for
from flask.typing import ResponseReturnValue

from ...bodies.match_payloads import read_name
from ...bodies.score_payloads import Reader
from ...models import Club
from ...services.club_board import club_players
from ...services.clubs import club_matches, clubs_of, create_club, members_of, membership
from ...services.decisions import decisions
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from .blueprint import bp, request_body

CLUB_KEYS = {"name"}


def read_new_club(data: Any) -> str:
    """A new club's name: ``{"name": "Casa de Ana"}``, 1 to 40 characters, no control characters."""
    reader = Reader()
    body = reader.obj(data, (), CLUB_KEYS) or {}
    name = reader.required(body, "name", (), lambda value, where: read_name(reader, value, where))
    reader.done()
    return str(name)


def club_summary(club: Club, role: str, members: int) -> dict[str, object]:
    """A club as a list shows it."""
    return {"id": club.id, "name": club.name, "role": role, "members": members}


@bp.get("/clubs")
@throttle_per_token
@token_required
def list_clubs() -> ResponseReturnValue:
    """The caller's clubs, by name, each with its role and number of members."""
    return jsonify({"clubs": [club_summary(mine.club, str(mine.role), mine.members)
                              for mine in clubs_of(api_user())]})


@bp.post("/clubs")
@throttle_per_token
@token_required
def start_club() -> ResponseReturnValue:
    """Start a club, the caller its organiser: 201, the club, and where it lives."""
    club = create_club(api_user(), read_new_club(request_body()))
    response = jsonify(club_summary(club, "organiser", 1))
    response.status_code = 201
    response.headers["Location"] = url_for("api.read_club", club_id=club.id)
    return response


@bp.get("/clubs/<int:club_id>")
@throttle_per_token
@token_required
def read_club(club_id: int) -> ResponseReturnValue:
    """The club: the caller's role, its members (a guest without a name), its matches newest first (ids), and its
    leaderboard (a rating only for a member who opted in)."""
    me = membership(api_user(), club_id)
    members = members_of(club_id)
    matches = club_matches(club_id)
    decided = decisions(match.id for match in matches)  # a table decided by hand is over (services/decisions.py)
    return jsonify(club_summary(me.club, me.role, len(members)) | {
        "member_list": [{"id": m.user_id, "username": None if m.user.guest else m.user.username, "role": m.role}
                        for m in members],
        "matches": [{"id": match.id, "finished": match.finished or match.id in decided} for match in matches],
        "leaderboard": [{"name": p.name, "accounts": p.accounts, "played": p.played, "won": p.won,
                         "difference": p.difference, "rating": p.rating} for p in club_players(club_id)],
    })
