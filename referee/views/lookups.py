"""What a page's address names, looked up as the reader may see it, or the page's 404 (or 403): a match its owner or
a scorer acts on (scored), a match only its owner may change (owner_only), a tournament of one of the reader's clubs
(seen). The services answer who may see what (services/roles.py, services/tournaments.py); the pages of several
blueprints ask here.
"""

from __future__ import annotations

from flask import abort
from flask_login import current_user

from ..models import Match
from ..services import NotFound
from ..services.errors import Forbidden
from ..services.matches import get_owned_match, opened_match
from ..services.roles import Role
from ..services.tournaments import TournamentInfo, get_tournament


def opened(match_id: int) -> tuple[Match, Role]:
    """A match the current account's role opens (services/roles.py), and that role; 404 for one it has no role
    in."""
    try:
        return opened_match(current_user, match_id)
    except NotFound:
        abort(404)


def scored(match_id: int) -> Match:
    """A match the current account's role opens, or 404 (opened's, without the role); what only the owner may do
    looks its match up with owner_only."""
    return opened(match_id)[0]


def owner_only(match_id: int) -> Match:
    """The current account's own match: 403 for one of its scorers, 404 for anyone else."""
    try:
        return get_owned_match(current_user, match_id)
    except NotFound:
        abort(404)
    except Forbidden:
        abort(403)


def seen(tournament_id: int) -> TournamentInfo:
    """The tournament as the current account sees it: 404 unless it is a member of the club."""
    try:
        return get_tournament(current_user, tournament_id)
    except NotFound:
        abort(404)
