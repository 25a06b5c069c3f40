"""The account's players: the leaderboard, and one player's page."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_required

from ..services import NotFound
from ..services.players import get_player
from ..services.ratings import leaderboard, rating_history

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("")
@login_required
def index() -> ResponseReturnValue:
    """Every player of the account, ranked by rating."""
    return render_template("players/index.html", board=leaderboard(current_user))


@bp.get("/<int:player_id>")
@login_required
def show(player_id: int) -> ResponseReturnValue:
    """One player's record, partners and rivals, and rating."""
    try:
        player = get_player(current_user, player_id)
    except NotFound:
        abort(404)
    return render_template("players/show.html", player=player, ratings=rating_history(player))
